// The doctor feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import type { Outcome } from '../shared/outcome';
import {
  browseFailedWritesArgs,
  checkEndToEndArgs,
  compareConnectionsArgs,
  diagnoseAllArgs,
  diagnoseArgs,
  openFailedWriteArgs,
  replayFailedWritesArgs,
  resetConsumerOffsetsArgs,
} from './logic/args';
import type { BrowseResult } from './failedWritesFlow';
import type { CheckEndToEndResult } from './canary';
import type { DiagnoseResult } from './commands';
import type { CompareConnectionsResult, DiagnoseAllResult } from './allCommands';
import type { ReplayFailedWritesResult } from './replayFlow';
import type { ResetConsumerOffsetsResult } from './resetFlow';

/** The argument schema of each doctor command the typed API offers. */
export const doctorArgs = {
  diagnose: diagnoseArgs,
  copyDoctorReport: diagnoseArgs,
  diagnoseAll: diagnoseAllArgs,
  compareConnections: compareConnectionsArgs,
  browseFailedWrites: browseFailedWritesArgs,
  openFailedWrite: openFailedWriteArgs,
  replayFailedWrites: replayFailedWritesArgs,
  checkEndToEnd: checkEndToEndArgs,
  resetConsumerOffsets: resetConsumerOffsetsArgs,
} as const satisfies Record<ApiCommandOf<'doctor'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof doctorArgs> = z.input<(typeof doctorArgs)[N]>;

/** The typed API's methods for the doctor commands (src/api/index.ts joins every feature's). */
export interface DoctorApi {
  /**
   * DataHub Doctor: reads GMS's health and readiness, the search cluster, the Kafka consumer groups, the
   * failed writes, throttles, rate limits, maintenance and system info at once (each endpoint with its own
   * time limit) and returns the report: a line per fact with its verdict (ok, warning, failing, notOffered,
   * unreadable), figures, next step (and a command for it) and the endpoint(s) read.
   */
  diagnose(args?: ArgsOf<'diagnose'>): Result<DiagnoseResult>;
  /** The Doctor's report as Markdown for a ticket (on the clipboard too); runs the Doctor when it has not run on this connection. */
  copyDoctorReport(args?: ArgsOf<'copyDoctorReport'>): Result<Outcome & { markdown: string }>;
  /**
   * The Doctor's reads on every connection (or those named), at most three at a time, each with its own client,
   * token, TLS and proxy settings and its own time limit: per connection its verdict (its worst line's;
   * `unreachable` when GMS itself does not answer; `noToken` when none is stored, nothing sent), the worst fact,
   * the lines and the worst verdict per area (GMS, search cluster, consumers and lag, failed writes, version).
   * Shown as a read-only table (Copy as Markdown). Reads only.
   */
  diagnoseAll(args?: ArgsOf<'diagnoseAll'>): Result<DiagnoseAllResult>;
  /**
   * Two connections side by side: GMS's version (/config), the transports, the reindex settings Check Upgrade
   * Readiness reads, the entity counts per type (active, soft-deleted, the difference) and the timeseries index
   * sizes, a row per key with `differs`, the differences first in each section. A side that cannot be read says
   * why in its `unreadable`; the other side's values still show. Reads only.
   */
  compareConnections(args?: ArgsOf<'compareConnections'>): Result<CompareConnectionsResult>;
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
}
