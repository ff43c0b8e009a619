// The upgrade reindex commands: Watch Upgrade Reindex (finds the running system-update Job
// through GMS's Kubernetes operations, or takes its name; a row per index in DataHub Tasks
// with progress from the task-status operation; its log; a truthful end), Show its log, and
// Estimate Upgrade Reindex Time (before an upgrade: the largest indices against the limits).
// Both only read: a read-only connection may use them.
import { upgradeFact } from '../logic/jobFacts';
import * as vscode from 'vscode';
import { isGmsError } from '../../gms/errors';
import { K8S_JOB_NAME } from '../../gms/k8sTypes';
import { registerCommand, type CommandRun } from '../../platform/commandRunner';
import * as safeWindow from '../../platform/safeWindow';
import type { ActiveClient, Services } from '../../platform/services';
import { parseArgs } from '../../shared/args';
import { Commands } from '../../shared/commandIds';
import { formatDuration, formatSize } from '../../shared/format';
import { estimateReindex, observedMbPerSecond, type UpgradeEstimate } from '../logic/upgrade/estimate';
import { pickSystemUpdateJob } from '../logic/upgrade/findJob';
import { estimateUpgradeReindexArgs, upgradeJobArgs, watchUpgradeReindexArgs } from '../logic/upgradeArgs';
import { activeClient } from '../../platform/activeClient';
import { watchOptions } from '../cluster/clusterRun';
import { UpgradeWatches, type UpgradeSnapshot } from './upgradeWatch';
import { readinessCommand, readinessFact, type ReadinessResult } from './readinessCommand';

const HOW_TO_FOLLOW =
  'follow the job with `kubectl logs -f job/<release>-datahub-system-update-job` instead; the estimate (DataHub: Estimate Upgrade Reindex Time…) still works from the index sizes';

/** The Kubernetes operations' failures, in words for a system update. */
export function k8sWords(error: unknown): Error {
  if (isGmsError(error)) {
    if (error.code === 'k8sUnavailable') return new Error(`GMS is not running in Kubernetes (its Kubernetes operations answer 503): ${HOW_TO_FOLLOW}.`);
    if (error.code === 'k8sMissing')
      return new Error(
        `This DataHub server has no Kubernetes operations (404): they are switched off (kubernetes.operationsApiEnabled=false) or the server is older than DataHub's KubernetesController; ${HOW_TO_FOLLOW}.`,
      );
    if (error.kind === 'forbidden') return new Error(`${error.message} Reading the cluster needs the Manage System Operations privilege.`);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function tellEnd(s: UpgradeSnapshot): void {
  const show = s.state === 'succeeded' ? safeWindow.showInformationMessage : s.state === 'failed' ? safeWindow.showErrorMessage : safeWindow.showWarningMessage;
  const again = 'Watch Again';
  void Promise.resolve(show(s.message, ...(s.gaveUp ? [again] : []), 'Show Log')).then((picked) => {
    if (picked === 'Show Log') void vscode.commands.executeCommand(Commands.showUpgradeReindexLog, { job: s.job });
    if (picked === again) void vscode.commands.executeCommand(Commands.watchUpgradeReindex, { job: s.job });
  });
}

async function watchCommand(services: Services, watches: UpgradeWatches, arg: Record<string, unknown> | undefined, run: CommandRun) {
  const parsed = parseArgs(Commands.watchUpgradeReindex, watchUpgradeReindexArgs, arg ?? {});
  if (parsed.job !== undefined && !K8S_JOB_NAME.test(parsed.job))
    throw new Error(
      `${Commands.watchUpgradeReindex}: "job" must be a Kubernetes Job name (lowercase letters, digits and "-", at most 63), got ${JSON.stringify(parsed.job)}.`,
    );
  // Watching reads only: a read-only connection may watch.
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: false });
  // A system update watched here already, by name, is watched again without a listing (which GMS, restarting, may not answer).
  const known = parsed.job !== undefined ? watches.get(parsed.job) : undefined;
  let name = known?.active.connection.name === active.connection.name ? known.name : undefined;
  if (name === undefined) {
    try {
      name = pickSystemUpdateJob(await active.client.k8s.listAll('jobs'), parsed.job).name;
    } catch (error) {
      throw k8sWords(error);
    }
  }
  const options = watchOptions(parsed);
  const watched = watches.watch(name, active, options.pollMs, options.giveUpMs, parsed.revision ?? '0');
  if (run.mode === 'ui') void vscode.commands.executeCommand('datahub.tasks.focus');
  if (parsed.untilDone) return watches.untilSettled(watched);
  const first = await watches.firstPoll(watched);
  if (first.error) throw k8sWords(new Error(first.error));
  return first;
}

/** The throughput: given, else seen in a reindex watched here (an index getIndexSizes sizes), else the setting. */
function throughputOf(given: number | undefined, watches: UpgradeWatches, sizes: ReadonlyMap<string, number>): { rate: number; source: string } {
  if (given !== undefined) return { rate: given, source: 'given' };
  for (const job of watches.all().reverse()) {
    for (const p of [...job.indices].reverse()) {
      const size = sizes.get(p.index);
      const rate =
        p.docsPerSecond !== undefined && p.total !== undefined && size !== undefined ? observedMbPerSecond(p.docsPerSecond, p.total, size) : undefined;
      if (rate !== undefined) return { rate, source: `seen reindexing ${p.index} in ${job.name}` };
    }
  }
  const setting = vscode.workspace.getConfiguration('datahub.upgradeReindex').get<number>('throughputMbPerSecond', 20);
  return { rate: setting > 0 ? setting : 20, source: 'the setting datahub.upgradeReindex.throughputMbPerSecond' };
}

/** activeDeadlineSeconds of the system-update Job, when GMS lists one; why not otherwise. */
async function deadlineOf(active: ActiveClient, job: string | undefined): Promise<{ seconds?: number; source?: string; note?: string }> {
  try {
    const found = pickSystemUpdateJob(await active.client.k8s.listAll('jobs'), job);
    return found.activeDeadlineSeconds !== undefined
      ? { seconds: found.activeDeadlineSeconds, source: `Job ${found.name}` }
      : { note: `Job ${found.name} has no activeDeadlineSeconds.` };
  } catch (error) {
    if (job !== undefined) throw k8sWords(error);
    return { note: `No Job deadline read: ${k8sWords(error).message}` };
  }
}

export interface EstimateResult extends UpgradeEstimate {
  /** What could not be read, and why (e.g. no Kubernetes operations). */
  notes: string[];
}

async function estimateCommand(
  services: Services,
  watches: UpgradeWatches,
  channel: vscode.OutputChannel,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
) {
  const parsed = parseArgs(Commands.estimateUpgradeReindex, estimateUpgradeReindexArgs, arg ?? {});
  if (parsed.job !== undefined && !K8S_JOB_NAME.test(parsed.job))
    throw new Error(
      `${Commands.estimateUpgradeReindex}: "job" must be a Kubernetes Job name (lowercase letters, digits and "-", at most 63), got ${JSON.stringify(parsed.job)}.`,
    );
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: false });
  const { indices } = await active.client.getIndexSizes();
  const sizes = new Map(indices.filter((i) => typeof i.sizeMb === 'number').map((i) => [i.indexName, i.sizeMb as number]));
  let throughput = throughputOf(parsed.throughputMbPerSecond, watches, sizes);
  if (run.mode === 'ui') {
    const typed = await vscode.window.showInputBox({
      title: 'DataHub: Estimate Upgrade Reindex Time',
      prompt: `Reindex throughput in MB a second (now: ${throughput.source})`,
      value: String(Number(throughput.rate.toFixed(2))),
      validateInput: (v) => (Number(v) > 0 && Number.isFinite(Number(v)) ? undefined : 'A number of MB a second, above 0.'),
      ignoreFocusOut: true,
    });
    if (typed === undefined) return undefined;
    if (Number(typed) !== Number(throughput.rate.toFixed(2))) throughput = { rate: Number(typed), source: 'given' };
  }
  const settingHours = vscode.workspace.getConfiguration('datahub.upgradeReindex').get<number>('maxReindexHours', 0);
  const hours = parsed.maxReindexHours ?? settingHours;
  const deadline = parsed.jobDeadlineSeconds !== undefined ? { seconds: parsed.jobDeadlineSeconds, source: 'given' } : await deadlineOf(active, parsed.job);
  const estimate = estimateReindex({
    sizes: indices,
    throughputMbPerSecond: throughput.rate,
    throughputSource: throughput.source,
    maxReindexHours: hours,
    maxReindexHoursSource: parsed.maxReindexHours !== undefined ? 'given' : 'the setting datahub.upgradeReindex.maxReindexHours',
    ...(deadline.seconds !== undefined ? { jobDeadlineSeconds: deadline.seconds, jobDeadlineSource: deadline.source } : {}),
    top: parsed.top,
  });
  const notes = [
    'getIndexSizes reports the timeseries aspect indices; the entity search indices a system update also rebuilds are not in it.',
    ...(deadline.note ? [deadline.note] : []),
  ];
  channel.replace(
    [
      `Upgrade reindex estimate for ${active.connection.name}, at ${throughput.rate.toFixed(2)} MB/s (${throughput.source})`,
      ...estimate.indices.map(
        (e) => `  ${e.index}  ${formatSize(e.sizeMb)}  about ${formatDuration(e.seconds * 1000)}${e.overIndexLimit ? '  OVER maxReindexHours' : ''}`,
      ),
      `  all ${estimate.indexCount}: ${formatSize(estimate.totalMb)}, about ${formatDuration(estimate.totalSeconds * 1000)}`,
      ...estimate.warnings.map((w) => `WARNING: ${w}`),
      ...notes,
      '',
    ].join('\n'),
  );
  const show = estimate.warnings.length > 0 ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
  void Promise.resolve(show(estimate.message, 'Show Details')).then((picked) => {
    if (picked === 'Show Details') channel.show(true);
  });
  return { ...estimate, notes } satisfies EstimateResult;
}

export function registerUpgradeCommands(services: Services) {
  const watches = new UpgradeWatches();
  watches.onEnded = tellEnd;
  const channel = vscode.window.createOutputChannel('DataHub Upgrade Reindex Estimate');
  const readinessChannel = vscode.window.createOutputChannel('DataHub Upgrade Readiness');
  const readiness = new Map<string, ReadinessResult>();
  return {
    watches,
    disposables: [
      watches,
      channel,
      services.taskRows.register(() => watches.rows(), watches.onDidChange),
      readinessChannel,
      services.statusFacts.register(() => watches.all().map((w) => upgradeFact(w.snapshot()))),
      // The Doctor's line about the last readiness check of the active connection (none before one ran: the report
      // says what it read itself, and a line that only says "not checked" would sit in every report).
      services.statusFacts.register(() => {
        const name = services.connections.active()?.name;
        const last = name === undefined ? undefined : readiness.get(name);
        return name === undefined || last === undefined ? [] : [readinessFact(name, last)];
      }),
    ],
    commands: [
      registerCommand(services, Commands.checkUpgradeReadiness, (arg, run) => readinessCommand(services, watches, readinessChannel, readiness, arg, run)),
      registerCommand(services, Commands.watchUpgradeReindex, (arg, run) => watchCommand(services, watches, arg, run)),
      registerCommand(services, Commands.estimateUpgradeReindex, (arg, run) => estimateCommand(services, watches, channel, arg, run)),
      registerCommand(services, Commands.showUpgradeReindexLog, async (arg) => {
        const parsed = parseArgs(Commands.showUpgradeReindexLog, upgradeJobArgs, arg);
        const job = watches.get(parsed.job);
        if (!job) throw new Error(`${Commands.showUpgradeReindexLog}: system update ${parsed.job} is not watched in this window.`);
        job.channel.show(true);
        return { job: job.name, channel: job.channel.name, message: `Showed the pod log of system update ${job.name} in its output channel.` };
      }),
    ],
  };
}
