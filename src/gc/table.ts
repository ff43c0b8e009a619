// The GC feature's commands as the typed API and docs/api.md see them: each command's argument schema (the handler
// parses through it; docs/api.md writes its table from it) and its method of the typed API (what it takes and
// resolves). Types and schemas only: the eager bundle imports none of it (the handlers, in ./commands.ts, load on
// first use). Adding a command: its row in src/shared/commandIds.ts, its schema here and its method below, its
// handler in ./commands.ts.
import type * as z from 'zod/v4/mini';
import type { ApiCommandOf, ApiResult as Result } from '../shared/commandIds';
import { readGarbageCollectionArgs } from './logic/args';
import { applyGarbageCollectionArgs, planGarbageCollectionArgs } from './logic/planArgs';
import type { ReadGarbageCollectionResult } from './commands';
import type { PlanGarbageCollectionResult } from './plan';
import type { ApplyGarbageCollectionResult } from './apply';

/** The argument schema of each GC command the typed API offers. */
export const gcArgs = {
  readGarbageCollection: readGarbageCollectionArgs,
  planGarbageCollection: planGarbageCollectionArgs,
  applyGarbageCollection: applyGarbageCollectionArgs,
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
  /**
   * What the settings (each optional; only those named change) would change in the GC's recipe (`changes`: dotted
   * recipe paths under source.config, `schedule` for the schedule, from what runs now), what the GC would do with
   * them (`dryRun`: DataHub's own dry run on a temporary unscheduled datahub-gc source with dry_run: true and every
   * stage the dry run does not cover turned off, run once, followed to its end and removed after, also after a
   * failure or a cancel; `notPickedUp` when the executor does not take it within `pickupSeconds`), and what its
   * index truncation would delete at the proposed cutoff (`truncation`: the server's truncate dry runs, one failing
   * listed with its error). The GC itself is not changed. Refused on a read-only connection before any request;
   * settings are checked before any request. Opens the plan as a read-only document.
   */
  planGarbageCollection(args: ArgsOf<'planGarbageCollection'>): Result<PlanGarbageCollectionResult>;
  /**
   * Plans first (as planGarbageCollection), then asks (the changes listed; the connection's name typed on production;
   * DataHub's UI lists the GC afterwards, as updateIngestionSource cannot carry the SYSTEM marker), checks the plan
   * again (its connection, its server, its age; the GC source read again and left alone when it moved) and sends one
   * updateIngestionSource keeping everything it does not change (name, schedule, executor, version, debug mode, extra
   * args, every other recipe key); the stored source is read back and compared. `runNow`: one run started and
   * followed to its end with its figures. Refused on a read-only connection before any request.
   */
  applyGarbageCollection(args: ArgsOf<'applyGarbageCollection'>): Result<ApplyGarbageCollectionResult>;
}
