// Where a stopped RestoreIndices job resumes, from the last batch its log shows
// (SendMAEStep.java): with urnBasedPagination the start key of that batch
// (lastUrn/lastAspect, "Getting next batch of urns + aspects, starting with %s - %s"),
// otherwise the row offset after the whole batches this run reported, counted on from
// its own startingOffset (with numThreads > 1 batches finish out of order: the offset
// steps back one batch per extra thread, so none is skipped). The job's arguments are
// read strictly into a plan (jobArgs.ts) and the resume's written again from it.
import { IDENTIFIER } from '../../../gms/validate';
import { jobArgv, type JobPlan } from '../upgradeJob';
import { lastUrnProblem, quoteArg, restorePlanOf } from './jobArgs';
import type { JobLogSummary } from './jobLog';

export interface ResumePoint {
  /** The plan with the resume point set (everything else as the stopped job had it). */
  plan: JobPlan;
  /** The arguments to send: jobArgv(plan), never the server's own list. */
  argv: string[];
  /** In words, for the confirmation and the result. */
  from: string;
}

/** The resume point, or why there is none. */
export function resumePoint(argv: readonly string[], log: JobLogSummary): ResumePoint | { problem: string } {
  const read = restorePlanOf(argv);
  if ('problem' in read) return read;
  const base = read.plan;
  if (base.urnBasedPagination) {
    const key = log.lastKey;
    if (!key) return { problem: 'its log shows no batch key yet ("Getting next batch of urns + aspects…"): start it again from the beginning.' };
    const urnProblem = lastUrnProblem(key.lastUrn);
    if (urnProblem) return { problem: `its log's last batch key is refused: ${urnProblem}.` };
    if (key.lastAspect !== undefined && !IDENTIFIER.test(key.lastAspect))
      return { problem: `its log's last batch key is refused: "lastAspect" is not an aspect name: ${quoteArg(key.lastAspect)}.` };
    const plan: JobPlan = { ...base, resume: { lastUrn: key.lastUrn, ...(key.lastAspect ? { lastAspect: key.lastAspect } : {}) } };
    return { plan, argv: jobArgv(plan), from: 'after the start key of the last batch its log shows (lastUrn, lastAspect)' };
  }
  const batchSize = log.batchSize ?? base.batchSize;
  const threads = Math.max(1, base.numThreads ?? 1);
  const offset = base.resume && 'startingOffset' in base.resume ? base.resume.startingOffset : 0;
  if (log.sent === undefined) return { problem: 'its log shows no finished batch yet: start it again from the beginning.' };
  const batches = Math.max(0, Math.floor(((log.sent ?? 0) + (log.ignored ?? 0)) / batchSize) - (threads - 1));
  const startingOffset = offset + batches * batchSize;
  const plan: JobPlan = { ...base, resume: { startingOffset } };
  return { plan, argv: jobArgv(plan), from: `row offset ${startingOffset} (${batches} whole batches of ${batchSize} after offset ${offset})` };
}
