// Timeseries indices (what getIndexSizes reports and truncateTimeseriesAspect
// deletes from) and the search-engine tasks a real truncate starts. Each stored
// document stands for many bytes, so an 18 GB index needs only a few thousand numbers.

import type { ExtraIndex } from './api';
import { createRandom } from './random';

export const NODE_ID = 'qhxGdzytQS-pQek8CwBCZg';
const DAY = 86_400_000;
const SPAN_MS = 400 * DAY;

export interface TimeseriesIndex {
  name: string;
  /**
   * An alias over a concrete index (as a reindex by DataHub's system update leaves it): only such an
   * index can be reindexed in place. Indices are created plain (ESIndexBuilder.java reindexInPlaceAsync).
   */
  alias?: boolean;
  /** Parsed from the name; absent when the name does not follow <entity>_<aspect>aspect_v1. */
  entityName?: string;
  aspectName?: string;
  baseBytes: number;
  bytesPerDoc: number;
  /** Served as given instead of bytes / 1e6 (extra indices keep their exact number). */
  fixedSizeInMb?: number;
  /** Document timestamps, ascending. */
  timestamps: number[];
}

interface IndexSeed {
  name: string;
  bytes: number;
  docs: number;
  alias?: boolean;
  /** Another deployment's index: listed by an unprefixed server only (its pattern is *aspect_v1). */
  foreign?: boolean;
}

/** The default indices; sizes span 208 bytes to ~18 GB (two above the 10 GB warning). */
export const INDEX_SEEDS: readonly IndexSeed[] = [
  { name: 'dataset_datasetprofileaspect_v1', bytes: 18_342_113_000, docs: 6000 },
  // Reindexed once by a system update: an alias, so an in-place reindex works on it.
  { name: 'dataset_datasetusagestatisticsaspect_v1', bytes: 2_711_050_000, docs: 4000, alias: true },
  { name: 'dataset_operationaspect_v1', bytes: 640_500_000, docs: 3000 },
  { name: 'chart_chartusagestatisticsaspect_v1', bytes: 12_750_000, docs: 800 },
  { name: 'dashboard_dashboardusagestatisticsaspect_v1', bytes: 9_001_000, docs: 201 },
  { name: 'dataprocessinstance_dataprocessinstanceruneventaspect_v1', bytes: 11_420_000_000, docs: 5000 },
  { name: 'assertion_assertionruneventaspect_v1', bytes: 208, docs: 0 },
  { name: 'datajob_datajobruneventaspect_v1', bytes: 48_200_000, docs: 1200 },
  { name: 'dataflow_dataflowruneventaspect_v1', bytes: 3_400_000, docs: 150 },
  // Another deployment's index in the same cluster (prefix t01): an unprefixed server lists it, without names.
  { name: 't01_dataset_operationaspect_v1', bytes: 1_250_000, docs: 50, foreign: true },
];

/**
 * entityName/aspectName the way GMS derives them (IndexConventionImpl.getEntityAndAspectName,
 * datahub-project/datahub): only when the name, after this server's own prefix, splits into exactly
 * <entity>_<aspect> before "aspect_v1". A foreign prefix leaves three parts: no names.
 */
export function parseIndexName(name: string, prefix = ''): { entityName: string; aspectName: string } | undefined {
  const own = prefix ? `${prefix}_` : '';
  if (!name.startsWith(own)) return undefined;
  const end = name.indexOf('aspect_v1');
  if (end <= own.length) return undefined;
  const parts = name.slice(own.length, end).split('_');
  return parts.length === 2 ? { entityName: parts[0], aspectName: parts[1] } : undefined;
}

function buildIndex(seed: IndexSeed, random: () => number, anchorMs: number, prefix = ''): TimeseriesIndex {
  const bytesPerDoc = seed.docs > 0 ? Math.floor(seed.bytes / seed.docs) : 0;
  const step = SPAN_MS / Math.max(seed.docs, 1);
  const timestamps: number[] = [];
  for (let i = 0; i < seed.docs; i++) timestamps.push(Math.floor(anchorMs - SPAN_MS + (i + random()) * step));
  const names = parseIndexName(seed.name, prefix);
  return { name: seed.name, ...names, alias: seed.alias, baseBytes: seed.bytes - bytesPerDoc * seed.docs, bytesPerDoc, timestamps };
}

export function indexBytes(index: TimeseriesIndex): number {
  return index.baseBytes + index.bytesPerDoc * index.timestamps.length;
}

export function indexSizeInMb(index: TimeseriesIndex): number {
  return index.fixedSizeInMb ?? indexBytes(index) / 1e6;
}

function extraIndex(e: ExtraIndex): TimeseriesIndex {
  return {
    name: e.indexName,
    entityName: e.entityName,
    aspectName: e.aspectName,
    baseBytes: e.sizeInMb * 1e6,
    bytesPerDoc: 0,
    fixedSizeInMb: e.sizeInMb,
    timestamps: [],
  };
}

/** Number of documents at or before endTimeMillis. */
export function countAtOrBefore(index: TimeseriesIndex, endTimeMillis: number): number {
  let lo = 0;
  let hi = index.timestamps.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index.timestamps[mid] <= endTimeMillis) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface TruncateTask {
  id: string;
  index: TimeseriesIndex;
  endTimeMillis: number;
  toDelete: number;
  batchSize: number;
  startedAt: number;
  durationMs: number;
  applied: boolean;
}

export class TimeseriesStore {
  private readonly seeded: TimeseriesIndex[];
  /** Extra indices by name: replace a seeded one of the same name, else appended. */
  private extras = new Map<string, TimeseriesIndex>();
  private readonly tasks = new Map<string, TruncateTask>();
  private nextTask = 54_654;
  /** Other search-engine tasks the status operation knows (a system update's reindexes, k8sSystemUpdate.ts). */
  otherTask?: (id: string, now: number) => Record<string, unknown> | undefined;
  /** This server's index prefix ('' when none). */
  readonly prefix: string;

  constructor(seed: number, anchorMs: number, options: { extraIndices?: number | ExtraIndex[]; indexPrefix?: string } = {}) {
    const r = createRandom(seed ^ 0x5eed);
    const prefix = options.indexPrefix ?? '';
    this.prefix = prefix;
    // A prefixed server lists only <prefix>_*aspect_v1: other deployments' indices stay out of its listing.
    const seeds = prefix ? INDEX_SEEDS.filter((s) => !s.foreign) : INDEX_SEEDS;
    this.seeded = seeds.map((s) => buildIndex({ ...s, name: prefix ? `${prefix}_${s.name}` : s.name }, r.next, anchorMs, prefix));
    if (Array.isArray(options.extraIndices)) this.setExtras(options.extraIndices, true);
    const synthetic = typeof options.extraIndices === 'number' ? options.extraIndices : 0;
    const parseable = INDEX_SEEDS.filter((s) => parseIndexName(s.name));
    for (let i = 0; i < synthetic; i++) {
      // Many tenants' prefixed copies of the real index names, as a shared cluster would show.
      const base = parseable[i % parseable.length];
      const tenant = `t${String(Math.floor(i / parseable.length)).padStart(4, '0')}`;
      const bytes = Math.floor(10 ** r.int(3, 10) * (1 + r.next()));
      this.seeded.push(buildIndex({ name: `${tenant}_${base.name}`, bytes, docs: r.int(0, 20) }, r.next, anchorMs, prefix));
    }
  }

  /** What getIndexSizes reports, in a stable order. */
  get indices(): TimeseriesIndex[] {
    if (this.extras.size === 0) return this.seeded;
    const seededNames = new Set(this.seeded.map((i) => i.name));
    const appended = [...this.extras.values()].filter((i) => !seededNames.has(i.name));
    return [...this.seeded.map((i) => this.extras.get(i.name) ?? i), ...appended];
  }

  setExtras(extras: ExtraIndex[], replace: boolean): void {
    if (replace) this.extras = new Map();
    for (const e of extras) this.extras.set(e.indexName, extraIndex(e));
  }

  /** The index truncateTimeseriesAspect addresses (the first one listed); entity and aspect compare case-insensitively. */
  find(entityType: string, aspect: string): TimeseriesIndex | undefined {
    // The server computes the index name from entity and aspect; extra indices served verbatim match by their names.
    const indexName = this.indexNameFor(entityType, aspect);
    const entity = entityType.toLowerCase();
    const name = aspect.toLowerCase();
    return this.indices.find((i) => i.name === indexName) ?? this.indices.find((i) => i.entityName === entity && i.aspectName === name);
  }

  /** Finishes tasks whose time has come: their documents really go. */
  settle(now = Date.now()): void {
    for (const task of this.tasks.values()) {
      if (task.applied || now < task.startedAt + task.durationMs) continue;
      task.applied = true;
      task.index.timestamps.splice(0, countAtOrBefore(task.index, task.endTimeMillis));
    }
  }

  /** What an older server's synchronous reindex did: the rows at or before the cutoff are gone when it answers. */
  deleteNow(index: TimeseriesIndex, endTimeMillis: number): void {
    index.timestamps.splice(0, countAtOrBefore(index, endTimeMillis));
  }

  /** The index name this server gives an entity and aspect (IndexConventionImpl.getTimeseriesAspectIndexName). */
  indexNameFor(entityType: string, aspect: string): string {
    return `${this.prefix ? `${this.prefix}_` : ''}${entityType}_${aspect}aspect_v1`.toLowerCase();
  }

  startTask(index: TimeseriesIndex, endTimeMillis: number, batchSize: number, durationMs: number): string {
    const id = `${NODE_ID}:${this.nextTask++}`;
    const toDelete = countAtOrBefore(index, endTimeMillis);
    this.tasks.set(id, { id, index, endTimeMillis, toDelete, batchSize, startedAt: Date.now(), durationMs, applied: false });
    if (durationMs <= 0) this.settle();
    return id;
  }

  /** The search engine's task document, as getEsTaskStatus serialises it; undefined when unknown. */
  status(id: string, now = Date.now()): Record<string, unknown> | undefined {
    this.settle(now);
    const task = this.tasks.get(id);
    if (!task) return this.otherTask?.(id, now);
    const elapsed = Math.min(Math.max(now - task.startedAt, 0), task.durationMs);
    const completed = task.applied;
    const deleted = completed ? task.toDelete : Math.floor((task.toDelete * elapsed) / task.durationMs);
    return {
      completed,
      taskId: task.id,
      runTimeNanos: Math.max(1, elapsed) * 1_000_000 + 179_458,
      status: {
        total: task.toDelete,
        updated: 0,
        created: 0,
        deleted,
        batches: Math.ceil(deleted / task.batchSize),
        version_conflicts: 0,
        noops: 0,
      },
    };
  }
}
