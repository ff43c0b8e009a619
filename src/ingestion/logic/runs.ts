// An ingestion run's problem, judged from what DataHub stores of it (src/gms/ingestionTypes.ts names the files):
//   neverStarted     no result 10 minutes after it was requested: the executor (datahub-actions) never picked it
//                    up; DataHub's docs say an execution with no status ("N/A") means the executor is down (#12468)
//   runningTooLong   RUNNING longer than twice its source's usual duration (the median of its recent successful
//                    runs), or than a day when it has none: a run the executor never moved on (#17397)
//   failed           FAILURE, TIMEOUT, ABORTED or ROLLBACK_FAILED
import type { ExecutionRequestInfo, IngestionSourceInfo } from '../../gms/types';

export const NEVER_STARTED_AFTER_MS = 10 * 60_000;
export const DAY_MS = 24 * 3_600_000;
export const FAILED_STATUSES: ReadonlySet<string> = new Set(['FAILURE', 'TIMEOUT', 'ABORTED', 'ROLLBACK_FAILED']);

export type RunProblem = 'neverStarted' | 'runningTooLong' | 'failed';

export interface IngestionRun {
  urn: string;
  id: string;
  sourceUrn: string;
  sourceName: string;
  /** null: no result yet (the executor has not picked the request up). */
  status: string | null;
  requestedAt: number;
  startTimeMs?: number;
  durationMs?: number;
  problem?: RunProblem;
}

export interface SourceRow {
  urn: string;
  name: string;
  type: string;
  /** source.type SYSTEM (DataHub's GC): the web UI hides these. */
  system: boolean;
  schedule?: string;
}

/** The median of the values (the mean of the middle two for an even count); undefined for none. */
export function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** A source's usual duration: the median of its successful runs' durations (the runs read, newest first). */
export function usualDuration(requests: readonly ExecutionRequestInfo[]): number | undefined {
  const durations = requests
    .filter((r) => r.result?.status === 'SUCCESS' && typeof r.result.durationMs === 'number')
    .map((r) => r.result?.durationMs as number);
  return median(durations);
}

/** How long a RUNNING run may go before it is "running too long". */
export function runningLimit(usualMs: number | undefined): number {
  return usualMs !== undefined && usualMs > 0 ? 2 * usualMs : DAY_MS;
}

export function problemOf(r: ExecutionRequestInfo, now: number, usualMs: number | undefined): RunProblem | undefined {
  const res = r.result;
  if (res === null) return now - r.requestedAt >= NEVER_STARTED_AFTER_MS ? 'neverStarted' : undefined;
  if (res.status === 'RUNNING') {
    const started = res.startTimeMs ?? r.requestedAt;
    return now - started > runningLimit(usualMs) ? 'runningTooLong' : undefined;
  }
  return FAILED_STATUSES.has(res.status) ? 'failed' : undefined;
}

/** A source's runs requested within the window, each with its problem. */
export function runsOf(source: IngestionSourceInfo, requests: readonly ExecutionRequestInfo[], now: number, windowMs: number): IngestionRun[] {
  const usual = usualDuration(requests);
  const out: IngestionRun[] = [];
  for (const r of requests) {
    // A RUNNING run or one never started is listed whenever it was asked for: it is still a problem now.
    const open = r.result === null || r.result.status === 'RUNNING';
    if (!open && now - r.requestedAt > windowMs) continue;
    const problem = problemOf(r, now, usual);
    out.push({
      urn: r.urn,
      id: r.id,
      sourceUrn: source.urn,
      sourceName: source.name,
      status: r.result?.status ?? null,
      requestedAt: r.requestedAt,
      ...(r.result?.startTimeMs !== undefined ? { startTimeMs: r.result.startTimeMs } : {}),
      ...(r.result?.durationMs !== undefined ? { durationMs: r.result.durationMs } : {}),
      ...(problem ? { problem } : {}),
    });
  }
  return out;
}

/** The source as the listing shows it. */
export function sourceRow(s: IngestionSourceInfo, system: boolean): SourceRow {
  return {
    urn: s.urn,
    name: s.name,
    type: s.type,
    system,
    ...(s.schedule ? { schedule: `${s.schedule.interval}${s.schedule.timezone ? ` (${s.schedule.timezone})` : ''}` } : {}),
  };
}
