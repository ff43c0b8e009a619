// A restore handed to DataHub's own RestoreIndices job (the datahub-upgrade image):
// the job's arguments and the plan behind them. Pure; the three renderings
// (Kubernetes Job, docker run, argument list) are in upgradeJobText.ts.
//
// Argument names and defaults as the job reads them: RestoreIndices.java and
// SendMAEStep.java in datahub-upgrade/src/main/java/com/linkedin/datahub/upgrade/restoreindices
// (`-a name=value`, split on the first `=` by UpgradeUtils.parseArgs; `clean` takes no
// value and makes ClearSearchServiceStep / ClearGraphServiceStep wipe the indices first).
// With urnBasedPagination the offset is ignored and lastUrn/lastAspect are used
// (EbeanAspectDao.streamAspectBatches); numThreads only applies to offset paging.
import { coversEverything } from '../../restore/logic/urnPattern';
import type { RestoreWindow } from '../../restore/logic/restoreWindow';
import { IDENTIFIER } from '../../gms/validate';

export type JobFormat = 'kubernetes' | 'docker' | 'args';
export const JOB_FORMATS: readonly JobFormat[] = ['kubernetes', 'docker', 'args'];

/** The job's own default batch size (SendMAEStep.DEFAULT_BATCH_SIZE). */
export const JOB_DEFAULT_BATCH_SIZE = 1000;
export const JOB_MAX_BATCH_SIZE = 100_000;
export const JOB_MAX_THREADS = 64;

/** Where an interrupted run stops: an offset (offset paging) or the last key (urn-based paging). */
export type JobResume = { startingOffset: number } | { lastUrn: string; lastAspect?: string };

export interface JobPlan {
  urnLike: string;
  aspect?: string;
  window?: RestoreWindow;
  batchSize: number;
  urnBasedPagination: boolean;
  numThreads?: number;
  batchDelayMs?: number;
  resume?: JobResume;
  /** Wipe the search, graph and system-metadata indices before restoring. */
  clean: boolean;
}

/**
 * Checks the combination; returns what is wrong in one sentence, or undefined.
 * Field-level checks (pattern syntax, aspect name) are the caller's.
 */
export function planProblem(plan: JobPlan): string | undefined {
  if (!Number.isInteger(plan.batchSize) || plan.batchSize < 1 || plan.batchSize > JOB_MAX_BATCH_SIZE) {
    return `"batchSize" must be a whole number from 1 to ${JOB_MAX_BATCH_SIZE}.`;
  }
  if (plan.numThreads !== undefined && (!Number.isInteger(plan.numThreads) || plan.numThreads < 1 || plan.numThreads > JOB_MAX_THREADS)) {
    return `"numThreads" must be a whole number from 1 to ${JOB_MAX_THREADS}.`;
  }
  if (plan.numThreads !== undefined && plan.numThreads > 1 && plan.urnBasedPagination) {
    return "DataHub's job runs one thread with urnBasedPagination=true; set numThreads only with offset paging (urnBasedPagination=false).";
  }
  if (plan.batchDelayMs !== undefined && (!Number.isInteger(plan.batchDelayMs) || plan.batchDelayMs < 0 || plan.batchDelayMs > 3_600_000)) {
    return '"batchDelayMs" must be a whole number of milliseconds from 0 to 3600000.';
  }
  const resume = plan.resume;
  if (resume && 'startingOffset' in resume) {
    if (!Number.isInteger(resume.startingOffset) || resume.startingOffset < 0 || resume.startingOffset > 2_147_483_647) {
      return '"startingOffset" must be a whole number of rows, 0 or more.';
    }
    if (plan.urnBasedPagination)
      return 'startingOffset is an offset: DataHub ignores it with urnBasedPagination=true. Resume by lastUrn/lastAspect instead, or page by offset.';
  }
  if (resume && 'lastUrn' in resume) {
    if (!plan.urnBasedPagination) return 'lastUrn/lastAspect only take effect with urnBasedPagination=true.';
    if (!resume.lastUrn.startsWith('urn:')) return `"lastUrn" must be a URN (starting with urn:), got ${JSON.stringify(resume.lastUrn)}.`;
    if (resume.lastAspect !== undefined && !IDENTIFIER.test(resume.lastAspect))
      return `"lastAspect" is not an aspect name: ${JSON.stringify(resume.lastAspect)}.`;
  }
  if (plan.clean) {
    if (!coversEverything(plan.urnLike) || plan.aspect !== undefined || plan.window !== undefined || resume !== undefined) {
      return 'clean wipes the whole search and graph indices before the job restores only what you chose: use it only for a full restore (pattern urn:li:%, every aspect, no time window, no resume point).';
    }
  }
  return undefined;
}

/** One `name=value` job argument (or a bare `clean`). */
export interface JobArgument {
  name: string;
  value?: string;
}

/** The job's arguments in a stable order: scope, paging, resume, pacing, clean. */
export function jobArguments(plan: JobPlan): JobArgument[] {
  const args: JobArgument[] = [{ name: 'urnLike', value: plan.urnLike }];
  if (plan.aspect !== undefined) args.push({ name: 'aspectName', value: plan.aspect });
  if (plan.window) {
    args.push({ name: 'gePitEpochMs', value: String(plan.window.gePitEpochMs) }, { name: 'lePitEpochMs', value: String(plan.window.lePitEpochMs) });
  }
  args.push({ name: 'batchSize', value: String(plan.batchSize) }, { name: 'urnBasedPagination', value: String(plan.urnBasedPagination) });
  const resume = plan.resume;
  if (resume && 'startingOffset' in resume) args.push({ name: 'startingOffset', value: String(resume.startingOffset) });
  if (resume && 'lastUrn' in resume) {
    args.push({ name: 'lastUrn', value: resume.lastUrn });
    if (resume.lastAspect !== undefined) args.push({ name: 'lastAspect', value: resume.lastAspect });
  }
  if (plan.numThreads !== undefined) args.push({ name: 'numThreads', value: String(plan.numThreads) });
  if (plan.batchDelayMs !== undefined) args.push({ name: 'batchDelayMs', value: String(plan.batchDelayMs) });
  if (plan.clean) args.push({ name: 'clean' });
  return args;
}

/** The container's command line after the image: `-u RestoreIndices -a name=value …`. */
export function jobArgv(plan: JobPlan): string[] {
  const argv = ['-u', 'RestoreIndices'];
  for (const a of jobArguments(plan)) argv.push('-a', a.value === undefined ? a.name : `${a.name}=${a.value}`);
  return argv;
}

/**
 * Arguments whose value holds `=`: DataHub before its key=value split took a limit
 * (UpgradeUtils.parseArgs) refuses them, so the text says so.
 */
export function argumentsWithEquals(plan: JobPlan): string[] {
  return jobArguments(plan)
    .filter((a) => a.value?.includes('='))
    .map((a) => a.name);
}
