// The argument objects of datahub.planGarbageCollection and datahub.applyGarbageCollection: the GC settings
// (settings.ts checks them first, with every rule and bound; these schemas give docs/api.md its table and the
// typed API its types) and the plan's own limits. Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, flag, listOf, text, wholeNumber } from '../../shared/args';
import { BOUNDS, GC_ENTITY_TYPES } from './settings';

const NOTHING = 'Nothing was sent.';
const days = (name: string, what: string) =>
  describe(
    z.optional(wholeNumber((f) => `"${f}" must be a whole number of days from 1 to ${BOUNDS.days.max}. ${NOTHING}`, BOUNDS.days.min, BOUNDS.days.max)),
    `${what} (recipe key ${name}).`,
  );
const on = (name: string, what: string) => describe(flag(), `${what} (recipe key ${name}).`);

export const DEFAULT_PICKUP_SECONDS = 180;
export const DEFAULT_WAIT_MINUTES = 130;

const settingsShape = {
  truncateIndicesOlderThanDays: days(
    'truncate_index_older_than_days',
    'Rows of the timeseries aspects the GC truncates (dataset operation and usage, chart and dashboard usage) older than this go. The plan asks the server for the rows at this cutoff',
  ),
  dataProcessCleanup: describe(
    z.optional(
      z.object({
        enabled: on('dataprocess_cleanup.enabled', "Whether the GC removes data jobs' old runs (DataHub's default recipe has it off)"),
        keepLastN: describe(
          z.optional(
            wholeNumber((f) => `"${f}" must be a whole number from 1 to ${BOUNDS.keepLastN.max}. ${NOTHING}`, BOUNDS.keepLastN.min, BOUNDS.keepLastN.max),
          ),
          "Each job's newest runs kept; every older one is removed whatever its age (recipe key dataprocess_cleanup.keep_last_n).",
        ),
        retentionDays: days('dataprocess_cleanup.retention_days', 'Runs older than this are removed too'),
        hardDeleteEntities: on('dataprocess_cleanup.hard_delete_entities', 'Remove runs for good instead of soft-deleting them'),
      }),
    ),
    "The run-record cleanup: data jobs' runs (dataProcessInstance). Covered by the GC's dry run.",
  ),
  softDeletedCleanup: describe(
    z.optional(
      z.object({
        enabled: on('soft_deleted_entities_cleanup.enabled', 'Whether the GC hard-deletes soft-deleted entities'),
        retentionDays: days('soft_deleted_entities_cleanup.retention_days', 'Entities soft-deleted longer ago than this are hard-deleted'),
        limitEntitiesDelete: describe(
          z.optional(
            wholeNumber(
              (f) => `"${f}" must be a whole number from 1 to ${BOUNDS.limitEntitiesDelete.max.toLocaleString('en-US')}. ${NOTHING}`,
              BOUNDS.limitEntitiesDelete.min,
              BOUNDS.limitEntitiesDelete.max,
            ),
          ),
          'Hard deletes a night at most (recipe key soft_deleted_entities_cleanup.limit_entities_delete; DataHub checks it with >, so a stopped night reports one more).',
        ),
        runtimeLimitSeconds: describe(
          z.optional(
            wholeNumber(
              (f) => `"${f}" must be a whole number of seconds from 1 to ${BOUNDS.runtimeLimitSeconds.max}. ${NOTHING}`,
              1,
              BOUNDS.runtimeLimitSeconds.max,
            ),
          ),
          'How long the stage may run a night (recipe key soft_deleted_entities_cleanup.runtime_limit_seconds).',
        ),
        entityTypes: describe(
          z.optional(listOf(text(), (f) => `"${f}" must be a list of entity types. ${NOTHING}`)),
          `Only these entity types (recipe key soft_deleted_entities_cleanup.entity_types; of ${GC_ENTITY_TYPES.length} DataHub's GC knows, e.g. dataset, chart, dataProcessInstance).`,
        ),
      }),
    ),
    "The soft-deleted entities cleanup (hard deletes). Covered by the GC's dry run.",
  ),
  executionRequestCleanup: describe(
    z.optional(
      z.object({
        enabled: on('execution_request_cleanup.enabled', 'Whether the GC trims old ingestion run records'),
        keepHistoryMaxDays: days(
          'execution_request_cleanup.keep_history_max_days',
          'Run records older than this are trimmed (the newest ones of each source kept)',
        ),
      }),
    ),
    "The execution-request cleanup. Not covered by the GC's dry run: the plan's dry run turns it off.",
  ),
  schedule: describe(
    z.optional(
      z.object({
        interval: describe(text(`"schedule.interval" must be a cron interval of five fields, e.g. "0 1 * * *". ${NOTHING}`), 'The cron interval.'),
        timezone: describe(z.optional(text()), 'Its timezone (the current one, or UTC, when left out).'),
      }),
    ),
    "The GC source's schedule (DataHub's is 0 1 * * * UTC).",
  ),
};

const pickupSeconds = describe(
  z.optional(wholeNumber((f) => `"${f}" must be a whole number of seconds from 1 to 3600. ${NOTHING}`, 1, 3600)),
  `How long the dry run may wait for the executor (datahub-actions) to pick it up (default ${DEFAULT_PICKUP_SECONDS}); past it the plan says so and removes the temporary source.`,
);
const waitMinutes = describe(
  z.optional(wholeNumber((f) => `"${f}" must be a whole number of minutes from 1 to 600. ${NOTHING}`, 1, 600)),
  `How long the plan follows the dry run (default ${DEFAULT_WAIT_MINUTES}: the soft-deleted cleanup's own 2-hour limit and a margin); past it the run is sent a KILL and the temporary source removed.`,
);

export const planGarbageCollectionArgs = z.object({ ...settingsShape, pickupSeconds, waitMinutes });

const planOriginArg = describe(
  z.optional(
    z.object({
      kind: text(),
      connection: text(),
      gmsOrigin: text(),
      readAt: z.number(),
    }),
  ),
  'The `origin` of a planGarbageCollection result this apply follows: refused before any request when it was made on another connection or server, or more than a day ago (the write discipline). The apply plans again all the same.',
);

export const applyGarbageCollectionArgs = z.object({
  ...settingsShape,
  planOrigin: planOriginArg,
  runNow: describe(flag(), 'After the change is applied and read back, start one run of the GC and follow it to its end with its figures.'),
  pickupSeconds,
  waitMinutes,
});

/** The keys of the arguments that are not GC settings. */
export const NOT_SETTINGS = ['pickupSeconds', 'waitMinutes', 'runNow', 'planOrigin'] as const;
