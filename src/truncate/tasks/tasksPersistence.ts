// Keeps the truncation tasks being watched in global state (per connection), so
// a window reload does not lose them, and offers to resume watching them.
import * as vscode from 'vscode';
import * as safeWindow from '../../platform/safeWindow';
import type { Services } from '../../platform/services';
import { readSavedTasks, SAVED_TASKS_KEY, tasksToSave } from '../logic/savedTasks';
import type { TaskStore } from './tasksStore';

/**
 * Puts the saved tasks of still-configured connections back in the list, saves the
 * list's unfinished tasks on every change, and (when some came back) offers to
 * resume watching them with `watch`.
 */
export function persistTasks(services: Services, store: TaskStore, watch: (task: string) => void): vscode.Disposable {
  const state = services.context.globalState;
  const saved = readSavedTasks(state.get(SAVED_TASKS_KEY), (name) => services.connections.get(name) !== undefined);
  for (const t of saved)
    store.add({ task: t.task, target: t.target, cutoff: t.cutoff, connectionName: t.connectionName, startedHere: t.startedHere, startedAt: t.startedAt });
  let last = JSON.stringify(tasksToSave(store.list()));
  const subscription = store.onDidChange(() => {
    const now = JSON.stringify(tasksToSave(store.list()));
    if (now === last) return;
    last = now;
    void Promise.resolve(state.update(SAVED_TASKS_KEY, JSON.parse(now))).catch((error: unknown) =>
      services.log.warn(`Could not keep the watched truncation tasks for the next window: ${String(error)}`),
    );
  });
  if (saved.length > 0) {
    const names = saved.slice(0, 3).map((t) => (t.target ? `${t.target.entityType}/${t.target.aspect}` : t.task));
    const more = saved.length > 3 ? ` and ${saved.length - 3} more` : '';
    services.log.info(`Truncation tasks from the last window: ${saved.map((t) => `${t.task} on "${t.connectionName}"`).join(', ')}`);
    void safeWindow
      .showInformationMessage(
        `${saved.length === 1 ? 'A truncation task was' : `${saved.length} truncation tasks were`} being watched when the window closed (${names.join(', ')}${more}). Resume watching?`,
        'Resume Watching',
        'Show Tasks',
      )
      .then((pick) => {
        if (pick === 'Resume Watching') for (const t of saved) watch(t.task);
        if (pick === 'Show Tasks') void vscode.commands.executeCommand('datahub.tasks.focus');
      });
  }
  return subscription;
}
