// Restoring many URNs at once (datahub.restoreUrnsInFile / InSelection): the URNs in a
// text, the chunks sent, and which URNs restored nothing. Pure: no vscode import.
import type { RestoreResult } from '../../gms/types';
import { parseUrn } from '../../gms/urn';
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

const entityTypeOf = (urn: string): string => {
  const parsed = parseUrn(urn);
  return parsed.ok ? parsed.value.entityType : '';
};

/** What one chunk's answer says about each URN in it. */
export interface ChunkVerdict {
  /** URNs the answer shows restored nothing (no row migrated). */
  restoredNothing: string[];
  /** URNs the answer cannot tell about, and that may have restored nothing: ask each with a one-URN restore. */
  ask: string[];
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
    byType.set(type, [...(byType.get(type) ?? []), urn]);
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
  for (const [type, group] of byType) {
    const entry = rowsByType.get(type);
    if (!entry) {
      // Rows the answer could not place (no lastUrn) may be this type's: ask rather than guess.
      if (unplaced > 0) ask.push(...group);
      else restoredNothing.push(...group);
      continue;
    }
    if (group.length === 1) continue;
    const unknown = group.filter((u) => !entry.last.has(u));
    if (entry.rows < group.length) ask.push(...unknown);
  }
  return { restoredNothing, ask };
}

/** The URNs in `text`, or the reason there is nothing to run (no URN; too many). */
export function checkUrnCount(urns: readonly string[], where: string): string | undefined {
  if (urns.length === 0) return `No DataHub URN ${where}. URNs look like urn:li:corpuser:jdoe or urn:li:dataset:(urn:li:dataPlatform:hive,db.table,PROD).`;
  if (urns.length > MAX_URNS_PER_RUN) {
    return `${urns.length} URNs ${where}: at most ${MAX_URNS_PER_RUN.toLocaleString('en-US')} at once. Split the file or select part of it.`;
  }
  return undefined;
}
