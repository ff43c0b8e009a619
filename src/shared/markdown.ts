// The one Markdown escaper: server and document text (names, URNs) on its way
// into Markdown (tree tooltips, hovers, exported tables, the Explain Search
// document). Pure: no vscode import.
import { withoutInvisible } from './uiText';

/**
 * Escapes every character Markdown (CommonMark and GFM tables) could read as
 * syntax, a backslash first so an escape cannot be undone; line breaks, which
 * would end a paragraph or a table row, become spaces. ":" and "." are escaped
 * too: an escape splits the text where the preview's linkify looks for
 * "https://…" or "host.domain", so no bare address turns into a link. "$" too: in
 * a tooltip with supportThemeIcons, a server's "$(alert)" would otherwise draw an icon.
 */
export function escapeMarkdown(text: string): string {
  return withoutInvisible(text)
    .replace(/[\\`*_{}[\]()#+\-.!|<>~&:$]/g, '\\$&')
    .replace(/\r\n|\r|\n/g, ' ');
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

/** Longest server value shown as inline code in a generated document. */
export const MAX_MARKDOWN_CODE = 300;

/**
 * Server text as inline code in a Markdown document, inert whatever it holds: one line
 * (a line break would end the code span's paragraph, and the next line could start a
 * heading, a list or raw HTML; it shows as ⏎), no control or bidi characters, at most
 * `max` characters, a fence longer than any run of backticks inside (so the text cannot
 * close it), and in a table cell every `|` escaped (GFM splits cells before it reads code
 * spans). Inside a code span nothing is read as emphasis, a link, an image or HTML.
 */
export function markdownCode(value: string, where: 'text' | 'tableCell' = 'text', max: number = MAX_MARKDOWN_CODE): string {
  let text = withoutInvisible(value).replace(/\r\n|\r|\n/g, ' ⏎ ');
  if (text.length > max) text = `${text.slice(0, Math.max(0, max - 1))}…`;
  if (text.trim() === '') return '(empty)';
  if (where === 'tableCell') text = text.replace(/\|/g, '\\|');
  const ticks = text.match(/`+/g)?.reduce((m, t) => Math.max(m, t.length), 0) ?? 0;
  const fence = '`'.repeat(ticks + 1);
  // A space on each side when the text starts or ends with a backtick (CommonMark strips one of each).
  return ticks > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}
