// The DataHub Tasks view's own commands: Copy Task ID and Stop Watching on a
// row (a row the view handed out stands for its task; programs pass { task },
// and an object shaped like a row from anywhere else is read as just that), and
// Clear Finished in the view title.
import { Commands } from '../shared/commandIds';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { registerRowCommand, type RowReading } from '../platform/rowCommands';
import type { TaskRecord } from './logic/truncateText';
import { checkTaskId } from './truncateWatch';
import type { TaskStore } from './tasks/tasksStore';
import { parseArgs } from '../shared/args';
import { taskArgs } from './logic/args';

/** A row of DataHub Tasks (one of this extension's own task records): it stands for { task }. */
export const TASK_ROWS: RowReading<TaskRecord> = {
  isRow: (value): value is TaskRecord =>
    typeof (value as { task?: unknown }).task === 'string' && typeof (value as { startedAt?: unknown }).startedAt === 'number',
  argsOf: (row) => ({ task: row.task }),
};

/** A task of the list, by the row or by { task }; says which ones the list holds otherwise. */
function knownTask(store: TaskStore, arg: unknown, command: string): string {
  const task = checkTaskId(parseArgs(command, taskArgs, arg).task, command);
  if (!store.get(task)) {
    throw new Error(`${command}: task ${task} is not in DataHub Tasks. Watch it first with "DataHub: Show Task Status…".`);
  }
  return task;
}

export function registerTaskListCommands(services: Services, store: TaskStore) {
  return [
    registerRowCommand(services, Commands.copyTaskId, TASK_ROWS, async (arg) => {
      const task = knownTask(store, arg, Commands.copyTaskId);
      await vscode.env.clipboard.writeText(task);
      const message = `Copied task ID: ${task}`;
      safeWindow.setStatusBarMessage(`$(copy) ${message}`, 3000);
      return { text: task, message };
    }),
    registerRowCommand(services, Commands.stopWatchingTask, TASK_ROWS, async (arg) => {
      const task = knownTask(store, arg, Commands.stopWatchingTask);
      // The watch ends on its own (state: running, not watched); the task goes on on the server.
      const stopped = store.stop(task);
      const message = stopped ? `Stopped watching task ${task}; it keeps running on the server.` : `Task ${task} was not being watched.`;
      if (stopped) safeWindow.setStatusBarMessage(`$(debug-stop) ${message}`, 5000);
      return { task, stopped, message };
    }),
    registerCommand(services, Commands.clearFinishedTasks, async () => {
      const cleared = store.clearFinished();
      const message = cleared.length ? `Cleared ${cleared.length} finished task${cleared.length === 1 ? '' : 's'}.` : 'No finished tasks to clear.';
      safeWindow.setStatusBarMessage(`${cleared.length ? '$(clear-all)' : '$(info)'} ${message}`, 3000);
      return { cleared, message };
    }),
  ];
}
