// Watching truncation tasks: a cancellable progress notification that polls
// getEsTaskStatus with backoff, keeps the DataHub Tasks view current, and
// refreshes index sizes when the task completes. Cancelling stops watching only.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { GmsClient, TaskStatus } from '../gms/types';
import { isGmsError } from '../gms/errors';
import type { ActiveClient, Services } from '../platform/services';
import { pollTask, validateTaskId, type PollOutcome } from './logic/taskPolling';
import { completionSummary, formatCounts, stoppedWatchingMessage, taskProgress } from './logic/truncateText';
import type { TaskStore } from './tasks/tasksStore';
import { refreshAfterTruncate } from './refreshAfter';
import type { Outcome } from '../shared/outcome';

/** What datahub.getTaskStatus returns. */
export interface TaskStatusResult extends Outcome {
  completed: boolean;
  task: string;
  status: TaskStatus['status'];
  runTimeNanos?: number;
}

export function toStatusResult(status: TaskStatus): TaskStatusResult {
  const counts = formatCounts(status);
  const message = `Task ${status.task} ${status.completed ? 'is complete' : 'is running'}${counts ? `: ${counts}` : ''}.`;
  const result: TaskStatusResult = { message, completed: status.completed, task: status.task, status: status.status };
  if (status.runTimeNanos !== undefined) result.runTimeNanos = status.runTimeNanos;
  return result;
}

/** Checks a task id from a person or a program; throws with an example of the right form. */
export function checkTaskId(value: unknown, command: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const problem = typeof value === 'string' ? validateTaskId(text) : 'a "task" string is required.';
  if (problem) throw new Error(`${command}: ${problem}`);
  return text;
}

/** Network blips and overloaded servers are worth another poll; refusals and unknown tasks are not. */
function isTransient(error: unknown): boolean {
  return isGmsError(error) && (error.kind === 'network' || error.kind === 'timeout' || (error.kind === 'server' && (error.status ?? 0) >= 500));
}

export interface WatchResult extends Outcome {
  outcome: PollOutcome['outcome'];
  task: string;
  status?: TaskStatus;
}

export class TaskWatcher {
  private readonly inFlight = new Map<string, Promise<WatchResult>>();

  constructor(
    private readonly services: Services,
    private readonly store: TaskStore,
  ) {}

  /** One status request; updates the task list when the task is in it. */
  async statusOnce(task: string, signal?: AbortSignal): Promise<TaskStatus> {
    const { client } = await this.clientFor(task);
    try {
      const status = await client.getEsTaskStatus(task, signal);
      if (this.store.get(task)) this.store.update(task, { last: status, state: status.completed ? 'completed' : undefined });
      return status;
    } catch (error) {
      if (isGmsError(error) && error.code === 'taskNotFound' && this.store.get(task)) {
        this.store.update(task, { state: 'notFound', error: error.message });
      }
      throw error;
    }
  }

  /**
   * Watches a task under a progress notification until it completes or the user
   * cancels. Joins a watch already running for the same task.
   */
  watch(task: string): Promise<WatchResult> {
    const running = this.inFlight.get(task);
    if (running) return running;
    if (!this.store.get(task)) this.store.add({ task, startedHere: false });
    const promise = this.run(task).finally(() => this.inFlight.delete(task));
    this.inFlight.set(task, promise);
    return promise;
  }

  /** The connection a task was started on, when it is still configured; else the active one. */
  private clientFor(task: string): Promise<ActiveClient> {
    const name = this.store.get(task)?.connectionName;
    const connection = name ? this.services.connections.get(name) : undefined;
    return connection ? this.services.connections.clientFor(connection) : this.services.connections.client();
  }

  private async run(task: string): Promise<WatchResult> {
    const active = await this.clientFor(task);
    const client = active.client;
    if (!this.store.get(task)?.connectionName) this.store.add({ task, startedHere: false, connectionName: active.connection.name });
    const record = this.store.get(task);
    const what = record?.target ? `${record.target.entityType}/${record.target.aspect}` : `task ${task}`;
    const controller = this.store.startWatching(task);
    let cancelledByUser = false;
    let outcome: PollOutcome;
    try {
      outcome = await safeWindow.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `DataHub: truncating ${what}`, cancellable: true },
        async (progress, token) => {
          const onCancel = token.onCancellationRequested(() => {
            cancelledByUser = true;
            controller.abort();
          });
          const how = record?.context?.fallback === 'deleteByQuery' ? 'The server could not reindex this index, so it deletes the rows in place. ' : '';
          progress.report({ message: `${how}Task ${task}: waiting for its first report. Cancel stops watching; the task goes on.` });
          let reported = 0;
          try {
            return await this.poll(client, task, controller.signal, (status) => {
              const { fraction } = taskProgress(status);
              const pct = fraction === undefined ? reported : Math.round(fraction * 100);
              const counts = formatCounts(status) || 'running';
              progress.report({ message: `${how}${counts}. Cancel stops watching; the task goes on.`, increment: Math.max(0, pct - reported) });
              reported = Math.max(reported, pct);
            });
          } finally {
            onCancel.dispose();
          }
        },
      );
    } catch (error) {
      const notFound = isGmsError(error) && error.code === 'taskNotFound';
      this.store.stopWatching(task, controller, notFound ? 'notFound' : 'error');
      this.store.update(task, { error: error instanceof Error ? error.message : String(error) });
      throw error;
    }

    if (outcome.outcome === 'completed') {
      this.store.stopWatching(task, controller, 'completed');
      const summary = completionSummary(outcome.status, record?.target, record?.context);
      this.services.log.info(summary);
      void safeWindow.showInformationMessage(summary);
      await refreshAfterTruncate(this.services);
      return { outcome: 'completed', task, status: outcome.status, message: summary };
    }
    this.store.stopWatching(task, controller, 'running');
    const message = stoppedWatchingMessage(task);
    if (cancelledByUser) {
      this.services.log.info(message);
      void safeWindow.showInformationMessage(message);
    }
    return { outcome: 'stopped', task, status: outcome.last, message };
  }

  private poll(client: GmsClient, task: string, signal: AbortSignal, onProgress: (status: TaskStatus) => void): Promise<PollOutcome> {
    return pollTask((s) => client.getEsTaskStatus(task, s), {
      signal,
      isTransient,
      onStatus: (status) => {
        this.store.update(task, { last: status });
        onProgress(status);
      },
      onRetry: (error, failures) =>
        this.services.log.warn(`Task ${task}: status request failed (${failures}), trying again: ${error instanceof Error ? error.message : String(error)}`),
    });
  }
}
