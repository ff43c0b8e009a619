// The one Markdown escaper: server and document text (names, URNs) on its way
// into Markdown (tree tooltips, hovers, exported tables, the Explain Search
// document). Pure: no vscode import.
import { withoutInvisible } from './uiText';

/**
 * Escapes every character Markdown (CommonMark and GFM tables) could read as
 * syntax, a backslash first so an escape cannot be undone; line breaks, which
 * would end a paragraph or a table row, become spaces. For short labels (tree
 * tooltips, hovers). Not for server text in a generated document: a renderer
 * with linkify (VS Code's Markdown preview) may still read "https\://host\.example"
 * as an address; use inertText there. "$" is escaped too: in a tooltip with
 * supportThemeIcons, a server's "$(alert)" would otherwise draw an icon.
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

/**
 * What a Markdown reader could turn into a link without any syntax: an address with a scheme
 * (`https://…`, `ftp://…`), GitHub's autolinks `www.…`, `mailto:` and `xmpp:`, and a bare e-mail
 * address; up to the next space or character that ends a cell.
 */
const LINKISH = /(?:[a-z][a-z0-9+.-]{0,31}:\/\/|www\.|mailto:|xmpp:)[^\s|]*|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/gi;

/**
 * markdownTableCell for text that must stay inert once pasted (server text in a ticket): every
 * address GitHub or VS Code's preview would link on its own goes into a code span (nothing inside
 * a code span is linked), the rest is escaped as markdownTableCell does.
 */
export function markdownTableCellInert(text: string): string {
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINKISH)) {
    out += markdownTableCell(text.slice(last, m.index)) + markdownCode(m[0], 'tableCell');
    last = m.index + m[0].length;
  }
  return out + markdownTableCell(text.slice(last));
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

/**
 * Server text in the prose of a generated document (Explain Search, Inspect URN): one code span
 * (markdownCode: one line, capped, a fence longer than any backtick run inside). Nothing in a code
 * span becomes a heading, a link, an image or HTML, and linkify does not look inside one, so a bare
 * `https://…` stays text too, whatever the renderer's version.
 */
export function inertText(value: string, max: number = MAX_MARKDOWN_CODE): string {
  return markdownCode(value, 'text', max);
}
