// The rows of the DataHub Tasks view: a truncation task's label, state, counts and tooltip (./tasksTree.ts
// makes the view at activation; this loads with the truncate commands, when the view is first drawn).
import * as vscode from 'vscode';
import { uiLine, uiText } from '../../shared/uiText';
import { describeTask, type TaskRecord, type TaskState } from '../logic/truncateText';
import { taskRowLabel } from '../logic/taskRows';
import type { TaskStore } from './tasksStore';
import { isExtraTaskRow, type ExtraTaskRow, type TaskRowsService } from '../../platform/taskRows';

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

/** The rows: this session's tasks, then the rows other parts add (a job on the cluster). */
export class TasksTreeProvider implements vscode.TreeDataProvider<TaskRow> {
  constructor(
    private readonly store: TaskStore,
    private readonly extra?: TaskRowsService,
  ) {}

  getTreeItem(row: TaskRow): vscode.TreeItem {
    return isExtraTaskRow(row) ? row.treeItem() : taskTreeItem(row);
  }

  getChildren(parent?: TaskRow): TaskRow[] {
    // Empty list: the manifest's welcome content explains the view.
    return parent ? [] : [...this.store.list(), ...(this.extra?.rows() ?? [])];
  }
}
