// The truncation tasks of this session (started here or watched by id), and
// which of them this window is watching. Unfinished ones are also kept for the
// next window (tasksPersistence.ts).
import * as vscode from 'vscode';
import type { TaskStatus } from '../../gms/types';
import type { CutoffChoice, TaskRecord, TaskState, TruncateContext, TruncateTarget } from '../logic/truncateText';
import { isFinished } from '../logic/taskRows';

export interface NewTask {
  task: string;
  target?: TruncateTarget;
  cutoff?: CutoffChoice;
  connectionName?: string;
  startedHere: boolean;
  /** When it was started or first watched (default: now). */
  startedAt?: number;
  /** Fallback and sizes before, for the result message. */
  context?: TruncateContext;
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

  /**
   * Adds a task. A truncation started here is a new task even under a known id
   * (the search engine reuses task numbers after a restart): it replaces the old
   * record. Watching a known id by number keeps what the record knows.
   */
  add(entry: NewTask): TaskRecord {
    const known = this.records.get(entry.task);
    if (known && !(entry.startedHere && entry.target)) {
      known.target ??= entry.target;
      known.cutoff ??= entry.cutoff;
      known.connectionName ??= entry.connectionName;
      if (entry.context) known.context = { ...known.context, ...entry.context };
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

  /** Stops this window's watch of a task (the task goes on); false when nobody watched it. */
  stop(task: string): boolean {
    const controller = this.watchers.get(task);
    if (!controller) return false;
    controller.abort();
    return true;
  }

  /** Removes the finished tasks (completed, or unknown to the server) from the list; returns their ids. */
  clearFinished(): string[] {
    const cleared = [...this.records.values()].filter((r) => isFinished(r) && !this.watchers.has(r.task)).map((r) => r.task);
    for (const task of cleared) this.records.delete(task);
    if (cleared.length) this.changed.fire(undefined);
    return cleared;
  }

  dispose(): void {
    for (const c of this.watchers.values()) c.abort();
    this.watchers.clear();
    this.changed.dispose();
  }
}
