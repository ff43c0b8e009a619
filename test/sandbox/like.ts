// SQL LIKE as MySQL evaluates it on DataHub's urn column (utf8mb4_bin, so case-sensitive):
// `%` any run, `_` exactly one character, `\` escapes the next character, all else literal.

export interface CompiledLike {
  /** Characters before the first wildcard: candidates share it, so a sorted table can be range-scanned. */
  prefix: string;
  /** The pattern is `prefix%` (or just `prefix`): every row in the prefix range matches, no regex needed. */
  kind: 'exact' | 'prefix' | 'pattern';
  regex: RegExp;
}

const REGEX_SPECIALS = /[\\^$.*+?()[\]{}|/]/g;
const cache = new Map<string, CompiledLike>();

export function compileLike(pattern: string): CompiledLike {
  const hit = cache.get(pattern);
  if (hit) return hit;
  let source = '';
  let prefix = '';
  let inPrefix = true;
  let wildcards = 0;
  let trailingPercentOnly = false;
  const chars = Array.from(pattern);
  for (let i = 0; i < chars.length; i++) {
    let ch = chars[i];
    if (ch === '\\' && i + 1 < chars.length) {
      ch = chars[++i];
    } else if (ch === '%' || ch === '_') {
      inPrefix = false;
      wildcards++;
      source += ch === '%' ? '[\\s\\S]*' : '[\\s\\S]';
      trailingPercentOnly = ch === '%' && i === chars.length - 1 && wildcards === 1;
      continue;
    }
    if (inPrefix) prefix += ch;
    source += ch.replace(REGEX_SPECIALS, '\\$&');
  }
  const kind = wildcards === 0 ? 'exact' : trailingPercentOnly ? 'prefix' : 'pattern';
  const compiled: CompiledLike = { prefix, kind, regex: new RegExp(`^${source}$`, 'u') };
  if (cache.size > 500) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/** First index whose value is >= key, in an ascending array. */
export function lowerBound(sorted: readonly string[], key: string, from = 0): number {
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** [from, to) of the values that start with prefix, in an ascending array. */
export function prefixRange(sorted: readonly string[], prefix: string): [number, number] {
  const from = lowerBound(sorted, prefix);
  let lo = from;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].startsWith(prefix)) lo = mid + 1;
    else hi = mid;
  }
  return [from, lo];
}
