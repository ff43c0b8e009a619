// The typed public API activate() returns, documented in one place: one method
// per command, named after it without the "datahub." prefix, taking the same
// argument object and returning the same result. It calls the command's own
// handler without prompts; destructive steps ask through the confirmation gate
// (src/ui/confirmGate.ts) unless src/ui/apiGate.ts lets the call skip them. It
// holds no token, no secret store and no internal service.
import type { AtCursorResult } from '../restore/editor/restoreAtCursor';
import type { RestoreUrnResult } from '../restore/restore';
import type { PatternResult } from '../restore/restorePattern';
import type { JobResult } from '../restore/restoreAsJob';
import type { CheckSearchIndexResult } from '../restore/checkSearchIndex';
import type { TaskStatusResult, TruncateCommandResult } from '../truncate/truncate';
import type { WatchResult } from '../truncate/truncateWatch';
import type { RetentionPlanResult } from '../retention';
import { callThroughApi } from '../ui/commandRunner';
import { API_COMMANDS, Commands, type ApiCommand } from './commandIds';
import type { Environment } from '../model/connections/connections';
import type { EditConnectionResult } from '../connections/editConnection';

type Args = Record<string, unknown>;
type Method = (args?: Args) => Promise<unknown>;

export { API_COMMANDS, Commands, type ApiCommand, type CommandId, type CommandName } from './commandIds';

/** What every method resolves when the command ran to its end; `undefined` when it stopped without a result (nothing to do). */
type Result<R> = Promise<R | undefined>;
/** A connection named in an argument object; the active one when left out. */
interface ConnectionArg {
  connection?: string;
}

/**
 * The public API activate() returns (in every mode; in Test and Development
 * modes with the test seams of ./testApi added).
 *
 * Modes: a command runs in one of three modes, decided once by the runner
 * (src/ui/commandRunner.ts): `ui` (palette, menu, tree: prompts and messages),
 * `link` (a command id with an argument object: a command link, a keybinding,
 * another extension: no prompts, but every destructive or heavy step still asks
 * in a modal pre-filled from the argument) and `api` (these methods, when the
 * user's datahub.api.allowUnconfirmedCalls or a Test / Development host allows
 * it: no prompt and no modal; otherwise they run as `link` and ask). Every method takes the
 * argument object the command id takes and rejects with an Error whose message
 * is the one a user would read; a token never appears in a result or a message.
 *
 * Modal through a command id, and through these methods unless allowed to skip: removeConnection,
 * addConnection and importFromCli (they change the active connection),
 * truncateTimeseriesAspect with dryRun false, restoreIndicesByPattern with
 * `all` or a pattern matching every URN, exportIndexSizes over an existing
 * file, clearHistory, editConnection lifting a protection, planRetention with
 * `apply: true`. On a production connection the typed name stays too.
 */
export interface DataHubCommands {
  /** Adds a connection and makes it active. `gmsUrl` is normalised; a taken name rejects. */
  addConnection(args: {
    name: string;
    gmsUrl: string;
    token?: string;
    frontendUrl?: string;
    environment?: Environment;
    readOnly?: boolean;
  }): Result<{ name: string; gmsUrl: string; environment?: Environment; readOnly?: boolean }>;
  /** Makes the named connection active. */
  switchConnection(args: { name: string }): Result<{ name: string }>;
  /** Changes a connection's environment or read-only flag (the active one when `name` is left out). */
  editConnection(args: { name?: string; environment?: Environment | null; readOnly?: boolean }): Result<EditConnectionResult>;
  /** Removes a connection and its token. */
  removeConnection(args: { name: string }): Result<{ name: string }>;
  /** Stores a token in VS Code's secret storage (nothing else keeps it). */
  setAccessToken(args: ConnectionArg & { token: string }): Result<{ connection: string }>;
  /** Deletes the stored token. */
  clearAccessToken(args?: ConnectionArg): Result<{ connection: string }>;
  /** One getIndexSizes request: how long it took and how many indices came back. */
  testConnection(args?: ConnectionArg): Result<{ connection: string; latencyMs: number; indexCount: number; tlsChecksOff?: true }>;
  /** Adds (or updates) a connection from DATAHUB_GMS_* variables or ~/.datahubenv, like the DataHub CLI reads them. */
  importFromCli(args?: { name?: string }): Result<{ name: string; gmsUrl: string; source: string; hasToken: boolean; created: boolean }>;
  /** Opens the extension's settings. */
  openSettings(args?: Record<string, never>): Result<unknown>;
  /** Fetches the index sizes of the active connection (sizes in decimal MB, null when unknown). */
  refreshIndexSizes(args?: Record<string, never>): Result<unknown>;
  /** Sorts the tree by size, largest first. */
  sortBySize(args?: Record<string, never>): Result<{ sort: string }>;
  /** Sorts the tree by name. */
  sortByName(args?: Record<string, never>): Result<{ sort: string }>;
  /** Shows only the indices whose name contains the text. */
  filterIndices(args: { filter: string }): Result<{ filter: string; shown: number; total: number }>;
  /** Shows every index again. */
  clearFilter(args?: Record<string, never>): Result<{ filter: ''; shown: number; total: number }>;
  /** Copies an index name to the clipboard. */
  copyIndexName(args: { indexName: string }): Result<{ text: string }>;
  /** Copies an entity group's entity type to the clipboard. */
  copyEntityType(args: { entityName: string }): Result<{ text: string }>;
  /** Copies "entity aspect" to the clipboard. */
  copyEntityAspect(args: { entityName: string; aspectName: string }): Result<{ text: string }>;
  /** Restores the indices of one URN (optionally one aspect); `verify` then checks search. */
  restoreIndices(args: { urn: string; aspect?: string; verify?: boolean; connection?: string }): Result<RestoreUrnResult>;
  /** Restores every URN matching a SQL LIKE pattern, in batches; `all` lifts the row limit. */
  restoreIndicesByPattern(
    args: { urnLike: string; aspect?: string; all?: boolean; batchSize?: number; concurrency?: number } & Record<string, unknown>,
  ): Result<PatternResult>;
  /** Restores the rows changed between two instants (gePitEpochMs, lePitEpochMs). */
  restoreIndicesChangedBetween(args: Record<string, unknown>): Result<PatternResult>;
  /** Writes the RestoreIndices upgrade job (docker / kubectl) for a scope, without running it. */
  restoreIndicesAsJob(args: Record<string, unknown>): Result<JobResult>;
  /** Restores the URN(s) in `text` or at a position of a document. */
  restoreUrnAtCursor(args: Record<string, unknown>): Result<AtCursorResult>;
  /** Asks the database and the search index whether a URN is there. */
  checkSearchIndex(args: { urn: string }): Result<CheckSearchIndexResult>;
  /** Stops the running restores of this window. */
  cancelRestore(args?: Record<string, never>): Result<{ cancelled: number }>;
  /** Shows the DataHub output channel. */
  showLog(args?: Record<string, never>): Result<unknown>;
  /** Dry run, or deletes the rows at or before `endTimeMillis` of an index (`indexName`, or `entityType` + `aspect`). */
  truncateTimeseriesAspect(args: { endTimeMillis: number; dryRun?: boolean } & Record<string, unknown>): Result<TruncateCommandResult>;
  /** Watches a truncation task with the progress notification until it ends or the user stops watching. */
  showTaskStatus(args: { task: string }): Result<WatchResult>;
  /** One status request for a truncation task. */
  getTaskStatus(args: { task: string }): Result<TaskStatusResult>;
  /** Copies a task id of DataHub Tasks to the clipboard. */
  copyTaskId(args: { task: string }): Result<{ text: string }>;
  /** Stops watching a task of DataHub Tasks (the task goes on in the search engine). */
  stopWatchingTask(args: { task: string }): Result<unknown>;
  /** Removes the finished tasks from DataHub Tasks. */
  clearFinishedTasks(args?: Record<string, never>): Result<unknown>;
  /** Opens the size chart. */
  showIndexSizeChart(args?: Record<string, never>): Result<unknown>;
  /** Writes the index sizes as CSV or JSON to `path` (replaces the file). */
  exportIndexSizes(args: { format: 'csv' | 'json'; path: string }): Result<{ path: string; rows: number }>;
  /** Copies the index sizes as a Markdown table. */
  copyIndexSizesMarkdown(args?: Record<string, never>): Result<{ markdown: string }>;
  /** Clears the size history (of the active connection, or all). */
  clearHistory(args?: Record<string, unknown>): Result<{ cleared: string[] }>;
  /** Shows and selects an index in the tree. */
  revealIndex(args: { indexName: string }): Result<unknown>;
  /**
   * The dry-run table of a retention plan: one row per index (`indexName`, or
   * `entityType` + `aspect`; `days` or `endTimeMillis` each); with `apply: true`
   * it also truncates each index and watches the tasks to their end (`applied`, `summary`).
   */
  planRetention(args: { cutoffs: Array<Record<string, unknown>>; apply?: boolean }): Result<RetentionPlanResult>;
}

/** The interface above names exactly the commands of API_COMMANDS (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCommands: Same<keyof DataHubCommands, ApiCommand> = true;
void sameCommands;

export function createCommandsApi(): DataHubCommands {
  const api: Partial<Record<ApiCommand, Method>> = {};
  for (const name of API_COMMANDS) api[name] = (args?: Args) => callThroughApi(Commands[name], args);
  return Object.freeze(api) as unknown as DataHubCommands;
}
