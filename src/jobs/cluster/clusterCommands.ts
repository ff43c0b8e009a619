// The cluster job commands: Run on the Cluster (from a restore plan), Watch Job on the
// Cluster (by name, e.g. one created from the manifest), Resume from the last batch,
// Show Log. The watched jobs are rows of DataHub Tasks; their end is told once.
import { clusterJobFact } from '../logic/jobFacts';
import * as vscode from 'vscode';
import { registerCommand, type CommandRun } from '../../platform/commandRunner';
import { commandRun } from '../../platform/commandRun';
import * as safeWindow from '../../platform/safeWindow';
import type { ActiveClient, Services } from '../../platform/services';
import { parseArgs } from '../../shared/args';
import { Commands } from '../../shared/commandIds';
import { K8S_JOB_NAME } from '../../gms/k8sTypes';
import { clusterJobArgs, resumeClusterJobArgs, runRestoreJobOnClusterArgs, watchClusterJobArgs } from '../logic/clusterArgs';
import { resumePoint } from '../logic/cluster/jobResume';
import type { JobPlan } from '../logic/upgradeJob';
import { jobRequest } from '../manifest/restoreAsJobArgs';
import { savedRuns } from '../../restore/restoreRun';
import { activeClient } from '../../platform/activeClient';
import { ClusterJobs, type ClusterJobSnapshot } from './clusterWatch';
import { fromRow } from './clusterItem';
import { offerFollowUp } from '../../platform/followUp';
import { RUN_ACTION, triggerOnCluster, watchOptions, type RunOnClusterResult } from './clusterRun';

const CLUSTER_KEYS = ['cronJob', 'jobName', 'stallAfterSeconds', 'pollSeconds', 'giveUpSeconds'];

/** Tells the end (or the stall, or a watch that gave up) once, with what to do next. */
function tellEnd(services: Services, s: ClusterJobSnapshot): void {
  const showLog = 'Show Log';
  const resume = 'Resume from Last Batch';
  const again = 'Watch Again';
  // Resume starts a job: bound to the job's connection (as it is now) and good for 10 minutes (src/platform/followUp.ts).
  const connection = services.connections.get(s.connection);
  const offer = connection ? offerFollowUp(services, connection, `Resume ${s.job} from its row in DataHub Tasks`) : undefined;
  const buttons = s.gaveUp ? [again, showLog] : s.state === 'succeeded' || !offer ? [showLog] : [showLog, resume];
  const show = s.gaveUp
    ? safeWindow.showWarningMessage
    : s.state === 'succeeded'
      ? safeWindow.showInformationMessage
      : s.state === 'failed'
        ? safeWindow.showErrorMessage
        : safeWindow.showWarningMessage;
  void Promise.resolve(show(s.message, ...buttons)).then((picked) => {
    if (picked === showLog) void vscode.commands.executeCommand(Commands.showClusterJobLog, { job: s.job });
    if (picked === resume) void offer?.run(resume, () => vscode.commands.executeCommand(Commands.resumeClusterJob, { job: s.job }));
    if (picked === again) void vscode.commands.executeCommand(Commands.watchClusterJob, { job: s.job });
  });
}

async function runCommand(
  services: Services,
  jobs: ClusterJobs,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<RunOnClusterResult | undefined> {
  const parsed = parseArgs(Commands.runRestoreJobOnCluster, runRestoreJobOnClusterArgs, arg ?? {});
  // Read-only: refused here, before any request.
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: RUN_ACTION });
  const rest = Object.fromEntries(Object.entries(arg ?? {}).filter(([k]) => !CLUSTER_KEYS.includes(k)));
  const { plan } = jobRequest({ ...rest, format: 'kubernetes' }, savedRuns(services).get(active.connection.name));
  return triggerOnCluster(services, jobs, active, run, { plan, cronJob: parsed.cronJob, jobName: parsed.jobName, options: watchOptions(parsed) });
}

async function watchCommand(
  services: Services,
  jobs: ClusterJobs,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<ClusterJobSnapshot | undefined> {
  let input = arg;
  if (run.mode === 'ui') {
    const job = await vscode.window.showInputBox({
      title: 'DataHub: Watch Job on the Cluster',
      prompt: 'The name of the Job (kubectl get jobs), e.g. one created from the RestoreIndices manifest',
      validateInput: (v) => (K8S_JOB_NAME.test(v.trim()) ? undefined : 'A Kubernetes Job name: lowercase letters, digits and "-", at most 63.'),
      ignoreFocusOut: true,
    });
    if (!job) return undefined;
    input = { job: job.trim() };
  }
  const parsed = parseArgs(Commands.watchClusterJob, watchClusterJobArgs, input);
  if (!K8S_JOB_NAME.test(parsed.job)) throw new Error(`${Commands.watchClusterJob}: "job" must be a Kubernetes Job name, got ${JSON.stringify(parsed.job)}.`);
  // Watching reads only: a read-only connection may watch.
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: false });
  const watched = jobs.watch(parsed.job, active, watchOptions(parsed));
  if (run.mode === 'ui') void vscode.commands.executeCommand('datahub.tasks.focus');
  return parsed.untilDone ? jobs.untilSettled(watched) : watched.snapshot();
}

async function resumeCommand(
  services: Services,
  jobs: ClusterJobs,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<RunOnClusterResult | undefined> {
  const parsed = parseArgs(Commands.resumeClusterJob, resumeClusterJobArgs, arg);
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: RUN_ACTION });
  const job = jobs.get(parsed.job, active.connection.name);
  if (!job)
    throw new Error(`${Commands.resumeClusterJob}: job ${parsed.job} is not watched in this window: watch it first ("DataHub: Watch Job on the Cluster…").`);
  if (job.watching && job.state.kind !== 'stalled')
    throw new Error(`${Commands.resumeClusterJob}: job ${parsed.job} is still running; resume it only once it failed, stalled or fell short.`);
  const point = resumePoint(job.args, job.log);
  if ('problem' in point) throw new Error(`${Commands.resumeClusterJob}: job ${parsed.job} cannot be resumed: ${point.problem}`);
  // The CronJob is the person's choice for this connection (given, chosen before, or asked / listed): never a label the server put on the Job.
  return triggerOnCluster(services, jobs, active, run, {
    plan: point.plan,
    argv: point.argv,
    cronJob: parsed.cronJob,
    jobName: parsed.jobName,
    from: point.from,
    resumes: parsed.job,
    options: watchOptions(parsed),
  });
}

/** Each activation's watched jobs, by its Services (two activations stay apart). */
const byServices = new WeakMap<Services, ClusterJobs>();

/** The restore-as-job flow's "Run on the Cluster", in the person's interactive flow. */
export function runPlanOnClusterUi(services: Services, active: ActiveClient, plan: JobPlan): Promise<RunOnClusterResult | undefined> {
  const jobs = byServices.get(services);
  if (!jobs) return Promise.reject(new Error('The cluster jobs part of the extension did not start (see the DataHub log).'));
  const run = commandRun(Commands.runRestoreJobOnCluster, 'ui', 'command');
  return triggerOnCluster(services, jobs, active, run, { plan, options: watchOptions({}) });
}

export function registerClusterCommands(services: Services) {
  const jobs = new ClusterJobs();
  jobs.onEnded = (s) => tellEnd(services, s);
  byServices.set(services, jobs);
  return {
    jobs,
    disposables: [
      jobs,
      services.taskRows.register(() => jobs.rows(), jobs.onDidChange),
      services.statusFacts.register(() => jobs.snapshots().map(clusterJobFact)),
    ],
    commands: [
      registerCommand(services, Commands.runRestoreJobOnCluster, (arg, run) => runCommand(services, jobs, arg, run)),
      // A row's Watch Again (a watch that gave up) passes the row.
      registerCommand(services, Commands.watchClusterJob, (arg, run) => watchCommand(services, jobs, fromRow(arg), run)),
      registerCommand(services, Commands.resumeClusterJob, (arg, run) => resumeCommand(services, jobs, fromRow(arg), run)),
      registerCommand(services, Commands.showClusterJobLog, async (arg) => {
        const parsed = parseArgs(Commands.showClusterJobLog, clusterJobArgs, fromRow(arg));
        const job = jobs.get(parsed.job);
        if (!job) throw new Error(`${Commands.showClusterJobLog}: job ${parsed.job} is not watched in this window.`);
        job.channel.show(true);
        return { job: job.name, channel: job.channel.name, message: `Showed the pod log of job ${job.name} in its output channel.` };
      }),
    ],
  };
}
