// restoreIndices: which rows a request covers, and the Java Map.toString()
// text GMS answers with, in the legacy and the newer (Lombok) form.
//
// Rows covered (ordered by urn, then aspect; `start` is the offset):
//   legacy: [start, start + batchSize)   (batchSize <= 0: no cap, as Ebean's setMaxRows(0))
//   newer:  limit > 0 -> [start, start + limit); limit 0 (the default) -> every row from start
//           to the end, filter or not (DataHub's EbeanAspectDao.streamAspectBatches sets
//           setMaxRows only for limit > 0), read in internal batches of batchSize
//           (EntityServiceImpl.restoreIndices partitions the stream by args.batchSize).
// The time window (newer only): EbeanAspectDao.streamAspectBatches filters on createdon
// only `if (args.gePitEpochMs > 0)`, and then both bounds apply: an upper bound alone is
// ignored. RestoreIndicesArgs defaults lePitEpochMs to now and batchSize to 500.
// A failing internal batch is logged and dropped by EntityServiceImpl.restoreIndices
// (its catch returns null, filtered out): the answer just has fewer result lines.
// The answer is Utils.restoreIndices' HashMap.toString() of {args, result}, where result
// is the batch lines joined by "\n": `{args=RestoreIndicesArgs(...), result=}` when no
// row matched (metadata-service/restli-servlet-impl/.../operations/Utils.java).

import type { ServerVersion } from './api';
import type { AspectRow } from './data';
import type { Params } from './params';
import { jsonReply, restliError, type Reply } from './restli';
import type { AspectStore } from './store';

/** RestoreIndicesArgs.DEFAULT_BATCH_SIZE on newer servers (legacy: 10). */
export const NEWER_DEFAULT_BATCH_SIZE = 500;
/** The internal batch of an all-rows request with the default batch size (kept for tests). */
export const INTERNAL_BATCH = NEWER_DEFAULT_BATCH_SIZE;

export interface BatchResult {
  ignored: number;
  rowsMigrated: number;
  last?: AspectRow;
}

/** What Urn.createFromString accepts: urn:<ns>:<type>:<key> with balanced parentheses. */
export function acceptedUrn(urn: string): boolean {
  if (!/^urn:[^:]+:[^:]+:.+$/s.test(urn)) return false;
  let depth = 0;
  for (const ch of urn) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Plausible, deterministic timings for a batch of n rows (10 rows give the reference's 12/1/3/40). */
export function timings(n: number): Record<string, number> {
  return {
    timeSqlQueryMs: n === 0 ? 1 : 2 + Math.round(10 * Math.log10(1 + n)),
    timeGetRowMs: 0,
    timeUrnMs: Math.floor(n / 10),
    timeEntityRegistryCheckMs: 0,
    aspectCheckMs: 0,
    createRecordMs: Math.ceil(n * 0.3),
    sendMessageMs: n * 4,
  };
}

function javaNullable(v: string | number | boolean | undefined): string {
  return v === undefined ? 'null' : String(v);
}

function fields(record: Record<string, string | number>): string {
  return Object.entries(record)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
}

export interface RestoreFaults {
  /** Internal batches (0-based, in the order of this answer) that fail on the server. */
  failedBatches?: readonly number[];
}

export function restoreIndices(p: Params, store: AspectStore, version: ServerVersion, faults: RestoreFaults = {}): Reply {
  const urn = p.urn as string | undefined;
  const urnLike = p.urnLike as string | undefined;
  const aspect = p.aspect as string | undefined;
  if (urn !== undefined && !acceptedUrn(urn)) {
    return restliError(500, `java.lang.RuntimeException: Failed to retrieve entity with urn ${urn}, invalid urn`, 'restoreIndices');
  }
  const start = Math.max(0, (p.start as number | undefined) ?? 0);
  const legacy = version === 'legacy';
  const batchSize = (p.batchSize as number | undefined) ?? (legacy ? 10 : NEWER_DEFAULT_BATCH_SIZE);
  const limit = legacy ? 0 : ((p.limit as number | undefined) ?? 0);
  const gePitEpochMs = legacy ? 0 : ((p.gePitEpochMs as number | undefined) ?? 0);
  const lePitEpochMs = legacy ? 0 : ((p.lePitEpochMs as number | undefined) ?? Date.now());
  const createDefaultAspects = !legacy && p.createDefaultAspects === true;
  const batches = restoreBatches(store, { urn, urnLike, aspect, start, batchSize, limit, gePitEpochMs, lePitEpochMs, legacy }, faults);

  if (legacy) {
    const args = fields({
      start,
      batchSize,
      numThreads: 1,
      batchDelayMs: 1,
      aspectName: javaNullable(aspect),
      urn: javaNullable(urn),
      urnLike: javaNullable(urnLike),
    });
    const b = batches[0];
    const result = fields({ ignored: b.ignored, rowsMigrated: b.rowsMigrated, ...timings(b.ignored + b.rowsMigrated) });
    return jsonReply({ value: `{args=RestoreIndicesArgs(${args}), result=RestoreIndicesResult{${result}}}` });
  }
  const args = fields({
    start,
    batchSize,
    limit,
    numThreads: 1,
    batchDelayMs: 1000,
    gePitEpochMs,
    lePitEpochMs,
    aspectName: javaNullable(aspect),
    aspectNames: '[]',
    urn: javaNullable(urn),
    urnLike: javaNullable(urnLike),
    urnBasedPagination: 'false',
    lastUrn: '',
    lastAspect: '',
    createDefaultAspects: String(createDefaultAspects),
  });
  const lines = batches.map((b) => `RestoreIndicesResult(${fields(resultRecord(b, createDefaultAspects))})`);
  return jsonReply({ value: `{args=RestoreIndicesArgs(${args}), result=${lines.join('\n')}}` });
}

/**
 * One RestoreIndicesResult, fields in declaration order (RestoreIndicesResult.java, Lombok @Data):
 * the Rest.li answer prints it with toString(), the OpenAPI one serialises it with Jackson.
 */
export function resultRecord(b: BatchResult, createDefaultAspects: boolean): Record<string, string | number> {
  return {
    ignored: b.ignored,
    rowsMigrated: b.rowsMigrated,
    ...timings(b.ignored + b.rowsMigrated),
    // One key aspect written per restored row (EntityServiceImpl: one ingest per row).
    defaultAspectsCreated: createDefaultAspects ? b.rowsMigrated : 0,
    lastUrn: b.last?.urn ?? '',
    lastAspect: b.last?.aspect ?? '',
  };
}

export interface RestoreSelection {
  urn?: string;
  urnLike?: string;
  aspect?: string;
  start: number;
  batchSize: number;
  /** 0: every matching row from start (newer); ignored by legacy. */
  limit: number;
  /** > 0 turns the createdon window on (then lePitEpochMs applies too). */
  gePitEpochMs: number;
  lePitEpochMs: number;
  legacy: boolean;
}

/**
 * The rows a restore covers, restored in internal batches (both transports: Rest.li's
 * OperationsResource and the OpenAPI ElasticsearchController call the same
 * EntityServiceImpl.restoreIndices(args)). Failed batches are skipped: not restored, not returned.
 */
export function restoreBatches(store: AspectStore, sel: RestoreSelection, faults: RestoreFaults = {}): BatchResult[] {
  const { start, batchSize, limit, gePitEpochMs, lePitEpochMs, legacy } = sel;
  const windowed = gePitEpochMs > 0;
  const selection = store.select({
    urn: sel.urn,
    urnLike: sel.urnLike,
    aspect: sel.aspect,
    gePitEpochMs: windowed ? gePitEpochMs : undefined,
    lePitEpochMs: windowed ? lePitEpochMs : undefined,
  });
  let count: number;
  if (legacy) count = batchSize > 0 ? batchSize : Infinity;
  else count = limit > 0 ? limit : Infinity;
  const end = Math.min(selection.length, start + count);

  const failed = new Set(legacy ? [] : (faults.failedBatches ?? []));
  const batches: BatchResult[] = [];
  const step = legacy || batchSize <= 0 ? Infinity : batchSize;
  let index = 0;
  for (let from = start; from < end || (legacy && batches.length === 0); from += step, index++) {
    if (failed.has(index)) continue;
    const batch: BatchResult = { ignored: 0, rowsMigrated: 0 };
    for (let i = from; i < Math.min(end, from + step); i++) {
      const row = store.rows[selection[i]];
      batch.last = row;
      if (row.ignored) batch.ignored++;
      else {
        batch.rowsMigrated++;
        store.markRestored(selection[i]);
      }
    }
    batches.push(batch);
  }

  return batches;
}
