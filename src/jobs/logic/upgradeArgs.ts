// The argument objects of the upgrade reindex commands: watch a running system-update job's
// reindex tasks, and estimate the reindex time before an upgrade. Pure: no vscode import.
import * as z from '../../shared/zod';
import { describe, flag, optionalTrimmed, text, wholeNumber } from '../../shared/args';

/** DATAHUB_REVISION as it may appear in a dataHubUpgrade URN. */
export const REVISION = /^[A-Za-z0-9_.+-]{1,100}$/;

/** DATAHUB_REVISION, checked, with what it is for. */
const revisionArg = (what: string) =>
  describe(
    z.optional(
      z.string({ error: '"revision" must be text.' }).check(z.regex(REVISION, { error: '"revision" must be 1 to 100 letters, digits, ".", "_", "+" or "-".' })),
    ),
    what,
  );

const positive = (field: string, max: number) =>
  z.optional(
    z
      .number({ error: `"${field}" must be a number above 0 and at most ${max}.` })
      .check(
        z.gt(0, { error: `"${field}" must be a number above 0 and at most ${max}.` }),
        z.lte(max, { error: `"${field}" must be a number above 0 and at most ${max}.` }),
      ),
  );

export const watchUpgradeReindexArgs = z.object({
  job: describe(
    optionalTrimmed(),
    "The system-update Job's name (default: the newest Job GMS lists that runs -u SystemUpdate… or is named *system-update*, an active one first).",
  ),
  untilDone: describe(flag(), 'Resolve only when the job has ended, with its end state.'),
  pollSeconds: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number of seconds from 1 to 3600.`, 1, 3600)),
    'Seconds between two reads of the job, its log and its tasks (default: the setting datahub.clusterJobs.pollSeconds).',
  ),
  giveUpSeconds: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number of seconds from 1 to 604800.`, 1, 7 * 86_400)),
    'How long GMS may not answer before the watch stops, saying so (default: the setting datahub.clusterJobs.giveUpMinutes).',
  ),
  revision: revisionArg(
    'DATAHUB_REVISION the system update runs with: DataHub records the incremental reindex under "<GMS version>-<revision>" (default "0", as DataHub when it is unset).',
  ),
});
export type WatchUpgradeReindexArgs = z.output<typeof watchUpgradeReindexArgs>;

export const estimateUpgradeReindexArgs = z.object({
  throughputMbPerSecond: describe(
    positive('throughputMbPerSecond', 1_000_000),
    'Reindex throughput in MB a second (default: the rate seen in a reindex watched in this window, else the setting datahub.upgradeReindex.throughputMbPerSecond).',
  ),
  maxReindexHours: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number of hours from 0 to 10000 (0: none).`, 0, 10_000)),
    "DataHub's per-index limit (elasticsearch.buildIndices.maxReindexHours; default: the setting datahub.upgradeReindex.maxReindexHours; 0: none).",
  ),
  jobDeadlineSeconds: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number of seconds from 1 to 31536000.`, 1, 31_536_000)),
    "The system-update Job's activeDeadlineSeconds (default: read from the system-update Job GMS lists, when it has one).",
  ),
  job: describe(optionalTrimmed(), 'The system-update Job to read activeDeadlineSeconds from (default: the one GMS lists).'),
  top: describe(
    z.optional(wholeNumber((field) => `"${field}" must be a whole number from 1 to 100.`, 1, 100)),
    'How many of the largest indices to list (default 5).',
  ),
});
export type EstimateUpgradeReindexArgs = z.output<typeof estimateUpgradeReindexArgs>;

export const checkUpgradeReadinessArgs = z.object({
  docsPerSecond: describe(
    positive('docsPerSecond', 100_000_000),
    'The reindex rate in documents a second for the time estimates (default: the rate seen in a reindex watched in this window, else the one DataHub recorded for the last incremental reindex of this version; none: no time estimate).',
  ),
  revision: revisionArg('DATAHUB_REVISION of the last system update, to find the incremental reindex it recorded (default "0").'),
});
export type CheckUpgradeReadinessArgs = z.output<typeof checkUpgradeReadinessArgs>;

export const upgradeJobArgs = z.object({ job: describe(text(), 'A system-update Job watched in this window.') });
