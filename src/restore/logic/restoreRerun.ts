// Re-running the incomplete pages of an earlier restore by pattern: exactly those
// page starts, one at a time. Pure, like the plan it completes (restorePlan.ts).
import type { RestoreResult } from '../../gms/types';
import { KEPT_ANSWERS, pageRows, type IncompletePage, type PageOutcome, type PlanProgress, type PlanStatus, type RestorePlanResult } from './restorePlan';

export interface RerunOptions {
  /** Page starts to restore again (incomplete pages of an earlier run). */
  starts: readonly number[];
  batchSize: number;
  restorePage: (start: number, rows: number) => Promise<RestoreResult>;
  signal?: AbortSignal;
  onPage?: (page: PageOutcome, progress: PlanProgress) => void;
  now?: () => number;
}

/**
 * Restores exactly these pages, one at a time, in start order. Pages that come back
 * short again stay incomplete; pages not reached (failure, cancel) are listed too,
 * with read 0, so nothing is lost for the next re-run.
 */
export async function rerunPages(options: RerunOptions): Promise<RestorePlanResult> {
  const { batchSize, restorePage, signal, onPage } = options;
  const now = options.now ?? Date.now;
  const began = now();
  const starts = [...new Set(options.starts)].sort((a, b) => a - b);
  const incompletePages: IncompletePage[] = [];
  const kept: PageOutcome[] = [];
  let rowsMigrated = 0;
  let ignored = 0;
  let requests = 0;
  let failure: RestorePlanResult['failure'];
  let i = 0;
  for (; i < starts.length && !signal?.aborted; i++) {
    const start = starts[i];
    const t0 = now();
    let result: RestoreResult;
    try {
      result = await restorePage(start, batchSize);
    } catch (error) {
      requests++;
      failure = { start, error };
      break;
    }
    requests++;
    const outcome: PageOutcome = { start, rows: pageRows(result), rowsMigrated: result.rowsMigrated, ignored: result.ignored, durationMs: now() - t0, result };
    rowsMigrated += outcome.rowsMigrated;
    ignored += outcome.ignored;
    if (outcome.rows < batchSize) incompletePages.push({ start, read: outcome.rows });
    kept.push(outcome);
    if (kept.length > KEPT_ANSWERS) kept.shift();
    onPage?.(outcome, { rowsMigrated, ignored, requests, inFlight: 0, nextStart: starts[i + 1] ?? start + batchSize });
  }
  for (const start of starts.slice(i)) incompletePages.push({ start, read: 0 });
  const status: PlanStatus = failure ? 'failed' : i < starts.length ? 'cancelled' : 'completed';
  return {
    status,
    rowsMigrated,
    ignored,
    requests,
    pagesDone: i,
    nextStart: starts[i] ?? (starts.length > 0 ? starts[starts.length - 1] + batchSize : 0),
    doneAfterNext: [],
    reachedEnd: status === 'completed',
    incompletePages,
    lastPages: kept,
    failure,
    durationMs: now() - began,
  };
}
