// The OpenAPI restoreIndices endpoints, over the same store and restore batches as the
// Rest.li action (restore.ts), answering a JSON list of RestoreIndicesResult.
//
// ElasticsearchController.java (openapi-servlet, .../operations/elastic/):
//   GET  /restoreIndices  aspectName, urn, urnLike, batchSize (default 500), start (0), limit (0),
//        gePitEpochMs (0), lePitEpochMs, createDefaultAspects (false) -> RestoreIndicesArgs ->
//        EntityServiceImpl.restoreIndices(args): the same SQL path as Rest.li (rows by urn, aspect).
//   POST /restoreIndices  body: Set<String> of URNs; aspectNames (Set), batchSize (default 100),
//        createDefaultAspects (false) -> EntityServiceImpl.restoreIndices(urns, aspectNames, batchSize, ...):
//        Iterables.partition of the URN set by batchSize, each batch grouped by entity type, one
//        RestoreIndicesResult per (batch, entity type) with the latest aspects of aspectNames (default:
//        every aspect of the entity in the registry, so removed aspects are not read).
//   Both: RESTORE_INDICES or MANAGE_SYSTEM_OPERATIONS, else 403 with no body (`.build()`); an invalid
//   URN makes UrnUtils.getUrn throw: a 500 (before the privilege check on POST, where the body binds first).

import { REGISTRY } from './data';
import type { Reply } from './restli';
import { acceptedUrn, NEWER_DEFAULT_BATCH_SIZE, restoreBatches, resultRecord, type BatchResult } from './restore';
import { BindError, empty, javaHashSetOrder, json, springError, stringSetBody, type SpringParams } from './spring';
import type { AspectStore } from './store';

/** EntityServiceImpl.restoreIndices(Set<Urn>, ...) default. */
export const POST_DEFAULT_BATCH_SIZE = 100;

export interface RestoreCall {
  store: AspectStore;
  params: SpringParams;
  rawBody: string;
  path: string;
  allowed: boolean;
  failedBatches?: readonly number[];
}

export interface RestoreOutcome {
  reply: Reply;
  /** URNs whose rows went to the indexing consumer (for the search index). */
  restored: string[];
}

function urnsOf(batches: BatchResult[], store: AspectStore, sel: { urn?: string; urnLike?: string }): string[] {
  if (batches.every((b) => b.rowsMigrated === 0)) return [];
  if (sel.urn !== undefined) return [sel.urn];
  if (sel.urnLike !== undefined) return [...new Set(Array.from(store.select({ urnLike: sel.urnLike }), (i) => store.rows[i].urn))];
  return [];
}

export function restoreGet(call: RestoreCall): RestoreOutcome {
  const p = call.params;
  const aspect = p.string('aspectName');
  const urn = p.string('urn');
  const urnLike = p.string('urnLike');
  const batchSize = p.integer('batchSize', NEWER_DEFAULT_BATCH_SIZE) ?? NEWER_DEFAULT_BATCH_SIZE;
  const start = Math.max(0, p.integer('start', 0) ?? 0);
  const limit = p.integer('limit', 0) ?? 0;
  const gePitEpochMs = p.integer('gePitEpochMs', 0, 64) ?? 0;
  const lePitEpochMs = p.integer('lePitEpochMs', undefined, 64) ?? Date.now();
  const createDefaultAspects = p.boolean('createDefaultAspects', false);
  if (!call.allowed) return { reply: empty(403), restored: [] };
  if (urn !== undefined && !acceptedUrn(urn)) return { reply: springError(500, call.path), restored: [] };
  const sel = { urn, urnLike, aspect, start, batchSize, limit, gePitEpochMs, lePitEpochMs, legacy: false };
  const batches = restoreBatches(call.store, sel, { failedBatches: call.failedBatches });
  return { reply: json(batches.map((b) => resultRecord(b, createDefaultAspects))), restored: urnsOf(batches, call.store, sel) };
}

export function restorePost(call: RestoreCall): RestoreOutcome {
  const p = call.params;
  const aspectNames = p.stringSet('aspectNames');
  const batchSize = p.integer('batchSize', POST_DEFAULT_BATCH_SIZE) ?? POST_DEFAULT_BATCH_SIZE;
  const createDefaultAspects = p.boolean('createDefaultAspects', false);
  // @RequestBody Set<String>: a JSON array; duplicates vanish, the order is the HashSet's.
  const urns = javaHashSetOrder(stringSetBody(call.rawBody));
  if (!call.allowed) return { reply: empty(403), restored: [] };
  if (!urns.every(acceptedUrn)) return { reply: springError(500, call.path), restored: [] };
  // Iterables.partition refuses a size below 1 (IllegalArgumentException: a 500).
  if (batchSize < 1) return { reply: springError(500, call.path), restored: [] };

  const failed = new Set(call.failedBatches ?? []);
  const results: Array<Record<string, string | number>> = [];
  const restored: string[] = [];
  let index = 0;
  for (let from = 0; from < urns.length; from += batchSize) {
    const byType = new Map<string, string[]>();
    for (const urn of urns.slice(from, from + batchSize)) {
      const type = /^urn:[^:]+:([^:]+):/.exec(urn)?.[1] ?? '';
      byType.set(type, [...(byType.get(type) ?? []), urn]);
    }
    for (const [type, group] of byType) {
      // A failing batch is logged and dropped by EntityServiceImpl, as on the GET path.
      if (failed.has(index++)) continue;
      const wanted = aspectNames ?? REGISTRY[type] ?? [];
      const batch: BatchResult = { ignored: 0, rowsMigrated: 0 };
      for (const urn of group) {
        for (const i of call.store.select({ urn })) {
          const row = call.store.rows[i];
          if (!wanted.includes(row.aspect)) continue;
          batch.last = row;
          if (row.ignored) batch.ignored++;
          else {
            batch.rowsMigrated++;
            call.store.markRestored(i);
            if (!restored.includes(urn)) restored.push(urn);
          }
        }
      }
      results.push(resultRecord(batch, createDefaultAspects));
    }
  }
  return { reply: json(results), restored };
}

/** Either restore endpoint; a parameter or body Spring cannot bind is its 400. */
export function restoreOpenapi(method: 'GET' | 'POST', call: RestoreCall): RestoreOutcome {
  try {
    return method === 'GET' ? restoreGet(call) : restorePost(call);
  } catch (err) {
    if (err instanceof BindError) return { reply: springError(400, call.path), restored: [] };
    throw err;
  }
}
