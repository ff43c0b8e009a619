// "Run on the Cluster": DataHub's RestoreIndices job started through GMS's Kubernetes
// operations (KubernetesController.java: POST k8s/cronjobs/{name}/trigger) from the
// deployment's restore CronJob, with exactly the arguments the manifest would carry,
// after the confirmation gate (typed connection name on production; a read-only
// connection is refused before any request). Where GMS is not in Kubernetes (503, or
// status available=false) or has no such operations (404), the manifest stays. Under the write discipline
// (src/shared/writePlan.ts): one trigger of a CronJob at a time (applyLock.ts), and right before the trigger
// the CronJob is read again (still there) and its Jobs (none still running): a second RestoreIndices over
// the same rows is refused, not started beside the first.
import * as vscode from 'vscode';
import { isGmsError } from '../../gms/errors';
import { K8S_JOB_NAME } from '../../gms/k8sTypes';
import { askedByProgram, confirmDestructive } from '../../platform/confirmGate';
import type { CommandRun } from '../../platform/commandRunner';
import * as safeWindow from '../../platform/safeWindow';
import type { ActiveClient, Services } from '../../platform/services';
import { assertWritable, titleFor } from '../../shared/connections';
import { Commands } from '../../shared/commandIds';
import { jobArgv, type JobPlan } from '../logic/upgradeJob';
import { renderJob } from '../logic/upgradeJobText';
import { argumentLines, quoteArg } from '../logic/cluster/jobArgs';
import type { ClusterJobs, ClusterJobSnapshot, WatchOptions } from './clusterWatch';
import type { KubernetesOperations } from '../../gms/k8sTypes';
import { withApplyLock } from '../../shared/applyLock';
import { planLockDir, planLockId } from '../../platform/planApply';

export const RUN_ACTION = 'Run RestoreIndices on the Cluster';
const CRONJOB_KEY = 'datahub.clusterJobs.cronJob';

/** What runRestoreJobOnCluster / resumeClusterJob return. */
export type RunOnClusterResult =
  | (ClusterJobSnapshot & { triggered: true; cronJob: string; namespace?: string })
  | { triggered: false; message: string; reason: string; manifest: { text: string; args: string[]; image: string } }
  | { triggered: false; message: string; reason: ClusterNotDone; notDone: { reason: ClusterNotDone } };

/** Why a trigger was refused right before it was sent: the CronJob is gone, a run of it is active, another trigger of it is going on. */
export type ClusterNotDone = 'cronJobGone' | 'alreadyRunning' | 'busy';

/** Most CronJobs and Jobs read to check a trigger (our bound, whatever the server holds). */
const CHECK_LIST_MAX = 1000;

/**
 * Right before a trigger: the CronJob still listed, and no Job of it still running (labelled as
 * triggered from it, as KubernetesController.java labels them, or named after it, as Kubernetes names a
 * scheduled run). Undefined when the trigger may go.
 */
async function beforeTrigger(
  k8s: KubernetesOperations,
  cronJob: string,
  resumes: string | undefined,
): Promise<{ reason: ClusterNotDone; message: string } | undefined> {
  const crons = await k8s.listAll('cronjobs', undefined, CHECK_LIST_MAX);
  if (!crons.some((c) => c.name === cronJob))
    return { reason: 'cronJobGone', message: `The CronJob ${cronJob} is no longer listed by GMS; nothing was sent. Choose the restore CronJob again.` };
  const jobs = await k8s.listAll('jobs', undefined, CHECK_LIST_MAX);
  const running = jobs.find(
    (j) =>
      j.active > 0 &&
      j.name !== resumes &&
      (j.labels['app.kubernetes.io/triggered-from'] === cronJob || (j.name.startsWith(`${cronJob}-`) && /^\d+$/.test(j.name.slice(cronJob.length + 1)))),
  );
  if (running)
    return {
      reason: 'alreadyRunning',
      message: `A Job of ${cronJob} is still running (${quoteArg(running.name)}); nothing was sent. Watch it (Watch a Job on the Cluster) or wait for it to end, then run again.`,
    };
  return undefined;
}

export function watchOptions(arg: { stallAfterSeconds?: number; pollSeconds?: number; giveUpSeconds?: number }): WatchOptions {
  const config = vscode.workspace.getConfiguration('datahub.clusterJobs');
  const stallMinutes = config.get<number>('stallAfterMinutes', 15);
  const poll = config.get<number>('pollSeconds', 10);
  const giveUpMinutes = config.get<number>('giveUpMinutes', 60);
  return {
    stallAfterMs: (arg.stallAfterSeconds ?? Math.max(1, stallMinutes) * 60) * 1000,
    pollMs: Math.max(1, arg.pollSeconds ?? poll) * 1000,
    giveUpMs: (arg.giveUpSeconds ?? Math.max(1, giveUpMinutes) * 60) * 1000,
  };
}

/** A Job name from the time: datahub-restore-indices-20260101-101500. */
export function defaultJobName(now = new Date()): string {
  const t = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15).toLowerCase();
  return `datahub-restore-indices-${t}`;
}

/** The restore CronJob: given, chosen before for this connection, or listed from the server (asked in the UI). */
async function cronJobFor(services: Services, active: ActiveClient, run: CommandRun, given: string | undefined): Promise<string | undefined> {
  const stored = services.context.globalState.get<Record<string, string>>(CRONJOB_KEY, {});
  const name = active.connection.name;
  if (given) return given;
  if (stored[name]) return stored[name];
  const crons = await active.client.k8s.listAll('cronjobs');
  const restore = crons.filter((c) => /restore-indices/.test(c.name));
  if (run.mode !== 'ui') {
    if (restore.length === 1) return restore[0].name;
    throw new Error(
      `${Commands.runRestoreJobOnCluster}: give "cronJob", the deployment's restore CronJob; GMS lists ${crons.length ? crons.map((c) => c.name).join(', ') : 'none'}.`,
    );
  }
  const items = [...restore, ...crons.filter((c) => !restore.includes(c))].map((c) =>
    safeWindow.safeItem({ label: c.name, description: [c.schedule, c.suspend ? 'suspended' : undefined, c.image].filter(Boolean).join(' · ') }),
  );
  const picked = await vscode.window.showQuickPick(items, {
    title: titleFor(active.connection, `${RUN_ACTION}: CronJob`),
    placeHolder: "The deployment's restore CronJob (asked once for this connection)",
    ignoreFocusOut: true,
  });
  return picked?.label;
}

async function remember(services: Services, connection: string, cronJob: string): Promise<void> {
  const stored = services.context.globalState.get<Record<string, string>>(CRONJOB_KEY, {});
  if (stored[connection] !== cronJob) await services.context.globalState.update(CRONJOB_KEY, { ...stored, [connection]: cronJob });
}

/** The manifest instead, with the reason: the Kubernetes operations are not there. */
async function fallback(services: Services, active: ActiveClient, plan: JobPlan, run: CommandRun, reason: string): Promise<RunOnClusterResult> {
  const version = await active.client.getServerVersion();
  const out = renderJob('kubernetes', plan, { connection: active.connection.name, gmsUrl: active.client.baseUrl, version });
  services.log.warn(`${RUN_ACTION}: ${reason}`);
  const message = `Not run on the cluster: ${reason} The Kubernetes Job is in ${run.mode === 'ui' ? 'the editor' : '"manifest"'} to apply yourself.`;
  if (run.mode === 'ui') {
    const document = await vscode.workspace.openTextDocument({ language: out.language, content: out.text });
    await vscode.window.showTextDocument(document, { preview: false });
    void safeWindow.showWarningMessage(message);
  }
  return { triggered: false, message, reason, manifest: { text: out.text, args: out.args, image: out.image } };
}

function unavailable(error: unknown): string | undefined {
  if (isGmsError(error) && (error.code === 'k8sUnavailable' || error.code === 'k8sMissing')) return error.message;
  return undefined;
}

export interface TriggerInput {
  plan: JobPlan;
  /** The exact arguments to send (a resume's edited list); default jobArgv(plan). */
  argv?: string[];
  cronJob?: string;
  jobName?: string;
  /** Said in the confirmation: where it starts from. */
  from?: string;
  /** The Job a resume continues (chosen as stalled or stopped): not counted as a run of the CronJob still going on. */
  resumes?: string;
  options: WatchOptions;
}

/** Triggers the job after the confirmation and starts watching it; undefined when the person declined. */
export async function triggerOnCluster(
  services: Services,
  jobs: ClusterJobs,
  active: ActiveClient,
  run: CommandRun,
  input: TriggerInput,
): Promise<RunOnClusterResult | undefined> {
  const { plan } = input;
  // Every path that triggers (palette, tree, API, command id, Resume) comes here: a read-only connection is refused before any request.
  assertWritable(active.connection, RUN_ACTION);
  const k8s = active.client.k8s;
  let namespace: string | undefined;
  try {
    const status = await k8s.status();
    if (!status.available)
      return await fallback(
        services,
        active,
        plan,
        run,
        `GMS is not running in Kubernetes (${status.reason ?? 'k8s/status says unavailable'}): use the manifest or the docker command.`,
      );
    namespace = status.namespace;
  } catch (error) {
    const why = unavailable(error);
    if (why) return fallback(services, active, plan, run, why);
    throw error;
  }
  let cronJob: string | undefined;
  try {
    cronJob = await cronJobFor(services, active, run, input.cronJob);
  } catch (error) {
    const why = unavailable(error);
    if (why) return fallback(services, active, plan, run, why);
    throw error;
  }
  if (!cronJob) return undefined;
  const jobName = input.jobName ?? defaultJobName();
  if (!K8S_JOB_NAME.test(jobName))
    throw new Error(`${run.id}: "jobName" must be a Kubernetes Job name (lowercase letters, digits and "-", at most 63), got ${JSON.stringify(jobName)}.`);
  const argv = input.argv ?? jobArgv(plan);
  const go = 'Run on the Cluster';
  const answer = await confirmDestructive(run, {
    apiClass: 'restoreAndTruncate',
    message: titleFor(
      active.connection,
      `Run DataHub's RestoreIndices job as ${jobName} from CronJob ${cronJob}${namespace ? ` in namespace ${namespace}` : ''}?`,
    ),
    // The arguments first, one per line and quoted (long values after them, cut), so none can hide another.
    detail:
      `Arguments (${argv.length}):\n${argumentLines(argv)}\n\n` +
      (plan.clean ? 'WARNING: clean wipes the search, graph and system-metadata indices first.\n' : '') +
      `The job re-sends every matching row to the search and graph indices${input.from ? `, from ${input.from}` : ''}; it runs on the cluster until it ends, whatever this window does.` +
      askedByProgram(run),
    go,
    typed: {
      connection: active.connection,
      action: RUN_ACTION,
      expected: active.connection.name,
      consequence: `This starts DataHub's RestoreIndices job on the cluster of "${active.connection.name}".`,
    },
  });
  if (answer !== go) return undefined;
  // One trigger of this CronJob at a time, in any window; the CronJob and its Jobs read again right before it.
  const name = active.connection.name;
  const locked = await withApplyLock(
    planLockDir(services),
    planLockId('clusterJob', name, active.connection.gmsUrl, cronJob),
    `a trigger of ${cronJob}`,
    async () => {
      const refused = await beforeTrigger(k8s, cronJob, input.resumes);
      return refused ?? { created: await k8s.triggerCronJob({ cronJob, jobName, args: argv }) };
    },
  );
  const outcome = locked.ran ? locked.value : { reason: 'busy' as const, message: locked.message };
  if (!('created' in outcome)) {
    services.log.warn(`${RUN_ACTION}: ${outcome.message}`);
    if (run.mode === 'ui') void safeWindow.showWarningMessage(outcome.message);
    return { triggered: false, message: outcome.message, reason: outcome.reason, notDone: { reason: outcome.reason } };
  }
  const { created } = outcome;
  await remember(services, active.connection.name, cronJob);
  // The Job GMS created must be the one asked for: another name is neither watched nor shown as ours.
  if (created.name !== jobName) {
    services.log.warn(`${RUN_ACTION}: asked for Job ${jobName}, GMS answered ${quoteArg(created.name)}`);
    throw new Error(
      `${run.id}: GMS answered the trigger with a Job named ${quoteArg(created.name)}, not ${jobName} as asked: it is not watched. Check the cluster (kubectl get jobs -l app.kubernetes.io/triggered-from=${cronJob}) before running it again.`,
    );
  }
  services.log.info(`${RUN_ACTION}: created Job ${jobName} from CronJob ${cronJob} with ${argv.map((a) => JSON.stringify(a)).join(' ')}`);
  const watched = jobs.watch(jobName, active, input.options, argv);
  if (run.mode === 'ui') void vscode.commands.executeCommand('datahub.tasks.focus');
  return { ...watched.snapshot(), triggered: true, cronJob, ...(namespace ? { namespace } : {}) };
}
