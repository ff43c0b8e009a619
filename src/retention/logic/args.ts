// The argument object of datahub.planRetention as one schema: the handler parses
// through it, the typed API takes its parameter type from it and docs/api.md its
// table. The list and each entry's shape come from here; which index an entry
// names, the one-of rules (indexName or entityType + aspect, days or
// endTimeMillis) and a cutoff in the future are checked after the parse by
// checkCutoffs, which lists every problem at once. Pure: no vscode import.
import { describe, pathOf, type IssueInfo } from '../../shared/args';
import * as z from '../../shared/zod';
import { MAX_DAYS, MAX_PLAN_ENTRIES } from './plan';

const NOTHING_SENT = 'Nothing was sent.';
/** "cutoffs[2]: "days" must be …": the entry and the field. */
const inEntry = (what: string) => (issue: IssueInfo) => `${pathOf({ path: issue.path?.slice(0, 2) })}: ${what} ${NOTHING_SENT}`;
const daysRange = (issue: IssueInfo) => inEntry(`"days" must be from 1 to ${MAX_DAYS}; ${String(issue.input)} is not.`)(issue);
const entryText = (field: string) => z.optional(z.string({ error: inEntry(`"${field}" must be a non-empty string.`) }));

const cutoff = z.object(
  {
    indexName: entryText('indexName'),
    entityType: describe(entryText('entityType'), 'Or, with `aspect`.'),
    aspect: entryText('aspect'),
    days: describe(
      z.optional(
        z
          .int({ error: inEntry('"days" must be a whole number of days, e.g. 90.') })
          .check(z.gte(1, { error: daysRange }), z.lte(MAX_DAYS, { error: daysRange })),
      ),
      `Keep this many days (1–${MAX_DAYS}).`,
    ),
    endTimeMillis: describe(
      z.optional(z.int({ error: inEntry('endTimeMillis must be a whole number of milliseconds since 1970-01-01 UTC.') })),
      'Or: epoch ms, not in the future.',
    ),
  },
  { error: (issue) => `${pathOf(issue)} must be an object such as { "indexName": "...", "days": 90 }. ${NOTHING_SENT}` },
);

const cutoffsMessage = `"cutoffs" must be a list such as [{ "indexName": "...", "days": 90 }]. ${NOTHING_SENT}`;

export const planRetentionArgs = z.object({
  apply: describe(z.optional(z.boolean({ error: `"apply" must be true or false. ${NOTHING_SENT}` })), 'Also truncate (default: the dry-run table only).'),
  cutoffs: describe(
    z.array(cutoff, { error: cutoffsMessage }).check(
      z.minLength(1, { error: `"cutoffs" is empty; give at least one index and its cutoff. ${NOTHING_SENT}` }),
      z.maxLength(MAX_PLAN_ENTRIES, {
        error: (issue) => `"cutoffs" has ${(issue.input as unknown[]).length} entries; at most ${MAX_PLAN_ENTRIES}. ${NOTHING_SENT}`,
      }),
    ),
    'Per index: `indexName` or `entityType` + `aspect`; `days` or `endTimeMillis`.',
  ),
});
export type PlanRetentionArgs = z.output<typeof planRetentionArgs>;
