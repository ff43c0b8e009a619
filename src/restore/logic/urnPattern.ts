// What a urnLike (SQL LIKE) pattern covers, for deciding when a restore must ask.

const EVERY_URN_PREFIX = 'urn:li:';

/**
 * True when a LIKE pattern matches every URN ("%", "urn:li:%", "urn:%", "___%"):
 * it ends with "%" and, "%" removed, is a prefix of "urn:li:" ("_" matching any
 * one character).
 */
export function matchesEveryUrn(pattern: string): boolean {
  const text = pattern.trim();
  if (!text.endsWith('%')) return false;
  const fixed = text.replace(/%/g, '');
  if (fixed.length > EVERY_URN_PREFIX.length) return false;
  for (let i = 0; i < fixed.length; i++) {
    if (fixed[i] !== '_' && fixed[i].toLowerCase() !== EVERY_URN_PREFIX[i]) return false;
  }
  return true;
}
