// Grouping, sorting and filtering of timeseries index sizes. Pure: works on the
// client's IndexSize values and raw megabytes; formatting lives in format.ts.
import type { IndexSize } from '../../gms/types';
import { formatDateTime, formatIndexCount, formatSize, isKnownSize } from '../../shared/format';
import { OTHER_INDICES } from '../../shared/namedIndices';

export type SortMode = 'size' | 'name';

export interface IndexGroup {
  entityName: string;
  /** The group's indices, in display order once sorted. */
  indices: IndexSize[];
  /** Sum of the known sizes, in decimal MB. */
  totalMb: number;
  /** How many indices have no usable size. */
  unknownCount: number;
}

/** Sum of the known sizes, in decimal MB. */
export function totalMbOf(indices: readonly IndexSize[]): number {
  let total = 0;
  for (const index of indices) if (isKnownSize(index.sizeMb)) total += index.sizeMb;
  return total;
}

export function countUnknown(indices: readonly IndexSize[]): number {
  return indices.filter((index) => !isKnownSize(index.sizeMb)).length;
}

/** The group an index is listed under: its entity, or "other indices" when the server did not name it. */
export function groupNameOf(index: IndexSize): string {
  return index.named === false ? OTHER_INDICES : index.entityName;
}

/** One group per entity name, in first-seen order (sort afterwards); unnamed indices go to "other indices". */
export function groupIndices(indices: readonly IndexSize[]): IndexGroup[] {
  const byEntity = new Map<string, IndexSize[]>();
  for (const index of indices) {
    const key = groupNameOf(index);
    const list = byEntity.get(key);
    if (list) list.push(index);
    else byEntity.set(key, [index]);
  }
  return [...byEntity].map(([entityName, list]) => ({
    entityName,
    indices: list,
    totalMb: totalMbOf(list),
    unknownCount: countUnknown(list),
  }));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

function byIndexName(a: IndexSize, b: IndexSize): number {
  return collator.compare(a.aspectName, b.aspectName) || collator.compare(a.indexName, b.indexName);
}

/** Largest first; unknown sizes last; ties by name. */
export function compareIndices(a: IndexSize, b: IndexSize, mode: SortMode): number {
  if (mode === 'name') return byIndexName(a, b);
  const ka = isKnownSize(a.sizeMb);
  const kb = isKnownSize(b.sizeMb);
  if (ka !== kb) return ka ? -1 : 1;
  if (ka && kb && a.sizeMb !== b.sizeMb) return (b.sizeMb as number) - (a.sizeMb as number);
  return byIndexName(a, b);
}

/** Groups by total (largest first; groups with only unknown sizes last) or by entity name. */
export function compareGroups(a: IndexGroup, b: IndexGroup, mode: SortMode): number {
  // Indices of other deployments come after this server's own, whatever their size.
  const oa = a.entityName === OTHER_INDICES;
  if (oa !== (b.entityName === OTHER_INDICES)) return oa ? 1 : -1;
  if (mode === 'size') {
    const ua = a.unknownCount === a.indices.length;
    const ub = b.unknownCount === b.indices.length;
    if (ua !== ub) return ua ? 1 : -1;
    if (a.totalMb !== b.totalMb) return b.totalMb - a.totalMb;
  }
  return collator.compare(a.entityName, b.entityName);
}

/** Returns new, sorted groups whose indices are sorted too. */
export function sortGroups(groups: readonly IndexGroup[], mode: SortMode): IndexGroup[] {
  return groups
    .map((group) => ({ ...group, indices: [...group.indices].sort((a, b) => compareIndices(a, b, mode)) }))
    .sort((a, b) => compareGroups(a, b, mode));
}

/** Longer filters are cut here: no index name is this long. */
export const MAX_FILTER_LENGTH = 256;

/**
 * A filter predicate: case-insensitive substring of the entity, aspect or index
 * name; `*` matches any run of characters. An empty filter matches everything.
 */
export function indexMatcher(filter: string): (index: IndexSize) => boolean {
  const text = filter.trim().slice(0, MAX_FILTER_LENGTH).toLowerCase();
  if (!text) return () => true;
  let test: (value: string) => boolean;
  if (text.includes('*')) {
    // Parts in order, each found after the previous one (leftmost first is always
    // right for a `*`-only pattern): linear, where a `.*` regex backtracks badly.
    const parts = text.split('*').filter((part) => part !== '');
    test = (value) => {
      let from = 0;
      for (const part of parts) {
        const at = value.indexOf(part, from);
        if (at < 0) return false;
        from = at + part.length;
      }
      return true;
    };
  } else {
    test = (value) => value.includes(text);
  }
  return (index) => test(index.entityName.toLowerCase()) || test(index.aspectName.toLowerCase()) || test(index.indexName.toLowerCase());
}

export function filterIndices(indices: readonly IndexSize[], filter: string): IndexSize[] {
  return indices.filter(indexMatcher(filter));
}

/**
 * The whole pipeline the tree shows: filter, group, sort. Same result as
 * sortGroups(groupIndices(filterIndices(...))), without copying a 10,000-index
 * list three times: the group lists are new here, so they are sorted in place.
 */
export function arrangeIndices(indices: readonly IndexSize[], filter: string, mode: SortMode): IndexGroup[] {
  const shown = filter.trim() === '' ? indices : filterIndices(indices, filter);
  const groups = groupIndices(shown);
  const byIndex = (a: IndexSize, b: IndexSize): number => compareIndices(a, b, mode);
  for (const group of groups) group.indices.sort(byIndex);
  return groups.sort((a, b) => compareGroups(a, b, mode));
}

/** True when an index is above the warning threshold (in decimal GB; 0 turns it off). */
export function isOverThreshold(sizeMb: number | null, thresholdGb: number): boolean {
  return thresholdGb > 0 && isKnownSize(sizeMb) && sizeMb > thresholdGb * 1000;
}

/** "3 indices · 18.3 GB" (with "· 1 unknown" when some sizes are missing). */
export function describeGroup(group: IndexGroup): string {
  const parts = [formatIndexCount(group.indices.length), formatSize(group.totalMb)];
  if (group.unknownCount > 0) parts.push(`${group.unknownCount} unknown`);
  return parts.join(' · ');
}

/** "42 indices · 37.5 GB · fetched 2026-11-23 10:42 (UTC+01:00)" for the view's message line. */
export function describeTotals(indices: readonly IndexSize[], fetchedAt: Date): string {
  const parts = [formatIndexCount(indices.length), formatSize(totalMbOf(indices))];
  const unknown = countUnknown(indices);
  if (unknown > 0) parts.push(`${unknown} of unknown size`);
  parts.push(`fetched ${formatDateTime(fetchedAt.getTime())}`);
  return parts.join(' · ');
}

/** "Filter: profile — 2 of 9 indices". */
export function describeFilter(filter: string, shown: number, total: number): string {
  return `Filter: ${filter.trim()} — ${shown} of ${formatIndexCount(total)}`;
}

/** The text datahub.copyEntityAspect puts on the clipboard: what a truncation needs. */
export function entityAspectText(index: Pick<IndexSize, 'entityName' | 'aspectName'>): string {
  return `entityType=${index.entityName} aspect=${index.aspectName}`;
}
