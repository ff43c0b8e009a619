// The truncate feature: Truncate Old Rows (dry run, confirmation, watching the task), task status, and
// the DataHub Tasks view. extension.ts uses it through here. Eager: the DataHub Tasks view, its task list
// and the watches resumed from the last window; the commands (./commands.ts) load on the first of them.
// Interactive runs always dry-run first and delete only after the modal's "Truncate".
import * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
import { commandIdsOf } from '../shared/commandIds';
import { reportError } from '../platform/commandRunner';
import { TaskStore } from './tasks/tasksStore';
import { persistTasks } from './tasks/tasksPersistence';
import { createTasksView, type TaskRow } from './tasks/tasksTree';
import type { TaskWatcher } from './truncateWatch';
import type { TruncateState } from './truncateState';
/** This feature's commands.ts, loaded on first use. */
type CommandsTruncate = typeof import('./commands');

export type { TaskStatusResult } from './truncateWatch';
export type { TruncateCommandResult } from './truncateResult';
export type { WatchResult } from './truncateWatch';
/** The argument schemas of the truncate and task commands (the typed API's parameter types). */
export type { truncateArgs, TruncateApi } from './table';

/** Test seam (returned by activate() as `truncate`): the session's task list and the DataHub Tasks provider, set once the part registered. */
export interface TruncateTestApi {
  store?: TaskStore;
  provider?: vscode.TreeDataProvider<TaskRow>;
}

/** The DataHub Tasks view and its store (eager, the view shows at start); the tasks the last window watched, just after activation. */
function startTasks(services: Services): {
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

export function register(services: Services): FeatureRegistration<TruncateTestApi> {
  const { disposables, seam, state, afterActivation } = startTasks(services);
  const load = () => loadFeature<CommandsTruncate>('truncate').registerCommands(services, state);
  return {
    disposables: [...disposables, deferCommands({ name: 'truncate commands', commands: commandIdsOf('truncate'), load }, services.log)],
    seam,
    afterActivation,
  };
}
