// What a retention plan's apply checks again right before it starts each index's truncation (the write
// discipline, src/shared/writePlan.ts): the index is still one the server lists, and its dry run, run again
// at the same cutoff, still finds rows to delete. An index that no longer holds is left out, with its
// reason; the truncation is then sent with the plan's cutoff only. Pure: no vscode import.
import type { GmsClient } from '../../gms/types';
import type { RetentionRow } from './plan';

export const RECHECK_WHY = {
  gone: 'no longer listed by the server',
  nothing: 'no rows at or before the cutoff any more (dry run again)',
  notDryRun: 'the second dry run was not answered as a dry run',
} as const;

/** The row's index still holds what the plan counted (`toDelete` now), or why it is left out. */
export type RowRecheck = { keep: true; toDelete: number } | { keep: false; why: string };

/**
 * Reads the row again: `listed` is the server's index listing read just before the apply (undefined: not read,
 * then only the dry run decides). A failing dry run rejects: the caller records the index as failed, not sent.
 */
export async function recheckRow(
  client: Pick<GmsClient, 'truncateTimeseriesAspect'>,
  row: RetentionRow,
  listed: ReadonlySet<string> | undefined,
  signal?: AbortSignal,
): Promise<RowRecheck> {
  if (listed && !listed.has(row.indexName)) return { keep: false, why: RECHECK_WHY.gone };
  const again = await client.truncateTimeseriesAspect(
    { entityType: row.entityType, aspect: row.aspect, endTimeMillis: row.endTimeMillis, dryRun: true },
    signal,
  );
  if (again.kind !== 'dryRun') return { keep: false, why: RECHECK_WHY.notDryRun };
  if (again.toDelete <= 0) return { keep: false, why: RECHECK_WHY.nothing };
  return { keep: true, toDelete: again.toDelete };
}
