// Entity counts, read and worded: the counts endpoint first, search facets on a server without it
// (or one whose endpoint predates groupBy=platform). The growth between readings is in ./countGrowth.ts.
// Pure: no vscode import.
import type { EntityCountsQuery, EntityCountsReading, EntityTypeCount, GmsClient } from '../../gms/types';
import { isNotOffered } from '../../gms/errors';
import { formatSignedCount } from '../../shared/format';
import type { CountGrowth } from './countGrowth';

export { growthOf, historyRecord, type CountGrowth, type TypeGrowth } from './countGrowth';

export const SOURCE_WORDS = {
  countsApi: 'the counts endpoint (GET /openapi/v1/entities/counts)',
  search: 'search facets on _entityType (this server has no counts endpoint)',
} as const;

/** Reads the counts: the endpoint, or search facets where the server does not offer it (or not grouped by platform). */
export async function readEntityCounts(
  client: Pick<GmsClient, 'entities' | 'search'>,
  query: EntityCountsQuery,
  signal?: AbortSignal,
): Promise<EntityCountsReading> {
  try {
    const reading = await client.entities.fromEndpoint(query, signal);
    // An endpoint older than groupBy=platform (PR #19559) ignores the parameter: rows without a platform.
    if (query.groupBy === 'platform' && reading.types.length > 0 && reading.types.every((t) => t.platform === undefined)) {
      return await client.search.entityCountFacets(query, signal);
    }
    return reading;
  } catch (error) {
    if (!isNotOffered(error)) throw error;
    return client.search.entityCountFacets(query, signal);
  }
}

const n = (v: number) => v.toLocaleString('en-US');

/** The one sentence of a reading. */
export function countsMessage(connection: string, reading: EntityCountsReading, growth?: CountGrowth): string {
  const { active, softDeleted } = reading.totals;
  const types = new Set(reading.types.map((t) => t.entityType)).size;
  const grouped = reading.types.some((t) => t.platform !== undefined) ? ', by platform' : '';
  const since = growth
    ? `; ${formatSignedCount(growth.total.change)} documents since the last reading${growth.total.perDay !== null ? ` (${formatSignedCount(growth.total.perDay)} a day)` : ''}`
    : '';
  const cached = reading.cacheHit ? ' (from the server’s one-hour cache; refresh to recount)' : '';
  const none = reading.noneInSearch?.length
    ? ` Search has no document of ${reading.noneInSearch.map((t) => `"${t}"`).join(', ')}: a type this server does not know, or one with nothing indexed (search cannot tell which); check the name.`
    : '';
  return `Entities on "${connection}": ${n(active)} active and ${n(softDeleted)} soft-deleted in ${types} type${types === 1 ? '' : 's'}${grouped}, from ${SOURCE_WORDS[reading.source]}${cached}${since}.${none}`;
}

/** The rows of one type, biggest first; with platforms, per type in the order of their totals. */
export function typesBySize(
  rows: readonly EntityTypeCount[],
): Array<{ entityType: string; active: number; softDeleted: number; platforms: EntityTypeCount[] }> {
  const byType = new Map<string, { entityType: string; active: number; softDeleted: number; platforms: EntityTypeCount[] }>();
  for (const r of rows) {
    const t = byType.get(r.entityType) ?? { entityType: r.entityType, active: 0, softDeleted: 0, platforms: [] };
    t.active += r.active;
    t.softDeleted += r.softDeleted;
    if (r.platform !== undefined) t.platforms.push(r);
    byType.set(r.entityType, t);
  }
  const size = (x: { active: number; softDeleted: number }) => x.active + x.softDeleted;
  const out = [...byType.values()].sort((a, b) => size(b) - size(a) || a.entityType.localeCompare(b.entityType));
  for (const t of out) t.platforms.sort((a, b) => size(b) - size(a));
  return out;
}
