// The DataHub Tasks view: truncation tasks of this session, newest first. A
// running task nobody watches offers the eye button (datahub.watchTask). Its rows' code
// (./taskItems.ts) loads with the truncate commands, when the view is first drawn.
import * as vscode from 'vscode';
import { isFinished } from '../logic/taskRows';
import type { TaskStore } from './tasksStore';
import type { TaskRowsService } from '../../platform/taskRows';
import type { TaskRow } from './taskItems';
import { ourTreeView } from '../../platform/treeRows';
import { lazyTreeProvider } from '../../platform/lazyTree';
import { loadFeature } from '../../platform/loadFeatures';
/** The truncate feature's commands.ts, loaded on first use. */
type CommandsTruncate = typeof import('../commands');

export type { TaskRow } from './taskItems';

/** Creates the view; its badge counts tasks being watched. */
export function createTasksView(
  store: TaskStore,
  extra?: TaskRowsService,
): { provider: vscode.TreeDataProvider<TaskRow>; treeView: vscode.TreeView<TaskRow>; dispose(): void } {
  // The whole list re-sorts on any change; a session holds few tasks.
  const changed = new vscode.EventEmitter<void>();
  const provider = lazyTreeProvider(() => loadFeature<CommandsTruncate>('truncate').createTasksTree(store, extra), changed.event);
  const treeView = ourTreeView('datahub.tasks', { treeDataProvider: provider, showCollapseAll: false });
  const update = () => {
    changed.fire();
    // "Clear Finished" shows in the view title only when there is something to clear.
    void vscode.commands.executeCommand('setContext', 'datahub.tasksFinished', store.list().some(isFinished));
    const watching = store.list().filter((r) => r.state === 'watching').length + (extra?.rows().filter((r) => r.watching).length ?? 0);
    treeView.badge = watching > 0 ? { value: watching, tooltip: `${watching} task${watching === 1 ? '' : 's'} being watched` } : undefined;
  };
  const badges = [store.onDidChange(update), ...(extra ? [extra.onDidChange(update)] : [])];
  return {
    provider,
    treeView,
    dispose() {
      for (const b of badges) b.dispose();
      treeView.dispose();
      changed.dispose();
    },
  };
}
