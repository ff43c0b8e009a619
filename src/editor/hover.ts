// Hover on a URN in any file or untitled document: its entity type and a link
// that restores it. Cheap: only the hovered line, in a window around the mouse.
import * as vscode from 'vscode';
import { findUrnAt } from './findUrn';

/** Quick test before any scanning: most lines have no URN at all. */
const MAYBE_URN = /urn(:li:|%3Ali%3A)/i;

export class UrnHoverProvider implements vscode.HoverProvider {
  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = document.lineAt(position.line).text;
    if (!MAYBE_URN.test(line)) return undefined;
    const match = findUrnAt(line, position.character);
    // The mouse is on a character: the URN must cover it (end is exclusive here).
    if (!match || position.character >= match.end) return undefined;
    const md = new vscode.MarkdownString('', true);
    // Only this command may run from the link, and only with the argument written here.
    md.isTrusted = { enabledCommands: ['datahub.restoreIndices'] };
    md.appendMarkdown(`**DataHub ${escapeMarkdown(match.entityType)}**${match.encoded ? ' (URL-encoded in the text)' : ''}\n\n`);
    md.appendCodeblock(match.urn, 'text');
    const args = commandArgs([{ urn: match.urn, notify: true }]);
    md.appendMarkdown(
      `\n[$(sync) Restore indices for this URN](command:datahub.restoreIndices?${args} "Rebuild this URN's search and graph index entries on the active DataHub connection")`,
    );
    return new vscode.Hover(md, new vscode.Range(position.line, match.start, position.line, match.end));
  }
}

/** Command-link arguments; parentheses encoded too, so a URN's ")" cannot end the Markdown link. */
export function commandArgs(args: unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|]/g, '\\$&');
}
