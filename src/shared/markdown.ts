// The one Markdown escaper: server and document text (names, URNs) on its way
// into Markdown (tree tooltips, hovers, exported tables). Pure: no vscode import.

/**
 * Escapes every character Markdown (CommonMark and GFM tables) could read as
 * syntax, a backslash first so an escape cannot be undone; line breaks, which
 * would end a paragraph or a table row, become spaces.
 */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, '\\$&').replace(/\r\n|\r|\n/g, ' ');
}

/**
 * Text for a GFM table cell meant to be read raw as well (exported tables, pasted
 * in tickets): only what would break the table or start HTML, code or a link is
 * escaped, a backslash first, so index names keep their underscores unescaped;
 * line breaks would end the row, so they become spaces.
 */
export function markdownTableCell(text: string): string {
  return text.replace(/[\\|`<>[\]*]/g, '\\$&').replace(/\r\n|\r|\n/g, ' ');
}
