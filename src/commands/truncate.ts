// Truncation of old timeseries rows, and the tasks it starts:
//   datahub.truncateIndex             tree context menu on an index (interactive)
//   datahub.truncateTimeseriesAspect  palette (pick an index) or argument object (no prompts)
//   datahub.showTaskStatus            palette: watch a task by id
//   datahub.getTaskStatus             argument object { task }: one status request
//   datahub.watchTask                 inline on a running task of the DataHub Tasks view
// Interactive runs always dry-run first and delete only after the modal's "Truncate".
import * as vscode from 'vscode';
import type { IndexSize } from '../gms/types';
import type { Services } from '../services';
import { validateEndTimeMillis } from '../model/cutoff';
import { optionsFromArgs } from '../model/truncateOptions';
import type { TruncateTarget } from '../model/truncateText';
import { TaskStore } from '../views/tasksStore';
import { persistTasks } from '../views/tasksPersistence';
import { createTasksView, type TasksTreeProvider } from '../views/tasksTree';
import { isArgObject, registerCommand, reportError, requireString, runCommand, type CommandRun } from './run';
import { askTaskId, pickIndex, truncatable } from './truncatePrompts';
import { interactiveTruncate, runTruncate, type TruncateCommandResult } from './truncateFlow';
import { checkTaskId, TaskWatcher, toStatusResult, type TaskStatusResult, type WatchResult } from './truncateWatch';

export type { TruncateCommandResult, TaskStatusResult };

/** Test seam: the session's task list and the view's provider (set on registration). */
export const truncateTestApi: { store?: TaskStore; provider?: TasksTreeProvider } = {};

const TRUNCATE_ASPECT = 'datahub.truncateTimeseriesAspect';
const TRUNCATE_INDEX = 'datahub.truncateIndex';

/** The entity type and aspect of a tree element, an IndexSize, or `{ entityType, aspect }`. */
function targetOf(arg: unknown, command: string): TruncateTarget | undefined {
  if (!isArgObject(arg)) return undefined;
  const index = (arg.kind === 'index' && isArgObject(arg.index) ? arg.index : 'indexName' in arg ? arg : undefined) as IndexSize | undefined;
  if (index) {
    if (!truncatable(index)) {
      throw new Error(
        `The index ${index.indexName} is not named <entity>_<aspect>aspect_v1, so its entity type and aspect are unknown and it cannot be truncated from here. If you know them, run datahub.truncateTimeseriesAspect with { entityType, aspect, endTimeMillis } (a dry run by default).`,
      );
    }
    return { entityType: index.entityName, aspect: index.aspectName, indexName: index.indexName };
  }
  return { entityType: requireString(arg, 'entityType', command), aspect: requireString(arg, 'aspect', command) };
}

/** Loaded indices, fetching them first when the view has not yet. */
async function loadedIndices(services: Services): Promise<IndexSize[]> {
  return (services.indexSizes.current ?? (await services.indexSizes.refresh())).indices;
}

/** Reads and checks the argument object of datahub.truncateTimeseriesAspect. */
function truncateArgs(arg: Record<string, unknown>) {
  const target = targetOf({ entityType: arg.entityType, aspect: arg.aspect }, TRUNCATE_ASPECT) as TruncateTarget;
  const problem = validateEndTimeMillis(arg.endTimeMillis);
  if (problem) throw new Error(`${TRUNCATE_ASPECT}: ${problem}`);
  if (arg.dryRun !== undefined && typeof arg.dryRun !== 'boolean') throw new Error(`${TRUNCATE_ASPECT}: "dryRun" must be true or false.`);
  return {
    target,
    endTimeMillis: arg.endTimeMillis as number,
    // Nothing is deleted unless the caller says so in as many words.
    dryRun: arg.dryRun !== false,
    watch: arg.watch === true,
    options: optionsFromArgs(arg, TRUNCATE_ASPECT),
  };
}

export function registerTruncateFeatures(services: Services): vscode.Disposable[] {
  const store = new TaskStore();
  const view = createTasksView(store);
  const watcher = new TaskWatcher(services, store);
  truncateTestApi.store = store;
  truncateTestApi.provider = view.provider;

  /** Starts watching in the background; failures are shown, never thrown at the caller. */
  const watchInBackground = (task: string): void => {
    watcher.watch(task).catch((error) =>
      reportError(services, error, { action: 'getEsTaskStatus' }, { source: `watch ${task}` }),
    );
  };

  const interactive = async (target: TruncateTarget, run: CommandRun): Promise<TruncateCommandResult | undefined> => {
    const result = await interactiveTruncate(services, store, target, run);
    if (result?.kind === 'task') watchInBackground(result.task);
    return result;
  };

  /** Context-menu and "{ entityType, aspect }" calls are interactive: errors are shown, prompts appear. */
  const truncateIndex = (arg?: unknown) =>
    runCommand(services, TRUNCATE_INDEX, undefined, async (_none, run) => {
      const target = targetOf(arg, TRUNCATE_INDEX);
      if (target) return interactive(target, run);
      const index = await pickIndex(await loadedIndices(services));
      return index ? interactive(targetOf(index, TRUNCATE_INDEX) as TruncateTarget, run) : undefined;
    });

  /** Watch a task of the list (tree element) or by id; interactive, errors shown. */
  const watchTask = (arg?: unknown) =>
    runCommand(services, 'datahub.watchTask', undefined, async (): Promise<WatchResult | undefined> => {
      const id = isArgObject(arg) && typeof arg.task === 'string' ? arg.task : typeof arg === 'string' ? arg : await askTaskId();
      if (!id) return undefined;
      return watcher.watch(checkTaskId(id, 'datahub.watchTask'));
    });

  return [
    store,
    view,
    persistTasks(services, store, watchInBackground),
    registerCommand<Record<string, unknown>, TruncateCommandResult>(services, TRUNCATE_ASPECT, async (arg, run) => {
      if (!arg) return truncateIndex();
      const { target, endTimeMillis, dryRun, watch, options } = truncateArgs(arg);
      const result = await runTruncate(services, run, target, { endTimeMillis }, options, dryRun);
      if (result.kind === 'task') {
        store.add({ task: result.task, target, cutoff: { endTimeMillis }, startedHere: true, connectionName: run.errorContext.connection?.name });
        if (watch) watchInBackground(result.task);
      }
      return result;
    }),
    vscode.commands.registerCommand(TRUNCATE_INDEX, truncateIndex),
    registerCommand<Record<string, unknown>, WatchResult>(services, 'datahub.showTaskStatus', async (arg) => {
      const id = arg ? checkTaskId(arg.task, 'datahub.showTaskStatus') : await askTaskId();
      if (!id) return undefined;
      const watching = watcher.watch(id);
      void vscode.commands.executeCommand('datahub.tasks.focus');
      return watching;
    }),
    registerCommand<Record<string, unknown>, TaskStatusResult>(services, 'datahub.getTaskStatus', async (arg, run) => {
      run.errorContext = { action: 'getEsTaskStatus' };
      if (!arg) {
        // Hidden from the palette; invoked bare, it behaves like Show Task Status.
        await vscode.commands.executeCommand('datahub.showTaskStatus');
        return undefined;
      }
      const task = checkTaskId(arg.task, 'datahub.getTaskStatus');
      return toStatusResult(await watcher.statusOnce(task));
    }),
    vscode.commands.registerCommand('datahub.watchTask', watchTask),
  ];
}
