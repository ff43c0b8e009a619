// The dry runs of a plan: one truncateTimeseriesAspect with dryRun per index,
// DRY_RUN_CONCURRENCY at a time, each with its own abort signal, each settling
// into a row as soon as it answers. Pure: no vscode import (the benchmark runs it).
import type { GmsClient } from '../../gms/types';
import { targetName } from '../../truncate/logic/truncateText';
import { rowOf, type PlanTarget, type RetentionRow } from './plan';
import { runBounded, type BoundedRun, type Settled } from './runner';

/** Dry runs in flight at once (the bound; not a setting). */
export const DRY_RUN_CONCURRENCY = 2;

export interface DryRunHandlers {
  onStart?: (i: number) => void;
  onSettled?: (i: number, result: Settled<RetentionRow>) => void;
  signal?: AbortSignal;
  concurrency?: number;
}

export function startDryRuns(
  client: Pick<GmsClient, 'truncateTimeseriesAspect'>,
  targets: readonly PlanTarget[],
  handlers: DryRunHandlers = {},
): BoundedRun<RetentionRow> {
  return runBounded(
    targets,
    async (planned, _i, signal) => {
      const { entityType, aspect } = planned.target;
      const result = await client.truncateTimeseriesAspect({ entityType, aspect, endTimeMillis: planned.endTimeMillis, dryRun: true }, signal);
      if (result.kind !== 'dryRun') {
        // A server that ignored dryRun: say so plainly; the task or the deletion is the server's doing.
        throw new Error(
          result.kind === 'task'
            ? `the server started deleting from ${targetName(planned.target)} although a dry run was asked for (task ${result.task}); watch it with DataHub: Show Task Status.`
            : `the server truncated ${targetName(planned.target)} although a dry run was asked for ("${result.summary}").`,
        );
      }
      return rowOf(planned, result);
    },
    { concurrency: handlers.concurrency ?? DRY_RUN_CONCURRENCY, signal: handlers.signal, onStart: handlers.onStart, onSettled: handlers.onSettled },
  );
}
