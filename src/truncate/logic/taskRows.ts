// The DataHub Tasks rows, without vscode: a label that tells two tasks apart
// (what they delete and up to when), and which tasks count as finished.
import { formatLocalDate } from '../../shared/format';
import type { TaskRecord, TaskState } from './truncateText';

/** States after which the task list has nothing more to learn. */
const FINISHED: ReadonlySet<TaskState> = new Set<TaskState>(['completed', 'notFound']);

export function isFinished(record: Pick<TaskRecord, 'state'>): boolean {
  return FINISHED.has(record.state);
}

/**
 * "up to 2025-01-01 · dashboard/dashboardusagestatistics" for a task of this
 * session; "task node-1:42" when only its id is known. The cutoff leads: two
 * tasks on one aspect differ by it, and a narrow side bar cuts the end of a row.
 */
export function taskRowLabel(record: Pick<TaskRecord, 'task' | 'target' | 'cutoff'>): string {
  const what = record.target ? `${record.target.entityType}/${record.target.aspect}` : `task ${record.task}`;
  return record.cutoff ? `up to ${formatLocalDate(record.cutoff.endTimeMillis)} · ${what}` : what;
}
