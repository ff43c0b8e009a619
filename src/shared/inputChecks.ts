// What the restore prompts say about a typed value, as plain data (the input
// box maps `severity` to InputBoxValidationSeverity). Pure, so unit-tested.
import { MAX_URN_BYTES, parseUrn } from '../gms/urn';
import { IDENTIFIER, MAX_BATCH_SIZE } from '../gms/validate';
import { normaliseUrnInput } from './findUrn';

export type Severity = 'error' | 'warning' | 'info';

export interface InputCheck {
  severity: Severity;
  message: string;
}

/** A URN as typed or pasted (quotes, a DataHub link, URL-encoding accepted). */
export function checkUrnInput(value: string): InputCheck | undefined {
  if (value.trim() === '') return { severity: 'error', message: 'Type a URN, e.g. urn:li:corpuser:jdoe' };
  const urn = normaliseUrnInput(value);
  const parsed = parseUrn(urn);
  if (!parsed.ok) return { severity: 'error', message: `Not a URN: ${parsed.reason}.` };
  if (parsed.value.key === undefined) {
    return { severity: 'error', message: `Not a URN: the key is missing after "${parsed.value.entityType}", e.g. urn:li:corpuser:jdoe.` };
  }
  if (urn !== value.trim()) return { severity: 'info', message: `Will restore ${urn}` };
  return undefined;
}

/** An aspect name (free text in the picker). */
export function checkAspect(value: string): string | undefined {
  if (IDENTIFIER.test(value)) return undefined;
  return `"${value}" is not an aspect name: letters, digits and _, starting with a letter (e.g. schemaMetadata).`;
}

/** True when the pattern reads like a regular expression rather than SQL LIKE. */
export function looksLikeRegex(pattern: string): boolean {
  return (
    /\.[*+?]/.test(pattern) ||
    pattern.startsWith('^') ||
    (pattern.endsWith('$') && !pattern.endsWith('\\$')) ||
    // "\_" and "\%" are LIKE escapes; any other backslash escape is regex syntax.
    /\\[^%_\\]/.test(pattern)
  );
}

/** The SQL LIKE pattern a regex was most likely meant as. */
export function regexToLike(pattern: string): string {
  let p = pattern;
  const anchoredStart = p.startsWith('^');
  const anchoredEnd = p.endsWith('$') && !p.endsWith('\\$');
  if (anchoredStart) p = p.slice(1);
  if (anchoredEnd) p = p.slice(0, -1);
  let out = '';
  for (let i = 0; i < p.length; i++) {
    const ch = p[i];
    const next = p[i + 1];
    if (ch === '\\' && next !== undefined) {
      // \d \w \s… become "any run"; \% and \_ stay LIKE escapes; \. \( etc. are literals.
      out += /[A-Za-z0-9]/.test(next) ? '%' : next === '%' || next === '_' ? `\\${next}` : next;
      i++;
    } else if (ch === '.' && (next === '*' || next === '+')) {
      out += '%';
      i++;
      if (p[i + 1] === '?') i++;
    } else if (ch === '.') {
      out += '_';
    } else if (ch === '*' || ch === '+' || ch === '?') {
      out += '%';
    } else {
      out += ch;
    }
  }
  p = out.replace(/%{2,}/g, '%');
  if (!anchoredStart && !p.startsWith('urn:') && !p.startsWith('%')) p = `%${p}`;
  if (!anchoredEnd && !p.endsWith('%')) p = `${p}%`;
  return p;
}

function hasUnescaped(pattern: string, ch: '%' | '_'): boolean {
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] === '\\') i++;
    else if (pattern[i] === ch) return true;
  }
  return false;
}

/** A urnLike pattern: regex-looking and impossible patterns are errors; no wildcard is a warning. */
export function checkUrnLikeInput(value: string): InputCheck | undefined {
  const pattern = value.trim();
  if (pattern === '') return { severity: 'error', message: 'Type a SQL LIKE pattern, e.g. urn:li:dataset:(urn:li:dataPlatform:hive,%' };
  if (pattern !== value) return { severity: 'error', message: 'The pattern has leading or trailing spaces.' };
  if (Buffer.byteLength(pattern, 'utf8') > MAX_URN_BYTES) return { severity: 'error', message: `The pattern is longer than ${MAX_URN_BYTES} bytes.` };
  if (looksLikeRegex(pattern)) {
    return {
      severity: 'error',
      message: `This looks like a regular expression; urnLike is a SQL LIKE pattern (% any run, _ one character): try ${regexToLike(pattern)}`,
    };
  }
  if (!/^(urn:|%|_)/.test(pattern)) {
    return { severity: 'error', message: `Every URN starts with "urn:", so this matches nothing: try urn:li:${pattern.replace(/^:+/, '')}` };
  }
  if (pattern === '%' || /^%+$/.test(pattern) || pattern === 'urn:%' || pattern === 'urn:li:%') {
    return { severity: 'warning', message: 'This matches every row in the database: the restore may take a long time.' };
  }
  if (!hasUnescaped(pattern, '%')) {
    const underscores = hasUnescaped(pattern, '_');
    return {
      severity: 'warning',
      message: underscores
        ? 'No % wildcard: only URNs of exactly this length match ("_" stands for any one character). Add % to match more.'
        : `No wildcard: only this exact URN matches. Add % to match more, e.g. ${pattern.replace(/[^:(,]*$/, '')}%`,
    };
  }
  return undefined;
}

/** A whole number within bounds, as typed in an input box. */
export function checkInteger(value: string, name: string, min: number, max: number): InputCheck | undefined {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return { severity: 'error', message: `${name} must be a whole number from ${min} to ${max}.` };
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    return { severity: 'error', message: `${name} must be a whole number from ${min} to ${max}.` };
  }
  return undefined;
}

export const checkStart = (value: string): InputCheck | undefined => checkInteger(value, 'start', 0, 2_147_483_647);
export const checkBatchSize = (value: string): InputCheck | undefined => checkInteger(value, 'batchSize', 1, MAX_BATCH_SIZE);
