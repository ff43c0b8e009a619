// The Markdown builder of a GC plan's document (markdownBuilders.ts lists it with the others): every server and
// caller string in it (connection, recipe keys and values, run urn and status, figure names, limits, failure
// titles, truncation errors, the temporary source's urn) given the hostile value.
import { planMarkdown } from '../../../src/gc/logic/planReport';
import type { Builder } from './markdownBuilders';

export const GC_PLAN_BUILDERS: Builder[] = [
  {
    name: 'GC plan document',
    module: 'src/gc/logic/planReport.ts',
    make: (v) =>
      planMarkdown(
        v,
        {
          changes: [{ path: v, from: v, to: v }],
          proposed: {},
          source: { detail: { urn: v, name: v, type: v, recipe: v, extraArgs: [] }, recipe: {}, config: {} },
          dryRun: { runUrn: v, status: v, figures: { [v]: 1 }, limitsReached: [v], failures: [v] },
          truncation: [
            { entityType: v, aspect: v, rowsToDelete: 1, total: 2 },
            { entityType: v, aspect: v, error: v },
          ],
          temporaryRemoved: v,
          cutoffDays: 30,
        },
        180,
        v,
      ),
  },
];
