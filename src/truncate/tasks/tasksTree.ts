// The DataHub Tasks view: truncation tasks of this session, newest first. A
// running task nobody watches offers the eye button (datahub.watchTask).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import { describeTask, type TaskRecord, type TaskState } from '../logic/truncateText';
import { isFinished, taskRowLabel } from '../logic/taskRows';
import type { TaskStore } from './tasksStore';
import { isExtraTaskRow, type ExtraTaskRow, type TaskRowsService } from '../../platform/taskRows';
import { ourTreeView } from '../../platform/treeRows';

/** A row of the view: a truncation task, or a row another part added (a job on the cluster). */
export type TaskRow = TaskRecord | ExtraTaskRow;

/** contextValue per state; 'task.running' is what the manifest's inline watch button matches. */
const CONTEXT: Record<TaskState, string> = {
  watching: 'task.watching',
  running: 'task.running',
  // The status request failed but the task may still run: watching again is allowed.
  error: 'task.running',
  completed: 'task.completed',
  notFound: 'task.notFound',
};

function iconFor(state: TaskState): vscode.ThemeIcon {
  switch (state) {
    case 'watching':
      // Spins while this window polls the task.
      return new vscode.ThemeIcon('sync~spin');
    case 'running':
      return new vscode.ThemeIcon('clock');
    case 'completed':
      return new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed'));
    case 'notFound':
      return new vscode.ThemeIcon('question');
    case 'error':
      return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  }
}

export function taskTreeItem(record: TaskRecord): vscode.TreeItem {
  const text = describeTask(record);
  // The task id and the server's error text come from the server.
  // Entity/aspect and cutoff: two tasks on one aspect differ by their date.
  const item = new vscode.TreeItem(uiLine(taskRowLabel(record)), vscode.TreeItemCollapsibleState.None);
  item.id = record.task;
  item.description = uiLine(text.description);
  item.tooltip = uiText(text.tooltip);
  item.contextValue = CONTEXT[record.state];
  item.iconPath = iconFor(record.state);
  item.accessibilityInformation = { label: `${item.label}, ${item.description}` };
  return item;
}

export class TasksTreeProvider implements vscode.TreeDataProvider<TaskRow>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<TaskRow | undefined>();
  readonly onDidChangeTreeData = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly store: TaskStore,
    private readonly extra?: TaskRowsService,
  ) {
    // The whole list re-sorts on any change; a session holds few tasks.
    this.subscriptions = [store.onDidChange(() => this.changed.fire(undefined))];
    if (extra) this.subscriptions.push(extra.onDidChange(() => this.changed.fire(undefined)));
  }

  getTreeItem(row: TaskRow): vscode.TreeItem {
    return isExtraTaskRow(row) ? row.treeItem() : taskTreeItem(row);
  }

  getChildren(parent?: TaskRow): TaskRow[] {
    // Empty list: the manifest's welcome content explains the view.
    return parent ? [] : [...this.store.list(), ...(this.extra?.rows() ?? [])];
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** Creates the view; its badge counts tasks being watched. */
export function createTasksView(
  store: TaskStore,
  extra?: TaskRowsService,
): { provider: TasksTreeProvider; treeView: vscode.TreeView<TaskRow>; dispose(): void } {
  const provider = new TasksTreeProvider(store, extra);
  const treeView = ourTreeView('datahub.tasks', { treeDataProvider: provider, showCollapseAll: false });
  const update = () => {
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
      provider.dispose();
    },
  };
}
