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

/** `urn:li:<type>:` with a type free of LIKE wildcards ("%", "_"), e.g. "urn:li:dataset:". */
const CONCRETE_TYPE_PREFIX = /^urn:li:[A-Za-z][A-Za-z0-9]*:/;

/**
 * True when a pattern starts with a concrete `urn:li:<type>:` prefix, so it stays
 * within one entity type. One that does not ("%:%", "%li%", "%a%") may match every
 * URN and counts as "all" before a restore: it asks, and on production the pattern
 * is typed.
 */
export function hasConcreteTypePrefix(pattern: string): boolean {
  return CONCRETE_TYPE_PREFIX.test(pattern.trim());
}

/** The patterns that cover every entity: the only scope where `clean` restores what it wipes. */
export function coversEverything(urnLike: string): boolean {
  return urnLike === '%' || urnLike === 'urn:%' || urnLike === 'urn:li:%';
}

/**
 * A pattern broad enough that the endpoint (meant for a few thousand aspects) is the
 * wrong tool: everything, or a whole entity type (`urn:li:dataset:%`).
 */
export function isBroadPattern(urnLike: string): boolean {
  return coversEverything(urnLike) || /^urn:li:[A-Za-z][A-Za-z0-9_]*:%$/.test(urnLike);
}
