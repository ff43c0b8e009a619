// Which index a truncation addresses. The server maps entityType + aspect to its
// own index, so only names the server itself sent for an index are ever used:
// an index listed without them (another deployment sharing the cluster, or a name
// that does not parse) is never truncated, and no name is derived from an index
// name. Pure: no vscode import.
import type { IndexSize } from '../../gms/types';
import { isTruncatable, UNNAMED_REASON } from '../../shared/namedIndices';
import type { TruncateTarget } from './truncateText';

export { isTruncatable, OTHER_INDICES, UNNAMED_REASON } from '../../shared/namedIndices';

/** The truncation target of a listed index; throws with the reason when the server gave no names. */
export function targetOfIndex(index: IndexSize, command: string): TruncateTarget {
  if (!isTruncatable(index)) {
    throw new Error(`${command}: ${index.indexName} cannot be truncated. ${UNNAMED_REASON}`);
  }
  return { entityType: index.entityName, aspect: index.aspectName, indexName: index.indexName };
}

/** The named index the server would truncate for this pair (the registry compares case-insensitively). */
export function findNamedIndex(indices: readonly IndexSize[], entityType: string, aspect: string): IndexSize | undefined {
  const e = entityType.toLowerCase();
  const a = aspect.toLowerCase();
  return indices.find((i) => isTruncatable(i) && i.entityName.toLowerCase() === e && i.aspectName.toLowerCase() === a);
}

/** Levenshtein distance, two rows: names are short. */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length];
}

/**
 * The closest existing targets to a pair that has no index: aspects of the same
 * entity when it has any ("datasetprofile"), else entity/aspect pairs.
 */
export function closestTargets(indices: readonly IndexSize[], entityType: string, aspect: string, max = 3): string[] {
  const named = indices.filter(isTruncatable);
  const e = entityType.toLowerCase();
  const a = aspect.toLowerCase();
  const sameEntity = named.filter((i) => i.entityName.toLowerCase() === e);
  const candidates = sameEntity.length
    ? sameEntity.map((i) => ({ label: i.aspectName, distance: editDistance(a, i.aspectName.toLowerCase()) }))
    : named.map((i) => ({
        label: `${i.entityName}/${i.aspectName}`,
        distance: editDistance(`${e}/${a}`, `${i.entityName}/${i.aspectName}`.toLowerCase()),
      }));
  const seen = new Set<string>();
  return candidates
    .sort((x, y) => x.distance - y.distance || x.label.localeCompare(y.label))
    .filter((c) => !seen.has(c.label) && seen.add(c.label))
    .slice(0, max)
    .map((c) => c.label);
}

/** "no index for dataset/datasetprofil; did you mean datasetprofile?" */
export function noIndexMessage(indices: readonly IndexSize[], entityType: string, aspect: string): string {
  const closest = closestTargets(indices, entityType, aspect);
  const hint = closest.length ? `; did you mean ${closest.join(' or ')}?` : '; the server lists no timeseries index it can truncate.';
  return `no index for ${entityType}/${aspect}${hint} Nothing was sent.`;
}
