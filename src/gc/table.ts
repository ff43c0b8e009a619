// The GC feature's commands as the typed API and docs/api.md see them: each command's argument schema (the handler
// parses through it; docs/api.md writes its table from it) and its method of the typed API (what it takes and
// resolves). Types and schemas only: the eager bundle imports none of it (the handlers, in ./commands.ts, load on
// first use). Adding a command: its row in src/shared/commandIds.ts, its schema here and its method below, its
// handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { readGarbageCollectionArgs } from './logic/args';
import type { ReadGarbageCollectionResult } from './commands';

/** The argument schema of each GC command the typed API offers. */
export const gcArgs = {
  readGarbageCollection: readGarbageCollectionArgs,
} as const satisfies Record<ApiCommandOf<'gc'>, z.ZodMiniType>;

type ArgsOf<N extends keyof typeof gcArgs> = z.input<(typeof gcArgs)[N]>;

/** The typed API's methods for the GC commands (src/api/index.ts joins every feature's). */
export interface GcApi {
  /**
   * Reads only: DataHub's garbage collector (the SYSTEM ingestion source urn:li:dataHubIngestionSource:datahub-gc),
   * its schedule and next run (epoch ms), its stages with their settings as the recipe holds them and whether the
   * GC's dry run covers each, its last `runs` (10) runs newest first with each one's figures, limits reached and
   * failure titles from its structured report, and findings (gcMissing, gcNotRunning, gcFailing, gcStuck,
   * deletionLimitReached, runRecordsUnbounded, or ok), each not ok with its next step. Needs Manage Ingestion.
   */
  readGarbageCollection(args?: ArgsOf<'readGarbageCollection'>): Result<ReadGarbageCollectionResult>;
}
