// What datahub.truncateTimeseriesAspect (and the interactive flow) return: the server's
// answer, the sentence a person is told, and why a real run deleted nothing.
import type { TruncateResult } from '../gms/types';
import type { Outcome } from '../shared/outcome';
import type { DryRunResult } from './logic/truncateText';
import type { PlanRefusal } from '../shared/writePlan';

/** Why a real run deleted nothing and returned its dry run instead. */
export type TruncateNotDone =
  /** The modal (or the typed name) was dismissed. */
  | { reason: 'declined' }
  /** The request was sent, then the wait for its answer stopped: it may have started anyway. */
  | { reason: 'stoppedWaiting' }
  /**
   * The dry run is the plan (src/shared/writePlan.ts): after the confirmation the active connection is another one
   * (otherConnection), points at another server (otherServer), or the dry run is older than an hour (stale).
   * Nothing was sent; `message` says to run the dry run again.
   */
  | { reason: PlanRefusal['reason']; message: string };

/** What datahub.truncateTimeseriesAspect (and the interactive flow) return; `message` is the sentence a person is told. */
export type TruncateCommandResult = Outcome &
  (
    | { kind: 'dryRun'; toDelete: number; total: number; percent: number | null; summary: string; method: DryRunResult['method']; notDone?: TruncateNotDone }
    /** fallback: the server could not reindex, so the rows are deleted by query (this task). */
    | { kind: 'task'; task: string; fallback?: 'deleteByQuery' }
    /** An older server reindexed synchronously: the rows are already gone. */
    | { kind: 'completed'; summary: string; fallback?: 'deleteByQuery' }
  );

const NOT_DONE_TEXT: Record<'declined' | 'stoppedWaiting', string> = {
  declined: 'Nothing was deleted: the confirmation was dismissed.',
  stoppedWaiting:
    'Stopped waiting for the server to start the truncation; it may have started anyway. Check the index size after a refresh before running it again.',
};

export function toCommandResult(result: TruncateResult, fallback?: 'deleteByQuery', notDone?: TruncateNotDone): TruncateCommandResult {
  const extra = fallback ? { fallback } : {};
  const how = fallback ? ' (deleting by query: the server could not reindex this index)' : '';
  if (result.kind === 'task')
    return { kind: 'task', task: result.task, ...extra, message: `Truncation started${how}: task ${result.task}, listed in DataHub Tasks.` };
  if (result.kind === 'completed')
    return { kind: 'completed', summary: result.summary, ...extra, message: `The server deleted the old rows at once${how}: ${result.summary}.` };
  const { toDelete, total, percent, summary, method } = result;
  const why = notDone && ('message' in notDone ? notDone.message : NOT_DONE_TEXT[notDone.reason]);
  const message = why ? `${why} Dry run: ${summary}` : `Dry run: ${summary}`;
  return { kind: 'dryRun', toDelete, total, percent, summary, method, message, ...(notDone ? { notDone } : {}) };
}
