// Whether the cursor (or a selection on one line) is on a URN: the test behind
// the editor menu's "Restore Indices for This URN". It runs on every cursor
// move, so it looks only at the cursor's line, and first for the one thing
// every URN holds ("urn", raw or URL-encoded) near the cursor before running
// the URN finder (findUrn.ts) on that window.
import { findUrnAt, findUrnsInSpan, MAX_SCAN_LINE } from '../../shared/findUrn';

/** A URN is at most 512 bytes, 3x that URL-encoded: no URN spans more around the cursor. */
const REACH = 1_600;

/** True when some "urn" (any case, so also "urn%3Ali%3A") starts within [from, to) of the line. */
function mentionsUrn(line: string, from: number, to: number): boolean {
  // A slice of a long string is a view in V8, not a copy; the scan stays within the window.
  return /urn/i.test(line.slice(Math.max(0, from), Math.min(line.length, to + 2)));
}

/**
 * Whether the cursor at `active` (with the selection [start, end) on this
 * line; start === end for a bare cursor) is on a URN of the line.
 */
export function isOnUrn(line: string, active: number, start = active, end = active): boolean {
  const from = Math.min(start, active);
  const to = Math.max(end, active);
  if (!mentionsUrn(line, from - REACH, to + 1)) return false;
  if (to > from && to - from <= MAX_SCAN_LINE && findUrnsInSpan(line, from, to).length > 0) return true;
  return findUrnAt(line, active) !== undefined;
}

/** The URN under the cursor as [start, end) offsets in the line (for the highlight of a right-click restore). */
export function urnSpanAt(line: string, offset: number): [number, number] | undefined {
  const m = findUrnAt(line, offset);
  return m ? [m.start, m.end] : undefined;
}
