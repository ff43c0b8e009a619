// restoreIndices returns a Java Map.toString(), not JSON:
//   {args=RestoreIndicesArgs(k=v, ...), result=RestoreIndicesResult{k=v, ...}}
// Newer servers use (...) and join one result per internal batch with "\n";
// values may hold , ( ) = (URNs do) and a urnLike pattern may leave "(" open.
// One character scan per k=v list (charCodeAt, no regular expressions): this runs
// on every page of a bulk restore.
import { invalidResponse } from './errorMapping';
import { stringValueSchema } from './schemas';
import type { RestoreBatch, RestoreResult } from './types';

const COMMA = 0x2c;
const SPACE = 0x20;
const EQUALS = 0x3d;
const RETURN = 0x0d;

function isIdentifierStart(c: number): boolean {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f; // a-z A-Z _
}

function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || (c >= 0x30 && c <= 0x39); // + 0-9
}

/** Java class names: identifier characters plus $ and . */
function isClassNamePart(c: number): boolean {
  return isIdentifierPart(c) || c === 0x24 || c === 0x2e;
}

/** The characters String.prototype.trim() and \s treat as white space. */
function isSpace(c: number): boolean {
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

/**
 * Where a "k=v, k=v" list may be cut: every ", " followed by "identifier=" (`all`),
 * and those outside brackets (`top`, meaningful only when the brackets balance).
 */
interface Cuts {
  all: number[];
  top: number[];
  balanced: boolean;
}

/** Character classes for findCuts: 1 opens a bracket, 2 closes one, 3 is a comma; 0 is anything else. */
const CLASS = new Uint8Array(128);
for (const c of '([{') CLASS[c.charCodeAt(0)] = 1;
for (const c of ')]}') CLASS[c.charCodeAt(0)] = 2;
CLASS[COMMA] = 3;

function findCuts(text: string): Cuts {
  const all: number[] = [];
  const top: number[] = [];
  let depth = 0;
  let balanced = true;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? CLASS[c] : 0;
    if (kind === 0) continue;
    if (kind === 1) depth++;
    else if (kind === 2) {
      // A closing bracket with none open: the brackets never balance.
      if (--depth < 0) balanced = false;
    } else if (text.charCodeAt(i + 1) === SPACE) {
      const end = identifierEnd(text, i + 2);
      if (end > i + 2 && text.charCodeAt(end) === EQUALS) {
        all.push(i);
        if (depth === 0) top.push(i);
        i = end; // the identifier holds no bracket or comma; resume after its "="
      }
    }
  }
  return { all, top, balanced: balanced && depth === 0 };
}

/** Calls `entry` for each "key=value" piece between the cuts (pieces without a key are skipped). */
function forEachEntry(text: string, cuts: readonly number[], entry: (key: string, value: string) => void): void {
  let from = 0;
  for (let k = 0; k <= cuts.length; k++) {
    const to = k < cuts.length ? cuts[k] : text.length;
    const eq = text.indexOf('=', from);
    if (eq > from && eq < to) entry(text.slice(from, eq).trim(), text.slice(eq + 1, to));
    from = to + 2;
  }
}

/** A plain object from server-chosen keys; "__proto__" stays an ordinary field. */
function setField(fields: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__') Object.defineProperty(fields, key, { value, writable: true, enumerable: true, configurable: true });
  else fields[key] = value;
}

/** k=v, k=v inside a wrapper. Unbalanced values (urnLike patterns) fall back to every ", k=". */
function splitFields(body: string): Record<string, string> {
  const cuts = findCuts(body);
  const fields: Record<string, string> = {};
  forEachEntry(body, cuts.balanced ? cuts.top : cuts.all, (key, value) => setField(fields, key, value));
  return fields;
}

/** After "=" at `at`: does a wrapper value start ("Name(" or "Name{" with a capitalised name)? */
function wrapperValueAt(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (!(c >= 0x41 && c <= 0x5a)) return false; // A-Z
  let i = at + 1;
  while (i < text.length && isClassNamePart(text.charCodeAt(i))) i++;
  const open = text.charCodeAt(i);
  return open === 0x28 || open === 0x7b;
}

/** The top-level map: with unbalanced values, only cut before a known key or a wrapper value. */
function splitMap(body: string, entry: (key: string, value: string) => void): void {
  const cuts = findCuts(body);
  let chosen = cuts.top;
  if (!cuts.balanced) {
    chosen = cuts.all.filter((i) => {
      const eq = identifierEnd(body, i + 2);
      const key = body.slice(i + 2, eq);
      return key === 'args' || key === 'result' || wrapperValueAt(body, eq + 1);
    });
  }
  forEachEntry(body, chosen, entry);
}

/** Bounds of `text` without leading and trailing white space. */
function trimmedBounds(text: string): [number, number] {
  let start = 0;
  let end = text.length;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return [start, end];
}

/** "Name(k=v, ...)" or "Name{k=v, ...}" -> its fields; undefined when not that shape. */
function parseWrapper(text: string): Record<string, string> | undefined {
  const [start, end] = trimmedBounds(text);
  if (start >= end || !isIdentifierStart(text.charCodeAt(start))) return undefined;
  let i = start + 1;
  while (i < end && isClassNamePart(text.charCodeAt(i))) i++;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  const open = i < end ? text.charCodeAt(i) : -1;
  if (open !== 0x28 && open !== 0x7b) return undefined;
  const close = open === 0x28 ? 0x29 : 0x7d;
  const bodyEnd = end - 1 > i && text.charCodeAt(end - 1) === close ? end - 1 : end;
  return splitFields(text.slice(i + 1, bodyEnd));
}

/** A whole number of at most 15 digits (after trimming), else 0. */
function count(value: string | undefined): number {
  if (value === undefined) return 0;
  const [start, end] = trimmedBounds(value);
  if (end - start < 1 || end - start > 15) return 0;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return 0;
  }
  return Number(value.slice(start, end));
}

/** -?digits(.digits)? after trimming, as a number; undefined otherwise. */
function decimal(value: string): number | undefined {
  const [start, end] = trimmedBounds(value);
  let i = start;
  if (i < end && value.charCodeAt(i) === 0x2d) i++; // -
  const digitsFrom = i;
  while (i < end && value.charCodeAt(i) >= 0x30 && value.charCodeAt(i) <= 0x39) i++;
  if (i === digitsFrom) return undefined;
  if (i < end && value.charCodeAt(i) === 0x2e) {
    const fractionFrom = ++i;
    while (i < end && value.charCodeAt(i) >= 0x30 && value.charCodeAt(i) <= 0x39) i++;
    if (i === fractionFrom) return undefined;
  }
  return i === end ? Number(value.slice(start, end)) : undefined;
}

function presentValue(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'null' ? undefined : value;
}

function toBatch(fields: Record<string, string>): RestoreBatch {
  const timings: Record<string, number> = {};
  for (const name of Object.keys(fields)) {
    if (name.startsWith('time') || name.endsWith('Ms')) {
      const n = decimal(fields[name]);
      if (n !== undefined) timings[name] = n;
    }
  }
  const batch: RestoreBatch = { rowsMigrated: count(fields.rowsMigrated), ignored: count(fields.ignored), timings, fields };
  const lastUrn = presentValue(fields.lastUrn);
  const lastAspect = presentValue(fields.lastAspect);
  if (lastUrn !== undefined) batch.lastUrn = lastUrn;
  if (lastAspect !== undefined) batch.lastAspect = lastAspect;
  return batch;
}

/** One batch per line ("\n" or "\r\n") that holds a wrapper. */
function parseBatches(text: string): RestoreBatch[] {
  const batches: RestoreBatch[] = [];
  let from = 0;
  for (;;) {
    const newline = text.indexOf('\n', from);
    let to = newline === -1 ? text.length : newline;
    if (newline !== -1 && to > from && text.charCodeAt(to - 1) === RETURN) to--;
    const fields = parseWrapper(from === 0 && newline === -1 ? text : text.slice(from, to));
    if (fields) batches.push(toBatch(fields));
    if (newline === -1) return batches;
    from = newline + 1;
  }
}

/** "RestoreIndicesResult(" or "RestoreIndicesResult {" at the start. */
function startsWithResult(text: string): boolean {
  const name = 'RestoreIndicesResult';
  if (!text.startsWith(name)) return false;
  let i = name.length;
  while (i < text.length && isSpace(text.charCodeAt(i))) i++;
  const c = text.charCodeAt(i);
  return c === 0x28 || c === 0x7b;
}

/**
 * Parses a restoreIndices `value`. Unknown fields are kept, never fatal; `raw`
 * is always the original string. Throws GmsError 'invalidResponse' only when
 * the value is not a string or holds neither args nor a result.
 */
export function parseRestoreResult(value: unknown): RestoreResult {
  const parsed = stringValueSchema.safeParse(value);
  if (!parsed.success) throw invalidResponse('restoreIndices', 'the restore result is not a string', value);
  const raw = parsed.data;
  const text = raw.trim();
  let args: Record<string, string> = {};
  let batches: RestoreBatch[] = [];
  if (text !== '') {
    let recognised = false;
    if (startsWithResult(text)) {
      // Some builds return only the result lines, without the map around them.
      batches = parseBatches(text);
      recognised = true;
    } else {
      const body = text.charCodeAt(0) === 0x7b && text.charCodeAt(text.length - 1) === 0x7d ? text.slice(1, -1) : text;
      splitMap(body, (key, entryValue) => {
        if (key === 'args') {
          args = parseWrapper(entryValue) ?? {};
          recognised = true;
        } else if (key === 'result') {
          batches = parseBatches(entryValue);
          recognised = true;
        }
      });
    }
    if (!recognised) throw invalidResponse('restoreIndices', 'the restore result has neither args nor a result', raw);
  }
  let rowsMigrated = 0;
  let ignored = 0;
  for (const b of batches) {
    rowsMigrated += b.rowsMigrated;
    ignored += b.ignored;
  }
  return { args, batches, rowsMigrated, ignored, raw };
}
