// The argument object of datahub.restoreIndicesAsJob, checked field by field into a
// JobPlan: the same inputs as the pattern restore, plus the job's own options.
import { optionalString } from '../platform/commandRunner';
import { restoreScopeArgs } from './restoreArgs';
import { JOB_DEFAULT_BATCH_SIZE, JOB_FORMATS, planProblem, type JobFormat, type JobPlan, type JobResume } from './logic/upgradeJob';
import type { SavedRun } from './restoreResume';
import { Commands } from '../shared/commandIds';

export const JOB_COMMAND = Commands.restoreIndicesAsJob;

export interface JobRequest {
  format: JobFormat;
  plan: JobPlan;
}

function optionalInteger(arg: Record<string, unknown>, key: string): number | undefined {
  const v = arg[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isSafeInteger(v)) throw new Error(`${JOB_COMMAND}: "${key}" must be a whole number, got ${JSON.stringify(v)}.`);
  return v;
}

function optionalBoolean(arg: Record<string, unknown>, key: string): boolean | undefined {
  const v = arg[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw new Error(`${JOB_COMMAND}: "${key}" must be true or false.`);
  return v;
}

/** The resume point of an interrupted extension run: its offset, paged by offset as the run was. */
export function resumeFromSavedRun(saved: SavedRun): Pick<JobPlan, 'urnLike' | 'aspect' | 'window' | 'resume' | 'urnBasedPagination'> {
  return { urnLike: saved.urnLike, aspect: saved.aspect, window: saved.window, resume: { startingOffset: saved.nextStart }, urnBasedPagination: false };
}

/**
 * Reads and checks the argument object; throws with a message naming the field.
 * `saved` is the active connection's interrupted run, used when `resumeSavedRun` is true.
 */
export function jobRequest(arg: Record<string, unknown>, saved: SavedRun | undefined): JobRequest {
  const format = arg.format;
  if (typeof format !== 'string' || !JOB_FORMATS.includes(format as JobFormat)) {
    throw new Error(`${JOB_COMMAND}: "format" must be one of ${JOB_FORMATS.map((f) => `'${f}'`).join(', ')}.`);
  }
  const useSaved = optionalBoolean(arg, 'resumeSavedRun') === true;
  if (useSaved && !saved) throw new Error(`${JOB_COMMAND}: no interrupted restore is saved for this connection, so there is no resume point to hand over.`);
  let base: Pick<JobPlan, 'urnLike' | 'aspect' | 'window' | 'resume' | 'urnBasedPagination'>;
  if (useSaved && saved) {
    base = resumeFromSavedRun(saved);
  } else {
    const { urnLike, aspect, window } = restoreScopeArgs(arg, JOB_COMMAND);
    const startingOffset = optionalInteger(arg, 'startingOffset');
    const lastUrn = optionalString(arg, 'lastUrn', JOB_COMMAND)?.trim() || undefined;
    const lastAspect = optionalString(arg, 'lastAspect', JOB_COMMAND)?.trim() || undefined;
    if (startingOffset !== undefined && lastUrn !== undefined) {
      throw new Error(`${JOB_COMMAND}: give startingOffset (offset paging) or lastUrn/lastAspect (urn-based paging), not both.`);
    }
    if (lastAspect !== undefined && lastUrn === undefined) throw new Error(`${JOB_COMMAND}: lastAspect needs lastUrn.`);
    const resume: JobResume | undefined =
      startingOffset !== undefined ? { startingOffset } : lastUrn !== undefined ? { lastUrn, ...(lastAspect ? { lastAspect } : {}) } : undefined;
    // Key-based paging unless told otherwise, or resuming from an offset (which only offset paging reads).
    const urnBasedPagination = optionalBoolean(arg, 'urnBasedPagination') ?? !(resume && 'startingOffset' in resume);
    base = { urnLike, aspect, window, resume, urnBasedPagination };
  }
  const plan: JobPlan = {
    ...base,
    batchSize: optionalInteger(arg, 'batchSize') ?? JOB_DEFAULT_BATCH_SIZE,
    numThreads: optionalInteger(arg, 'numThreads'),
    batchDelayMs: optionalInteger(arg, 'batchDelayMs'),
    clean: optionalBoolean(arg, 'clean') === true,
  };
  const problem = planProblem(plan);
  if (problem) throw new Error(`${JOB_COMMAND}: ${problem}`);
  return { format: format as JobFormat, plan };
}
