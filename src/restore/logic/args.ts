// The argument objects of the restore commands, one schema each: the handlers
// parse through them, the typed API takes its parameter types from them and
// docs/api.md its tables. Each field keeps the message it has always had; what
// needs more than the shape (a URN that parses, a pattern, an ordered window, the
// saved run) is checked by the handler after the parse. Pure: no vscode import.
import { describe, flag, listOf, optionalText, optionalTrimmed, text, wholeNumber, type FieldMessage } from '../../shared/args';
import * as z from '../../shared/zod';
import { MAX_BATCH_SIZE } from '../../gms/validate';
import { MAX_CONCURRENCY } from './restorePlan';
import { MAX_EPOCH_MS } from './restoreWindow';

/** Rows per request of a window restore unless batchSize says otherwise. */
export const WINDOW_BATCH_SIZE = 100;

export const notify = describe(flag(), 'Show progress and the result; report errors instead of rejecting.');
export const aspect = describe(optionalTrimmed(), 'One aspect (default: all).');

/** A bound of the time window: epoch milliseconds, null or absent for none. */
export const epochMs = (what: string) =>
  describe(
    z.optional(
      z.nullable(
        wholeNumber(
          (field, issue) => `"${field}" must be epoch milliseconds (a whole number such as ${Date.UTC(2026, 0, 1)}), got ${JSON.stringify(issue.input)}.`,
          0,
          MAX_EPOCH_MS,
        ),
      ),
    ),
    what,
  );

const pageStarts = (message: FieldMessage) => listOf(wholeNumber(message, 0), message);
const skipMessage = '"skip" must be a list of page starts (whole numbers), as returned in doneAfterNext.';
const pagesMessage = '"pages" must be a non-empty list of page starts (whole numbers), as returned in incompletePages.';

export const restoreIndicesArgs = z.object({
  urn: describe(text(), 'A DataHub link or a URL-encoded URN works too.'),
  aspect,
  verify: describe(flag(), 'Then wait (up to 30 s) until search finds it.'),
  notify,
});
export type RestoreIndicesArgs = z.output<typeof restoreIndicesArgs>;

const patternFields = {
  urnLike: describe(text(), 'SQL LIKE: `%` any run of characters, `_` any one.'),
  aspect,
  gePitEpochMs: epochMs('Rows written at or after (epoch ms).'),
  lePitEpochMs: epochMs('Rows written at or before (epoch ms).'),
  start: describe(z._default(wholeNumber('`start` must be a whole number, 0 or more.', 0), 0), 'The row offset to begin at.'),
  batchSize: z._default(wholeNumber(`\`batchSize\` must be a whole number from 1 to ${MAX_BATCH_SIZE}.`, 1, MAX_BATCH_SIZE), 10),
  concurrency: describe(
    z.optional(wholeNumber(`"concurrency" must be a whole number from 1 to ${MAX_CONCURRENCY}.`, 1, MAX_CONCURRENCY)),
    'Pages at once with `all` (default: setting datahub.restore.concurrency).',
  ),
  skip: describe(z.optional(pageStarts(skipMessage)), 'Page starts done (`doneAfterNext`).'),
  pages: describe(z.optional(pageStarts(pagesMessage).check(z.minLength(1, { error: pagesMessage }))), 'Re-run these page starts (`incompletePages`).'),
  limit: describe(z.optional(wholeNumber('"limit" must be a whole number of rows, 1 or more.', 1, 2_147_483_647)), 'At most this many rows.'),
  createDefaultAspects: describe(flag(), 'Create missing key aspects: WRITES to the database.'),
  notify,
};

/** The fields of one pattern restore (not a resume). */
export const patternRestoreArgs = z.object({
  ...patternFields,
  all: describe(flag(), 'Every matching row (default: one batch).'),
});
export type PatternRestoreArgs = z.output<typeof patternRestoreArgs>;

/** The fields a pattern restore and a window restore share, parsed. */
export type PatternFields = z.output<z.ZodMiniObject<typeof patternFields>>;

/** A pattern restore, or `{ resume: true }`: the saved run of the active connection, continued. */
export const restoreIndicesByPatternArgs = z.union([
  z.object({
    resume: describe(z.literal(true), 'Continue the interrupted run of the active connection.'),
    notify,
  }),
  patternRestoreArgs,
]);
export type RestoreIndicesByPatternArgs = z.output<typeof restoreIndicesByPatternArgs>;

/** The pattern restore's fields, over every matching row of a window: urnLike defaults to every URN, 100 rows a request. */
export const restoreIndicesChangedBetweenArgs = z.object({
  ...patternFields,
  urnLike: describe(z._default(text(), 'urn:li:%'), 'SQL LIKE (default: every URN).'),
  batchSize: z._default(wholeNumber(`\`batchSize\` must be a whole number from 1 to ${MAX_BATCH_SIZE}.`, 1, MAX_BATCH_SIZE), WINDOW_BATCH_SIZE),
});
export type RestoreIndicesChangedBetweenArgs = z.output<typeof restoreIndicesChangedBetweenArgs>;

const position = z.object(
  {
    line: wholeNumber((_field, issue) => positionMessage(issue.path), 0),
    character: wholeNumber((_field, issue) => positionMessage(issue.path), 0),
  },
  { error: (issue) => positionMessage([...(issue.path ?? []), 'line']) },
);

/** "positions[0] must be {line, character} …", "ranges[1].end must be …": the position the issue is in. */
function positionMessage(path: readonly PropertyKey[] | undefined): string {
  const where = (path ?? [])
    .slice(0, -1)
    .map((key, i) => (typeof key === 'number' ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join('');
  return `${where} must be {line, character} with whole numbers, 0-based.`;
}

export const restoreUrnAtCursorArgs = z.object({
  urns: describe(
    z.optional(listOf(z.string({ error: 'every URN must be a string.' }), '"urns" must be a list of URN strings.')),
    'These URNs, instead of a document.',
  ),
  uri: describe(optionalText('"uri" must be a URI string.'), "Default: the active editor's."),
  positions: describe(z.optional(listOf(position, '"positions" must be a list of {line, character}.')), '0-based (default: the selections).'),
  ranges: describe(
    z.optional(
      listOf(
        z.object({ start: position, end: position }, { error: (issue) => positionMessage([...(issue.path ?? []), 'start', 'line']) }),
        '"ranges" must be a list of {start, end}.',
      ),
    ),
    '0-based.',
  ),
  notify,
});
export type RestoreUrnAtCursorArgs = z.output<typeof restoreUrnAtCursorArgs>;

const urnListField = (what: string) =>
  describe(z.optional(listOf(z.string({ error: 'every URN must be a string.' }), '"urns" must be a list of URN strings.')), what);

export const restoreUrnsInFileArgs = z.object({
  urns: urnListField('These URNs (at most 10,000), instead of a document.'),
  uri: describe(optionalText('"uri" must be a URI string.'), "A document open in VS Code (default: the active editor's)."),
});
export type RestoreUrnsInFileArgs = z.output<typeof restoreUrnsInFileArgs>;

export const restoreUrnsInSelectionArgs = z.object({
  urns: urnListField("These URNs (at most 10,000), instead of the active editor's selections."),
});
export type RestoreUrnsInSelectionArgs = z.output<typeof restoreUrnsInSelectionArgs>;
