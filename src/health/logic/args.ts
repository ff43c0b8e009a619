// The argument objects of Search Health (datahub.checkSearchHealth) and of the one-URN
// questions (datahub.checkSearchIndex, datahub.explainSearch), one schema each: the handler parses
// through it, the typed API takes its parameter type from it and docs/api.md its table.
// One scope of three (entityType, urnLike, urns) is checked after the parse, with the
// URNs and the pattern themselves. Pure: no vscode import.
import { describe, listOf, oneOf, optionalText, optionalTrimmed, text, wholeNumber } from '../../shared/args';
import { notify } from '../../restore/logic/args';
import * as z from '../../shared/zod';

const NOTHING_SENT = 'Nothing was sent.';
import { MAX_HEALTH_URNS, MAX_SAMPLE } from './limits';

export { MAX_HEALTH_URNS, MAX_SAMPLE } from './limits';

export const checkSearchHealthArgs = z.object({
  entityType: describe(
    optionalTrimmed(),
    'An entity type, e.g. `dataset`: every document of it (the server’s consistency checks where it has them, else a sample).',
  ),
  urnLike: describe(optionalTrimmed(), 'Or a SQL LIKE pattern with a concrete `urn:li:<type>:` prefix: the documents of that type that match.'),
  urns: describe(
    z.optional(listOf(z.string(), `"urns" must be a list of URN strings. ${NOTHING_SENT}`)),
    `Or these URNs (at most ${MAX_HEALTH_URNS.toLocaleString('en-US')}): each asked of the database and of search.`,
  ),
  fix: describe(
    z.optional(oneOf(['dryRun', 'apply'] as const, `"fix" must be "dryRun" or "apply". ${NOTHING_SENT}`)),
    '`dryRun`: also what a fix would do; `apply`: then do it (asks first; refused on read-only connections).',
  ),
  sampleSize: describe(
    z.optional(wholeNumber(`"sampleSize" must be a whole number from 1 to ${MAX_SAMPLE}. ${NOTHING_SENT}`, 1, MAX_SAMPLE)),
    'Documents to read at most when sampling (default 10,000).',
  ),
});
export type CheckSearchHealthArgs = z.output<typeof checkSearchHealthArgs>;

/** The search-health feature's commands and their argument schemas. */
/** Is one URN in the database, in search, soft-deleted (datahub.checkSearchIndex). */
export const checkSearchIndexArgs = z.object({
  urn: describe(text(), 'A DataHub link or a URL-encoded URN works too.'),
  notify,
});

export const explainSearchArgs = z.object({
  urn: describe(text(), 'The entity search does not find; a DataHub link or a URL-encoded URN works too.'),
  query: describe(
    optionalText('"query" must be a string: the search text typed in DataHub.'),
    'The search text typed in DataHub (prompted for when left out, except through the typed API).',
  ),
  entityName: describe(optionalTrimmed(), "The entity index to explain in (default: the URN's entity type)."),
});

/** One URN, the database beside search (datahub.inspectUrn). */
export const inspectUrnArgs = z.object({
  urn: describe(text(), 'The entity to inspect; a DataHub link or a URL-encoded URN works too.'),
});
