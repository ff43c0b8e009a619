// The argument objects of the truncation and task commands, one schema each: the
// handlers parse through them, the typed API takes its parameter types from them
// and docs/api.md its tables. What needs the server (the index lookup), the clock
// (a cutoff in the future) or the task id's form is checked after the parse. Pure.
import { describe, flag, text, wholeNumber } from '../../shared/args';
import * as z from '../../shared/zod';
import { truncateOptionFields } from './truncateOptions';

/** The index a truncation addresses: `indexName`, or `entityType` and `aspect` (which one is checked against the listing after the parse). */
const targetFields = {
  indexName: describe(z.optional(text()), 'As the server lists it; or `entityType` + `aspect`.'),
  entityType: describe(z.optional(text()), 'With `aspect`.'),
  aspect: z.optional(text()),
};
export const targetArgs = z.object(targetFields);

export const truncateTimeseriesAspectArgs = z.object({
  endTimeMillis: describe(
    wholeNumber('endTimeMillis must be a whole number of milliseconds since 1970-01-01 UTC.', 0),
    'Rows at or before this instant (epoch ms) go.',
  ),
  dryRun: describe(flag(), 'Default true (count only); `false` deletes.'),
  ...targetFields,
  ...truncateOptionFields,
  watch: flag(),
});
export type TruncateTimeseriesAspectArgs = z.output<typeof truncateTimeseriesAspectArgs>;

/** A task id as the server gives it ("node:number"). */
export const taskArgs = z.object({
  task: describe(z.string({ error: 'a "task" string is required.' }), 'e.g. `qhxGdzytQS-pQek8CwBCZg:54654`.'),
});
