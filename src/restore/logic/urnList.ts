// Restoring many URNs at once (datahub.restoreUrnsInFile / InSelection): the URNs in a
// text, the chunks sent, and which URNs restored nothing. Pure: no vscode import.
import type { RestoreResult, UrnListRestoreRequest } from '../../gms/types';
import { urnEntityType } from '../../gms/urn';
import { findUrnsInLine } from '../../shared/findUrn';

/** At most this many URNs in one run (as many as one POST restoreIndices request of the wire client takes). */
export const MAX_URNS_PER_RUN = 10_000;

/**
 * URNs per POST restoreIndices request: the server's default batch size of the URN-list
 * restore (ElasticsearchController.java, POST /restoreIndices: batchSize defaults to 100,
 * passed to EntityServiceImpl.restoreIndices(Set<Urn>, ...)). A chunk of at most this
 * many URNs is one internal batch on the server, so its answer is one result per entity type.
 */
export const URNS_PER_REQUEST = 100;

/** Every URN in a text, outermost only, each once, in the order first seen. */
export function urnsInText(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) for (const m of findUrnsInLine(line)) seen.add(m.urn);
  return [...seen];
}

/** Each URN once, first occurrence kept. */
export function dedupe(urns: readonly string[]): string[] {
  return [...new Set(urns)];
}

/** Consecutive chunks of at most `size` items. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new Error(`chunk size must be a whole number, 1 or more: ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The URN's entity type, '' when it is not a URN (parseUrn's verdict, without building the key's parts). */
const entityTypeOf = (urn: string): string => urnEntityType(urn) ?? '';

/** What one chunk's answer says about each URN in it. */
export interface ChunkVerdict {
  /** URNs the answer shows restored nothing (no row migrated). */
  restoredNothing: string[];
  /** URNs the answer cannot tell about, and that may have restored nothing: ask each with a one-URN restore. */
  ask: string[];
  /** URNs the answer proves restored at least one row (alone in their type with rows, or a batch's lastUrn). */
  proven: string[];
}

/**
 * Which URNs of one chunk restored nothing, from the POST answer of that chunk.
 *
 * What DataHub's answer tells: EntityServiceImpl.restoreIndices(Set<Urn>, ...) cuts the URN
 * set into batches of batchSize (one batch here: a chunk is at most URNS_PER_REQUEST URNs),
 * groups each batch by entity type and answers one RestoreIndicesResult per (batch, entity
 * type): rowsMigrated, ignored, timings and lastUrn / lastAspect of the last row it sent.
 * What it does not tell: which URN each row belonged to. So:
 *  - an entity type alone in the chunk (one URN): exact, its result's rowsMigrated;
 *  - an entity type whose result migrated no row (or has no result: nothing was read, or its
 *    batch failed and the server dropped it): every URN of that type restored nothing;
 *  - otherwise lastUrn restored something, and the others are unknown. Each URN that
 *    restored something sent at least one row, so rows < URNs of the type proves that some
 *    restored nothing: only then are the unknown ones asked one by one (`ask`). With rows >=
 *    URNs the answer cannot prove every URN had a row (one URN with many aspects can hide
 *    one with none); they count as restored, to keep the run at one request per chunk.
 */
export function chunkVerdict(urns: readonly string[], answer: Pick<RestoreResult, 'batches'>): ChunkVerdict {
  const byType = new Map<string, string[]>();
  for (const urn of urns) {
    const type = entityTypeOf(urn);
    const group = byType.get(type);
    if (group === undefined) byType.set(type, [urn]);
    else group.push(urn);
  }
  const rowsByType = new Map<string, { rows: number; last: Set<string> }>();
  let unplaced = 0;
  for (const b of answer.batches) {
    if (b.rowsMigrated <= 0) continue;
    const type = b.lastUrn ? entityTypeOf(b.lastUrn) : undefined;
    if (type === undefined || !byType.has(type)) {
      unplaced += b.rowsMigrated;
      continue;
    }
    const entry = rowsByType.get(type) ?? { rows: 0, last: new Set<string>() };
    entry.rows += b.rowsMigrated;
    if (b.lastUrn) entry.last.add(b.lastUrn);
    rowsByType.set(type, entry);
  }
  const restoredNothing: string[] = [];
  const ask: string[] = [];
  const proven: string[] = [];
  for (const [type, group] of byType) {
    const entry = rowsByType.get(type);
    if (!entry) {
      // Rows the answer could not place (no lastUrn) may be this type's: ask rather than guess.
      if (unplaced > 0) ask.push(...group);
      else restoredNothing.push(...group);
      continue;
    }
    if (group.length === 1) {
      proven.push(...group);
      continue;
    }
    proven.push(...group.filter((u) => entry.last.has(u)));
    const unknown = group.filter((u) => !entry.last.has(u));
    if (entry.rows < group.length) ask.push(...unknown);
  }
  return { restoredNothing, ask, proven };
}

/** The URNs in `text`, or the reason there is nothing to run (no URN; too many). */
export function checkUrnCount(urns: readonly string[], where: string): string | undefined {
  if (urns.length === 0) return `No DataHub URN ${where}. URNs look like urn:li:corpuser:jdoe or urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD).`;
  if (urns.length > MAX_URNS_PER_RUN) {
    return `${urns.length} URNs ${where}: at most ${MAX_URNS_PER_RUN.toLocaleString('en-US')} at once. Split the file or select part of it.`;
  }
  return undefined;
}

/**
 * Why a URN restored nothing:
 * - notInDatabase: GraphQL entityExists (EntityExistsResolver.java, from the database) says
 *   it is not there, so there was no row to send;
 * - noRows: it is in the database, but the restore read no row of the aspects asked;
 * - unknown: the existence check failed (logged); the restore's answer alone says nothing was sent.
 */
export type NothingReason = 'notInDatabase' | 'noRows' | 'unknown';

export interface RestoredNothing {
  urn: string;
  reason: NothingReason;
}

/** The wire calls one exactly-attributed chunk needs (GmsClient has them). */
export interface ExactRestoreClient {
  restoreUrns(request: UrnListRestoreRequest, signal?: AbortSignal): Promise<RestoreResult>;
  restoreIndices(request: { urn: string; batchSize?: number; limit?: number }, signal?: AbortSignal): Promise<Pick<RestoreResult, 'rowsMigrated'>>;
  search: { existInDatabase(urns: string[], signal?: AbortSignal): Promise<Map<string, boolean>> };
}

export interface ExactChunk {
  answer: RestoreResult;
  /** URNs that sent at least one row. */
  restored: string[];
  /** Every URN that restored nothing, with why, in the order given. */
  nothing: RestoredNothing[];
  /** Restore requests made (the POST, plus one-URN restores when the existence check failed). */
  requests: number;
  /** Why the existence check failed, when it did (the chunk then fell back to one-URN restores). */
  existenceFailure?: string;
}

/**
 * Restores one chunk and names exactly the URNs that restored nothing. DataHub's POST answer
 * counts rows per (batch, entity type), not per URN (see chunkVerdict), so the database is
 * asked at the same time which URNs exist (GraphQL entityExists, 100 aliases in one request,
 * as Search Health asks): the question runs beside the POST and costs no wall time while the
 * POST is the slower of the two. Without an aspect filter an entity in the database has at
 * least its key aspect row, so "exists" means "sent a row" for every URN the answer cannot
 * place. Where the existence check fails, the URNs the answer cannot place are asked one by
 * one (a one-row restore each), as before.
 */
export async function restoreChunkExactly(client: ExactRestoreClient, urns: string[], signal?: AbortSignal): Promise<ExactChunk> {
  // The restore first: it is the slower of the two, so it starts first, and the answer read last is
  // the small one (a server that answers one request at a time, as a busy one may, then finishes both
  // no later than the restore alone plus the question).
  const restoring = client.restoreUrns({ urns }, signal);
  const existence = client.search.existInDatabase(urns, signal).then(
    (map) => ({ ok: true as const, map }),
    (error: unknown) => ({ ok: false as const, reason: error instanceof Error ? error.message : String(error) }),
  );
  const answer = await restoring;
  const verdict = chunkVerdict(urns, answer);
  const known = await existence;
  const proven = new Set(verdict.proven);
  const empty = new Set(verdict.restoredNothing);
  const why = new Map<string, NothingReason>();
  let requests = 1;
  if (known.ok) {
    for (const urn of urns) {
      const exists = known.map.get(urn);
      if (empty.has(urn)) why.set(urn, exists === false ? 'notInDatabase' : exists === true ? 'noRows' : 'unknown');
      else if (!proven.has(urn) && exists === false) why.set(urn, 'notInDatabase');
    }
  } else {
    for (const urn of verdict.restoredNothing) why.set(urn, 'unknown');
    for (const urn of verdict.ask) {
      if (signal?.aborted) break;
      const one = await client.restoreIndices({ urn, batchSize: 1, limit: 1 }, signal);
      requests++;
      if (one.rowsMigrated === 0) why.set(urn, 'unknown');
    }
  }
  return {
    answer,
    restored: urns.filter((u) => !why.has(u)),
    nothing: urns.filter((u) => why.has(u)).map((urn) => ({ urn, reason: why.get(urn) ?? 'unknown' })),
    requests,
    ...(known.ok ? {} : { existenceFailure: known.reason }),
  };
}

/** The reasons of URNs that restored nothing when each was restored alone (Rest.li): asked in batches of 100. */
export async function nothingReasons(
  client: Pick<ExactRestoreClient, 'search'>,
  urns: string[],
  signal?: AbortSignal,
): Promise<{ nothing: RestoredNothing[]; failure?: string }> {
  const nothing: RestoredNothing[] = [];
  try {
    for (const part of chunk(urns, URNS_PER_REQUEST)) {
      const map = await client.search.existInDatabase(part, signal);
      for (const urn of part) nothing.push({ urn, reason: map.get(urn) === false ? 'notInDatabase' : map.get(urn) === true ? 'noRows' : 'unknown' });
    }
    return { nothing };
  } catch (error) {
    const seen = new Set(nothing.map((n) => n.urn));
    for (const urn of urns) if (!seen.has(urn)) nothing.push({ urn, reason: 'unknown' });
    return { nothing, failure: error instanceof Error ? error.message : String(error) };
  }
}

/** "not in the database" / "in the database, no row of the aspects asked" / "why unknown". */
export function nothingReasonText(reason: NothingReason): string {
  return reason === 'notInDatabase' ? 'not in the database' : reason === 'noRows' ? 'in the database, but no row of the aspects asked' : 'why unknown';
}
