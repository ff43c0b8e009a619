// restoreIndices returns a Java Map.toString(), not JSON:
//   {args=RestoreIndicesArgs(k=v, ...), result=RestoreIndicesResult{k=v, ...}}
// Newer servers use (...) and join one result per internal batch with "\n";
// values may hold , ( ) = (URNs do) and a urnLike pattern may leave "(" open.
import { invalidResponse } from './errorMapping';
import { stringValueSchema } from './schemas';
import type { RestoreBatch, RestoreResult } from './types';

const KEY = /[A-Za-z_][A-Za-z0-9_]*=/y;
const WRAPPER_START = /[A-Z][A-Za-z0-9_$.]*[({]/y;
const WRAPPER = /^([A-Za-z_][A-Za-z0-9_$.]*)\s*([({])([\s\S]*)$/;
const MAP_KEYS = new Set(['args', 'result']);

function matchesAt(re: RegExp, text: string, index: number): boolean {
  re.lastIndex = index;
  return re.test(text);
}

/** Positions of every ", " that is followed by "identifier=". */
function candidateCuts(text: string): number[] {
  const cuts: number[] = [];
  for (let i = text.indexOf(', '); i !== -1; i = text.indexOf(', ', i + 1)) {
    if (matchesAt(KEY, text, i + 2)) cuts.push(i);
  }
  return cuts;
}

/** The cuts at bracket depth 0, or null when the brackets do not balance. */
function cutsAtDepthZero(text: string, candidates: number[]): number[] | null {
  const wanted = new Set(candidates);
  const cuts: number[] = [];
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') {
      if (--depth < 0) return null;
    } else if (depth === 0 && wanted.has(i)) cuts.push(i);
  }
  return depth === 0 ? cuts : null;
}

function splitAt(text: string, cuts: number[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push(text.slice(from, cut));
    from = cut + 2;
  }
  pieces.push(text.slice(from));
  return pieces;
}

function toEntries(pieces: string[]): Array<[string, string]> {
  const entries: Array<[string, string]> = [];
  for (const piece of pieces) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    entries.push([piece.slice(0, eq).trim(), piece.slice(eq + 1)]);
  }
  return entries;
}

/** k=v, k=v inside a wrapper. Unbalanced values (urnLike patterns) fall back to every ", k=". */
function splitFields(body: string): Record<string, string> {
  const candidates = candidateCuts(body);
  const cuts = cutsAtDepthZero(body, candidates) ?? candidates;
  return Object.fromEntries(toEntries(splitAt(body, cuts)));
}

/** The top-level map: with unbalanced values, only cut before a known key or a wrapper value. */
function splitMap(body: string): Array<[string, string]> {
  const candidates = candidateCuts(body);
  const cuts =
    cutsAtDepthZero(body, candidates) ??
    candidates.filter((i) => {
      const eq = body.indexOf('=', i + 2);
      return MAP_KEYS.has(body.slice(i + 2, eq)) || matchesAt(WRAPPER_START, body, eq + 1);
    });
  return toEntries(splitAt(body, cuts));
}

/** "Name(k=v, ...)" or "Name{k=v, ...}" -> its fields; undefined when not that shape. */
function parseWrapper(text: string): { name: string; fields: Record<string, string> } | undefined {
  const m = WRAPPER.exec(text.trim());
  if (!m) return undefined;
  const close = m[2] === '(' ? ')' : '}';
  const body = m[3].endsWith(close) ? m[3].slice(0, -1) : m[3];
  return { name: m[1], fields: splitFields(body) };
}

function count(value: string | undefined): number {
  return value !== undefined && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : 0;
}

function presentValue(value: string | undefined): string | undefined {
  return value === undefined || value === '' || value === 'null' ? undefined : value;
}

function toBatch(fields: Record<string, string>): RestoreBatch {
  const timings: Record<string, number> = {};
  for (const [name, value] of Object.entries(fields)) {
    if ((name.startsWith('time') || name.endsWith('Ms')) && /^-?\d+(\.\d+)?$/.test(value.trim())) {
      timings[name] = Number(value.trim());
    }
  }
  const batch: RestoreBatch = { rowsMigrated: count(fields.rowsMigrated), ignored: count(fields.ignored), timings, fields };
  const lastUrn = presentValue(fields.lastUrn);
  const lastAspect = presentValue(fields.lastAspect);
  if (lastUrn !== undefined) batch.lastUrn = lastUrn;
  if (lastAspect !== undefined) batch.lastAspect = lastAspect;
  return batch;
}

function parseBatches(text: string): RestoreBatch[] {
  const batches: RestoreBatch[] = [];
  for (const line of text.split(/\r?\n/)) {
    const wrapper = parseWrapper(line);
    if (wrapper) batches.push(toBatch(wrapper.fields));
  }
  return batches;
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
    if (/^RestoreIndicesResult\s*[({]/.test(text)) {
      // Some builds return only the result lines, without the map around them.
      batches = parseBatches(text);
      recognised = true;
    } else {
      const body = text.startsWith('{') && text.endsWith('}') ? text.slice(1, -1) : text;
      for (const [key, entryValue] of splitMap(body)) {
        if (key === 'args') {
          args = parseWrapper(entryValue)?.fields ?? {};
          recognised = true;
        } else if (key === 'result') {
          batches = parseBatches(entryValue);
          recognised = true;
        }
      }
    }
    if (!recognised) throw invalidResponse('restoreIndices', 'the restore result has neither args nor a result', raw);
  }
  return {
    args,
    batches,
    rowsMigrated: batches.reduce((sum, b) => sum + b.rowsMigrated, 0),
    ignored: batches.reduce((sum, b) => sum + b.ignored, 0),
    raw,
  };
}
