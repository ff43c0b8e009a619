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
 * (`https://…`, `ftp://…`), GitHub's autolinks `www.…`, `mailto:` and `xmpp:`, a bare e-mail
 * address, and a bare domain linkify-it links (`evil.com`: a two-letter or one of its default top-level
 * domains); up to the next space or character that ends a cell.
 */
const linkish = (rest: string): RegExp =>
  new RegExp(
    `(?:[a-z][a-z0-9+.-]{0,31}://|(?<![\\w:/])//(?=[\\w-]+\\.)|www\\.|mailto:|xmpp:)${rest}|[\\w.+-]+@[\\w-]+(?:\\.[\\w-]+)+` +
      `|\\b[\\w-]+(?:\\.[\\w-]+)*\\.(?:[a-z]{2}|biz|com|edu|gov|net|org|pro|web|xxx|aero|asia|coop|info|museum|name|shop)\\b(?![\\w-]|\\.[\\w-])(?:[/?#:]${rest})?`,
    'gi',
  );
const LINKISH = linkish('[^\\s|]*');
/** The same for prose with theme icons: an address ends before a "$" (escaped outside the code span). */
const LINKISH_PROSE = linkish('[^\\s|$]*');

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

// ---------------------------------------------------------------------------------------------
// The one builder of every Markdown the extension generates (the documents it opens or previews,
// the reports it copies, the tooltips and hovers it shows). A `Markdown` value can only come from
// here: the literal parts of an `mdown` template are ours and trusted; every value put into one is
// server or caller text and goes in inert (a code span, escaped prose, an escaped table cell), so
// it is shown as text: never a heading, a link, an image, HTML, an autolinked address or a
// command link. The sinks (ReadOnlyDocuments, the tooltip helper in src/platform/markdownTooltip.ts)
// take a `Markdown`, not a string.

/** Only this module holds the key, so only this module makes a Markdown value. */
const KEY: unique symbol = Symbol('markdown');

/** Markdown built by this module: our literal text with every value inert. */
export class Markdown {
  readonly #text: string;
  constructor(key: typeof KEY, text: string) {
    if (key !== KEY) throw new Error('Markdown is built through mdown`…` (src/shared/markdown.ts)');
    this.#text = text;
  }
  /** The Markdown source. */
  get text(): string {
    return this.#text;
  }
  toString(): string {
    return this.#text;
  }
}

const ours = (text: string): Markdown => new Markdown(KEY, text);

/** What an `mdown` template takes: a Markdown part as it is, a number as its digits, any string inert. */
export type MarkdownValue = Markdown | string | number;

/** True when the line being written (the text after the last line break) is a table row. */
function inTableRow(written: string): boolean {
  return /(?:^|\n)[ \t]*\|[^\n]*$/.test(written);
}

/**
 * The tagged template every generated Markdown is written with: mdown`## ${title}\n\n${name} failed: ${error}`.
 * The literal text is ours; a string value becomes inline code (markdownCode: one line, capped, a fence
 * longer than any backtick run inside, its `|` escaped in a table row), so nothing in it is read as
 * Markdown, HTML or an address; a number is written as its digits; a Markdown value (built here) as it is.
 */
export function mdown(strings: TemplateStringsArray, ...values: MarkdownValue[]): Markdown {
  let out = strings[0];
  values.forEach((v, i) => {
    if (v instanceof Markdown) out += v.text;
    else if (typeof v === 'number') out += Number.isFinite(v) ? String(v) : inertCode(String(v), out);
    else out += inertCode(v, out);
    out += strings[i + 1];
  });
  return ours(out);
}

function inertCode(value: string, written: string): string {
  return markdownCode(value, inTableRow(written) ? 'tableCell' : 'text');
}

/** Server text as inline code (as a string in mdown`…` is), with its own cap. */
export function code(value: string, max: number = MAX_MARKDOWN_CODE): Markdown {
  return ours(markdownCode(value, 'text', max));
}

/** Server text as inline code in a table cell (its `|` escaped), with its own cap. */
export function codeCell(value: string, max: number = MAX_MARKDOWN_CODE): Markdown {
  return ours(markdownCode(value, 'tableCell', max));
}

/**
 * Text as prose, inert and readable (tooltips, hovers, our own sentences in a document): one line (line
 * breaks become spaces), trimmed, capped at `max`. Every address a renderer could link on its own
 * (`https://…`, `//host.example`, `www.…`, an e-mail, `evil.com`) goes into a code span. The rest is
 * escaped: what starts code, emphasis, a link, an image, HTML, an entity, a table cell or a theme icon
 * (`\ \` * _ ~ [ ] { } < > & | $ #`), a "." before a letter and a ":" before anything but a space, and
 * a heading, quote or list marker at the start. "3.21" or "Not read: why" read as they are written.
 */
export function plain(value: string, max = 1000): Markdown {
  // Trimmed: leading spaces would start a code block, and "** x**" is no bold.
  let text = withoutInvisible(value)
    .replace(/\r\n|\r|\n/g, ' ')
    .trim();
  if (text.length > max) text = `${text.slice(0, Math.max(0, max - 1))}…`;
  const escape = (part: string): string =>
    part
      .replace(/[\\`*_~[\]{}<>&|$#]/g, '\\$&')
      .replace(/\.(?=\p{L})/gu, '\\.')
      .replace(/:(?!\s|$)/g, '\\:');
  // An address goes into a code span: some renderers (VS Code's preview among them) link "https\://x\.y" all the same.
  let out = '';
  let last = 0;
  for (const m of text.matchAll(LINKISH_PROSE)) {
    out += escape(text.slice(last, m.index)) + markdownCode(m[0], 'text');
    last = m.index + m[0].length;
  }
  out += escape(text.slice(last));
  return ours(out.replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2').replace(/^([>+=-])/, '\\$1'));
}

/**
 * Text meant to be read raw too (a report pasted in a ticket; a table cell or a line of prose): only what
 * would break a table or start HTML, code or a link is escaped, every address a reader would link goes
 * into a code span (markdownTableCellInert), and a heading, quote or list marker at its start is escaped;
 * one line. Index names keep their underscores, dates their dashes and colons.
 */
export function rawText(value: string, max = MAX_MARKDOWN_CODE): Markdown {
  const inert = rawCell(value, max).text.replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, '$1$2\\$3');
  return ours(inert.replace(/^(\s*)([#>+=-])/, '$1\\$2'));
}

/** rawText for a table cell (GFM reads no heading or list in one): a leading "-" or "+" stays as it is. */
export function rawCell(value: string, max = MAX_MARKDOWN_CODE): Markdown {
  let text = withoutInvisible(value)
    .replace(/\r\n|\r|\n/g, ' ')
    .trim();
  if (text.length > max) text = `${text.slice(0, Math.max(0, max - 1))}…`;
  return ours(markdownTableCellInert(text));
}

/** Server text as a fenced code block (a diff, a log): a fence longer than any backtick run inside. */
export function codeBlock(value: string, lang = ''): Markdown {
  const text = withoutInvisible(value).replace(/\s+$/, '');
  const ticks = text.match(/`{3,}/g)?.reduce((m, t) => Math.max(m, t.length), 0) ?? 0;
  const fence = '`'.repeat(Math.max(3, ticks + 1));
  return ours(`${fence}${/^[\w-]*$/.test(lang) ? lang : ''}\n${text}\n${fence}`);
}

/** Text inside an HTML element we write (<pre><code>…</code></pre>): &, <, > and " escaped. */
export function htmlText(value: string): Markdown {
  return ours(withoutInvisible(value).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string));
}

/**
 * A link of ours: `label` is Markdown built here, `target` our own address or command URI (every
 * character but letters, digits and `-._~:/?#@!$&*+,;=%` is percent-encoded, so nothing in it ends the
 * link or starts code), `title` shown on hover (its quotes and backslashes escaped).
 */
export function link(label: Markdown, target: string, title?: string): Markdown {
  const href = target.replace(/[^A-Za-z0-9\-._~:/?#@!$&*+,;=%]/gu, (c) =>
    /[()']/.test(c) ? `%${c.charCodeAt(0).toString(16).toUpperCase()}` : encodeURIComponent(c),
  );
  const t = title === undefined ? '' : ` "${withoutInvisible(title).replace(/[\\"]/g, '\\$&').replace(/\s+/g, ' ')}"`;
  return ours(`[${label.text}](${href}${t})`);
}

/** Markdown parts joined by `separator` (ours: a line break by default). */
export function joinMarkdown(parts: readonly Markdown[], separator: '\n' | '\n\n' | '\n>\n' | ' ' | ', ' | ' · ' | '' = '\n'): Markdown {
  return ours(parts.map((p) => p.text).join(separator));
}
