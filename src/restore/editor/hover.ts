// Hover on a URN in any file or untitled document: its entity type and a link
// that restores it. Cheap: only the hovered line, in a window around the mouse.
import * as vscode from 'vscode';
import { findUrnAt } from '../../shared/findUrn';
import { entityPageUrl } from '../../shared/entityPage';
import { markdownTooltip } from '../../platform/markdownTooltip';
import { HOVER_COMMANDS, hoverMarkdown } from '../logic/hoverText';

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
    const frontend = this.frontendUrl();
    const page = frontend ? entityPageUrl(frontend, match.urn) : undefined;
    // Only our four commands may run from the links, and only with the arguments written there.
    const md = markdownTooltip(hoverMarkdown(match, page), { themeIcons: true, commands: HOVER_COMMANDS });
    return new vscode.Hover(md, new vscode.Range(position.line, match.start, position.line, match.end));
  }
}
