// Dry runs and the apply step of a retention plan, shared by the command and
// the planner webview. Dry runs go straight to the client (each with its own
// abort signal); the real truncations go through datahub.truncateTimeseriesAspect
// and datahub.showTaskStatus (their typed-API entries, as already confirmed by the
// plan's apply modal: callConfirmed), so the truncation's own
// rules hold: the index must be one the server named, a refused reindex falls
// back to delete by query (model/truncateRun.ts), every task is listed and
// watched in DataHub Tasks.
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import type { TaskStatus } from '../gms/types';
import { callConfirmed } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';
import { describeError } from '../shared/errors';
import { totalsOf, type PlanTarget, type RetentionRow, type RetentionTotals } from './logic/plan';
import type { RetentionApplyOutcome } from './logic/plannerEntries';
export type { RetentionApplyOutcome };
import type { BoundedRun } from './logic/runner';
import type { Outcome } from '../shared/outcome';
import { startDryRuns as startClientDryRuns, type DryRunHandlers } from './logic/dryRuns';
import type { RowRecheck } from './logic/recheck';
import { LeftOutTally, type PlanRefusal } from '../shared/writePlan';

export { DRY_RUN_CONCURRENCY } from './logic/dryRuns';

/**
 * What this part reads of the results of datahub.truncateTimeseriesAspect and
 * datahub.showTaskStatus: their public (typed-API) results, called through the
 * API so the truncate feature is used, not imported.
 */
type Started =
  | { kind: 'task'; task: string; fallback?: 'deleteByQuery' }
  | { kind: 'completed'; summary: string; fallback?: 'deleteByQuery' }
  | { kind: 'dryRun'; summary: string };
type Watched = { outcome: 'completed' | 'stopped'; status?: TaskStatus };

/** What became of one index when the plan was applied. */

/** What datahub.planRetention resolves with. */
export interface RetentionPlanResult extends Outcome {
  /** The connection the plan was counted (and applied) on. */
  connection: string;
  /** One row per planned index, in the order given. */
  rows: RetentionRow[];
  totals: RetentionTotals;
  /** The estimate's caveat: the search engine frees the space as segments merge. */
  note: string;
  /**
   * The plan as a datahub-gc ingestion recipe (YAML text), with the single retention it
   * uses and the planned indices that source cannot truncate (see src/retention/logic/recipe.ts).
   */
  recipe: { text: string; days?: number; notCovered: string[] };
  /** With apply: one outcome per row, in the same order. */
  applied?: RetentionApplyOutcome[];
  /** With apply: the summary that was shown. */
  summary?: string;
  /** With apply: indices left out because their second read, right before their truncation, no longer matched the plan. */
  leftOut?: Array<{ why: string; count: number; sample: string[] }>;
  /**
   * With apply, when nothing was deleted: declined (the modal or the typed name was dismissed); stale (the dry runs
   * are more than a day old), otherConnection / otherServer (another connection is active, or it points at another
   * server, since the dry runs); busy (another apply of a retention plan on this connection is running).
   */
  notApplied?: { reason: 'declined' | 'busy' | PlanRefusal['reason'] };
}

/** Starts the plan's dry runs on the active client (see src/retention/logic/dryRuns.ts). */
export function startDryRuns(active: ActiveClient, targets: readonly PlanTarget[], handlers: DryRunHandlers): BoundedRun<RetentionRow> {
  return startClientDryRuns(active.client, targets, handlers);
}

function errorText(error: unknown): string {
  return describeError(error, {}).message;
}

/**
 * Applies the plan: one truncation per row with rows to delete (started one
 * after another), then every task watched to its end, together. A failure on
 * one index is recorded and the others go on. `onOutcome` reports each as it
 * settles. Shows one summary notification at the end and returns the outcomes.
 */
export async function applyRows(
  services: Services,
  rows: readonly RetentionRow[],
  onOutcome?: (i: number, outcome: RetentionApplyOutcome) => void,
  recheck?: (row: RetentionRow) => Promise<RowRecheck>,
): Promise<{ outcomes: RetentionApplyOutcome[]; summary: string; leftOut: LeftOutTally }> {
  const outcomes: RetentionApplyOutcome[] = new Array(rows.length);
  const leftOut = new LeftOutTally();
  const settle = (i: number, outcome: RetentionApplyOutcome) => {
    outcomes[i] = outcome;
    onOutcome?.(i, outcome);
  };
  const watches: Array<Promise<void>> = [];
  for (const [i, row] of rows.entries()) {
    if (row.toDelete <= 0) {
      settle(i, { indexName: row.indexName, outcome: 'skipped', planned: 0 });
      continue;
    }
    if (recheck) {
      // Read again right before this index's truncation: still listed, and its dry run still finds rows.
      let again: RowRecheck;
      try {
        again = await recheck(row);
      } catch (error) {
        const message = `its dry run, run again before the truncation, failed (${errorText(error)}); nothing was sent for it.`;
        settle(i, { indexName: row.indexName, outcome: 'failed', planned: row.toDelete, message });
        continue;
      }
      if (!again.keep) {
        leftOut.add([{ target: row.indexName, why: again.why }]);
        services.log.info(`Retention plan: ${row.indexName} left out: ${again.why}.`);
        settle(i, { indexName: row.indexName, outcome: 'skipped', planned: row.toDelete, leftOut: again.why });
        continue;
      }
    }
    let started: Started;
    try {
      started = (await callConfirmed(Commands.truncateTimeseriesAspect, {
        indexName: row.indexName,
        endTimeMillis: row.endTimeMillis,
        dryRun: false,
      })) as Started;
    } catch (error) {
      const message = errorText(error);
      services.log.error(`Retention plan: truncation of ${row.indexName} not started: ${message}`);
      settle(i, { indexName: row.indexName, outcome: 'failed', planned: row.toDelete, message });
      continue;
    }
    const fallback = 'fallback' in started && started.fallback ? { fallback: started.fallback } : {};
    if (started.kind === 'completed') {
      settle(i, { indexName: row.indexName, outcome: 'done', planned: row.toDelete, ...fallback });
      continue;
    }
    if (started.kind !== 'task') {
      settle(i, {
        indexName: row.indexName,
        outcome: 'failed',
        planned: row.toDelete,
        message: `the server answered with a dry-run summary instead of starting the truncation ("${started.summary}"); nothing may have been deleted.`,
      });
      continue;
    }
    const task = started.task;
    services.log.info(
      `Retention plan: truncation of ${row.indexName} started: task ${task}${started.fallback ? ' (delete by query after a refused reindex)' : ''}`,
    );
    watches.push(
      (callConfirmed(Commands.showTaskStatus, { task }) as Promise<Watched>).then(
        (watched) => {
          const deleted = typeof watched.status?.status.deleted === 'number' ? { deleted: watched.status.status.deleted } : {};
          settle(i, {
            indexName: row.indexName,
            outcome: watched.outcome === 'completed' ? 'done' : 'stopped',
            planned: row.toDelete,
            task,
            ...deleted,
            ...fallback,
            ...(watched.outcome === 'completed' ? {} : { message: `stopped watching task ${task}; it goes on in the search engine (DataHub Tasks lists it).` }),
          });
        },
        (error) =>
          settle(i, {
            indexName: row.indexName,
            outcome: 'failed',
            planned: row.toDelete,
            task,
            ...fallback,
            message: `watching task ${task} failed: ${errorText(error)}`,
          }),
      ),
    );
  }
  await Promise.all(watches);
  const summary = applySummary(outcomes, leftOut.sentence('index', 'indices'));
  services.log.info(`Retention plan: ${summary}`);
  const failed = outcomes.some((o) => o.outcome === 'failed');
  void (failed ? safeWindow.showWarningMessage(summary) : safeWindow.showInformationMessage(summary));
  return { outcomes, summary, leftOut };
}

const n = (value: number): string => value.toLocaleString('en-US');

/** "Retention plan applied: 3 of 4 indices done (1,234 rows deleted); 1 failed: a (reason)." */
export function applySummary(outcomes: readonly RetentionApplyOutcome[], leftOutSentence = ''): string {
  const worked = outcomes.filter((o) => o.outcome !== 'skipped');
  const done = worked.filter((o) => o.outcome === 'done');
  const failed = worked.filter((o) => o.outcome === 'failed');
  const stopped = worked.filter((o) => o.outcome === 'stopped');
  const deleted = done.reduce((sum, o) => sum + (o.deleted ?? o.planned), 0);
  const parts = [`Retention plan applied: ${done.length} of ${worked.length} ${worked.length === 1 ? 'index' : 'indices'} done (${n(deleted)} rows deleted)`];
  if (stopped.length) parts.push(`${stopped.length} still running (no longer watched; see DataHub Tasks)`);
  if (failed.length)
    parts.push(
      `${failed.length} failed: ${failed.map((o) => `${o.indexName} (${o.message ?? 'no reason given'})`).join('; ')}. Fix the cause and plan those again; the others are unaffected`,
    );
  const skipped = outcomes.length - worked.length - outcomes.filter((o) => o.leftOut).length;
  if (skipped) parts.push(`${skipped} had nothing to delete`);
  return `${parts.join('; ')}.${leftOutSentence ? ` ${leftOutSentence}` : ''}`;
}

export { totalsOf };
