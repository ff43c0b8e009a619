// Whether a text mentions a DataHub URN: the test behind the editor menu's "Restore
// Indices for URNs in This File", "…in Selection" and "Check Search Index". It runs
// after edits of the active document, so it is bounded: it looks first for the one
// thing every URN holds ("urn:li:", raw or URL-encoded) and runs the URN finder
// (findUrn.ts) only on the lines where it occurs, at most MAX_CANDIDATES of them.
import { findUrnsInLine } from '../../shared/findUrn';

/** The most characters of a document read for the question (a larger file is read up to here). */
export const MENTION_SCAN_CHARS = 4_000_000;
/** Lines holding "urn:li:" that did not parse: past this many the answer is no. */
const MAX_CANDIDATES = 200;
const START = /urn(?::|%3A)li(?::|%3A)/gi;

/** True when `text` (read up to MENTION_SCAN_CHARS) holds at least one URN the finder accepts. */
export function mentionsUrn(text: string): boolean {
  const scanned = text.length > MENTION_SCAN_CHARS ? text.slice(0, MENTION_SCAN_CHARS) : text;
  START.lastIndex = 0;
  let candidates = 0;
  let lineEnd = -1;
  for (let m = START.exec(scanned); m && candidates < MAX_CANDIDATES; m = START.exec(scanned)) {
    if (m.index < lineEnd) continue;
    const lineStart = scanned.lastIndexOf('\n', m.index) + 1;
    const next = scanned.indexOf('\n', m.index);
    lineEnd = next < 0 ? scanned.length : next;
    candidates++;
    if (findUrnsInLine(scanned.slice(lineStart, lineEnd)).length > 0) return true;
    START.lastIndex = lineEnd;
  }
  return false;
}
