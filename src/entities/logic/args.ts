// The argument objects of the entity commands, one schema each: the handler parses through it, the typed
// API takes its parameter type from it and docs/api.md its table. Pure: no vscode import.
import * as z from 'zod/v4/mini';
import { describe, flag, listOf, oneOf } from '../../shared/args';

const NOTHING_SENT = 'Nothing was sent.';

export const countEntitiesArgs = z.object({
  groupBy: describe(
    z.optional(oneOf(['platform'], `"groupBy" can only be "platform". ${NOTHING_SENT}`)),
    'Split each type by data platform (the counts endpoint since 2026-09; search facets on an older server).',
  ),
  refresh: describe(flag(), "Skip the server's one-hour cache of the counts (skipCache)."),
  types: describe(
    z.optional(
      listOf(
        z.string().check(z.regex(/^[A-Za-z][A-Za-z0-9_]{0,99}$/, { error: `each of "types" must be an entity type name, e.g. "dataset". ${NOTHING_SENT}` })),
        `"types" must be a list of entity type names. ${NOTHING_SENT}`,
      ).check(z.maxLength(200, { error: `"types": at most 200 entity types. ${NOTHING_SENT}` })),
    ),
    'Only these entity types (e.g. ["dataset", "dataProcessInstance"]); left out, every type the server knows.',
  ),
});
