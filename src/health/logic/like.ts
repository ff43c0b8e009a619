// SQL LIKE as DataHub's restoreIndices applies urnLike (EbeanAspectDao: `urn LIKE ?`):
// `%` any run of characters, `_` any one, everything else itself. Used to keep the
// URNs read from search that a pattern names.
export function likeMatcher(pattern: string): (urn: string) => boolean {
  let source = '';
  for (const c of pattern) {
    if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  const regex = new RegExp(`^${source}$`);
  return (urn) => regex.test(urn);
}

/** The entity type a pattern names (`urn:li:dataset:...`), if it names one. */
export function entityTypeOfPattern(pattern: string): string | undefined {
  return /^urn:li:([A-Za-z][A-Za-z0-9_]*):/.exec(pattern)?.[1];
}
