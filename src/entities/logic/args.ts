// The argument objects of the entity commands, one schema each: the handler parses through it, the typed
// API takes its parameter type from it and docs/api.md its table. Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, flag, listOf, oneOf, text, wholeNumber } from '../../shared/args';

const NOTHING_SENT = 'Nothing was sent.';

/** An entity type's name as DataHub spells them (dataset, dataProcessInstance). */
export const ENTITY_TYPE_NAME = /^[A-Za-z][A-Za-z0-9_]{0,99}$/;

export const countEntitiesArgs = z.object({
  groupBy: describe(
    z.optional(oneOf(['platform'], `"groupBy" can only be "platform". ${NOTHING_SENT}`)),
    'Split each type by data platform (the counts endpoint since 2026-09; search facets on an older server).',
  ),
  refresh: describe(flag(), "Skip the server's one-hour cache of the counts (skipCache)."),
  types: describe(
    z.optional(
      listOf(
        z.string().check(z.regex(ENTITY_TYPE_NAME, { error: `each of "types" must be an entity type name, e.g. "dataset". ${NOTHING_SENT}` })),
        `"types" must be a list of entity type names. ${NOTHING_SENT}`,
      ).check(z.maxLength(200, { error: `"types": at most 200 entity types. ${NOTHING_SENT}` })),
    ),
    'Only these entity types (e.g. ["dataset", "dataProcessInstance"]); left out, every type the server knows.',
  ),
});

/** The fields a cleanup plan and its apply share. */
const cleanupFields = {
  entityType: describe(
    text(`the argument object needs "entityType", an entity type name such as "dataset" or "dataProcessInstance". ${NOTHING_SENT}`).check(
      z.regex(ENTITY_TYPE_NAME, { error: `"entityType" must be an entity type name, e.g. "dataset". ${NOTHING_SENT}` }),
    ),
    'The entity type: its entities soft-deleted more than olderThanDays ago are deleted for good; "dataProcessInstance" plans its old runs instead (unless softDeletedOnly).',
  ),
  softDeletedOnly: describe(
    flag(),
    'Only entities already soft-deleted, deleted for good (the only case for a type other than dataProcessInstance; default false for dataProcessInstance).',
  ),
  keepLastPerJob: describe(
    z.optional(wholeNumber(`"keepLastPerJob" must be a whole number from 0 to 1000. ${NOTHING_SENT}`, 0, 1000)),
    "dataProcessInstance runs: the newest runs of each data job that stay (default 5, as DataHub's garbage collection).",
  ),
  olderThanDays: describe(
    z.optional(wholeNumber(`"olderThanDays" must be a whole number of days from 1 to 3650. ${NOTHING_SENT}`, 1, 3650)),
    "Only what is older than this many days goes (default 10, as DataHub's garbage collection): soft-deleted entities whose status was written (soft-deleted) that long ago; dataProcessInstance runs created that long ago.",
  ),
};

export const planEntityCleanupArgs = z.object(cleanupFields);

export const applyEntityCleanupArgs = z.object({
  ...cleanupFields,
  dryRunOnly: describe(flag(), 'Plan and report what would be deleted, delete nothing (refused on a read-only connection all the same).'),
});

export type CleanupArgs = z.output<typeof planEntityCleanupArgs>;
