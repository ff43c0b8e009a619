// The entities feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { applyEntityCleanupArgs, countEntitiesArgs, planEntityCleanupArgs } from './logic/args';
import { noArgs } from '../shared/args';
import type { CountEntitiesResult } from './commands';
import type { ApplyEntityCleanupResult, PlanEntityCleanupResult } from './cleanup';
import type { Outcome } from '../shared/outcome';

/** The argument schema of each entities command the typed API offers. */
export const entitiesArgs = {
  countEntities: countEntitiesArgs,
  planEntityCleanup: planEntityCleanupArgs,
  applyEntityCleanup: applyEntityCleanupArgs,
  cancelEntityCleanup: noArgs(),
} as const satisfies Record<ApiCommandOf<'entities'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof entitiesArgs> = z.input<(typeof entitiesArgs)[N]>;

/** The typed API's methods for the entities commands (src/api/index.ts joins every feature's). */
export interface EntitiesApi {
  /**
   * Entities per type, active and soft-deleted, with the totals: from GET /openapi/v1/entities/counts, or on an
   * older server from search facets on _entityType (`source` says which); `groupBy: 'platform'` splits each type
   * by platform; `refresh` skips the server's one-hour cache; `growth`: the change since the last reading, and a day.
   */
  countEntities(args?: ArgsOf<'countEntities'>): Result<CountEntitiesResult>;
  /**
   * Reads only: what a cleanup would delete. The entities of `entityType` soft-deleted more than `olderThanDays` (10)
   * ago, deleted for good (as DataHub's GC, the others are kept and counted in `keptForAge`, those whose status time
   * cannot be read in `keptUnread`), or for "dataProcessInstance" the runs beyond the last `keepLastPerJob` (5) of each
   * data job and older than `olderThanDays` (10), to soft-delete. The count, a sample, the figures per job; the plan
   * is kept for the apply.
   */
  planEntityCleanup(args: ArgsOf<'planEntityCleanup'>): Result<PlanEntityCleanupResult>;
  /**
   * Plans as planEntityCleanup (or resumes a stopped apply of the same plan), asks through the confirmation gate
   * (the connection's name typed on production), then deletes exactly the planned URNs in batches, cancellable;
   * `failed` names each URN that failed. Refused on a read-only connection before any request, dryRunOnly too.
   */
  applyEntityCleanup(args: ArgsOf<'applyEntityCleanup'>): Result<ApplyEntityCleanupResult>;
  /** Stops a running cleanup after the deletes in flight; applying the same plan again resumes it. */
  cancelEntityCleanup(args?: ArgsOf<'cancelEntityCleanup'>): Result<Outcome & { cancelled: number }>;
}
