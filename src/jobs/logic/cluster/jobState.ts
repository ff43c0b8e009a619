// How a RestoreIndices job on the cluster stands, from its pod log (jobLog.ts) and the
// Job's own status, told truthfully: succeeded only when the log's result, the Job and
// the rows agree; FAILED after reaching 100% said as such; a job whose log stops moving
// named stalled after a quiet time. Rate and ETA come from the rows seen over time.
import { formatDuration } from '../../../shared/format';
import type { JobLogSummary } from './jobLog';

/** What the Job's status says (k8s batch/v1 Job: active / succeeded / failed pods, conditions). */
export interface JobStatusView {
  active: number;
  succeeded: number;
  failed: number;
  /** A Failed condition's reason and message (e.g. BackoffLimitExceeded, DeadlineExceeded). */
  failedReason?: string;
}

export type JobState =
  /** The pod has not started (reason: ContainerCreating, ErrImagePull…; forMs: how long), or no batch reported yet. */
  | { kind: 'starting'; reason?: string; forMs?: number }
  | { kind: 'running' }
  | { kind: 'stalled'; quietMs: number }
  | { kind: 'succeeded' }
  /** The job says SUCCEEDED but this run sent fewer rows than it should have (or none). */
  | { kind: 'incomplete'; missingRows: number }
  | { kind: 'failed'; afterComplete: boolean; reason: string }
  /** The log and the Job disagree (e.g. the result SUCCEEDED but the pod failed). */
  | { kind: 'disagree'; reason: string };

export const FINAL_KINDS: ReadonlySet<JobState['kind']> = new Set(['succeeded', 'incomplete', 'failed', 'disagree']);

export interface ProgressSample {
  at: number;
  rows: number;
}

/** Rows a second over the samples of the last `windowMs` (at least two distinct counts), or undefined. */
export function rowsPerSecond(samples: readonly ProgressSample[], windowMs = 10 * 60_000): number | undefined {
  if (samples.length < 2) return undefined;
  const last = samples[samples.length - 1];
  const first = samples.find((s) => s.at >= last.at - windowMs) ?? samples[0];
  const seconds = (last.at - first.at) / 1000;
  if (seconds <= 0 || last.rows <= first.rows) return undefined;
  return (last.rows - first.rows) / seconds;
}

/** Rows this run still has to send: those after the starting offset, less those sent or ignored. */
export function remainingRows(log: JobLogSummary, startingOffset: number): number | undefined {
  if (log.totalRows === undefined) return undefined;
  return Math.max(0, log.totalRows - startingOffset - (log.sent ?? 0) - (log.ignored ?? 0));
}

export function etaMs(log: JobLogSummary, startingOffset: number, rate: number | undefined): number | undefined {
  const left = remainingRows(log, startingOffset);
  if (left === undefined || rate === undefined || rate <= 0) return undefined;
  return (left / rate) * 1000;
}

export interface StateInput {
  log: JobLogSummary;
  job: JobStatusView | undefined;
  startingOffset: number;
  /** ms since the rows last moved (or since watching began when none moved yet). */
  quietMs: number;
  stallAfterMs: number;
  /** The newest pod has not started yet. */
  starting?: { reason: string; forMs?: number };
}

/** The verdict. A job still running is running or stalled; a finished one is judged on all it said. */
export function jobState(input: StateInput): JobState {
  const { log, job, startingOffset } = input;
  const jobFailed = job !== undefined && job.failed > 0 && job.active === 0;
  const jobSucceeded = job !== undefined && job.succeeded > 0 && job.active === 0;
  const reached100 = (log.percent ?? 0) >= 100 || (log.failedToSend !== undefined && log.failedToSend.rows >= 0 && log.failedToSend.percent < 0.005);
  const expected = log.totalRows === undefined ? undefined : Math.max(0, log.totalRows - startingOffset);
  const processed = (log.sent ?? 0) + (log.ignored ?? 0);
  if (log.result !== undefined && log.result !== 'SUCCEEDED') {
    const why = `the job reported ${log.result}${log.errors.length ? ` (${log.errors[log.errors.length - 1]})` : ''}`;
    return { kind: 'failed', afterComplete: reached100, reason: why };
  }
  if (jobFailed) {
    const why = `the Job failed${job.failedReason ? ` (${job.failedReason})` : ''}`;
    if (log.result === 'SUCCEEDED') return { kind: 'disagree', reason: `the log says SUCCEEDED but ${why}` };
    return { kind: 'failed', afterComplete: reached100, reason: `${why} before the job reported a result` };
  }
  if (log.result === 'SUCCEEDED') {
    if (job !== undefined && !jobSucceeded && job.active > 0 && input.quietMs < input.stallAfterMs) return { kind: 'running' };
    // DataHub's "Failed to send MAEs for N rows" counts the rows before startingOffset as not sent.
    const missing = expected === undefined ? (log.failedToSend?.rows ?? 0) : Math.max(0, expected - processed);
    if (missing > 0) return { kind: 'incomplete', missingRows: missing };
    if (expected === 0 || (log.reports === 0 && log.totalRows === undefined)) return { kind: 'incomplete', missingRows: 0 };
    return { kind: 'succeeded' };
  }
  if (jobSucceeded) return { kind: 'disagree', reason: 'the Job completed but its log shows no result line' };
  if (input.starting)
    return { kind: 'starting', reason: input.starting.reason, ...(input.starting.forMs !== undefined ? { forMs: input.starting.forMs } : {}) };
  if (log.reports === 0 && log.totalRows === undefined && input.quietMs < input.stallAfterMs) return { kind: 'starting' };
  if (input.quietMs >= input.stallAfterMs) return { kind: 'stalled', quietMs: input.quietMs };
  return { kind: 'running' };
}

const n = (v: number): string => v.toLocaleString('en-US');

/** One line for the row's description: rows, percent, batches, rate, ETA. */
export function progressLine(log: JobLogSummary, rate: number | undefined, eta: number | undefined): string {
  if (log.sent === undefined || log.totalRows === undefined)
    return log.totalRows !== undefined ? `${n(log.totalRows)} rows found` : 'waiting for the first batch';
  const parts = [`${n(log.sent)}/${n(log.totalRows)} rows (${(log.percent ?? 0).toFixed(2)}%)`];
  if (log.batchSize) parts.push(`${n(Math.ceil(((log.sent ?? 0) + (log.ignored ?? 0)) / log.batchSize))} batches`);
  if (rate !== undefined) parts.push(`${n(Math.round(rate))} rows/s`);
  if (eta !== undefined) parts.push(`ETA ${formatDuration(eta)}`);
  return parts.join(' · ');
}

/** The sentence the end state is told in. */
export function stateMessage(name: string, state: JobState, log: JobLogSummary): string {
  switch (state.kind) {
    case 'starting':
      return state.reason
        ? `Job ${name} is starting: its pod is ${state.reason}${state.forMs !== undefined ? ` for ${formatDuration(state.forMs)}` : ''} (an image pull can take minutes).`
        : `Job ${name} is starting: no batch reported yet.`;
    case 'running':
      return `Job ${name} is running.`;
    case 'stalled':
      return `Job ${name} looks stalled: no rows sent for ${formatDuration(state.quietMs)} while the Job is still active. Check the pod, the database and Kafka; resume it from its last batch if you stop it.`;
    case 'succeeded':
      return `Job ${name} succeeded: ${n(log.sent ?? 0)} rows sent${log.ignored ? `, ${n(log.ignored)} ignored` : ''}, as many as it found.`;
    case 'incomplete':
      return state.missingRows > 0
        ? `Job ${name} reported SUCCEEDED but ${n(state.missingRows)} rows were not sent (DataHub: "Failed to send MAEs"). Search may be missing them: resume from the last batch or run the restore again.`
        : `Job ${name} reported SUCCEEDED but sent no rows: check its arguments (a time window needs both gePitEpochMs and lePitEpochMs).`;
    case 'failed':
      return state.afterComplete
        ? `Job ${name} FAILED after reaching 100%: ${state.reason}.${log.failedToSend && log.failedToSend.rows > 0 ? ` ${n(log.failedToSend.rows)} rows were not sent (DataHub rounds them into 100.00%).` : ''} Read its log before relying on the indices, and resume from the last batch if rows are missing.`
        : `Job ${name} FAILED at ${(log.percent ?? 0).toFixed(2)}%: ${state.reason}. Resume it from the last batch its log shows.`;
    case 'disagree':
      return `Job ${name} ended unclearly: ${state.reason}. Read its log.`;
  }
}
