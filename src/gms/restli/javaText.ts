// The scanning half of the restore result parser: a Java toString() text
// ("Name(k=v, k=v, ...)", nested, values holding , ( ) =) read in one pass with
// charCodeAt, no regular expressions, recording where each "k=v" list may be cut.
const COMMA = 0x2c;
const SPACE = 0x20;
const EQUALS = 0x3d;

export function isIdentifierStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f; // a-z A-Z _
}

function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 0x30 && c <= 0x39); // + 0-9
}

/** Java class names: identifier characters plus $ and . */
export function isClassNamePart(c: number): boolean {
  return isIdentifierPart(c) || c === 0x24 || c === 0x2e;
}

/** The characters String.prototype.trim() and \s treat as white space. */
export function isSpace(c: number): boolean {
  if (c <= 0x20) return c === SPACE || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff
  );
}

/** End of the identifier starting at `from` (== from when there is none). */
function identifierEnd(text: string, from: number): number {
  if (from >= text.length || !isIdentifierStart(text.charCodeAt(from))) return from;
  let i = from + 1;
  while (i < text.length && isIdentifierPart(text.charCodeAt(i))) i++;
  return i;
}

/** Character classes for the scan: 1 opens a bracket, 2 closes one, 3 is a comma; 0 is anything else. */
const CLASS = new Uint8Array(128);
for (const c of '([{') CLASS[c.charCodeAt(0)] = 1;
for (const c of ')]}') CLASS[c.charCodeAt(0)] = 2;
CLASS[COMMA] = 3;

/** Index of the first of the first `count` entries of the ascending `sorted` that is >= p. */
function firstAtOrAfter(sorted: Int32Array, count: number, p: number): number {
  let lo = 0;
  let hi = count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function grown(array: Int32Array) {
  const bigger = new Int32Array(array.length * 2);
  bigger.set(array);
  return bigger;
}

/**
 * Records of the last scan, reused from answer to answer (a bulk restore parses
 * one per page): parsing is synchronous, so one answer is scanned at a time.
 */
const records = {
  /** Position of the ", " of each possible cut, of its "=", and the bracket depth at the comma. */
  cutAt: new Int32Array(64),
  cutEq: new Int32Array(64),
  cutDepth: new Int32Array(64),
  /** Position of each bracket, and the depth after it. */
  bracketAt: new Int32Array(64),
  depthAfter: new Int32Array(64),
};

/**
 * One pass over the whole answer records what every "k=v" list inside it needs:
 * each ", " followed by "identifier=" (where a list may be cut) with the bracket
 * depth there, and the depth after each bracket. A list is then a range of the
 * text, answered from these records instead of being scanned again.
 */
export class Scan {
  private cuts = 0;
  private brackets = 0;

  constructor(readonly text: string) {
    const r = records;
    let depth = 0;
    const n = text.length;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      const kind = c < 128 ? CLASS[c] : 0;
      if (kind === 0) continue;
      if (kind !== 3) {
        depth += kind === 1 ? 1 : -1;
        if (this.brackets === r.bracketAt.length) {
          r.bracketAt = grown(r.bracketAt);
          r.depthAfter = grown(r.depthAfter);
        }
        r.bracketAt[this.brackets] = i;
        r.depthAfter[this.brackets++] = depth;
      } else if (text.charCodeAt(i + 1) === SPACE) {
        const end = identifierEnd(text, i + 2);
        if (end > i + 2 && text.charCodeAt(end) === EQUALS) {
          if (this.cuts === r.cutAt.length) {
            r.cutAt = grown(r.cutAt);
            r.cutEq = grown(r.cutEq);
            r.cutDepth = grown(r.cutDepth);
          }
          r.cutAt[this.cuts] = i;
          r.cutEq[this.cuts] = end;
          r.cutDepth[this.cuts++] = depth;
          i = end; // the identifier holds no bracket or comma; resume after its "="
        }
      }
    }
  }

  /** Bracket depth just before position p. */
  private depthBefore(p: number): number {
    const k = firstAtOrAfter(records.bracketAt, this.brackets, p);
    return k === 0 ? 0 : records.depthAfter[k - 1];
  }

  /**
   * Calls `entry` with the bounds of each "key=value" piece of the list text[s, e),
   * cut as if the list were scanned on its own: outside brackets when its brackets
   * balance (no closing bracket without an opening one before it, none left open),
   * otherwise at every ", identifier=" that `fallback` accepts. Pieces without a key are skipped.
   */
  forEachEntry(s: number, e: number, fallback: (cut: number, eq: number) => boolean, entry: (from: number, eq: number, to: number) => void): void {
    const r = records;
    const base = this.depthBefore(s);
    let balanced = true;
    for (let k = firstAtOrAfter(r.bracketAt, this.brackets, s); k < this.brackets && r.bracketAt[k] < e; k++) {
      if (r.depthAfter[k] < base) {
        balanced = false;
        break;
      }
    }
    if (balanced && this.depthBefore(e) !== base) balanced = false;
    const { text } = this;
    let from = s;
    let k = firstAtOrAfter(r.cutAt, this.cuts, s);
    for (;;) {
      // The next cut of this list: its "=" must lie inside the list too.
      while (k < this.cuts && r.cutAt[k] < e && (r.cutEq[k] >= e || (balanced ? r.cutDepth[k] !== base : !fallback(r.cutAt[k], r.cutEq[k])))) k++;
      const to = k < this.cuts && r.cutAt[k] < e ? r.cutAt[k] : e;
      const eq = text.indexOf('=', from);
      if (eq > from && eq < to) entry(from, eq, to);
      if (to === e) return;
      from = to + 2;
      k++;
    }
  }
}
