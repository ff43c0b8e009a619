// The growth of entity counts between readings, from the count history (kept as the index size history is,
// src/insights/logic/history.ts, documents in place of MB). Apart from ./counts.ts so that the store, which
// activation loads, does not load the reading and wording code too. Pure: no vscode import.
import type { EntityCountsReading } from '../../gms/types';
import { ALL_TYPES as TOTAL, growthFor, ratePerDay, type ConnectionHistory, type FetchRecord } from '../../insights/logic/history';

export interface TypeGrowth {
  entityType: string;
  /** Documents (active and soft-deleted) now minus at the last reading. */
  change: number;
  /** That change over the days between the two readings; null when they are under an hour apart (ratePerDay). */
  perDay: number | null;
}

export interface CountGrowth {
  /** When the reading compared with was taken (epoch ms). */
  since: number;
  types: TypeGrowth[];
  total: { change: number; perDay: number | null };
}

/** What the history keeps of a reading (ungrouped ones only): documents per type and in all. */
export function historyRecord(connection: string, gmsUrl: string, reading: EntityCountsReading): FetchRecord {
  const indices = reading.types.map((t) => ({ indexName: t.entityType, sizeMb: t.active + t.softDeleted }));
  indices.push({ indexName: TOTAL, sizeMb: reading.totals.active + reading.totals.softDeleted });
  return { connection, gmsUrl, fetchedAt: reading.computedAt, indices };
}

/** The growth since the reading before the newest (each a history snapshot); undefined for a first reading. */
export function growthOf(history: ConnectionHistory | undefined, reading: EntityCountsReading): CountGrowth | undefined {
  const perDay = ratePerDay;
  const total = growthFor(history, TOTAL, Number.MAX_SAFE_INTEGER)?.sincePrevious;
  if (!total) return undefined;
  const at = reading.computedAt;
  const types: TypeGrowth[] = [];
  for (const t of reading.types) {
    const g = growthFor(history, t.entityType, Number.MAX_SAFE_INTEGER)?.sincePrevious;
    if (g) types.push({ entityType: t.entityType, change: Math.round(g.deltaMb), perDay: perDay(Math.round(g.deltaMb), g.fromAt, at) });
  }
  const change = Math.round(total.deltaMb);
  return { since: total.fromAt, types, total: { change, perDay: perDay(change, total.fromAt, at) } };
}
