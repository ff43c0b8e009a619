// The truncate feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { noArgs } from '../shared/args';
import { taskArgs, truncateTimeseriesAspectArgs } from './logic/args';
import type { TaskStatusResult, WatchResult } from './truncateWatch';
import type { TruncateCommandResult } from './truncateResult';

/** The argument schema of each truncate command the typed API offers. */
export const truncateArgs = {
  truncateTimeseriesAspect: truncateTimeseriesAspectArgs,
  showTaskStatus: taskArgs,
  getTaskStatus: taskArgs,
  copyTaskId: taskArgs,
  stopWatchingTask: taskArgs,
  clearFinishedTasks: noArgs(),
} as const satisfies Record<ApiCommandOf<'truncate'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof truncateArgs> = z.input<(typeof truncateArgs)[N]>;

/** The typed API's methods for the truncate commands (src/api/index.ts joins every feature's). */
export interface TruncateApi {
  /** Dry run, or deletes the rows at or before `endTimeMillis` of an index (`indexName`, or `entityType` + `aspect`). */
  truncateTimeseriesAspect(args: ArgsOf<'truncateTimeseriesAspect'>): Result<TruncateCommandResult>;
  /** Watches a truncation task with the progress notification until it ends or the user stops watching. */
  showTaskStatus(args: ArgsOf<'showTaskStatus'>): Result<WatchResult>;
  /** One status request for a truncation task. */
  getTaskStatus(args: ArgsOf<'getTaskStatus'>): Result<TaskStatusResult>;
  /** Copies a task id of DataHub Tasks to the clipboard. */
  copyTaskId(args: ArgsOf<'copyTaskId'>): Result<Outcome & { text: string }>;
  /** Stops watching a task of DataHub Tasks (the task goes on in the search engine). */
  stopWatchingTask(args: ArgsOf<'stopWatchingTask'>): Result<Outcome & { task: string; stopped: boolean }>;
  /** Removes the finished tasks from DataHub Tasks. */
  clearFinishedTasks(args?: ArgsOf<'clearFinishedTasks'>): Result<Outcome & { cleared: string[] }>;
}
