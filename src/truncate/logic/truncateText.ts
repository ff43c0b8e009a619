// The words of truncation: task progress, completion and the task list's labels (the dry run's are in
// ./dryRunText.ts). Pure: no vscode import, so every sentence is unit-tested.
import type { TaskStatus, TruncateResult } from '../../gms/types';
import { formatAge, formatCutoffTime } from './cutoff';
import { formatDuration, formatRows, formatSize, isKnownSize } from '../../shared/format';

export type DryRunResult = Extract<TruncateResult, { kind: 'dryRun' }>;

export interface TruncateTarget {
  entityType: string;
  aspect: string;
  /** The index as getIndexSizes named it, when known. */
  indexName?: string;
}

export interface CutoffChoice {
  endTimeMillis: number;
  /** How it was chosen ("90 days ago", "2025-01-01"); omitted for a program's number. */
  label?: string;
}

const n = (value: number): string => value.toLocaleString('en-US');

export function targetName(target: TruncateTarget): string {
  return target.indexName ?? `${target.entityType}/${target.aspect}`;
}

export function cutoffLine(cutoff: CutoffChoice, now: Date = new Date()): string {
  const age = cutoff.label ?? formatAge(cutoff.endTimeMillis, now);
  return `Rows at or before ${formatCutoffTime(cutoff.endTimeMillis)} (${age}).`;
}

export { formatDuration };

export function runTimeMs(status: TaskStatus): number | undefined {
  return typeof status.runTimeNanos === 'number' ? status.runTimeNanos / 1e6 : undefined;
}

/** Rows the task has handled so far and out of how many (ES counts created/updated/deleted/noops toward total). */
export function taskProgress(status: TaskStatus): { done: number; total?: number; fraction?: number } {
  const c = status.status;
  const done = (c.deleted ?? 0) + (c.created ?? 0) + (c.updated ?? 0) + (c.noops ?? 0);
  const total = typeof c.total === 'number' ? c.total : undefined;
  const fraction = total && total > 0 ? Math.min(1, done / total) : undefined;
  return { done, total, fraction };
}

/** "1,200/5,000 deleted · 2 batches"; empty when the server reported no counts yet. */
export function formatCounts(status: TaskStatus): string {
  const c = status.status;
  const parts: string[] = [];
  const of = typeof c.total === 'number' ? `/${n(c.total)}` : '';
  if (typeof c.deleted === 'number' && (c.deleted > 0 || !c.created)) parts.push(`${n(c.deleted)}${of} deleted`);
  if (typeof c.created === 'number' && c.created > 0) parts.push(`${n(c.created)}${parts.length ? '' : of} copied`);
  if (typeof c.batches === 'number' && c.batches > 0) parts.push(c.batches === 1 ? '1 batch' : `${n(c.batches)} batches`);
  if (typeof c.version_conflicts === 'number' && c.version_conflicts > 0) parts.push(`${n(c.version_conflicts)} version conflicts`);
  return parts.join(' · ');
}

/** What is known about a truncation besides its task status, for the result message. */
export interface TruncateContext {
  /** The server could not reindex, so the rows were deleted by query instead. */
  fallback?: 'deleteByQuery';
  /** The index size (decimal MB) and its row count before the deletion, when known (the dry run's total). */
  before?: { sizeMb: number; rows: number };
}

/**
 * The size an index should have once the deleted rows are gone: the size before
 * times the share of rows kept. An estimate: documents differ in size, and the
 * space is only given back as the search engine merges segments.
 */
export function estimatedSizeAfter(before: { sizeMb: number; rows: number }, deleted: number): number | undefined {
  if (!isKnownSize(before.sizeMb) || !(before.rows > 0) || !(deleted >= 0)) return undefined;
  const kept = Math.max(0, before.rows - deleted) / before.rows;
  return before.sizeMb * kept;
}

/** Rows a completed task removed: deleted by query, or (reindex) the rows not copied across. */
function deletedRows(status: TaskStatus, context: TruncateContext): number | undefined {
  const c = status.status;
  if (typeof c.created === 'number' && c.created > 0) return context.before ? Math.max(0, context.before.rows - c.created) : undefined;
  return typeof c.deleted === 'number' ? c.deleted : undefined;
}

/**
 * The result of a completed truncation, numbers first: "Deleted 111 rows from
 * dashboard/dashboardUsageStatistics, 9 MB → about 4 MB after the next refresh
 * (estimate); the space is freed as the search engine merges segments." Then
 * batches and run time, how it was done when that was not the plan, conflicts.
 */
export function completionSummary(status: TaskStatus, target?: TruncateTarget, context: TruncateContext = {}): string {
  const c = status.status;
  const where = target ? ` from ${targetName(target)}` : '';
  const deleted = deletedRows(status, context);
  const sentences: string[] = [];
  let head =
    deleted !== undefined ? `Deleted ${formatRows(deleted)}${where}` : target ? `Truncation of ${targetName(target)} finished` : `Task ${status.task} finished`;
  const after = deleted !== undefined && context.before ? estimatedSizeAfter(context.before, deleted) : undefined;
  if (after !== undefined && context.before) {
    head += `, ${formatSize(context.before.sizeMb)} → about ${formatSize(after)} (estimate) after the next refresh; deleted space is freed as the search engine merges segments`;
  }
  sentences.push(`${head}.`);
  const how: string[] = [];
  if (typeof c.created === 'number' && c.created > 0) how.push(`kept ${formatRows(c.created)} (copied to a new index)`);
  if (typeof c.batches === 'number' && c.batches > 0) how.push(c.batches === 1 ? '1 batch' : `${n(c.batches)} batches`);
  const run = runTimeMs(status);
  if (run !== undefined) how.push(`run time ${formatDuration(run)}`);
  if (how.length > 0) sentences.push(`${how.join(', ').replace(/^./, (ch) => ch.toUpperCase())}.`);
  if (context.fallback === 'deleteByQuery')
    sentences.push('The server could not reindex this index, so the rows were deleted in place instead; nothing was lost by the refused attempt.');
  if (typeof c.version_conflicts === 'number' && c.version_conflicts > 0)
    sentences.push(`${formatRows(c.version_conflicts)} changed while it ran and were skipped.`);
  return sentences.join(' ');
}

export type TaskState =
  /** This window is polling it. */
  | 'watching'
  /** Running on the server as far as we know, but nobody watches it. */
  | 'running'
  | 'completed'
  /** The server could not find the task (finished long ago, another cluster, or a typo). */
  | 'notFound'
  /** The last status request failed; the task may still be running. */
  | 'error';

/** One task of this session, as the DataHub Tasks view lists it. */
export interface TaskRecord {
  task: string;
  target?: TruncateTarget;
  cutoff?: CutoffChoice;
  /** The DataHub connection the task was started on or watched through. */
  connectionName?: string;
  /** When this window started the task or began watching it. */
  startedAt: number;
  /** true when this window started it (false: watched by id). */
  startedHere: boolean;
  state: TaskState;
  last?: TaskStatus;
  error?: string;
  finishedAt?: number;
  /** Fallback and sizes before, for the result message. */
  context?: TruncateContext;
}

const STATE_WORDS: Record<TaskState, string> = {
  watching: 'running',
  running: 'running, not watched',
  completed: 'completed',
  notFound: 'status unavailable',
  error: 'status failed',
};

/** Label, description and tooltip of a task row. */
export function describeTask(record: TaskRecord): { label: string; description: string; tooltip: string } {
  const label = record.target ? `${record.target.entityType}/${record.target.aspect}` : record.task;
  const counts = record.last ? formatCounts(record.last) : '';
  const description = [STATE_WORDS[record.state], counts].filter(Boolean).join(' · ');
  const lines = [`Task: ${record.task}`];
  if (record.target?.indexName) lines.push(`Index: ${record.target.indexName}`);
  if (record.connectionName) lines.push(`Connection: ${record.connectionName}`);
  lines.push(`${record.startedHere ? 'Started' : 'Watched since'}: ${formatCutoffTime(record.startedAt)}`);
  if (record.cutoff) lines.push(`Cutoff: ${cutoffLine(record.cutoff, new Date(record.startedAt))}`);
  lines.push(`State: ${STATE_WORDS[record.state]}${counts ? ` (${counts})` : ''}`);
  if (record.last && record.state === 'completed') lines.push(completionSummary(record.last, record.target, record.context));
  if (record.error) lines.push(record.error);
  if (record.state === 'running' || record.state === 'error') lines.push('Watch it again with the eye button.');
  return { label, description, tooltip: lines.join('\n') };
}

/** Said when the user stops watching: the deletion itself goes on. */
export function stoppedWatchingMessage(task: string): string {
  return `Stopped watching task ${task}. The task keeps running on the server; watch it again from DataHub Tasks (eye button) or with "DataHub: Show Task Status…".`;
}

/** An older server that reindexed at once: the dry run's count is what went, numbers first. */
export function syncCompletionMessage(
  target: TruncateTarget,
  dry: Pick<DryRunResult, 'toDelete' | 'total'>,
  context: TruncateContext,
  summary: string,
): string {
  const status: TaskStatus = { completed: true, task: '', status: { deleted: dry.toDelete, total: dry.total } };
  return `${completionSummary(status, target, context)} The server did it at once ("${summary}").`;
}
