// Truncation tasks being watched, kept across window reloads (in global state,
// per connection) so watching can be resumed. Pure: the reading is checked, as
// stored state may come from an older version or be damaged.
import type { CutoffChoice, TaskRecord, TruncateTarget } from './truncateText';
import { validateTaskId } from './taskId';

export const SAVED_TASKS_KEY = 'datahub.watchedTasks';
/** At most this many per connection: the newest are kept. */
export const MAX_SAVED_TASKS = 20;

export interface SavedTask {
  task: string;
  target?: TruncateTarget;
  cutoff?: CutoffChoice;
  startedAt: number;
  startedHere: boolean;
}

/** Connection name -> its unfinished tasks, newest first. */
export type SavedTasks = Record<string, SavedTask[]>;

/** The unfinished tasks of the list (watching or running), grouped by connection. */
export function tasksToSave(records: readonly TaskRecord[]): SavedTasks {
  const saved: SavedTasks = {};
  for (const r of [...records].sort((a, b) => b.startedAt - a.startedAt)) {
    if ((r.state !== 'watching' && r.state !== 'running') || !r.connectionName) continue;
    const list = (saved[r.connectionName] ??= []);
    if (list.length >= MAX_SAVED_TASKS) continue;
    const entry: SavedTask = { task: r.task, startedAt: r.startedAt, startedHere: r.startedHere };
    if (r.target) entry.target = { entityType: r.target.entityType, aspect: r.target.aspect, ...(r.target.indexName ? { indexName: r.target.indexName } : {}) };
    if (r.cutoff) entry.cutoff = { ...r.cutoff };
    list.push(entry);
  }
  return saved;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readTarget(v: unknown): TruncateTarget | undefined {
  if (!isRecord(v) || typeof v.entityType !== 'string' || typeof v.aspect !== 'string') return undefined;
  return { entityType: v.entityType, aspect: v.aspect, ...(typeof v.indexName === 'string' ? { indexName: v.indexName } : {}) };
}

function readCutoff(v: unknown): CutoffChoice | undefined {
  if (!isRecord(v) || typeof v.endTimeMillis !== 'number' || !Number.isFinite(v.endTimeMillis)) return undefined;
  return { endTimeMillis: v.endTimeMillis, ...(typeof v.label === 'string' ? { label: v.label } : {}) };
}

/** The saved tasks of the connections that still exist; anything malformed is dropped. */
export function readSavedTasks(raw: unknown, connectionExists: (name: string) => boolean): Array<SavedTask & { connectionName: string }> {
  if (!isRecord(raw)) return [];
  const out: Array<SavedTask & { connectionName: string }> = [];
  for (const [connectionName, list] of Object.entries(raw)) {
    if (!connectionExists(connectionName) || !Array.isArray(list)) continue;
    for (const item of list.slice(0, MAX_SAVED_TASKS)) {
      if (!isRecord(item) || typeof item.task !== 'string' || validateTaskId(item.task) !== undefined) continue;
      const startedAt = typeof item.startedAt === 'number' && Number.isFinite(item.startedAt) ? item.startedAt : Date.now();
      out.push({
        connectionName,
        task: item.task,
        startedAt,
        startedHere: item.startedHere === true,
        target: readTarget(item.target),
        cutoff: readCutoff(item.cutoff),
      });
    }
  }
  return out;
}
