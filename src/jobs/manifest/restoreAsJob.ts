// DataHub: Restore Indices as an Upgrade Job… — a restore too big for the endpoint,
// handed to DataHub's own RestoreIndices job as a Kubernetes Job, a docker run
// command or the argument list, in an untitled editor. With an argument object it
// only returns { text, args, … } (no prompts, no editor).
import { titleFor } from '../../shared/connections';
import * as vscode from 'vscode';
import * as safeWindow from '../../platform/safeWindow';
import type { ActiveClient, JobPrefill, Services } from '../../platform/services';
import type { ServerVersion } from '../../gms/types';
import { registerCommand, type CommandRun } from '../../platform/commandRunner';
import { checkBatchSize, checkUrnLikeInput } from '../../shared/inputChecks';
import { entityTypeOfPattern } from '../../shared/aspects';
import { askText, pickAspect, pickOne, pickOrType } from '../../platform/prompts';
import { recentStore, savedRuns } from '../../restore/restoreRun';
import { activeClient } from '../../platform/activeClient';
import { shortenUrn } from '../../restore/logic/restoreFormat';
import { JOB_COMMAND, jobRequest, resumeFromSavedRun, type JobRequest } from './restoreAsJobArgs';
import { WINDOW_PRESETS, type RestoreWindow } from '../../restore/logic/restoreWindow';
import { coversEverything } from '../../restore/logic/urnPattern';
import { JOB_DEFAULT_BATCH_SIZE, planProblem, type JobFormat, type JobPlan } from '../logic/upgradeJob';
import { renderJob, type JobText } from '../logic/upgradeJobText';
import { runPlanOnClusterUi } from '../cluster/clusterCommands';
import type { Outcome } from '../../shared/outcome';

const ACTION = 'DataHub: Restore Indices as an Upgrade Job';

/** What datahub.restoreIndicesAsJob returns. */
export interface JobResult extends Outcome {
  text: string;
  /** The container arguments after the image: ['-u', 'RestoreIndices', '-a', 'urnLike=…', …]. */
  args: string[];
  image: string;
  language: JobText['language'];
  /** The server's version as read from /config, or why it could not be read. */
  version: ServerVersion;
}

/** What the pattern restore hands over when it offers the job. */

async function build(services: Services, active: ActiveClient, request: JobRequest): Promise<JobResult> {
  const version = await active.client.getServerVersion();
  if (!version.ok) services.log.warn(`${JOB_COMMAND}: the DataHub version could not be read: ${version.reason}`);
  const out = renderJob(request.format, request.plan, { connection: active.connection.name, gmsUrl: active.client.baseUrl, version });
  const message = `Wrote the RestoreIndices upgrade job (${request.format}) for ${request.plan.urnLike ?? 'the saved run'}${version.ok ? ` with image tag ${version.version}` : `; the server's version could not be read (${version.reason}), so check the image tag`}. Nothing was run.`;
  return { message, text: out.text, args: out.args, image: out.image, language: out.language, version };
}

async function promptWindow(title: string): Promise<{ window?: RestoreWindow } | undefined> {
  const choice = await pickOne(`${title}: time window`, 'Restore rows written when?', [
    { id: 'all', label: 'Any time', description: 'every matching row' },
    ...WINDOW_PRESETS.map((p) => ({ id: p.id, label: p.label, description: 'gePitEpochMs / lePitEpochMs' })),
  ]);
  if (!choice) return undefined;
  const preset = WINDOW_PRESETS.find((p) => p.id === choice);
  return { window: preset?.window(Date.now()) };
}

async function promptFormat(title: string): Promise<JobFormat | 'cluster' | undefined> {
  return pickOne<JobFormat | 'cluster'>(`${title}: format`, 'How will you run it?', [
    { id: 'cluster', label: 'Run on the Cluster', description: "through GMS's Kubernetes operations, then watch it in DataHub Tasks" },
    { id: 'kubernetes', label: 'Kubernetes Job (YAML)', description: 'kubectl create -f' },
    { id: 'docker', label: 'docker run command', description: 'a host that reaches your database, Kafka and search engine' },
    { id: 'args', label: 'Arguments only', description: '-u RestoreIndices -a … for Helm values or a CronJob' },
  ]);
}

/** A full restore may wipe the indices first; only after a warning the person confirms. */
async function promptClean(title: string, plan: JobPlan): Promise<boolean | undefined> {
  if (!coversEverything(plan.urnLike) || plan.aspect !== undefined || plan.window !== undefined || plan.resume !== undefined) return false;
  const choice = await pickOne(`${title}: clean`, 'Keep the current indices while restoring?', [
    { id: 'keep', label: 'Restore into the current indices', description: 'recommended' },
    { id: 'clean', label: 'Wipe the indices first (clean)…', description: 'search is empty until the job finishes' },
  ]);
  if (choice !== 'clean') return choice === undefined ? undefined : false;
  const wipe = 'Add clean';
  const answer = await safeWindow.showWarningMessage(
    `${title}: wipe the search, graph and system-metadata indices before restoring?`,
    {
      modal: true,
      detail:
        "With clean, DataHub's job deletes every document in those indices first: search and lineage stay empty or partial until it has restored every row, which may take hours. Use it only when the indices are corrupt or their mappings changed.",
    },
    wipe,
  );
  return answer === wipe ? true : undefined;
}

async function promptPlan(services: Services, title: string, connection: string, prefill: JobPrefill | undefined): Promise<JobPlan | undefined> {
  const saved = prefill ? undefined : savedRuns(services).get(connection);
  if (saved && !saved.reachedEnd) {
    const choice = await pickOne(title, 'Hand over the interrupted restore?', [
      { id: 'saved', label: `Continue the interrupted run of ${shortenUrn(saved.urnLike, 50)}`, description: `from row offset ${saved.nextStart}` },
      { id: 'new', label: 'Another restore…' },
    ]);
    if (!choice) return undefined;
    if (choice === 'saved') return { ...resumeFromSavedRun(saved), batchSize: JOB_DEFAULT_BATCH_SIZE, clean: false };
  }
  const urnLike =
    prefill?.urnLike ??
    (await pickOrType({
      title: `${title}: pattern`,
      prompt: 'urnLike: a SQL LIKE pattern on the URN (% any run, _ one character). urn:li:% is every entity.',
      placeHolder: 'urn:li:dataset:%',
      typeLabel: 'Type a pattern…',
      suggestions: [{ value: 'urn:li:%', description: 'every entity' }],
      recent: recentStore(services).list(connection, 'patterns'),
      check: checkUrnLikeInput,
    }));
  if (!urnLike) return undefined;
  const aspect = prefill ? { aspect: prefill.aspect } : await pickAspect(`${title}: aspect`, entityTypeOfPattern(urnLike));
  if (!aspect) return undefined;
  const window = prefill ? { window: prefill.window } : await promptWindow(title);
  if (!window) return undefined;
  const batchSize = await askText({
    title: `${title}: batchSize`,
    prompt: `batchSize: rows per batch of the job (DataHub's default ${JOB_DEFAULT_BATCH_SIZE}).`,
    value: String(JOB_DEFAULT_BATCH_SIZE),
    check: checkBatchSize,
  });
  if (batchSize === undefined) return undefined;
  const plan: JobPlan = { urnLike, aspect: aspect.aspect, window: window.window, batchSize: Number(batchSize), urnBasedPagination: true, clean: false };
  const clean = await promptClean(title, plan);
  if (clean === undefined) return undefined;
  return { ...plan, clean };
}

/** The interactive flow: prompts, reads the version, opens the text in an untitled editor (or runs it on the cluster). */
export async function openJobFlow(services: Services, active: ActiveClient, prefill?: JobPrefill): Promise<JobResult | undefined> {
  const title = titleFor(active.connection, ACTION);
  const plan = await promptPlan(services, title, active.connection.name, prefill);
  if (!plan) return undefined;
  const problem = planProblem(plan);
  if (problem) throw new Error(`${JOB_COMMAND}: ${problem}`);
  const format = await promptFormat(title);
  if (!format) return undefined;
  // Beside the manifest: the same arguments, triggered from the deployment's restore CronJob (or the manifest, saying why not).
  if (format === 'cluster') {
    await runPlanOnClusterUi(services, active, plan);
    return undefined;
  }
  const result = await safeWindow.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Reading the DataHub version of ${active.connection.name}…` },
    () => build(services, active, { format, plan }),
  );
  const document = await vscode.workspace.openTextDocument({ language: result.language, content: result.text });
  await vscode.window.showTextDocument(document, { preview: false });
  if (!result.version.ok) {
    void safeWindow.showWarningMessage(
      `The DataHub version could not be read (${result.version.reason}). Set the image tag in the text to your DataHub version before running the job.`,
    );
  }
  return result;
}

async function restoreAsJobCommand(services: Services, arg: Record<string, unknown> | undefined, run: CommandRun): Promise<JobResult | undefined> {
  // The job's text is generated here and run by the person: nothing written is sent, so a read-only connection may do it.
  const active = await activeClient(services, run, { action: 'restoreIndices', writes: false });
  if (run.mode === 'ui') return openJobFlow(services, active);
  const request = jobRequest(arg ?? {}, savedRuns(services).get(active.connection.name));
  return build(services, active, request);
}

export function registerRestoreAsJobCommand(services: Services) {
  return registerCommand<typeof JOB_COMMAND, Record<string, unknown>, JobResult>(services, JOB_COMMAND, (arg, run) => restoreAsJobCommand(services, arg, run));
}
