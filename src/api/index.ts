// The typed public API activate() returns, documented in one place: one method
// per command, named after it without the "datahub." prefix, taking the same
// argument object and returning the same result. It calls the command's own
// handler without prompts; destructive steps ask through the confirmation gate
// (src/platform/confirmGate.ts) unless src/platform/apiGate.ts lets the call skip them. It
// holds no token, no secret store and no internal service.
import type { AtCursorResult, PatternResult, RestoreUrnResult, UrnListResult, restoreArgs } from '../restore';
import type { JobResult, ClusterJobSnapshot, RunOnClusterResult, UpgradeSnapshot, EstimateResult, ReadinessResult, jobsArgs } from '../jobs';
import type { TaskStatusResult, TruncateCommandResult, WatchResult, truncateArgs } from '../truncate';
import type { RetentionPlanResult, retentionArgs } from '../retention';
import type { insightsArgs } from '../insights';
import { callThroughApi } from '../platform/commandRunner';
import { API_COMMANDS, Commands, type ApiCommand } from '../shared/commandIds';
import type { Environment } from '../shared/connections';
import type { EditConnectionResult, connectionsArgs } from '../connections';
import type { IndexSizesResult, indicesArgs } from '../indices';
import type { Outcome } from '../shared/outcome';
import type { CheckSearchIndexResult, ExplainSearchResult, HealthFix, InspectUrnResult, LagResult, SearchHealthResult, healthArgs } from '../health';
import type { BrowseResult, CheckEndToEndResult, DiagnoseResult, ReplayFailedWritesResult, ResetConsumerOffsetsResult, doctorArgs } from '../doctor';
import type { CountEntitiesResult, entitiesArgs } from '../entities';
import type * as z from 'zod/v4/mini';

type Args = Record<string, unknown>;
type Method = (args?: Args) => Promise<unknown>;

export { API_COMMANDS, Commands, type ApiCommand, type CommandId, type CommandName } from '../shared/commandIds';

/** Every command's argument schema, feature by feature (each feature's logic/args.ts, through its index.ts). */
type ArgSchemas = typeof connectionsArgs &
  typeof indicesArgs &
  typeof restoreArgs &
  typeof jobsArgs &
  typeof truncateArgs &
  typeof insightsArgs &
  typeof retentionArgs &
  typeof healthArgs &
  typeof doctorArgs &
  typeof entitiesArgs;
/** The argument object a method takes: the input side of its command's schema (parsed by the command's handler). */
export type ArgsOf<N extends ApiCommand> = z.input<ArgSchemas[N]>;

/** What every method resolves when the command ran to its end; `undefined` when it stopped without a result (nothing to do). */
type Result<R> = Promise<R | undefined>;

/**
 * The public API activate() returns (in every mode; in Test and Development
 * modes with the test seams of ./testApi added).
 *
 * Modes: a command runs in one of three modes, decided once by the runner
 * (src/platform/commandRunner.ts): `ui` (palette, menu, tree: prompts and messages),
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
  addConnection(
    args: ArgsOf<'addConnection'>,
  ): Result<Outcome & { name: string; gmsUrl: string; environment?: Environment; readOnly?: boolean; api?: 'openapi' | 'restli' }>;
  /** Makes the named connection active. */
  switchConnection(args: ArgsOf<'switchConnection'>): Result<Outcome & { name: string }>;
  /** Changes a connection's environment or read-only flag (the active one when `name` is left out). */
  editConnection(args: ArgsOf<'editConnection'>): Result<EditConnectionResult>;
  /** Removes a connection and its token. */
  removeConnection(args: ArgsOf<'removeConnection'>): Result<Outcome & { name: string }>;
  /** Stores a token in VS Code's secret storage (nothing else keeps it). */
  setAccessToken(args: ArgsOf<'setAccessToken'>): Result<Outcome & { connection: string }>;
  /** Deletes the stored token; asks first where other writes ask (clearing then setting is a swap). */
  clearAccessToken(args?: ArgsOf<'clearAccessToken'>): Result<Outcome & { connection: string }>;
  /** One getIndexSizes request: how long it took and how many indices came back. */
  testConnection(args?: ArgsOf<'testConnection'>): Result<
    Outcome & {
      connection: string;
      /** The operations transport used: the connection's `api`, or what the probe found with `auto`. */
      transport: 'openapi' | 'restli';
      transportReason: string;
      transportFrom: 'server' | 'setting';
      latencyMs: number;
      indexCount: number;
      /** Present when TLS certificate checks are off for this connection. */
      tlsChecksOff?: true;
    }
  >;
  /** Adds (or updates) a connection from DATAHUB_GMS_* variables or ~/.datahubenv, like the DataHub CLI reads them. */
  importFromCli(args?: ArgsOf<'importFromCli'>): Result<Outcome & { name: string; gmsUrl: string; source: string; hasToken: boolean; created: boolean }>;
  /** Opens the extension's settings. */
  openSettings(args?: ArgsOf<'openSettings'>): Result<Outcome>;
  /** Fetches the index sizes of the active connection (sizes in decimal MB, null when unknown). */
  refreshIndexSizes(args?: ArgsOf<'refreshIndexSizes'>): Result<IndexSizesResult>;
  /** Sorts the tree by size, largest first. */
  sortBySize(args?: ArgsOf<'sortBySize'>): Result<Outcome & { sort: string }>;
  /** Sorts the tree by name. */
  sortByName(args?: ArgsOf<'sortByName'>): Result<Outcome & { sort: string }>;
  /** Shows only the indices whose name contains the text. */
  filterIndices(args: ArgsOf<'filterIndices'>): Result<Outcome & { filter: string; shown: number; total: number }>;
  /** Shows every index again. */
  clearFilter(args?: ArgsOf<'clearFilter'>): Result<Outcome & { filter: ''; shown: number; total: number }>;
  /** Copies an index name to the clipboard. */
  copyIndexName(args: ArgsOf<'copyIndexName'>): Result<Outcome & { text: string }>;
  /** Copies an entity group's entity type to the clipboard. */
  copyEntityType(args: ArgsOf<'copyEntityType'>): Result<Outcome & { text: string }>;
  /** Copies "entity aspect" to the clipboard. */
  copyEntityAspect(args: ArgsOf<'copyEntityAspect'>): Result<Outcome & { text: string }>;
  /** Restores the indices of one URN (optionally one aspect); `verify` then checks search. */
  restoreIndices(args: ArgsOf<'restoreIndices'>): Result<RestoreUrnResult>;
  /** Restores every URN matching a SQL LIKE pattern, in batches; `all` lifts the row limit. */
  restoreIndicesByPattern(args: ArgsOf<'restoreIndicesByPattern'>): Result<PatternResult>;
  /** Restores the rows changed between two instants (gePitEpochMs, lePitEpochMs). */
  restoreIndicesChangedBetween(args: ArgsOf<'restoreIndicesChangedBetween'>): Result<PatternResult>;
  /** Writes the RestoreIndices upgrade job (docker / kubectl) for a scope, without running it. */
  restoreIndicesAsJob(args: ArgsOf<'restoreIndicesAsJob'>): Result<JobResult>;
  /** Triggers the deployment's restore CronJob through GMS's Kubernetes operations with the job's exact arguments, after the confirmation, and watches it; where GMS is not in Kubernetes (503) or has no such operations (404), returns the manifest instead with the reason. */
  runRestoreJobOnCluster(args: ArgsOf<'runRestoreJobOnCluster'>): Result<RunOnClusterResult>;
  /** Watches a Job on the cluster by name (its pod log: rows, batches, rate, ETA, the end state) in DataHub Tasks; `untilDone` resolves at its end. */
  watchClusterJob(args: ArgsOf<'watchClusterJob'>): Result<ClusterJobSnapshot>;
  /** Triggers the restore CronJob again from the last batch a watched job's log shows (startingOffset, or lastUrn/lastAspect), after the confirmation. */
  resumeClusterJob(args: ArgsOf<'resumeClusterJob'>): Result<RunOnClusterResult>;
  /** Shows a watched job's pod log in its output channel. */
  showClusterJobLog(args: ArgsOf<'showClusterJobLog'>): Result<Outcome & { job: string; channel: string }>;
  /** Stops watching a cluster job or system update and removes its rows; the job itself goes on on the cluster. */
  stopWatchingClusterJob(args: ArgsOf<'stopWatchingClusterJob'>): Result<Outcome & { job: string; stopped: boolean }>;
  /** Finds the running system-update Job (or takes `job`) and watches its reindex tasks: a row per index in DataHub Tasks with documents, percent, batches, rate and ETA from the task-status operation, the end in the log's words; `untilDone` resolves at its end. Read-only connections may use it. */
  watchUpgradeReindex(args?: ArgsOf<'watchUpgradeReindex'>): Result<UpgradeSnapshot>;
  /** Estimates how long reindexing the largest indices (getIndexSizes) would take at a throughput, and warns with the figures when one would exceed maxReindexHours or all together the Job's activeDeadlineSeconds. Read-only connections may use it. */
  estimateUpgradeReindex(args?: ArgsOf<'estimateUpgradeReindex'>): Result<EstimateResult>;
  /** Before an upgrade, reads only: the settings that decide the reindex (incremental or legacy, time limit, batch size, slices, document-count mismatch with clone), each index's cost by DataHub's formula with a time estimate from the last reindex's rate, the restore CronJobs' schedules and time bounds; one line each with its verdict and next step. Read-only connections may use it. */
  checkUpgradeReadiness(args?: ArgsOf<'checkUpgradeReadiness'>): Result<ReadinessResult>;
  /** Shows a watched system-update job's pod log in its output channel. */
  showUpgradeReindexLog(args: ArgsOf<'showUpgradeReindexLog'>): Result<Outcome & { job: string; channel: string }>;
  /** Restores the URN(s) in `text` or at a position of a document. */
  restoreUrnAtCursor(args: ArgsOf<'restoreUrnAtCursor'>): Result<AtCursorResult>;
  /** Restores every URN in a document (`uri`) or in `urns`, each once, after one confirmation; names the URNs that restored nothing. */
  restoreUrnsInFile(args: ArgsOf<'restoreUrnsInFile'>): Result<UrnListResult>;
  /** Restores every URN in the active editor's selections or in `urns`, each once, after one confirmation. */
  restoreUrnsInSelection(args: ArgsOf<'restoreUrnsInSelection'>): Result<UrnListResult>;
  /** Asks the database and the search index whether a URN is there. */
  checkSearchIndex(args: ArgsOf<'checkSearchIndex'>): Result<CheckSearchIndexResult>;
  /** Why a search text does or does not find a URN (DataHub's OpenAPI explain): the verdict, the reasons, the first result that matched, and the explain document. Needs `query`. */
  explainSearch(args: ArgsOf<'explainSearch'>): Result<ExplainSearchResult>;
  /**
   * One URN, the database beside search: its aspects with system metadata, the search document, the
   * differences field by field, DataHub's consistency findings, recent changes, the verdict and the next
   * steps (our commands with their arguments), and the document. Reads only; a section that cannot be
   * read says why in `unreadable` and the document.
   */
  inspectUrn(args: ArgsOf<'inspectUrn'>): Result<InspectUrnResult>;
  /** Stops the running restores of this window. */
  cancelRestore(args?: ArgsOf<'cancelRestore'>): Result<Outcome & { cancelled: number }>;
  /** Shows the DataHub output channel. */
  showLog(args?: ArgsOf<'showLog'>): Result<Outcome>;
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
  /** Opens the size chart. */
  showIndexSizeChart(args?: ArgsOf<'showIndexSizeChart'>): Result<Outcome & { opened: true }>;
  /** Writes the index sizes as CSV or JSON to `path` (replaces the file). */
  exportIndexSizes(args: ArgsOf<'exportIndexSizes'>): Result<Outcome & { path: string; rows: number }>;
  /** Copies the index sizes as a Markdown table. */
  copyIndexSizesMarkdown(args?: ArgsOf<'copyIndexSizesMarkdown'>): Result<Outcome & { markdown: string }>;
  /** Clears the size history (of the active connection, or all). */
  clearHistory(args?: ArgsOf<'clearHistory'>): Result<Outcome & { cleared: string[] }>;
  /** Shows and selects an index in the tree. */
  revealIndex(args: ArgsOf<'revealIndex'>): Result<Outcome & { revealed: string }>;
  /**
   * The dry-run table of a retention plan: one row per index (`indexName`, or
   * `entityType` + `aspect`; `days` or `endTimeMillis` each); with `apply: true`
   * it also truncates each index and watches the tasks to their end (`applied`, `summary`).
   */
  planRetention(args: ArgsOf<'planRetention'>): Result<RetentionPlanResult>;
  /**
   * Where search disagrees with the database, for an entity type, a URN pattern or a list of URNs:
   * four groups with counts and URNs (in both, in the database only, in search only, in neither).
   * `fix: 'dryRun'` adds what a fix would do; `fix: 'apply'` then does it (asks first; refused on read-only).
   */
  checkSearchHealth(args: ArgsOf<'checkSearchHealth'>): Result<SearchHealthResult>;
  /** Reads the indexing lag again (and re-runs the last drift check). */
  refreshSearchHealth(args?: ArgsOf<'refreshSearchHealth'>): Result<Outcome & { lag: LagResult[]; drift?: SearchHealthResult }>;
  /** Fixes the drift the last check found: a dry run, a question, then exactly what the dry run showed. */
  fixSearchDrift(args?: ArgsOf<'fixSearchDrift'>): Result<HealthFix>;
  /**
   * DataHub Doctor: reads GMS's health and readiness, the search cluster, the Kafka consumer groups, the
   * failed writes, throttles, rate limits, maintenance and system info at once (each endpoint with its own
   * time limit) and returns the report: a line per fact with its verdict (ok, warning, failing, notOffered,
   * unreadable), figures, next step (and a command for it) and the endpoint(s) read.
   */
  diagnose(args?: ArgsOf<'diagnose'>): Result<DiagnoseResult>;
  /** The Doctor's report as Markdown for a ticket (on the clipboard too); runs the Doctor when it has not run on this connection. */
  copyDoctorReport(args?: ArgsOf<'copyDoctorReport'>): Result<Outcome & { markdown: string }>;
  /** Lists the failed writes of mcp-failed in pages (at most 1,000 kept; `more` reads on), grouped by error: what replayFailedWrites may take. */
  browseFailedWrites(args?: ArgsOf<'browseFailedWrites'>): Result<BrowseResult>;
  /** Reads one listed failed write again, whole (the proposal, its error, its value). */
  openFailedWrite(args: ArgsOf<'openFailedWrite'>): Result<Outcome & { partition: number; offset: number; value: unknown }>;
  /**
   * Replays listed failed writes: the server's dry run of exactly those offsets first, then (after the
   * confirmation, the connection's name typed on production) the replay of the same ranges. Refused on
   * read-only connections before any request; `dryRunOnly` stops after the dry run.
   */
  replayFailedWrites(args: ArgsOf<'replayFailedWrites'>): Result<ReplayFailedWritesResult>;
  /**
   * The end-to-end check: writes a soft-deleted canary (status.removed, then datasetProperties with the
   * time) and follows its trace until search has it: the time end to end, or where it stopped. Asks first
   * (once per connection unless remembered; always on production); refused on read-only connections.
   */
  checkEndToEnd(args?: ArgsOf<'checkEndToEnd'>): Result<CheckEndToEndResult>;
  /**
   * Resets a DataHub consumer group's offsets on one topic (alias or name): the dry run first (Kafka's own;
   * on the Postgres queue the stuck-ahead partitions its lag endpoint reports), its figures in the
   * confirmation (the connection's name typed on production), then exactly those partitions to exactly those
   * offsets. Refused on read-only connections before any request; an active Kafka group is refused with
   * nothing sent for real (stop its consumer first); `dryRunOnly` stops after the dry run.
   */
  resetConsumerOffsets(args: ArgsOf<'resetConsumerOffsets'>): Result<ResetConsumerOffsetsResult>;
  /**
   * Entities per type, active and soft-deleted, with the totals: from GET /openapi/v1/entities/counts, or on an
   * older server from search facets on _entityType (`source` says which); `groupBy: 'platform'` splits each type
   * by platform; `refresh` skips the server's one-hour cache; `growth`: the change since the last reading, and a day.
   */
  countEntities(args?: ArgsOf<'countEntities'>): Result<CountEntitiesResult>;
}

/** The interface above names exactly the commands of API_COMMANDS (a compile error otherwise). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameCommands: Same<keyof DataHubCommands, ApiCommand> = true;
void sameCommands;
/** Every command of the API has exactly one argument schema (a compile error otherwise). */
const sameSchemas: Same<keyof ArgSchemas, ApiCommand> = true;
void sameSchemas;

export function createCommandsApi(): DataHubCommands {
  const api: Partial<Record<ApiCommand, Method>> = {};
  for (const name of API_COMMANDS) api[name] = (args?: Args) => callThroughApi(Commands[name], args);
  return Object.freeze(api) as unknown as DataHubCommands;
}
