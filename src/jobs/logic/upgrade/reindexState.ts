// Each reindex of a system-update job as it stands: the log (reindexLog.ts) says which task
// and how it ended; the task-status operation (getEsTaskStatus: the search engine's task
// document, status.created + updated + deleted of status.total, batches, running time) says
// how far a running one is. Truthful: done only when the log says the reindex succeeded,
// failed with the log's own reason, "verifying" while the task is finished but the job still
// compares document counts (where a mismatch abort comes from).
import { formatDuration } from '../../../shared/format';
import type { TaskStatus } from '../../../gms/types';
import type { ReindexEntry, UpgradeLogSummary } from './reindexLog';

export type IndexState = ReindexEntry['state'];

export interface IndexProgress {
  index: string;
  dest?: string;
  task?: string;
  state: IndexState;
  /** Documents copied (the task's created + updated + deleted, else the log's destination count). */
  done?: number;
  /** Documents to copy (the task's status.total, else the log's source count). */
  total?: number;
  percent?: number;
  batches?: number;
  /** From the task: done / its running time. */
  docsPerSecond?: number;
  runningMs?: number;
  etaMs?: number;
  /** The task-status operation's answer is finished. */
  taskCompleted?: boolean;
  retriggers: number;
  /** Why it failed, in the log's words. */
  reason?: string;
  /** Why the task's status could not be read, when it could not. */
  statusError?: string;
}

export function progressOf(entry: ReindexEntry, status?: TaskStatus, statusError?: string): IndexProgress {
  const out: IndexProgress = {
    index: entry.index,
    ...(entry.dest ? { dest: entry.dest } : {}),
    ...(entry.task ? { task: entry.task } : {}),
    state: entry.state,
    retriggers: entry.retriggers,
    ...(entry.reason ? { reason: entry.reason } : {}),
    ...(statusError ? { statusError } : {}),
  };
  if (entry.destDocs !== undefined) out.done = entry.destDocs;
  if (entry.sourceDocs !== undefined) out.total = entry.sourceDocs;
  if (entry.percent !== undefined) out.percent = entry.percent;
  const s = status?.status;
  if (s && typeof s.total === 'number' && s.total > 0 && entry.state !== 'done' && entry.state !== 'skipped') {
    const done = (s.created ?? 0) + (s.updated ?? 0) + (s.deleted ?? 0);
    out.done = done;
    out.total = s.total;
    out.percent = (done * 100) / s.total;
    if (typeof s.batches === 'number') out.batches = s.batches;
    out.taskCompleted = status.completed;
    if (status.runTimeNanos !== undefined && status.runTimeNanos > 0) {
      out.runningMs = status.runTimeNanos / 1e6;
      if (done > 0) out.docsPerSecond = done / (status.runTimeNanos / 1e9);
    }
    if (!status.completed && out.docsPerSecond) out.etaMs = ((s.total - done) / out.docsPerSecond) * 1000;
    // The task has finished but the log has not yet said how the counts compared.
    if (status.completed && entry.state === 'running') out.state = 'verifying';
  }
  if (entry.state === 'done' && out.total !== undefined) out.done ??= out.total;
  return out;
}

/** How the job stands, from its log, its Job status and the indices. */
export type UpgradeState =
  | { kind: 'starting' }
  | { kind: 'running' }
  | { kind: 'succeeded' }
  | { kind: 'failed'; reason: string; index?: string }
  | { kind: 'disagree'; reason: string };

export const UPGRADE_FINAL: ReadonlySet<UpgradeState['kind']> = new Set(['succeeded', 'failed', 'disagree']);

export interface UpgradeJobView {
  active: number;
  succeeded: number;
  failed: number;
  /** A Failed condition's reason and message (BackoffLimitExceeded, DeadlineExceeded). */
  failedReason?: string;
}

export function upgradeState(log: UpgradeLogSummary, job: UpgradeJobView | undefined, indices: readonly IndexProgress[]): UpgradeState {
  const failedIndex = indices.find((i) => i.state === 'failed');
  const indexWhy = failedIndex ? `${failedIndex.index}: ${failedIndex.reason ?? 'the reindex failed'}` : undefined;
  const jobFailed = job !== undefined && job.failed > 0 && job.active === 0;
  const jobSucceeded = job !== undefined && job.succeeded > 0 && job.active === 0;
  if (log.result !== undefined && log.result !== 'SUCCEEDED') {
    const why = indexWhy ?? log.errors[log.errors.length - 1] ?? `the upgrade reported ${log.result}`;
    return {
      kind: 'failed',
      reason: `${why} (the upgrade reported ${log.result}${log.failedStep ? `, failed step ${log.failedStep}` : ''})`,
      ...(failedIndex ? { index: failedIndex.index } : {}),
    };
  }
  if (jobFailed) {
    const why = `the Job failed${job.failedReason ? ` (${job.failedReason})` : ''}`;
    if (log.result === 'SUCCEEDED') return { kind: 'disagree', reason: `the log says SUCCEEDED but ${why}` };
    return {
      kind: 'failed',
      reason: indexWhy ? `${indexWhy}; ${why}` : `${why} before the upgrade reported a result`,
      ...(failedIndex ? { index: failedIndex.index } : {}),
    };
  }
  if (log.result === 'SUCCEEDED') {
    if (failedIndex) return { kind: 'disagree', reason: `the upgrade reported SUCCEEDED but the reindex of ${indexWhy}` };
    return { kind: 'succeeded' };
  }
  if (jobSucceeded) return { kind: 'disagree', reason: 'the Job completed but its log shows no result line' };
  if (failedIndex) return { kind: 'failed', reason: indexWhy ?? 'a reindex failed', index: failedIndex.index };
  return indices.length === 0 ? { kind: 'starting' } : { kind: 'running' };
}

const n = (v: number): string => Math.round(v).toLocaleString('en-US');

/** One line for an index's row: state, documents, percent, batches, rate, ETA. */
export function indexLine(p: IndexProgress): string {
  const parts: string[] = [];
  if (p.done !== undefined && p.total !== undefined) parts.push(`${n(p.done)}/${n(p.total)} docs (${(p.percent ?? 0).toFixed(1)}%)`);
  else if (p.state === 'running') parts.push('waiting for the task status');
  if (p.batches !== undefined) parts.push(`${n(p.batches)} batches`);
  if (p.docsPerSecond !== undefined && p.state !== 'done') parts.push(`${n(p.docsPerSecond)} docs/s`);
  if (p.etaMs !== undefined && p.state === 'running') parts.push(`ETA ${formatDuration(p.etaMs)}`);
  if (p.retriggers > 0) parts.push(`re-triggered ×${p.retriggers}`);
  if (p.state === 'verifying') parts.push('task finished, comparing document counts');
  if (p.state === 'failed' && p.reason) parts.push(p.reason);
  return parts.join(' · ');
}

export function upgradeMessage(job: string, state: UpgradeState, indices: readonly IndexProgress[]): string {
  const done = indices.filter((i) => i.state === 'done' || i.state === 'skipped').length;
  const running = indices.find((i) => i.state === 'running' || i.state === 'verifying');
  switch (state.kind) {
    case 'starting':
      return `System update ${job} is running; no reindex in its log yet.`;
    case 'running':
      return `System update ${job} is reindexing: ${done} of ${indices.length} indices done${running ? `, ${running.index} at ${(running.percent ?? 0).toFixed(1)}%` : ''}.`;
    case 'succeeded':
      return `System update ${job} succeeded: ${done} ${done === 1 ? 'index' : 'indices'} reindexed.`;
    case 'failed':
      return `System update ${job} FAILED: ${state.reason}. The upgrade did not finish; read its log, fix the cause and run the upgrade again.`;
    case 'disagree':
      return `System update ${job} ended unclearly: ${state.reason}. Read its log.`;
  }
}
