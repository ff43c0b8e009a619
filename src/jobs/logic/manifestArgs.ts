// The argument object of datahub.restoreIndicesAsJob (the manifest of DataHub's own
// RestoreIndices job), which the run on the cluster extends (clusterArgs.ts). The
// pattern, aspect and window fields are the pattern restore's (restore/logic/args.ts).
// Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, fieldOf, oneOf, optionalTrimmed, text, wholeNumber } from '../../shared/args';
import { aspect, epochMs } from '../../restore/logic/args';
import { JOB_FORMATS, type JobFormat } from './upgradeJob';

/** Optional whole number of the job (null reads as absent). */
const jobInteger = (what: string) =>
  describe(
    z.optional(z.nullable(wholeNumber((field, issue) => `"${field}" must be a whole number, got ${JSON.stringify(issue.input)}.`, Number.MIN_SAFE_INTEGER))),
    what,
  );
const jobFlag = (what: string) => describe(z.optional(z.nullable(z.boolean({ error: (issue) => `"${fieldOf(issue)}" must be true or false.` }))), what);

export const restoreIndicesAsJobArgs = z.object({
  format: describe(
    oneOf(JOB_FORMATS as readonly JobFormat[] as [JobFormat, ...JobFormat[]], `"format" must be one of ${JOB_FORMATS.map((f) => `'${f}'`).join(', ')}.`),
    'A Kubernetes Job, a docker run line, or the arguments.',
  ),
  resumeSavedRun: jobFlag('Hand over the interrupted run instead.'),
  urnLike: describe(z.optional(text()), 'Unless resumeSavedRun.'),
  aspect,
  gePitEpochMs: epochMs('Rows written at or after (epoch ms).'),
  lePitEpochMs: epochMs('Rows written at or before (epoch ms).'),
  startingOffset: jobInteger('Resume from this offset (offset paging).'),
  lastUrn: describe(optionalTrimmed(), 'Resume after it (and lastAspect).'),
  lastAspect: optionalTrimmed(),
  urnBasedPagination: jobFlag('Default true (false with startingOffset).'),
  batchSize: jobInteger('Default 1000.'),
  numThreads: jobInteger('Offset paging only.'),
  batchDelayMs: jobInteger('Pause between batches (ms).'),
  clean: jobFlag('Wipe the indices first (full restores only).'),
});
export type RestoreIndicesAsJobArgs = z.output<typeof restoreIndicesAsJobArgs>;
