// The ingestion feature's commands as the typed API and docs/api.md see them: each command's argument schema (the
// handler parses through it; docs/api.md writes its table from it) and its method of the typed API (what it takes
// and resolves). Types and schemas only: the eager bundle imports none of it (the handlers, in ./commands.ts, load
// on first use). Adding a command: its row in src/shared/commandIds.ts, its schema here and its method below, its
// handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { cancelIngestionRunArgs, listIngestionRunsArgs, rollbackIngestionRunArgs, showIngestionReportArgs } from './logic/args';
import type { CancelIngestionRunResult, ListIngestionRunsResult, RollbackIngestionRunResult, ShowIngestionReportResult } from './commands';

/** The argument schema of each ingestion command the typed API offers. */
export const ingestionArgs = {
  listIngestionRuns: listIngestionRunsArgs,
  cancelIngestionRun: cancelIngestionRunArgs,
  rollbackIngestionRun: rollbackIngestionRunArgs,
  showIngestionReport: showIngestionReportArgs,
} as const satisfies Record<ApiCommandOf<'ingestion'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof ingestionArgs> = z.input<(typeof ingestionArgs)[N]>;

/** The typed API's methods for the ingestion commands (src/api/index.ts joins every feature's). */
export interface IngestionApi {
  /**
   * Reads only: every ingestion source (SYSTEM ones such as DataHub's GC marked `system: true`) and the runs requested
   * in the last `hours` (24), each with its status (null: no result yet) and problem: `neverStarted` (no result 10
   * minutes after the request: the executor is down), `runningTooLong` (RUNNING over twice its source's median
   * successful duration, or a day), `failed`; findings with their next step. Times are epoch ms.
   */
  listIngestionRuns(args?: ArgsOf<'listIngestionRuns'>): Result<ListIngestionRunsResult>;
  /**
   * Asks (the connection's name typed on production), sends DataHub's cancelIngestionExecutionRequest once, then
   * follows the run up to `waitSeconds` (60): CANCELLED, or `stillRunning: true` when the executor did not stop it
   * (DataHub #11005). Refused on a read-only connection before any request.
   */
  cancelIngestionRun(args: ArgsOf<'cancelIngestionRun'>): Result<CancelIngestionRunResult>;
  /**
   * DataHub's dry run of the rollback first (Rest.li /runs?action=rollback, dryRun: true), then, after the
   * confirmation that shows its figures, one real rollback with safe: true (entities the run created soft-deleted,
   * what other runs wrote kept). Never the GraphQL rollbackIngestion (no dry run). The reserved run id
   * "no-run-id-provided" is refused; a read-only connection refuses before any request, dryRunOnly too.
   */
  rollbackIngestionRun(args: ArgsOf<'rollbackIngestionRun'>): Result<RollbackIngestionRunResult>;
  /** A run's report (structured figures, failures and warnings, the log's tail) as a read-only Markdown document; server text stays inert. */
  showIngestionReport(args: ArgsOf<'showIngestionReport'>): Result<ShowIngestionReportResult>;
}
