// What an entity cleanup's apply checks again right before it sends a batch of deletes (the write discipline,
// src/shared/writePlan.ts): each line of the plan file must be a URN of the plan's entity type, and each
// planned URN must still be what the plan found. DataHub's GC reads an entity's status right before it
// hard-deletes it and deletes only when it is still removed and its status older than the retention
// (metadata-ingestion/src/datahub/ingestion/source/gc/soft_deleted_entity_cleanup.py, delete_soft_deleted_entity);
// a run is soft-deleted only while it exists and is not soft-deleted already. What changed is left out,
// with its reason. Pure: no vscode, no network.
import type { StatusNow } from '../../gms/cleanupTypes';
import { urnEntityType } from '../../gms/urn';
import type { LeftOut, Recheck } from '../../shared/writePlan';
import type { CleanupKind } from './cleanupPlan';

/** How much of a refused plan-file line a result names (a line can be anything a file holds). */
const LINE_NAMED = 200;

/** Why a plan-file line is not sent: not a URN of the plan's type (undefined: it may be). */
export function lineProblem(line: string, entityType: string): LeftOut | undefined {
  if (urnEntityType(line) === entityType) return undefined;
  const target = line.length > LINE_NAMED ? `${line.slice(0, LINE_NAMED)}…` : line;
  return { target, why: `not a ${entityType} URN (a line of the plan file)` };
}

const DAY = 86_400_000;

/** The reasons a re-read leaves a planned URN out, as the result and the message name them. */
export function recheckReasons(olderThanDays: number) {
  return {
    ingestedAgain: 'no longer soft-deleted (ingested or restored again)',
    gone: 'no longer on the server',
    recent: `soft-deleted again less than ${olderThanDays} ${olderThanDays === 1 ? 'day' : 'days'} ago`,
    undated: 'soft-deleted, with no time to read',
    alreadySoft: 'already soft-deleted',
  } as const;
}

/**
 * The planned URNs of one batch still to delete, after their status was read again (`now`: the re-read's
 * answer, a URN absent when the server holds none of the aspects asked). softDeleted: still removed and
 * written before `cutoff`; runs: still there and not soft-deleted.
 */
export function recheckBatch(
  kind: CleanupKind,
  urns: readonly string[],
  now: ReadonlyMap<string, StatusNow>,
  cutoff: number,
  olderThanDays: number,
): Recheck<string> {
  const why = recheckReasons(olderThanDays);
  const keep: string[] = [];
  const leftOut: LeftOut[] = [];
  for (const urn of urns) {
    const status = now.get(urn);
    if (kind === 'runs') {
      if (!status) leftOut.push({ target: urn, why: why.gone });
      else if (status.removed) leftOut.push({ target: urn, why: why.alreadySoft });
      else keep.push(urn);
      continue;
    }
    if (!status) leftOut.push({ target: urn, why: why.gone });
    else if (!status.removed) leftOut.push({ target: urn, why: why.ingestedAgain });
    else if (status.writtenAt === undefined) leftOut.push({ target: urn, why: why.undated });
    else if (status.writtenAt >= cutoff) leftOut.push({ target: urn, why: why.recent });
    else keep.push(urn);
  }
  return { keep, leftOut };
}

/** The cutoff a re-read compares with: now less the plan's days (as the plan computed it). */
export function cutoffOf(now: number, olderThanDays: number): number {
  return now - olderThanDays * DAY;
}
