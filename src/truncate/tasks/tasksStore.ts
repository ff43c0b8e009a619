// The truncation tasks of this session (started here or watched by id), and
// which of them this window is watching. Unfinished ones are also kept for the
// next window (tasksPersistence.ts).
import * as vscode from 'vscode';
import type { TaskStatus } from '../../gms/types';
import type { CutoffChoice, TaskRecord, TaskState, TruncateTarget } from '../../model/truncate/truncateText';

export interface NewTask {
  task: string;
  target?: TruncateTarget;
  cutoff?: CutoffChoice;
  connectionName?: string;
  startedHere: boolean;
  /** When it was started or first watched (default: now). */
  startedAt?: number;
}

export class TaskStore implements vscode.Disposable {
  private readonly records = new Map<string, TaskRecord>();
  private readonly watchers = new Map<string, AbortController>();
  private readonly changed = new vscode.EventEmitter<TaskRecord | undefined>();
  readonly onDidChange = this.changed.event;

  /** Newest first. */
  list(): TaskRecord[] {
    return [...this.records.values()].sort((a, b) => b.startedAt - a.startedAt);
  }

  get(task: string): TaskRecord | undefined {
    return this.records.get(task);
  }

  /** Adds a task, or returns the known one (keeping what it already knows about target and cutoff). */
  add(entry: NewTask): TaskRecord {
    const known = this.records.get(entry.task);
    if (known) {
      known.target ??= entry.target;
      known.cutoff ??= entry.cutoff;
      known.connectionName ??= entry.connectionName;
      this.changed.fire(known);
      return known;
    }
    const record: TaskRecord = { ...entry, startedAt: entry.startedAt ?? Date.now(), state: 'running' };
    this.records.set(entry.task, record);
    this.changed.fire(record);
    return record;
  }

  update(task: string, change: { state?: TaskState; last?: TaskStatus; error?: string | undefined }): void {
    const record = this.records.get(task);
    if (!record) return;
    if (change.state !== undefined) record.state = change.state;
    if (change.last !== undefined) record.last = change.last;
    if ('error' in change) record.error = change.error;
    if (record.state === 'completed') record.finishedAt ??= Date.now();
    this.changed.fire(record);
  }

  isWatched(task: string): boolean {
    return this.watchers.has(task);
  }

  /** Registers a watcher; the returned controller aborts it (stops watching, not the task). */
  startWatching(task: string): AbortController {
    this.watchers.get(task)?.abort();
    const controller = new AbortController();
    this.watchers.set(task, controller);
    this.update(task, { state: 'watching', error: undefined });
    return controller;
  }

  stopWatching(task: string, controller: AbortController, state: TaskState): void {
    if (this.watchers.get(task) === controller) this.watchers.delete(task);
    this.update(task, { state });
  }

  dispose(): void {
    for (const c of this.watchers.values()) c.abort();
    this.watchers.clear();
    this.changed.dispose();
  }
}
