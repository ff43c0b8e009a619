// The one place a vscode.MarkdownString is made (tree tooltips, hovers): from Markdown built by mdown`…`
// (src/shared/markdown.ts), where every server value is already inert. No HTML; not trusted, so no
// command link runs, unless the caller names our own commands (the URN hover's links).
import * as vscode from 'vscode';
import type { Markdown } from '../shared/markdown';

export interface TooltipOptions {
  /** Draw our own $(icon) references (a server's "$" is escaped by mdown`…`). */
  themeIcons?: boolean;
  /** Our own commands the tooltip's links may run; none by default. */
  commands?: readonly string[];
}

export function markdownTooltip(content: Markdown, options: TooltipOptions = {}): vscode.MarkdownString {
  const tooltip = new vscode.MarkdownString(content.text, options.themeIcons ?? false);
  tooltip.supportHtml = false;
  tooltip.isTrusted = options.commands && options.commands.length > 0 ? { enabledCommands: [...options.commands] } : false;
  return tooltip;
}
