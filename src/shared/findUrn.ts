// Finds DataHub URNs in a line of text: the one around a cursor, or all of them.
// Pure (no vscode import) so it is unit-tested directly and cheap in a hover.
//
// Rules, in the order they matter:
//  - a URN starts at "urn:li:" (or its URL-encoded form "urn%3Ali%3A") not glued to a word;
//  - it runs until a quote, whitespace or a character never found in a URN
//    (< > { } | ` * \), or a closing ")" / "]" that has no opening partner
//    inside it, so `foo(urn:li:corpuser:jdoe)` gives urn:li:corpuser:jdoe;
//  - a top-level "," ends it (commas only separate parts inside a tuple key);
//  - a tuple key "(...)" ends the URN where its parentheses balance again;
//  - sentence punctuation at the end (. : ; ! ?) is not part of it;
//  - the result must parse (parseUrn) and have a key; the outermost URN wins,
//    so the cursor on "hive" in urn:li:dataset:(urn:li:dataPlatform:hive,t,PROD)
//    gives the dataset.
import { MAX_URN_BYTES, parseUrn } from '../gms/urn';

export interface UrnMatch {
  /** The URN, decoded when it was URL-encoded in the text. */
  urn: string;
  entityType: string;
  /** Offsets in the scanned text: [start, end). */
  start: number;
  end: number;
  /** True when the text held it URL-encoded (a DataHub link). */
  encoded: boolean;
}

/** Lines longer than this are scanned only in a window around the offset. */
export const MAX_SCAN_LINE = 20_000;
/** Window half-width: a URN is at most 512 bytes, 3x that when URL-encoded. */
const WINDOW = 2_048;

const RAW_START = 'urn:li:';
const ENCODED_START = /urn%3Ali%3A/gi;
/** Characters that never belong to a URN in running text. */
const STOP = new Set([' ', '\t', '\r', '\n', '"', "'", '`', '<', '>', '{', '}', '|', '\\', '*', '\u00a0']);
/** Characters that end an encoded URN: a real one would be percent-encoded there. */
const URL_STOP = new Set(['/', '?', '&', '#', '=', '+']);
const TRAILING = new Set(['.', ':', ';', '!', '?']);

interface Char {
  ch: string;
  from: number;
  to: number;
}

function hexByte(text: string, at: number, limit: number): number | undefined {
  if (at + 2 >= limit || text[at] !== '%') return undefined;
  const hex = text.slice(at + 1, at + 3);
  return /^[0-9A-Fa-f]{2}$/.test(hex) ? parseInt(hex, 16) : undefined;
}

/** Decodes %XX sequences lazily, keeping each character's source span. */
function* decodedChars(text: string, from: number, limit: number): Generator<Char> {
  let i = from;
  while (i < limit) {
    const lead = hexByte(text, i, limit);
    if (lead !== undefined) {
      // A multi-byte UTF-8 character arrives as several %XX: decode them together.
      const size = lead < 0x80 ? 1 : (lead & 0xe0) === 0xc0 ? 2 : (lead & 0xf0) === 0xe0 ? 3 : (lead & 0xf8) === 0xf0 ? 4 : 0;
      const bytes: number[] = [];
      for (let k = 0; k < size; k++) {
        const b = hexByte(text, i + 3 * k, limit);
        if (b === undefined || (k > 0 && (b & 0xc0) !== 0x80)) break;
        bytes.push(b);
      }
      if (size > 0 && bytes.length === size) {
        yield { ch: Buffer.from(bytes).toString('utf8'), from: i, to: i + 3 * size };
        i += 3 * size;
        continue;
      }
    }
    const cp = text.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    yield { ch, from: i, to: i + ch.length };
    i += ch.length;
  }
}

function* rawChars(text: string, from: number, limit: number): Generator<Char> {
  for (let i = from; i < limit; i++) yield { ch: text[i], from: i, to: i + 1 };
}

interface Scan {
  match?: UrnMatch;
  /** Where the scan stopped; with an unclosed "(" everything up to here belongs to the broken URN. */
  end: number;
  unclosed: boolean;
}

/** Reads one candidate starting at `from`: the URN there, if it is one, and how far the scan went. */
function scanCandidate(text: string, from: number, encoded: boolean, limit: number, spacesInTuple = false): Scan {
  const chars = encoded ? decodedChars(text, from, limit) : rawChars(text, from, limit);
  // A raw URN that is a URL path segment (…/dataset/urn:li:…/Schema) ends at "/" like an encoded one.
  const inUrl = encoded || text[from - 1] === '/';
  let value = '';
  let end = from;
  let paren = 0;
  let bracket = 0;
  let tupleKeyStarted = false;
  let colons = 0;
  const spans: number[] = [];
  for (const c of chars) {
    const { ch } = c;
    // A percent-decoded character is data, never a delimiter of the surrounding text.
    const literal = c.to - c.from === 1;
    // Names with spaces (BI tools) only inside a tuple key, and only on the second try.
    if (literal && STOP.has(ch) && !(spacesInTuple && ch === ' ' && paren > 0)) break;
    if (literal && encoded && URL_STOP.has(ch)) break;
    if (literal && inUrl && paren === 0 && bracket === 0 && URL_STOP.has(ch)) break;
    if (ch === ')') {
      if (paren === 0) break;
      paren--;
    } else if (ch === ']') {
      if (bracket === 0) break;
      bracket--;
    } else if (ch === '(') {
      // "urn:li:dataset:(" — the key is a tuple; it ends where this parenthesis closes.
      if (paren === 0 && colons === 3 && value.endsWith(':')) tupleKeyStarted = true;
      paren++;
    } else if (ch === '[') {
      bracket++;
    } else if (ch === ',' && paren === 0 && bracket === 0) {
      break;
    } else if (ch === ':' && paren === 0) {
      colons++;
    }
    value += ch;
    spans.push(c.to);
    end = c.to;
    // Past 512 characters it cannot be a URN (each is at least one byte): stop, so the scan stays linear.
    if (value.length > MAX_URN_BYTES) return { end, unclosed: paren > 0 || bracket > 0 };
    if (tupleKeyStarted && paren === 0 && bracket === 0) break;
  }
  // Drop sentence punctuation after the URN ("see urn:li:corpuser:jdoe.").
  while (value.length > 0 && TRAILING.has(value[value.length - 1]) && paren === 0) {
    value = value.slice(0, -1);
    spans.pop();
    end = spans.length ? spans[spans.length - 1] : from;
  }
  if (paren !== 0 || bracket !== 0) {
    if (!spacesInTuple && text[end] === ' ') return scanCandidate(text, from, encoded, limit, true);
    return { end, unclosed: true };
  }
  const parsed = parseUrn(value);
  if (!parsed.ok || parsed.value.key === undefined || parsed.value.namespace !== 'li') return { end, unclosed: false };
  // A raw "%" that is not an escape is a SQL LIKE wildcard, not a URN.
  if (!encoded && /%(?![0-9A-Fa-f]{2})/.test(value)) return { end, unclosed: false };
  return { match: { urn: value, entityType: parsed.value.entityType, start: from, end, encoded }, end, unclosed: false };
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && /[A-Za-z0-9_]/.test(ch);
}

/** Offsets where a URN may start, raw or encoded, in order. */
function candidateStarts(text: string, from: number, to: number): Array<{ at: number; encoded: boolean }> {
  const found: Array<{ at: number; encoded: boolean }> = [];
  let i = text.indexOf(RAW_START, from);
  while (i !== -1 && i < to) {
    if (!isWordChar(text[i - 1])) found.push({ at: i, encoded: false });
    i = text.indexOf(RAW_START, i + 1);
  }
  ENCODED_START.lastIndex = from;
  for (let m = ENCODED_START.exec(text); m && m.index < to; m = ENCODED_START.exec(text)) {
    if (!isWordChar(text[m.index - 1])) found.push({ at: m.index, encoded: true });
  }
  return found.sort((a, b) => a.at - b.at);
}

function scanRange(text: string, from: number, to: number): UrnMatch[] {
  const matches: UrnMatch[] = [];
  let coveredUntil = -1;
  for (const { at, encoded } of candidateStarts(text, from, to)) {
    if (at < coveredUntil) continue; // inside an outer URN already found
    const scan = scanCandidate(text, at, encoded, text.length);
    // A URN cut short (an unclosed tuple) hides the URNs nested in it: they are parts, not targets.
    if (scan.unclosed) coveredUntil = scan.end;
    if (!scan.match) continue;
    matches.push(scan.match);
    coveredUntil = scan.match.end;
  }
  return matches;
}

/** Every URN in a line, outermost only, left to right. Long lines are scanned up to MAX_SCAN_LINE. */
export function findUrnsInLine(line: string): UrnMatch[] {
  const text = line.length > MAX_SCAN_LINE ? line.slice(0, MAX_SCAN_LINE) : line;
  return scanRange(text, 0, text.length);
}

/**
 * The URN at a cursor offset in a line: the one that contains it, or ends or
 * starts right at it. Only a window around the offset is scanned.
 */
export function findUrnAt(line: string, offset: number): UrnMatch | undefined {
  const from = Math.max(0, offset - WINDOW);
  const to = Math.min(line.length, offset + WINDOW);
  const text = line.slice(0, to);
  // Start a little earlier so an outer URN that begins before the window is not cut.
  const matches = scanRange(text, from, Math.min(offset + 1, text.length));
  let hit: UrnMatch | undefined;
  for (const m of matches) {
    if (m.start <= offset && offset <= m.end) {
      // Prefer the URN that strictly contains the offset over one that only ends at it.
      if (!hit || offset < m.end) hit = m;
    }
  }
  return hit;
}

/** URNs overlapping [start, end) of a line (a selection), outermost only. */
export function findUrnsInSpan(line: string, start: number, end: number): UrnMatch[] {
  if (end <= start) {
    const one = findUrnAt(line, start);
    return one ? [one] : [];
  }
  return findUrnsInLine(line).filter((m) => m.start < end && start < m.end);
}

/**
 * A URN typed or pasted by a person: trims spaces and quotes and decodes a
 * URL-encoded one (from a DataHub link). Returns the candidate to validate.
 */
export function normaliseUrnInput(input: string): string {
  let value = input.trim();
  if (/^(["'`]).*\1$/.test(value)) value = value.slice(1, -1).trim();
  // A pasted DataHub link: keep the URN segment.
  if (/^https?:\/\//i.test(value)) {
    const found = findUrnsInLine(value);
    if (found.length > 0) return found[0].urn;
  }
  if (/^urn%3A/i.test(value)) {
    const found = findUrnsInLine(value);
    if (found.length === 1 && found[0].start === 0) return found[0].urn;
  }
  return value;
}
