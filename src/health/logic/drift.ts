// Drift between DataHub's database and its search index, in four groups: in both
// (healthy), in the database only (search misses it: a restore adds it), in search
// only (a document whose entity is gone: restoreIndices never removes it), in neither
// (not an entity on this server). Counts are exact; the URNs kept per group are capped
// so a check over 100,000 entities holds a bounded list, not all of them.

export type DriftGroup = 'both' | 'databaseOnly' | 'searchOnly' | 'neither';
export const DRIFT_GROUPS: readonly DriftGroup[] = ['databaseOnly', 'searchOnly', 'neither', 'both'];

/** URNs kept per group (the counts go on beyond it). */
export const MAX_LISTED = 1000;

export const GROUP_LABELS: Record<DriftGroup, string> = {
  both: 'In both',
  databaseOnly: 'In the database only',
  searchOnly: 'In search only',
  neither: 'In neither',
};

export const GROUP_MEANING: Record<DriftGroup, string> = {
  both: 'the database has the entity and search returns it',
  databaseOnly: 'the database has the entity, search does not return it (a restore adds it)',
  searchOnly: 'search returns a document whose entity is not in the database (restoreIndices never removes it)',
  neither: 'neither the database nor search knows this URN',
};

export class DriftTally {
  readonly counts: Record<DriftGroup, number> = { both: 0, databaseOnly: 0, searchOnly: 0, neither: 0 };
  readonly urns: Record<DriftGroup, string[]> = { both: [], databaseOnly: [], searchOnly: [], neither: [] };

  add(urn: string, inDatabase: boolean, inSearch: boolean): DriftGroup {
    const group: DriftGroup = inDatabase ? (inSearch ? 'both' : 'databaseOnly') : inSearch ? 'searchOnly' : 'neither';
    this.counts[group]++;
    if (this.urns[group].length < MAX_LISTED) this.urns[group].push(urn);
    return group;
  }

  /** Moves a URN out of a group's list and count (e.g. a soft-deleted one: hidden from search on purpose). */
  remove(urn: string, group: DriftGroup): void {
    const at = this.urns[group].indexOf(urn);
    if (at >= 0) this.urns[group].splice(at, 1);
    this.counts[group] = Math.max(0, this.counts[group] - 1);
  }

  get drift(): number {
    return this.counts.databaseOnly + this.counts.searchOnly;
  }
}

/** The chance that n entities drawn at random include at least one drifted one when `rate` of all have drifted. */
export function chanceToSee(n: number, rate = 0.01): number {
  if (n <= 0) return 0;
  return 1 - Math.pow(1 - rate, n);
}

export interface SampleInfo {
  /** Documents read. */
  checked: number;
  /** Documents the index holds for the scope (its own count). */
  total: number;
  /** True when every document was read: not a sample. */
  complete: boolean;
}

/** "a sample: 2,000 of 48,120 documents; a 1% drift would have shown with 99.9% chance" or "all 120 documents". */
export function describeSample(sample: SampleInfo): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (sample.complete) return `all ${n(sample.checked)} documents`;
  const chance = chanceToSee(sample.checked);
  const pct = chance >= 0.9995 ? '> 99.9' : (chance * 100).toFixed(1);
  return `a sample: ${n(sample.checked)} of ${n(sample.total)} documents; a 1% drift would have shown with ${pct}% chance`;
}
