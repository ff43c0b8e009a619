// The retention feature's commands as the typed API and docs/api.md see them: each command's argument
// schema (the handler parses through it; docs/api.md writes its table from it) and its method of the
// typed API (what it takes and resolves). Types and schemas only: the eager bundle imports none of it
// (the handlers, in ./commands.ts, load on first use). Adding a command: its row in src/shared/commandIds.ts,
// its schema here and its method below, its handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { planRetentionArgs } from './logic/args';
import type { RetentionPlanResult } from './planRun';

/** The argument schema of each retention command the typed API offers. */
export const retentionArgs = {
  planRetention: planRetentionArgs,
} as const satisfies Record<ApiCommandOf<'retention'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof retentionArgs> = z.input<(typeof retentionArgs)[N]>;

/** The typed API's methods for the retention commands (src/api/index.ts joins every feature's). */
export interface RetentionApi {
  /**
   * The dry-run table of a retention plan: one row per index (`indexName`, or
   * `entityType` + `aspect`; `days` or `endTimeMillis` each); with `apply: true`
   * it also truncates each index and watches the tasks to their end (`applied`, `summary`).
   */
  planRetention(args: ArgsOf<'planRetention'>): Result<RetentionPlanResult>;
}
