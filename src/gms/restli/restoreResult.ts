// restoreIndices returns a Java Map.toString(), not JSON:
//   {args=RestoreIndicesArgs(k=v, ...), result=RestoreIndicesResult{k=v, ...}}
// Newer servers use (...) and join one result per internal batch with "\n";
// values may hold , ( ) = (URNs do) and a urnLike pattern may leave "(" open.
// The text is scanned once (javaText.ts) and no list is scanned twice: this runs
// on every page of a bulk restore.
import { invalidResponse } from '../errorMapping';
import { Scan, isClassNamePart, isIdentifierStart, isSpace } from './javaText';
import { stringValueSchema } from '../schemas';
import type { RestoreBatch, RestoreResult } from '../types';

const RETURN = 0x0d;

const anyCut = (): boolean => true;

/** A plain object from server-chosen keys; "__proto__" stays an ordinary field. */
function setField(fields: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__') Object.defineProperty(fields, key, { value, writable: true, enumerable: true, configurable: true });
  else fields[key] = value;
}

/** k=v, k=v inside a wrapper, text[s, e). Unbalanced values (urnLike patterns) fall back to every ", k=". */
function splitFields(scan: Scan, s: number, e: number): Record<string, string> {
  const { text } = scan;
  const fields: Record<string, string> = {};
  scan.forEachEntry(s, e, anyCut, (from, eq, to) => setField(fields, text.slice(from, eq).trim(), text.slice(eq + 1, to)));
  return fields;
}

/** At `at` (before `end`): does a wrapper value start ("Name(" or "Name{" with a capitalised name)? */
function wrapperValueAt(text: string, at: number, end: number): boolean {
  const c = at < end ? text.charCodeAt(at) : -1;
  if (!(c >= 0x41 && c <= 0x5a)) return false; // A-Z
  let i = at + 1;
  while (i < end && isClassNamePart(text.charCodeAt(i))) i++;
  const open = i < end ? text.charCodeAt(i) : -1;
  return open === 0x28 || open === 0x7b;
}

/** The top-level map text[s, e): with unbalanced values, only cut before a known key or a wrapper value. */
function splitMap(scan: Scan, s: number, e: number, entry: (key: string, valueStart: number, valueEnd: number) => void): void {
  const { text } = scan;
  const knownKeyOrWrapper = (cut: number, eq: number): boolean => {
    const key = text.slice(cut + 2, eq);
    return key === 'args' || key === 'result' || wrapperValueAt(text, eq + 1, e);
  };
  scan.forEachEntry(s, e, knownKeyOrWrapper, (from, eq, to) => entry(text.slice(from, eq).trim(), eq + 1, to));
}

/** "Name(k=v, ...)" or "Name{k=v, ...}" in text[s, e) -> its fields; undefined when not that shape. */
function parseWrapper(scan: Scan, s: number, e: number): Record<string, string> | undefined {
  const { text } = scan;
  let start = s;
  let end = e;
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start >= end || !isIdentifierStart(text.charCodeAt(start))) return undefined;
  let i = start + 1;
  while (i < end && isClassNamePart(text.charCodeAt(i))) i++;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  const open = i < end ? text.charCodeAt(i) : -1;
  if (open !== 0x28 && open !== 0x7b) return undefined;
  const close = open === 0x28 ? 0x29 : 0x7d;
  const bodyEnd = end - 1 > i && text.charCodeAt(end - 1) === close ? end - 1 : end;
  return splitFields(scan, i + 1, bodyEnd);
}

/** Start of `text` without leading white space. */
function trimStart(text: string): number {
  let start = 0;
  while (start < text.length && isSpace(text.charCodeAt(start))) start++;
  return start;
}

/** End of `text` without trailing white space (not before `start`). */
function trimEnd(text: string, start: number): number {
  let end = text.length;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  return end;
}

/** A whole number of at most 15 digits (after trimming), else 0. */
function count(value: string | undefined): number {
  if (value === undefined) return 0;
  const start = trimStart(value);
  const end = trimEnd(value, start);
  if (end - start < 1 || end - start > 15) return 0;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return 0;
  }
  return Number(start === 0 && end === value.length ? value : value.slice(start, end));
}

/** -?digits(.digits)? after trimming, as a number; undefined otherwise. */
function decimal(value: string): number | undefined {
  const start = trimStart(value);
  const end = trimEnd(value, start);
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
  if (i !== end) return undefined;
  return Number(start === 0 && end === value.length ? value : value.slice(start, end));
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

/** One batch per line ("\n" or "\r\n") of text[s, e) that holds a wrapper. */
function parseBatches(scan: Scan, s: number, e: number): RestoreBatch[] {
  const { text } = scan;
  const batches: RestoreBatch[] = [];
  let from = s;
  for (;;) {
    const found = text.indexOf('\n', from);
    const newline = found !== -1 && found < e ? found : -1;
    let to = newline === -1 ? e : newline;
    if (newline !== -1 && to > from && text.charCodeAt(to - 1) === RETURN) to--;
    const fields = parseWrapper(scan, from, to);
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
    const scan = new Scan(text);
    if (startsWithResult(text)) {
      // Some builds return only the result lines, without the map around them.
      batches = parseBatches(scan, 0, text.length);
      recognised = true;
    } else {
      const braced = text.charCodeAt(0) === 0x7b && text.charCodeAt(text.length - 1) === 0x7d;
      splitMap(scan, braced ? 1 : 0, braced ? text.length - 1 : text.length, (key, from, to) => {
        if (key === 'args') {
          args = parseWrapper(scan, from, to) ?? {};
          recognised = true;
        } else if (key === 'result') {
          batches = parseBatches(scan, from, to);
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
