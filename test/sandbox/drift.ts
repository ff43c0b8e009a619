// Search drift, the two ways DataHub's indices and its database disagree:
//   - "missing": rows in the database without search documents (searchIndex.ts keeps them;
//     a restore repairs them after the indexing consumer's lag);
//   - "orphans": index documents whose entity has no rows in the database (a hard delete that
//     skipped the index cleanup, as OrphanIndexDocumentCheck.java describes). Search and
//     scrollAcrossEntities find them, entityExists says false, a restore cannot remove them:
//     only the consistency fix DELETE_INDEX_DOCUMENTS does (DeleteIndexDocumentsFix.java).
// This file holds the orphans and the per-type document lists both scans page through.

import { SAMPLE_URNS } from './data';
import { lowerBound } from './like';
import type { AspectStore } from './store';

const ENTITY_TYPE = /^urn:li:([A-Za-z][A-Za-z0-9_]*):(.+)$/;
const DAY = 86_400_000;

/** The entity type of a URN (`dataset` for `urn:li:dataset:...`), or undefined when it is not a URN. */
export function entityTypeOfUrn(urn: string): string | undefined {
  return ENTITY_TYPE.exec(urn)?.[1];
}

/** The documents of one entity type in URN order: entities with rows, and orphans. */
export interface TypeDocuments {
  urns: string[];
  /** For a URN with rows, the index of its first row (its rows run to the next entity's first row); -1 for an orphan. */
  rowStart: Int32Array;
  rowEnd: Int32Array;
}

/** Orphans of the "demo" preset: URNs no seed generates (no `db` domain, no `orphan_elements` charts). */
export const DEMO_ORPHANS = [
  'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders_2019,PROD)',
  'urn:li:dataset:(urn:li:dataPlatform:snowflake,legacy.payments_old,PROD)',
  'urn:li:chart:(looker,orphan_elements.1)',
] as const;

/**
 * The "demo" preset (POST /__sandbox/drift/preset {"name": "demo"}) over the sample datasets: missing from
 * search `db_orders` and the first two other hive datasets in URN order (with the default seed 42
 * `analytics.accounts_raw` and `analytics.campaigns`, both PROD); orphans: DEMO_ORPHANS (2 datasets, 1 chart).
 */
export function demoPreset(store: AspectStore): { missing: string[]; orphans: string[] } {
  const samples = new Set<string>(Object.values(SAMPLE_URNS));
  const hive = store.entitiesOf('dataset').urns.filter((u) => u.startsWith('urn:li:dataset:(urn:li:dataPlatform:hive,') && !samples.has(u));
  return { missing: [SAMPLE_URNS.ordersUnderscoreDataset, ...hive.slice(0, 2)], orphans: [...DEMO_ORPHANS] };
}

export class Orphans {
  /** urn -> when its documents were last written (the consistency scan's grace period reads it). */
  private readonly modified = new Map<string, number>();
  private readonly docs = new Map<string, TypeDocuments>();
  private docsVersion = -1;
  /** Bumped on every change, so cached document lists are rebuilt. */
  version = 0;

  constructor(private readonly store: AspectStore) {}

  clear(): void {
    this.modified.clear();
    this.version++;
  }

  add(urn: string, modifiedAt = Date.now() - DAY): void {
    this.modified.set(urn, modifiedAt);
    this.version++;
  }

  delete(urn: string): boolean {
    const had = this.modified.delete(urn);
    if (had) this.version++;
    return had;
  }

  has(urn: string): boolean {
    return this.modified.has(urn);
  }

  modifiedAt(urn: string): number | undefined {
    return this.modified.get(urn);
  }

  get size(): number {
    return this.modified.size;
  }

  sorted(): string[] {
    return [...this.modified.keys()].sort();
  }

  /** Orphans of one entity type, sorted. */
  ofType(entityType: string): string[] {
    return this.sorted().filter((u) => entityTypeOfUrn(u) === entityType);
  }

  /**
   * Every document of the type in URN order (store entities merged with orphans), built once per
   * change of the orphans and cached: a scroll page costs a binary search and its own length.
   */
  documents(entityType: string): TypeDocuments {
    if (this.docsVersion !== this.version) {
      this.docs.clear();
      this.docsVersion = this.version;
    }
    const hit = this.docs.get(entityType);
    if (hit) return hit;
    const stored = this.store.entitiesOf(entityType);
    const orphans = this.ofType(entityType);
    const n = stored.urns.length + orphans.length;
    const urns: string[] = new Array<string>(n);
    const rowStart = new Int32Array(n);
    const rowEnd = new Int32Array(n);
    let i = 0;
    let j = 0;
    for (let k = 0; k < n; k++) {
      if (j >= orphans.length || (i < stored.urns.length && stored.urns[i] < orphans[j])) {
        urns[k] = stored.urns[i];
        rowStart[k] = stored.rowStart[i];
        rowEnd[k] = stored.rowStart[i + 1];
        i++;
      } else {
        urns[k] = orphans[j++];
        rowStart[k] = -1;
        rowEnd[k] = -1;
      }
    }
    const docs = { urns, rowStart, rowEnd };
    this.docs.set(entityType, docs);
    return docs;
  }
}

/** Index of the first document after `urn` (or at it when `inclusive`). */
export function positionAfter(urns: readonly string[], urn: string, inclusive = false): number {
  const at = lowerBound(urns, urn);
  return !inclusive && urns[at] === urn ? at + 1 : at;
}
