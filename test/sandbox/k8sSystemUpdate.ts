// A scripted DataHub system-update Job in the sandbox's cluster (k8s.ts): listed by k8s/jobs
// and k8s/pods as the Helm chart names it, with a pod log advancing over time as
// BuildIndicesStep writes it, and search-engine reindex tasks whose status the task-status
// operation answers (both transports: Rest.li getEsTaskStatus, OpenAPI elasticSearch/getTaskStatus)
// with progress advancing.
//
// DataHub sources:
//   acryldata/datahub-helm charts/datahub/templates/datahub-upgrade/datahub-system-update-job.yml
//     Job "<release>-datahub-system-update-job", container datahub-system-update-job, args -u SystemUpdate;
//     no activeDeadlineSeconds and no backoffLimit (Kubernetes' default retries a failed pod; one pod here).
//   datahub-project/datahub metadata-io/.../elasticsearch/indexbuilder/ESIndexBuilder.java
//     reindex(): submitReindex (a _reindex task, wait_for_completion=false), pollReindexCompletion:
//     "Task: {} - Reindexing from {} to {} in progress...", "Document counts do not match {} != {}. Complete: {}%.
//     Estimated time remaining: {} minutes", "Reindex {} -> {} complete. Doc count: {}", "No change in index count
//     after {} minutes, re-triggering reindex #{}.", "Reindex retry timeout for {}.", "Reindex {} -> {} timed out or
//     exhausted retries", "Index: {} - Post-reindex document count is different, source_doc_count: {}
//     reindex_doc_count: {}", "Failed to reindex {} to {}: Exception {}" (java.lang.RuntimeException: Reindex from %s
//     to %s failed. Document count %s != %s), "Reindex from {} to {} succeeded", "Finished setting up {}".
//   datahub-upgrade/.../impl/DefaultUpgradeManager.java: "Upgrade %s completed with result %s. Exiting..."
// The scripts:
//   reindexSucceed   three indices reindexed one after the other; result SUCCEEDED, the Job Complete.
//   reindexMismatch  the third index's task ends 2,117 documents short; the counts never meet, the retries
//                    run out and the step fails on the document-count mismatch (DataHub issues 10557, 14721).
//   incremental*     the zero-downtime path (k8sIncremental.ts): its log, its recorded state, its copy tasks.
import { asLog } from './k8sScripts';
import type { SettingsProfile } from './upgradeRoutes';
import { INCREMENTAL_SCRIPTS, incrementalTaskStatus, incrementalView, type IncrementalScript } from './k8sIncremental';

export type UpgradeScript = 'reindexSucceed' | 'reindexMismatch' | IncrementalScript;
export const UPGRADE_SCRIPTS: readonly UpgradeScript[] = ['reindexSucceed', 'reindexMismatch', ...INCREMENTAL_SCRIPTS];
const incremental = (run: UpgradeRun) => (INCREMENTAL_SCRIPTS as readonly string[]).includes(run.script);
/** The Helm chart's Job name for the release "datahub". */
export const SYSTEM_UPDATE_JOB = 'datahub-datahub-system-update-job';
export const REINDEX_NODE = 'Xq3mR7kTTy2nGf0bA1cZ9w';
/** What BuildIndicesStep reindexes here; dataset_datasetprofileaspect_v1 is also in getIndexSizes (18.3 GB). */
export const UPGRADE_INDICES = [
  { name: 'datasetindex_v2', docs: 240_000 },
  { name: 'dataset_datasetprofileaspect_v1', docs: 1_200_000 },
  { name: 'dataprocessinstanceindex_v2', docs: 600_000 },
] as const;
/** Polls per index before its task finishes; the mismatch index then compares three more times. */
const POLLS = 8;
const SHORT = 2_117;
const BATCH = 5_000;
const CONTAINER = 'datahub-system-update-job';
const IMAGE = 'acryldata/datahub-upgrade:v1.3.0';

export interface UpgradeRun {
  name: string;
  script: UpgradeScript;
  stepMs: number;
  startedAt: number;
  activeDeadlineSeconds?: number;
  /** The first task number of this run's reindexes. */
  taskBase: number;
}

interface Slot {
  index: string;
  docs: number;
  /** Documents the task copies (fewer than docs on the mismatch index). */
  copies: number;
  dest: string;
  task: string;
  startStep: number;
  /** Steps from its start to its end line (success or failure). */
  steps: number;
  fails: boolean;
}

function slots(run: UpgradeRun): Slot[] {
  let step = 1;
  return UPGRADE_INDICES.map((ix, i) => {
    const fails = run.script === 'reindexMismatch' && i === UPGRADE_INDICES.length - 1;
    const slot: Slot = {
      index: ix.name,
      docs: ix.docs,
      copies: fails ? ix.docs - SHORT : ix.docs,
      dest: `${ix.name}_${run.startedAt + step * run.stepMs}`,
      task: `${REINDEX_NODE}:${run.taskBase + i}`,
      startStep: step,
      steps: fails ? POLLS + 3 : POLLS,
      fails,
    };
    step += slot.steps + 1;
    return slot;
  });
}

/** Documents the task has copied `ms` after it started. */
const copied = (s: Slot, ms: number, stepMs: number): number => Math.min(s.copies, Math.floor((s.copies * Math.max(0, ms)) / (POLLS * stepMs)));

/** What the job has printed, and how it stands, `now`. */
export function upgradeState(run: UpgradeRun, now: number): { lines: string[]; done: boolean; failed: boolean } {
  if (incremental(run)) return incrementalView(run, now);
  const steps = Math.floor(Math.max(0, now - run.startedAt) / run.stepMs);
  const lines = ['Starting upgrade with id SystemUpdate...', 'Executing Step 4/14: BuildIndicesStep...'];
  for (const s of slots(run)) {
    if (steps < s.startStep) return { lines, done: false, failed: false };
    const upTo = Math.min(steps - s.startStep, s.steps);
    for (let j = 0; j <= upTo; j++) {
      lines.push(`Task: ${s.task} - Reindexing from ${s.index} to ${s.dest} in progress...`);
      const dest = copied(s, j * run.stepMs, run.stepMs);
      if (j === s.steps && !s.fails) {
        lines.push(`Reindex ${s.index} -> ${s.dest} complete. Doc count: ${s.docs}`);
        lines.push(`Reindex from ${s.index} to ${s.dest} succeeded`, `Finished setting up ${s.index}`);
        break;
      }
      if (j === s.steps) {
        lines.push(`Reindex retry timeout for ${s.index}.`, `Reindex ${s.index} -> ${s.dest} timed out or exhausted retries`);
        lines.push(`Index: ${s.index} - Post-reindex document count is different, source_doc_count: ${s.docs} reindex_doc_count: ${dest}`);
        lines.push(
          `Failed to reindex ${s.index} to ${s.dest}: Exception java.lang.RuntimeException: Reindex from ${s.index} to ${s.dest} failed. Document count ${s.docs} != ${dest}`,
        );
        lines.push('Failed Step 4/14: BuildIndicesStep. Failed after 0 retries.', 'Upgrade SystemUpdate completed with result FAILED. Exiting...');
        return { lines, done: true, failed: true };
      }
      const pct = (100 * dest) / s.docs;
      const left = j > 0 ? Math.floor((s.docs - dest) / (dest / (j * run.stepMs)) / 60_000) : 0;
      lines.push(`Document counts do not match ${s.docs} != ${dest}. Complete: ${Number(pct.toPrecision(8))}%. Estimated time remaining: ${left} minutes`);
      if (s.fails && j === POLLS + 1) lines.push('No change in index count after 5 minutes, re-triggering reindex #1.');
    }
    if (upTo < s.steps) return { lines, done: false, failed: false };
  }
  lines.push('Upgrade SystemUpdate completed with result SUCCEEDED. Exiting...');
  return { lines, done: true, failed: false };
}

/** The task document getEsTaskStatus serialises for one of the run's reindex tasks, or undefined. */
export function upgradeTaskStatus(run: UpgradeRun, id: string, now: number): Record<string, unknown> | undefined {
  if (incremental(run)) return incrementalTaskStatus(run, id, now);
  const s = slots(run).find((x) => x.task === id);
  if (!s) return undefined;
  const ms = now - (run.startedAt + s.startStep * run.stepMs);
  if (ms < 0) return undefined;
  const created = copied(s, ms, run.stepMs);
  const runMs = Math.min(Math.max(1, ms), POLLS * run.stepMs);
  return {
    completed: created >= s.copies,
    taskId: s.task,
    runTimeNanos: runMs * 1_000_000 + 52_311,
    // A _reindex task's BulkByScrollTask.Status: total to copy, created so far, batches.
    status: { total: s.docs, updated: 0, created, deleted: 0, batches: Math.ceil(created / BATCH), version_conflicts: 0, noops: 0 },
  };
}

export class SystemUpdates {
  runs: UpgradeRun[] = [];
  private nextTask = 7_001;
  /** The settings GMS reports and the restore CronJob's schedule (upgradeRoutes.ts, k8s.ts). */
  settings: SettingsProfile = 'sound';

  reset(): void {
    this.settings = 'sound';
    this.runs = [];
    this.nextTask = 7_001;
  }

  add(input: { name?: string; script: UpgradeScript; stepMs: number; activeDeadlineSeconds?: number }): UpgradeRun {
    const name = input.name ?? SYSTEM_UPDATE_JOB;
    this.runs = this.runs.filter((r) => r.name !== name);
    const run: UpgradeRun = { name, script: input.script, stepMs: input.stepMs, startedAt: Date.now(), taskBase: this.nextTask };
    if (input.activeDeadlineSeconds !== undefined) run.activeDeadlineSeconds = input.activeDeadlineSeconds;
    this.nextTask += 100;
    this.runs.push(run);
    return run;
  }

  podName(run: UpgradeRun): string {
    return `${run.name}-q9w4z`;
  }

  jobObjects(): Record<string, unknown>[] {
    const iso = (t: number) => new Date(t).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return this.runs.map((run) => {
      const s = upgradeState(run, Date.now());
      return {
        apiVersion: 'batch/v1',
        kind: 'Job',
        metadata: {
          name: run.name,
          namespace: 'datahub',
          labels: { 'app.kubernetes.io/instance': 'datahub', 'app.kubernetes.io/managed-by': 'Helm', 'helm.sh/chart': 'datahub-0.6.0' },
          creationTimestamp: iso(run.startedAt),
        },
        spec: {
          ...(run.activeDeadlineSeconds !== undefined ? { activeDeadlineSeconds: run.activeDeadlineSeconds } : {}),
          template: { spec: { containers: [{ name: CONTAINER, image: IMAGE, args: ['-u', 'SystemUpdate'] }], restartPolicy: 'Never' } },
        },
        status: {
          startTime: iso(run.startedAt),
          ...(s.done ? (s.failed ? { failed: 1 } : { succeeded: 1, completionTime: iso(Date.now()) }) : { active: 1 }),
          ...(s.done
            ? {
                conditions: s.failed
                  ? [{ type: 'Failed', status: 'True', reason: 'BackoffLimitExceeded', message: 'Job has reached the specified backoff limit' }]
                  : [{ type: 'Complete', status: 'True' }],
              }
            : {}),
        },
      };
    });
  }

  podObjects(): Record<string, unknown>[] {
    return this.runs.map((run) => {
      const s = upgradeState(run, Date.now());
      return {
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: this.podName(run), namespace: 'datahub', labels: { 'job-name': run.name, 'batch.kubernetes.io/job-name': run.name } },
        spec: { containers: [{ name: CONTAINER, image: IMAGE }] },
        status: { phase: s.done ? (s.failed ? 'Failed' : 'Succeeded') : 'Running' },
      };
    });
  }

  /** The pod's log, or undefined when no run has that pod. */
  log(pod: string): string | undefined {
    const run = this.runs.find((r) => this.podName(r) === pod);
    return run ? asLog(upgradeState(run, Date.now()).lines, run.startedAt) : undefined;
  }

  /** The dataHubUpgradeResult a run of the incremental path has recorded under this upgrade id, or undefined. */
  upgradeResult(id: string, now = Date.now()): { state: string; timestampMs: number; result: Record<string, string> } | undefined {
    for (const run of [...this.runs].reverse()) {
      if (!incremental(run)) continue;
      const view = incrementalView(run, now);
      if (id.startsWith('BuildIndicesIncremental_')) return view.phase1;
      if (id.startsWith('IncrementalReindexCatchUp_')) return view.catchUp;
    }
    return undefined;
  }

  taskStatus(id: string, now = Date.now()): Record<string, unknown> | undefined {
    for (const run of this.runs) {
      const status = upgradeTaskStatus(run, id, now);
      if (status) return status;
    }
    return undefined;
  }
}
