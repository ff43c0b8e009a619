// DataHub URN grammar (see the operations reference):
//   urn        = "urn:" ns ":" entityType [ ":" key ]
//   entityType = letter *(letter / digit / "_")
//   key        = part / "(" part *("," part) ")"   ; parts non-empty, parentheses balance
// No escaping; at most 512 bytes. Pure and dependency-free: the editor uses it
// at activation time, the client before every request.

export const MAX_URN_BYTES = 512;

export interface ParsedUrn {
  urn: string;
  namespace: string;
  entityType: string;
  /** The raw key after "<entityType>:", undefined when absent. */
  key?: string;
  /** Top-level parts of a tuple key, or the single simple key. */
  parts: string[];
}

export type UrnParse = { ok: true; value: ParsedUrn } | { ok: false; reason: string };

const HEAD = /^urn:([A-Za-z][A-Za-z0-9_-]*):([A-Za-z][A-Za-z0-9_]*)(?::([\s\S]*))?$/;

/** Splits a tuple body on top-level commas; null when parentheses do not balance. */
function splitTopLevel(body: string): string[] | null {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const ch of body) {
    if (ch === '(') depth++;
    else if (ch === ')') {
      depth--;
      if (depth < 0) return null;
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  if (depth !== 0) return null;
  parts.push(current);
  return parts;
}

function balanced(s: string): boolean {
  let depth = 0;
  for (const ch of s) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** True when every "(...)" group in a balanced string has non-empty comma-separated parts. */
function groupsHaveParts(s: string): boolean {
  for (let i = s.indexOf('('); i !== -1; i = s.indexOf('(', i + 1)) {
    let depth = 0;
    let end = i;
    for (; end < s.length; end++) {
      if (s[end] === '(') depth++;
      else if (s[end] === ')' && --depth === 0) break;
    }
    const parts = splitTopLevel(s.slice(i + 1, end));
    if (parts === null || parts.some((p) => p.length === 0)) return false;
  }
  return true;
}

/** True when the "(" at 0 closes at the very end, i.e. the key is one tuple. */
function isOneTuple(key: string): boolean {
  let depth = 0;
  for (let i = 0; i < key.length; i++) {
    if (key[i] === '(') depth++;
    else if (key[i] === ')' && --depth === 0) return i === key.length - 1;
  }
  return false;
}

export function parseUrn(input: string): UrnParse {
  if (typeof input !== 'string' || input.length === 0) return { ok: false, reason: 'the URN is empty' };
  if (input !== input.trim()) return { ok: false, reason: 'the URN has leading or trailing spaces' };
  if (Buffer.byteLength(input, 'utf8') > MAX_URN_BYTES) {
    return { ok: false, reason: `the URN is longer than ${MAX_URN_BYTES} bytes` };
  }
  if (!input.startsWith('urn:')) return { ok: false, reason: 'a URN starts with "urn:", e.g. urn:li:corpuser:jdoe' };
  if (/[\r\n\t]/.test(input)) return { ok: false, reason: 'the URN contains a line break or tab' };
  const m = HEAD.exec(input);
  if (!m) {
    return { ok: false, reason: 'expected urn:<namespace>:<entityType>[:<key>], e.g. urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)' };
  }
  const [, namespace, entityType, key] = m;
  if (key === undefined) return { ok: true, value: { urn: input, namespace, entityType, parts: [] } };
  if (key.length === 0) return { ok: false, reason: 'the key after the entity type is empty' };
  if (!balanced(key)) return { ok: false, reason: 'the parentheses in the key do not balance' };
  if (!groupsHaveParts(key)) return { ok: false, reason: 'the key has an empty part, e.g. "(a,)" or "()"' };
  let parts: string[];
  if (key.startsWith('(') && key.endsWith(')')) {
    // "(a,b)(c)" balances overall but is two tuples: the outer pair must close last.
    if (!isOneTuple(key)) return { ok: false, reason: 'the key is not one (...) tuple, e.g. "(a,b)(c)"' };
    parts = splitTopLevel(key.slice(1, -1)) ?? [];
  } else {
    // Like DataHub, a key that is not wholly one tuple is a single part.
    parts = [key];
  }
  return { ok: true, value: { urn: input, namespace, entityType, key, parts } };
}

/**
 * Why `input` is not a URN (parseUrn's reason, in parseUrn's order), or undefined when it is
 * one: the same rules in one pass over the key, without building its parts, and a plain URN
 * (PLAIN_URN) in one regular-expression test. The client checks every URN before it is sent,
 * 100 to 10,000 of them per list restore, where parseUrn's string building cost more than the
 * request itself (docs/performance.md).
 */
export function urnProblem(input: string): string | undefined {
  return typeof input === 'string' && input.length <= MAX_URN_BYTES && PLAIN_URN.test(input) ? undefined : problemOf(input);
}

/**
 * URNs that are certainly valid, in one native scan: the head, then no key, a key of visible
 * ASCII (spaces inside) without parentheses, or one "(...)" tuple of parts without parentheses
 * or commas, none empty (urn:li:corpuser:jdoe, urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)).
 * Anything else (nested tuples, non-ASCII, control characters, a refused URN) goes to problemOf,
 * which gives the verdict and its reason. With ASCII only, the byte count is the length.
 */
const PLAIN_URN =
  /^urn:[A-Za-z][A-Za-z0-9_-]*:[A-Za-z][A-Za-z0-9_]*(?::(?:[\x20-\x27\x2a-\x7e]*[\x21-\x27\x2a-\x7e]|\((?:[\x20-\x27\x2a\x2b\x2d-\x7e]+,)*[\x20-\x27\x2a\x2b\x2d-\x7e]+\)))?$/;

/** urnProblem's verdict with its reason, in parseUrn's order. */
function problemOf(input: string): string | undefined {
  if (typeof input !== 'string' || input.length === 0) return 'the URN is empty';
  if (input !== input.trim()) return 'the URN has leading or trailing spaces';
  // UTF-8 takes at least one byte per UTF-16 unit and at most three.
  if (input.length > MAX_URN_BYTES || (input.length * 3 > MAX_URN_BYTES && Buffer.byteLength(input, 'utf8') > MAX_URN_BYTES)) {
    return `the URN is longer than ${MAX_URN_BYTES} bytes`;
  }
  if (!input.startsWith('urn:')) return 'a URN starts with "urn:", e.g. urn:li:corpuser:jdoe';
  if (/[\r\n\t]/.test(input)) return 'the URN contains a line break or tab';
  const m = HEAD.exec(input);
  if (!m) return 'expected urn:<namespace>:<entityType>[:<key>], e.g. urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD)';
  const key = m[3];
  if (key === undefined) return undefined;
  if (key.length === 0) return 'the key after the entity type is empty';
  // One pass: the depth never below 0 and 0 at the end (balanced); inside a group, no part
  // empty: "(" or "," (a separator of the innermost group) never followed by "," or ")".
  let depth = 0;
  let emptyPart = false;
  // Where the "(" at 0 closes (isOneTuple), -1 until it does.
  let firstClose = -1;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    if (c === 0x28) depth++;
    else if (c === 0x29) {
      if (--depth < 0) return 'the parentheses in the key do not balance';
      if (depth === 0 && firstClose === -1) firstClose = i;
    } else if (c !== 0x2c || depth === 0) continue;
    // "(" or ")" or "," inside a group: what follows it?
    if (c === 0x29) continue;
    const next = i + 1 < key.length ? key.charCodeAt(i + 1) : -1;
    if (next === 0x2c || next === 0x29) emptyPart = true;
  }
  if (depth !== 0) return 'the parentheses in the key do not balance';
  if (emptyPart) return 'the key has an empty part, e.g. "(a,)" or "()"';
  if (key.charCodeAt(0) === 0x28 && key.charCodeAt(key.length - 1) === 0x29 && firstClose !== key.length - 1) {
    return 'the key is not one (...) tuple, e.g. "(a,b)(c)"';
  }
  return undefined;
}

/**
 * The entity type of a URN parseUrn accepts (parseUrn(input).value.entityType), or undefined
 * when parseUrn refuses it: urnProblem's one pass, without building the key's parts. A list
 * restore groups every URN of a chunk and every lastUrn of its answer by type.
 */
export function urnEntityType(input: string): string | undefined {
  if (urnProblem(input) !== undefined) return undefined;
  // HEAD matched: "urn:" <namespace> ":" <entityType> [":" key], neither name holding a colon.
  const start = input.indexOf(':', 4) + 1;
  const end = input.indexOf(':', start);
  return end === -1 ? input.slice(start) : input.slice(start, end);
}

export function isValidUrn(input: string): boolean {
  return parseUrn(input).ok;
}

/** DataHub links carry URNs URL-encoded; returns the decoded URN or the input unchanged. */
export function decodeUrn(input: string): string {
  if (!/%[0-9A-Fa-f]{2}/.test(input)) return input;
  try {
    return decodeURIComponent(input);
  } catch {
    return input;
  }
}
