// The page every webview of this extension loads: a strict CSP (scripts only
// with this page's nonce, no inline style, nothing remote), one bundled script
// from dist/ and one stylesheet from media/. Shared by the size chart and the
// retention planner.
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';

export interface WebviewPage {
  /** dist/<script> */
  script: string;
  /** media/<folder>/<file> path segments of the stylesheet. */
  style: string[];
  title: string;
  /** Shown until the script has drawn the page. */
  placeholder: string;
}

export function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A fresh nonce for one page load. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

/** The resource roots a page of this kind needs: the bundles and its own media folder. */
export function pageRoots(extensionUri: vscode.Uri, page: Pick<WebviewPage, 'style'>): vscode.Uri[] {
  return [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, ...page.style.slice(0, -1))];
}

export function webviewHtml(webview: Pick<vscode.Webview, 'cspSource' | 'asWebviewUri'>, extensionUri: vscode.Uri, nonce: string, page: WebviewPage): string {
  const script = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'dist', page.script)).toString();
  const style = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...page.style)).toString();
  const csp = ["default-src 'none'", `script-src 'nonce-${nonce}'`, `style-src ${webview.cspSource}`, `img-src ${webview.cspSource} data:`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(csp)}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${escapeAttribute(style)}">
<title>${escapeText(page.title)}</title>
</head>
<body>
<main id="root" aria-busy="true"><p class="placeholder">${escapeText(page.placeholder)}</p></main>
<script nonce="${nonce}" src="${escapeAttribute(script)}"></script>
</body>
</html>`;
}
