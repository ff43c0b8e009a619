// The truncate feature's commands, loaded on the first of them (dist/features.js); index.ts declares
// their ids and keeps the DataHub Tasks view eager:
//   datahub.truncateIndex             tree context menu on an index (interactive)
//   datahub.truncateTimeseriesAspect  palette (pick an index) or argument object (no prompts)
//   datahub.showTaskStatus            palette: watch a task by id
//   datahub.getTaskStatus             argument object { task }: one status request
//   datahub.watchTask                 inline on a running task of the DataHub Tasks view
// and the task list's own commands (taskCommands.ts).
import { registerVscodeCommand } from '../platform/lazyCommands';
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { validateEndTimeMillis } from './logic/cutoff';
import { optionsFromArgs } from './logic/truncateOptions';
import { targetOfIndex } from './logic/namedTarget';
import type { TruncateTarget } from './logic/truncateText';
import { TaskStore } from './tasks/tasksStore';
import { TasksTreeProvider, type TaskRow } from './tasks/taskItems';
import type { TaskRowsService } from '../platform/taskRows';
import { registerCommand, runCommand, type CommandRun } from '../platform/commandRunner';
import { registerTaskListCommands, TASK_ROWS } from './taskCommands';
import { registerRowCommand, rowInput } from '../platform/rowCommands';
import { askTaskId, pickIndex } from './truncatePrompts';
import { assertActiveWritable, interactiveTruncate, runTruncate } from './truncateFlow';
import type { TruncateCommandResult } from './truncateResult';
import { refreshAfterTruncate } from './refreshAfter';
import { TaskWatcher } from './truncateWatch';
import { indexOfArg, isIndexRow, resolveTarget } from './truncateTarget';
import { checkTaskId, toStatusResult, type TaskStatusResult, type WatchResult } from './truncateWatch';
import { registrationsOf, Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { taskArgs, truncateTimeseriesAspectArgs } from './logic/args';

export type { TruncateCommandResult, TaskStatusResult };

/** The DataHub Tasks view's rows (the view is made at activation: ./tasks/tasksTree.ts). */
export function createTasksTree(store: TaskStore, extra?: TaskRowsService): vscode.TreeDataProvider<TaskRow> {
  return new TasksTreeProvider(store, extra);
}

const TRUNCATE_ASPECT = Commands.truncateTimeseriesAspect;
const TRUNCATE_INDEX = Commands.truncateIndex;

/** Parses and checks the argument object of datahub.truncateTimeseriesAspect; the target is resolved last. */
async function truncateArgs(services: Services, arg: unknown) {
  const parsed = parseArgs(TRUNCATE_ASPECT, truncateTimeseriesAspectArgs, arg);
  const problem = validateEndTimeMillis(parsed.endTimeMillis);
  if (problem) throw new Error(`${TRUNCATE_ASPECT}: ${problem}`);
  return {
    // A tree element ({ kind: 'index', index }) names its index as the tree holds it; a plain object through the schema.
    target: await resolveTarget(services, indexOfArg(arg) ? (arg as Record<string, unknown>) : parsed, TRUNCATE_ASPECT),
    endTimeMillis: parsed.endTimeMillis,
    // Nothing is deleted unless the caller says so in as many words.
    dryRun: parsed.dryRun !== false,
    watch: parsed.watch === true,
    options: optionsFromArgs(parsed, TRUNCATE_ASPECT),
  };
}

import type { TruncateState } from './truncateState';

export function registerCommands(services: Services, { store, watcher, watchInBackground }: TruncateState): vscode.Disposable[] {
  const interactive = async (target: TruncateTarget, run: CommandRun): Promise<TruncateCommandResult | undefined> => {
    const result = await interactiveTruncate(services, store, target, run);
    if (result?.kind === 'task') watchInBackground(result.task);
    return result;
  };

  /**
   * Interactive: prompts appear. A row our tree or chart handed out is the person's click (mode ui); anything
   * else, a row-shaped object included, is arguments from a program ({ indexName } or { entityType, aspect }:
   * mode link, the modal says a program asked).
   */
  const truncateIndex = (arg?: unknown) => {
    const { row, args } = rowInput(arg, isIndexRow);
    return runCommand(services, TRUNCATE_INDEX, args, async (_none, run) => {
      assertActiveWritable(services);
      if (row) return interactive(targetOfIndex(row.index, TRUNCATE_INDEX), run);
      if (args) return interactive(await resolveTarget(services, args, TRUNCATE_INDEX), run);
      const index = await pickIndex((services.indexSizes.current ?? (await services.indexSizes.refresh())).indices, services.connections.active());
      return index ? interactive(targetOfIndex(index, TRUNCATE_INDEX), run) : undefined;
    });
  };

  /** Watch a task: the row of DataHub Tasks it is offered on (ours only), { task } from a program, or asked for. */
  const watchTask = async (arg: Record<string, unknown> | undefined, run: CommandRun): Promise<WatchResult | undefined> => {
    const id = arg ? parseArgs(Commands.watchTask, taskArgs, arg).task : run.mode === 'ui' ? await askTaskId() : undefined;
    if (!id) return undefined;
    return watcher().watch(checkTaskId(id, Commands.watchTask));
  };

  return registrationsOf(
    'truncate',
    registerCommand<typeof TRUNCATE_ASPECT, Record<string, unknown>, TruncateCommandResult>(services, TRUNCATE_ASPECT, async (arg, run) => {
      if (run.mode === 'ui') return truncateIndex();
      assertActiveWritable(services);
      const { target, endTimeMillis, dryRun, watch, options } = await truncateArgs(services, arg ?? {});
      const result = await runTruncate(services, run, target, { endTimeMillis }, options, dryRun);
      if (result.kind === 'completed') void refreshAfterTruncate(services);
      if (result.kind === 'task') {
        store.add({
          task: result.task,
          target,
          cutoff: { endTimeMillis },
          startedHere: true,
          connectionName: run.errorContext.connection?.name,
          context: result.fallback ? { fallback: result.fallback } : undefined,
        });
        if (watch) watchInBackground(result.task);
      }
      return result;
    }),
    registerVscodeCommand(TRUNCATE_INDEX, truncateIndex),
    registerCommand<typeof Commands.showTaskStatus, Record<string, unknown>, WatchResult>(services, Commands.showTaskStatus, async (arg, run) => {
      const id = run.mode !== 'ui' ? checkTaskId(parseArgs(Commands.showTaskStatus, taskArgs, arg).task, Commands.showTaskStatus) : await askTaskId();
      if (!id) return undefined;
      const watching = watcher().watch(id);
      void vscode.commands.executeCommand('datahub.tasks.focus');
      return watching;
    }),
    registerCommand<typeof Commands.getTaskStatus, Record<string, unknown>, TaskStatusResult>(services, Commands.getTaskStatus, async (arg, run) => {
      run.errorContext = { action: 'getEsTaskStatus' };
      if (run.mode === 'ui') {
        // Hidden from the palette; invoked bare, it behaves like Show Task Status.
        await vscode.commands.executeCommand(Commands.showTaskStatus);
        return undefined;
      }
      const task = checkTaskId(parseArgs(Commands.getTaskStatus, taskArgs, arg).task, Commands.getTaskStatus);
      return toStatusResult(await watcher().statusOnce(task));
    }),
    registerRowCommand(services, Commands.watchTask, { ...TASK_ROWS, api: false }, watchTask),
    ...registerTaskListCommands(services, store),
  );
}

/** The watcher of task statuses (polling with backoff), made on the first watch. */
export function createWatcher(services: Services, store: TaskStore): TaskWatcher {
  return new TaskWatcher(services, store);
}
