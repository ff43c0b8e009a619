// restoreIndices: which rows a request covers, and the Java Map.toString()
// text GMS answers with, in the legacy and the newer (Lombok) form.
//
// Rows covered (ordered by urn, then aspect; `start` is the offset):
//   legacy: [start, start + batchSize)                        (batchSize <= 0: no cap, as Ebean's setMaxRows(0))
//   newer:  limit > 0            -> [start, start + limit)
//           urn or urnLike given -> [start, start + batchSize)  (batchSize <= 0: no cap)
//           neither              -> every row from start        (what DataHub does; clients must refuse to ask)
// The newer form prints one RestoreIndicesResult line per internal batch of
// INTERNAL_BATCH rows, joined by "\n", and answers "" when nothing matched.

import type { ServerVersion } from './api';
import type { AspectRow } from './data';
import type { Params } from './params';
import { jsonReply, restliError, type Reply } from './restli';
import type { AspectStore } from './store';

export const INTERNAL_BATCH = 500;

interface BatchResult {
  ignored: number;
  rowsMigrated: number;
  last?: AspectRow;
}

/** What Urn.createFromString accepts: urn:<ns>:<type>:<key> with balanced parentheses. */
function acceptedUrn(urn: string): boolean {
  if (!/^urn:[^:]+:[^:]+:.+$/s.test(urn)) return false;
  let depth = 0;
  for (const ch of urn) {
    if (ch === '(') depth++;
    else if (ch === ')' && --depth < 0) return false;
  }
  return depth === 0;
}

/** Plausible, deterministic timings for a batch of n rows (10 rows give the reference's 12/1/3/40). */
function timings(n: number): Record<string, number> {
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
  return Object.entries(record).map(([k, v]) => `${k}=${v}`).join(', ');
}

export function restoreIndices(p: Params, store: AspectStore, version: ServerVersion): Reply {
  const urn = p.urn as string | undefined;
  const urnLike = p.urnLike as string | undefined;
  const aspect = p.aspect as string | undefined;
  if (urn !== undefined && !acceptedUrn(urn)) {
    return restliError(500, `java.lang.RuntimeException: Failed to retrieve entity with urn ${urn}, invalid urn`, 'restoreIndices');
  }
  const start = Math.max(0, (p.start as number | undefined) ?? 0);
  const batchSize = (p.batchSize as number | undefined) ?? 10;
  const legacy = version === 'legacy';
  const limit = legacy ? 0 : ((p.limit as number | undefined) ?? 0);
  const gePitEpochMs = legacy ? undefined : ((p.gePitEpochMs as number | undefined) ?? 0);
  const lePitEpochMs = legacy ? undefined : ((p.lePitEpochMs as number | undefined) ?? Date.now());

  const selection = store.select({ urn, urnLike, aspect, gePitEpochMs, lePitEpochMs });
  const filtered = urn !== undefined || urnLike !== undefined;
  let count: number;
  if (legacy) count = batchSize > 0 ? batchSize : Infinity;
  else if (limit > 0) count = limit;
  else count = filtered && batchSize > 0 ? batchSize : Infinity;
  const end = Math.min(selection.length, start + count);

  const batches: BatchResult[] = [];
  const step = legacy ? Infinity : INTERNAL_BATCH;
  for (let from = start; from < end || (legacy && batches.length === 0); from += step) {
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

  if (legacy) {
    const args = fields({
      start, batchSize, numThreads: 1, batchDelayMs: 1,
      aspectName: javaNullable(aspect), urn: javaNullable(urn), urnLike: javaNullable(urnLike),
    });
    const b = batches[0];
    const result = fields({ ignored: b.ignored, rowsMigrated: b.rowsMigrated, ...timings(b.ignored + b.rowsMigrated) });
    return jsonReply({ value: `{args=RestoreIndicesArgs(${args}), result=RestoreIndicesResult{${result}}}` });
  }
  if (batches.length === 0) return jsonReply({ value: '' });
  const args = fields({
    start, batchSize, limit, numThreads: 1, batchDelayMs: 1000,
    gePitEpochMs: gePitEpochMs ?? 0, lePitEpochMs: lePitEpochMs ?? 0,
    aspectName: javaNullable(aspect), aspectNames: '[]', urn: javaNullable(urn), urnLike: javaNullable(urnLike),
    urnBasedPagination: 'false', lastUrn: '', lastAspect: '',
  });
  const lines = batches.map((b) => `RestoreIndicesResult(${fields({
    ignored: b.ignored, rowsMigrated: b.rowsMigrated, ...timings(b.ignored + b.rowsMigrated),
    defaultAspectsCreated: 0, lastUrn: b.last?.urn ?? '', lastAspect: b.last?.aspect ?? '',
  })})`);
  return jsonReply({ value: `{args=RestoreIndicesArgs(${args}), result=${lines.join('\n')}}` });
}
