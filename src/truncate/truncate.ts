// The eager part of truncation: the DataHub Tasks view, its task list and the watches
// resumed from the last window. The commands (truncate an aspect or an index, task
// status, watching) are in truncateCommands.ts, loaded on the first of them.
// Interactive runs always dry-run first and delete only after the modal's "Truncate".
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { TaskStore } from './tasks/tasksStore';
import { persistTasks } from './tasks/tasksPersistence';
import { createTasksView, type TasksTreeProvider } from './tasks/tasksTree';
import { reportError } from '../platform/commandRunner';
import type { TruncateCommandResult } from './truncateResult';
import type { TaskWatcher, TaskStatusResult } from './truncateWatch';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsTruncate = typeof import('./commands');
import type { TruncateState } from './truncateState';

export type { TruncateCommandResult, TaskStatusResult };

/** Test seam (returned by activate() as `truncate`): the session's task list and the DataHub Tasks provider, set once the part registered. */
export interface TruncateTestApi {
  store?: TaskStore;
  provider?: TasksTreeProvider;
}

/** The DataHub Tasks view and its store (eager, the view shows at start); the tasks the last window watched, just after activation. */
export function registerTruncateFeatures(services: Services): {
  disposables: vscode.Disposable[];
  seam: TruncateTestApi;
  state: TruncateState;
  afterActivation: () => void;
} {
  const store = new TaskStore();
  const view = createTasksView(store, services.taskRows);
  let watcher: TaskWatcher | undefined;
  const watcherOf = (): TaskWatcher => (watcher ??= loadFeature<CommandsTruncate>('truncate').createWatcher(services, store));
  const seam: TruncateTestApi = { store, provider: view.provider };
  const watchInBackground = (task: string): void => {
    watcherOf()
      .watch(task)
      .catch((error) => reportError(services, error, { action: 'getEsTaskStatus' }, { source: `watch ${task}` }));
  };
  // The tasks the last window watched come back just after activation (src/platform/startup.ts).
  let persisted: vscode.Disposable | undefined;
  return {
    disposables: [store, view, { dispose: () => persisted?.dispose() }],
    seam,
    state: { store, watcher: watcherOf, watchInBackground },
    afterActivation: () => (persisted ??= persistTasks(services, store, watchInBackground)),
  };
}
