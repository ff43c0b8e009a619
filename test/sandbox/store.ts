// The in-memory "SQL store" restoreIndices reads: rows sorted by (urn, aspect),
// selections by urn / urnLike / aspect / createdOn cached, so paging through
// 100k matching rows costs a slice per request, not a scan.

import type { AspectRow } from './data';
import { compileLike, lowerBound, prefixRange } from './like';

export interface RowFilter {
  urn?: string;
  urnLike?: string;
  aspect?: string;
  gePitEpochMs?: number;
  lePitEpochMs?: number;
}

/** The entities of one type in URN order, each with its rows `[rowStart[i], rowStart[i + 1])`. */
export interface TypeEntities {
  urns: string[];
  rowStart: Int32Array;
}

export class AspectStore {
  private readonly urns: string[];
  private readonly minCreated: number;
  private readonly maxCreated: number;
  private readonly selections = new Map<string, Int32Array>();
  /** Restore count per row index. */
  private counts: Uint32Array;
  private readonly byType = new Map<string, TypeEntities>();

  constructor(readonly rows: readonly AspectRow[]) {
    this.urns = rows.map((r) => r.urn);
    this.counts = new Uint32Array(rows.length);
    let min = Infinity;
    let max = -Infinity;
    for (const r of rows) {
      if (r.createdOn < min) min = r.createdOn;
      if (r.createdOn > max) max = r.createdOn;
    }
    this.minCreated = min;
    this.maxCreated = max;
  }

  /** Indices (into rows) of the matching rows, in restore order. */
  select(filter: RowFilter): Int32Array {
    // Time bounds that exclude nothing are dropped, so "now" as a default does not defeat the cache.
    const ge = filter.gePitEpochMs !== undefined && filter.gePitEpochMs > this.minCreated ? filter.gePitEpochMs : undefined;
    const le = filter.lePitEpochMs !== undefined && filter.lePitEpochMs < this.maxCreated ? filter.lePitEpochMs : undefined;
    const key = [filter.urn, filter.urnLike, filter.aspect, ge, le].map((v) => (v === undefined ? '\u0001' : String(v))).join('\u0000');
    const cached = this.selections.get(key);
    if (cached) return cached;
    let [from, to] = [0, this.rows.length];
    let test: ((urn: string) => boolean) | undefined;
    if (filter.urn !== undefined) {
      [from, to] = prefixRange(this.urns, filter.urn);
      const exact = filter.urn;
      test = (urn) => urn === exact;
    }
    if (filter.urnLike !== undefined) {
      const like = compileLike(filter.urnLike);
      const [lo, hi] = prefixRange(this.urns, like.prefix);
      [from, to] = [Math.max(from, lo), Math.min(to, hi)];
      const previous = test;
      const own = like.kind === 'prefix' ? undefined : (urn: string) => like.regex.test(urn);
      test = previous && own ? (urn) => previous(urn) && own(urn) : (previous ?? own);
    }
    const out: number[] = [];
    for (let i = from; i < to; i++) {
      const row = this.rows[i];
      if (test && !test(row.urn)) continue;
      if (filter.aspect !== undefined && row.aspect !== filter.aspect) continue;
      if (ge !== undefined && row.createdOn < ge) continue;
      if (le !== undefined && row.createdOn > le) continue;
      out.push(i);
    }
    const selection = Int32Array.from(out);
    if (this.selections.size >= 200) this.selections.delete(this.selections.keys().next().value as string);
    this.selections.set(key, selection);
    return selection;
  }

  /** Whether any row has this URN (a binary search: no selection is cached). */
  hasUrn(urn: string): boolean {
    return this.urns[lowerBound(this.urns, urn)] === urn;
  }

  /** The distinct URNs of an entity type in order, computed once per type (the rows never change). */
  entitiesOf(entityType: string): TypeEntities {
    const hit = this.byType.get(entityType);
    if (hit) return hit;
    const [from, to] = prefixRange(this.urns, `urn:li:${entityType}:`);
    const urns: string[] = [];
    const starts: number[] = [];
    for (let i = from; i < to; i++) {
      if (i === from || this.urns[i] !== this.urns[i - 1]) {
        urns.push(this.urns[i]);
        starts.push(i);
      }
    }
    starts.push(to);
    const entities = { urns, rowStart: Int32Array.from(starts) };
    this.byType.set(entityType, entities);
    return entities;
  }

  /** Counts one restore of rows[index]. */
  markRestored(index: number): void {
    this.counts[index]++;
  }

  /** "urn|aspect" -> times restored, for the rows restored at least once. */
  restoreCounts(): Record<string, number> {
    const out: Record<string, number> = {};
    this.counts.forEach((n, i) => {
      if (n > 0) out[`${this.rows[i].urn}|${this.rows[i].aspect}`] = n;
    });
    return out;
  }

  resetCounts(): void {
    this.counts.fill(0);
  }

  countRows(urnLike?: string): number {
    return urnLike === undefined ? this.rows.length : this.select({ urnLike }).length;
  }
}
