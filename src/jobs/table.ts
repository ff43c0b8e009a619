// The jobs feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import { restoreIndicesAsJobArgs } from './logic/manifestArgs';
import { clusterJobArgs, resumeClusterJobArgs, runRestoreJobOnClusterArgs, watchClusterJobArgs } from './logic/clusterArgs';
import { checkUpgradeReadinessArgs, estimateUpgradeReindexArgs, upgradeJobArgs, watchUpgradeReindexArgs } from './logic/upgradeArgs';
import type { ClusterJobSnapshot } from './cluster/clusterWatch';
import type { EstimateResult } from './upgrade/upgradeCommands';
import type { JobResult } from './manifest/restoreAsJob';
import type { ReadinessResult } from './upgrade/readinessCommand';
import type { RunOnClusterResult } from './cluster/clusterRun';
import type { UpgradeSnapshot } from './upgrade/upgradeWatch';

/** The argument schema of each jobs command the typed API offers. */
export const jobsArgs = {
  restoreIndicesAsJob: restoreIndicesAsJobArgs,
  runRestoreJobOnCluster: runRestoreJobOnClusterArgs,
  watchClusterJob: watchClusterJobArgs,
  resumeClusterJob: resumeClusterJobArgs,
  showClusterJobLog: clusterJobArgs,
  stopWatchingClusterJob: clusterJobArgs,
  watchUpgradeReindex: watchUpgradeReindexArgs,
  estimateUpgradeReindex: estimateUpgradeReindexArgs,
  checkUpgradeReadiness: checkUpgradeReadinessArgs,
  showUpgradeReindexLog: upgradeJobArgs,
} as const satisfies Record<ApiCommandOf<'jobs'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof jobsArgs> = z.input<(typeof jobsArgs)[N]>;

/** The typed API's methods for the jobs commands (src/api/index.ts joins every feature's). */
export interface JobsApi {
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
}
