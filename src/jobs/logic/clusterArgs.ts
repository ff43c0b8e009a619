// The argument objects of the commands that run and watch DataHub's RestoreIndices job
// on the cluster (through GMS's Kubernetes operations). Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, flag, optionalTrimmed, text, wholeNumber } from '../../shared/args';
import { restoreIndicesAsJobArgs } from './manifestArgs';

const seconds = (what: string, min: number, max: number) =>
  describe(z.optional(wholeNumber((field) => `"${field}" must be a whole number of seconds from ${min} to ${max}.`, min, max)), what);

const watchFields = {
  stallAfterSeconds: seconds('Quiet time before the job is named stalled (default: the setting datahub.clusterJobs.stallAfterMinutes).', 1, 7 * 86_400),
  pollSeconds: seconds('Seconds between two reads of the job and its log (default: the setting datahub.clusterJobs.pollSeconds).', 1, 3600),
  giveUpSeconds: seconds(
    'How long GMS may not answer (restarting, an ingress 503, resets) before the watch stops, saying so (default: the setting datahub.clusterJobs.giveUpMinutes).',
    1,
    7 * 86_400,
  ),
};

const cronJob = describe(
  optionalTrimmed(),
  "The deployment's restore CronJob (default: the one chosen before for this connection, or the only restore CronJob the server lists).",
);
const jobName = describe(optionalTrimmed(), 'The name of the Job to create (default: datahub-restore-indices-<time>).');

export const runRestoreJobOnClusterArgs = z.extend(z.omit(restoreIndicesAsJobArgs, { format: true }), {
  cronJob,
  jobName,
  ...watchFields,
});
export type RunRestoreJobOnClusterArgs = z.output<typeof runRestoreJobOnClusterArgs>;

export const watchClusterJobArgs = z.object({
  job: describe(text(), 'The Job name (one triggered here, or created from the manifest).'),
  untilDone: describe(flag(), 'Resolve only when the job has ended (or stalled), with its end state.'),
  ...watchFields,
});

export const resumeClusterJobArgs = z.object({
  job: describe(text(), 'A watched Job that failed, stalled or fell short.'),
  cronJob,
  jobName,
  ...watchFields,
});

export const clusterJobArgs = z.object({ job: describe(text(), 'A watched Job.') });
