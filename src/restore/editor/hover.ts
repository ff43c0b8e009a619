// Hover on a URN in any file or untitled document: its entity type and a link
// that restores it. Cheap: only the hovered line, in a window around the mouse.
import * as vscode from 'vscode';
import { findUrnAt } from '../../shared/findUrn';
import { entityPageUrl } from '../../shared/entityPage';
import { escapeMarkdown } from '../../shared/markdown';
import { Commands } from '../../shared/commandIds';

/** Quick test before any scanning: most lines have no URN at all. */
const MAYBE_URN = /urn(:li:|%3Ali%3A)/i;

export class UrnHoverProvider implements vscode.HoverProvider {
  /** frontendUrl: the active connection's DataHub UI address, for "Open in DataHub". */
  constructor(private readonly frontendUrl: () => string | undefined = () => undefined) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const line = document.lineAt(position.line).text;
    if (!MAYBE_URN.test(line)) return undefined;
    const match = findUrnAt(line, position.character);
    // The mouse is on a character: the URN must cover it (end is exclusive here).
    if (!match || position.character >= match.end) return undefined;
    const md = new vscode.MarkdownString('', true);
    // Only these commands may run from the links, and only with the arguments written here.
    md.isTrusted = { enabledCommands: [Commands.restoreIndices, Commands.checkSearchIndex, Commands.explainSearch, Commands.inspectUrn] };
    md.appendMarkdown(`**DataHub ${escapeMarkdown(match.entityType)}**${match.encoded ? ' (URL-encoded in the text)' : ''}\n\n`);
    md.appendCodeblock(match.urn, 'text');
    const args = commandArgs([{ urn: match.urn, notify: true }]);
    md.appendMarkdown(
      `\n[$(sync) Restore indices for this URN](command:datahub.restoreIndices?${args} "Send this URN's stored aspects to DataHub search and graph again, on the active connection")`,
    );
    md.appendMarkdown(
      ` · [$(search) Check search index](command:datahub.checkSearchIndex?${args} "Is it in the database and in DataHub search? Nothing is changed")`,
    );
    md.appendMarkdown(
      ` · [$(question) Explain search](command:datahub.explainSearch?${commandArgs([{ urn: match.urn }])} "Why does a search text not find it? Asks for the text, then shows DataHub's search explanation")`,
    );
    md.appendMarkdown(
      ` · [$(diff) Inspect](command:datahub.inspectUrn?${commandArgs([{ urn: match.urn }])} "The database beside search, field by field: what differs and what to do. Nothing is changed")`,
    );
    const frontend = this.frontendUrl();
    const page = frontend ? entityPageUrl(frontend, match.urn) : undefined;
    // The page URL is the connection's own frontendUrl plus the encoded URN: parentheses are encoded, so it cannot end the link.
    if (page)
      md.appendMarkdown(
        ` · [$(link-external) Open in DataHub](${page.replace(/[()\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`)} "Open the entity's page in the DataHub UI")`,
      );
    return new vscode.Hover(md, new vscode.Range(position.line, match.start, position.line, match.end));
  }
}

/** Command-link arguments; parentheses encoded too, so a URN's ")" cannot end the Markdown link. */
export function commandArgs(args: unknown[]): string {
  return encodeURIComponent(JSON.stringify(args)).replace(/[()'!*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
