// The argument object of datahub.restoreIndicesAsJob, parsed through its schema
// (logic/args.ts) and checked into a JobPlan: the same inputs as the pattern restore,
// plus the job's own options.
import { parseArgs } from '../../shared/args';
import { restoreIndicesAsJobArgs } from '../logic/manifestArgs';
import { restoreScopeArgs } from '../../restore/logic/scopeArgs';
import { JOB_DEFAULT_BATCH_SIZE, planProblem, type JobFormat, type JobPlan, type JobResume } from '../logic/upgradeJob';
import type { SavedRun } from '../../restore/restoreResume';
import { Commands } from '../../shared/commandIds';

export const JOB_COMMAND = Commands.restoreIndicesAsJob;

export interface JobRequest {
  format: JobFormat;
  plan: JobPlan;
}

/** The resume point of an interrupted extension run: its offset, paged by offset as the run was. */
export function resumeFromSavedRun(saved: SavedRun): Pick<JobPlan, 'urnLike' | 'aspect' | 'window' | 'resume' | 'urnBasedPagination'> {
  return { urnLike: saved.urnLike, aspect: saved.aspect, window: saved.window, resume: { startingOffset: saved.nextStart }, urnBasedPagination: false };
}

/**
 * Parses and checks the argument object; throws with a message naming the field.
 * `saved` is the active connection's interrupted run, used when `resumeSavedRun` is true.
 */
export function jobRequest(arg: unknown, saved: SavedRun | undefined): JobRequest {
  const parsed = parseArgs(JOB_COMMAND, restoreIndicesAsJobArgs, arg);
  const useSaved = parsed.resumeSavedRun === true;
  if (useSaved && !saved) throw new Error(`${JOB_COMMAND}: no interrupted restore is saved for this connection, so there is no resume point to hand over.`);
  let base: Pick<JobPlan, 'urnLike' | 'aspect' | 'window' | 'resume' | 'urnBasedPagination'>;
  if (useSaved && saved) {
    base = resumeFromSavedRun(saved);
  } else {
    if (parsed.urnLike === undefined) throw new Error(`${JOB_COMMAND}: the argument object needs a non-empty string "urnLike".`);
    const { urnLike, aspect, window } = restoreScopeArgs({ ...parsed, urnLike: parsed.urnLike }, JOB_COMMAND);
    const startingOffset = parsed.startingOffset ?? undefined;
    const { lastUrn, lastAspect } = parsed;
    if (startingOffset !== undefined && lastUrn !== undefined) {
      throw new Error(`${JOB_COMMAND}: give startingOffset (offset paging) or lastUrn/lastAspect (urn-based paging), not both.`);
    }
    if (lastAspect !== undefined && lastUrn === undefined) throw new Error(`${JOB_COMMAND}: lastAspect needs lastUrn.`);
    const resume: JobResume | undefined =
      startingOffset !== undefined ? { startingOffset } : lastUrn !== undefined ? { lastUrn, ...(lastAspect ? { lastAspect } : {}) } : undefined;
    // Key-based paging unless told otherwise, or resuming from an offset (which only offset paging reads).
    const urnBasedPagination = parsed.urnBasedPagination ?? !(resume && 'startingOffset' in resume);
    base = { urnLike, aspect, window, resume, urnBasedPagination };
  }
  const plan: JobPlan = {
    ...base,
    batchSize: parsed.batchSize ?? JOB_DEFAULT_BATCH_SIZE,
    numThreads: parsed.numThreads ?? undefined,
    batchDelayMs: parsed.batchDelayMs ?? undefined,
    clean: parsed.clean === true,
  };
  const problem = planProblem(plan);
  if (problem) throw new Error(`${JOB_COMMAND}: ${problem}`);
  return { format: parsed.format, plan };
}
