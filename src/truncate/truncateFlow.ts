// The truncate flow itself: ask for the cutoff (and options), dry-run, show what
// would go in a modal, and start the real run only after "Truncate".
import { refreshAfterTruncate } from './refreshAfter';
import { activeClient } from '../platform/activeClient';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { GmsClient, TruncateRequest, TruncateResult } from '../gms/types';
import type { ActiveClient, Services } from '../platform/services';
import { formatCutoffTime } from './logic/cutoff';
import { isGmsError } from '../gms/errors';
import { urlOrigin, assertWritable, titleFor } from '../shared/connections';
import type { TruncateOptions } from './logic/truncateOptions';
import { presentDryRun } from './logic/dryRunText';
import { syncCompletionMessage, targetName, type CutoffChoice, type DryRunResult, type TruncateContext, type TruncateTarget } from './logic/truncateText';
import { isKnownSize } from '../shared/format';
import { findNamedIndex } from './logic/namedTarget';
import type { TaskStore } from './tasks/tasksStore';
import { fallbackMessage, runTruncateWithFallback } from './logic/truncateRun';
import { type CommandRun } from '../platform/commandRunner';
import { pickCutoffAndOptions } from './truncatePrompts';
import { toCommandResult, type TruncateCommandResult } from './truncateResult';
import { askedByProgram, confirmDestructive, skipsConfirmation } from '../platform/confirmGate';
import { WALKTHROUGH_KEYS, walkthroughDone } from '../platform/walkthrough';
import { checkPlan, planOrigin, type PlanOrigin } from '../shared/writePlan';
import type { TruncateNotDone } from './truncateResult';
import { noteDryRun } from '../platform/journal';
import { writeClockNow } from '../shared/writeClock';

/** The real run, falling back to delete by query when the server cannot reindex (method auto only). */
async function realRun(
  services: Services,
  client: GmsClient,
  target: TruncateTarget,
  cutoff: CutoffChoice,
  options: TruncateOptions,
  signal?: AbortSignal,
): Promise<{ result: TruncateResult; fallback?: 'deleteByQuery' }> {
  const name = targetName(target);
  // Not a notification of its own: the fallback is part of the result (one notification per operation).
  return runTruncateWithFallback(
    (req) => client.truncateTimeseriesAspect(req, signal),
    request(target, cutoff.endTimeMillis, options, false),
    (reason) => {
      services.log.warn(`Truncate of ${name}: the server refused to reindex (${reason}); deleting by query instead. ${fallbackMessage(name)}`);
    },
  );
}

/** The index's size and row count before the deletion, for the estimate in the result; undefined when unknown. */
export function sizeBefore(services: Services, target: TruncateTarget, rows: number): TruncateContext['before'] {
  const indices = services.indexSizes.current?.indices ?? [];
  const index = target.indexName ? indices.find((i) => i.indexName === target.indexName) : findNamedIndex(indices, target.entityType, target.aspect);
  return index && isKnownSize(index.sizeMb) && rows > 0 ? { sizeMb: index.sizeMb, rows } : undefined;
}

function request(target: TruncateTarget, endTimeMillis: number, options: TruncateOptions, dryRun: boolean): TruncateRequest {
  const req: TruncateRequest = { entityType: target.entityType, aspect: target.aspect, endTimeMillis, dryRun, method: options.method };
  if (options.batchSize !== undefined) req.batchSize = options.batchSize;
  if (options.timeoutSeconds !== undefined) req.timeoutSeconds = options.timeoutSeconds;
  return req;
}

/** What a truncation is refused as on a read-only connection. */
export const TRUNCATE_ACTION = 'Truncate Old Rows';

/**
 * Refuses a read-only active connection before anything is sent (also before
 * the index list is fetched or a prompt is shown).
 */
export function assertActiveWritable(services: Services): void {
  const connection = services.connections.active();
  if (connection) assertWritable(connection, TRUNCATE_ACTION);
}

/** The active client, with the run's error context naming connection and privilege; a read-only connection is refused. */
async function truncateClient(services: Services, run: CommandRun): Promise<ActiveClient> {
  return activeClient(services, run, { action: 'truncateTimeseriesAspect', writes: TRUNCATE_ACTION });
}

/**
 * The client to send a confirmed truncation with. Settings or the token may have
 * changed (here or in another window) while the modal was open, which replaces
 * the cached client: the same connection's current client is used; if the
 * connection itself is gone or points elsewhere now, nothing is sent and the
 * person is told.
 */
async function clientAfterConfirm(services: Services, before: ActiveClient, name: string): Promise<ActiveClient> {
  const now = services.connections.get(before.connection.name);
  if (!now || now.gmsUrl !== before.connection.gmsUrl) {
    throw new Error(
      `The connection "${before.connection.name}" was changed or removed while the truncation of ${name} waited for confirmation; nothing was sent or deleted. Run the truncation again.`,
    );
  }
  assertWritable(now, TRUNCATE_ACTION);
  return services.connections.clientFor(now);
}

/**
 * The dry run is the plan (src/shared/writePlan.ts): after the confirmation, the truncation is sent only when the
 * active connection is still the one the dry run read, at the same server, within an hour of it. A refusal sends
 * nothing and says to dry-run again.
 */
function dryRunStillHolds(services: Services, origin: PlanOrigin, name: string): Extract<TruncateNotDone, { message: string }> | undefined {
  const now = services.connections.active();
  const target = now ?? { name: '(none active)', gmsUrl: '' };
  const refusal = checkPlan(origin, 'truncate', target, writeClockNow(), `the dry run of ${name}`);
  if (!refusal) return undefined;
  services.log.info(`Truncate of ${name} not sent: ${refusal.message}`);
  return { reason: refusal.reason, message: refusal.message.replace(/Plan again on/, 'Run the dry run again on') };
}

/** One request as a program asked for it: no prompt; a real run keeps its modal unless an allowed automation call (mode 'api') sent it. */
export async function runTruncate(
  services: Services,
  run: CommandRun,
  target: TruncateTarget,
  cutoff: CutoffChoice,
  options: TruncateOptions,
  dryRun: boolean,
): Promise<TruncateCommandResult> {
  let active = await truncateClient(services, run);
  if (dryRun) {
    const result = await active.client.truncateTimeseriesAspect(request(target, cutoff.endTimeMillis, options, true));
    logResult(services, active.connection.name, target, cutoff, result);
    return toCommandResult(result);
  }
  // Only an allowed automation call skips the dry run and the modal (the gate may first ask whether the setting is the person's).
  if (!(await skipsConfirmation(run, 'restoreAndTruncate'))) {
    // Through a command id, a real run keeps its modal: dry-run first, then ask.
    const origin = planOrigin('truncate', active.connection, Date.now());
    const dry = await active.client.truncateTimeseriesAspect(request(target, cutoff.endTimeMillis, options, true));
    logResult(services, active.connection.name, target, cutoff, dry);
    if (dry.kind !== 'dryRun') return toCommandResult(dry);
    if (!(await confirmTruncation(services, active, target, cutoff, dry, options, run))) return toCommandResult(dry, undefined, { reason: 'declined' });
    const refused = dryRunStillHolds(services, origin, targetName(target));
    if (refused) return toCommandResult(dry, undefined, refused);
    active = await clientAfterConfirm(services, active, targetName(target));
  }
  const { client, connection } = active;
  const { result, fallback } = await realRun(services, client, target, cutoff, options);
  logResult(services, connection.name, target, cutoff, result);
  return toCommandResult(result, fallback);
}

function logResult(services: Services, connection: string, target: TruncateTarget, cutoff: CutoffChoice, result: TruncateResult): void {
  const where = `${targetName(target)} on "${connection}", cutoff ${formatCutoffTime(cutoff.endTimeMillis)} (${cutoff.endTimeMillis})`;
  if (result.kind === 'task') services.log.info(`Truncate started: ${where}: task ${result.task}`);
  else if (result.kind === 'completed') services.log.info(`Truncate done by the server at once: ${where}: ${result.summary}`);
  else {
    noteDryRun({ toDelete: result.toDelete, total: result.total, percent: result.percent ?? 'unknown', method: result.method });
    services.log.info(`Truncate dry run: ${where}: ${result.summary}`);
    walkthroughDone(WALKTHROUGH_KEYS.dryRunAnswered);
  }
}

function dryRunWithProgress(client: GmsClient, target: TruncateTarget, cutoff: CutoffChoice, options: TruncateOptions): Thenable<TruncateResult> {
  return safeWindow.runCancellable(
    {
      location: vscode.ProgressLocation.Notification,
      title: `DataHub: counting rows of ${targetName(target)} at or before ${formatCutoffTime(cutoff.endTimeMillis)} (dry run)…`,
    },
    undefined,
    (signal) => client.truncateTimeseriesAspect(request(target, cutoff.endTimeMillis, options, true), signal),
  );
}

/**
 * The modal before a real truncation, with the dry run's figures. Resolves true
 * to go ahead; false (after saying so) when there is nothing to delete or the
 * person did not choose "Truncate". Only an allowed automation call (mode 'api',
 * src/platform/apiGate.ts) goes ahead without asking when there is something to delete.
 */
export async function confirmTruncation(
  services: Services,
  active: ActiveClient,
  target: TruncateTarget,
  cutoff: CutoffChoice,
  dry: DryRunResult,
  options: TruncateOptions,
  run: CommandRun,
): Promise<boolean> {
  const view = presentDryRun(target, cutoff, dry, options);
  if (view.kind !== 'confirm') {
    if (run.mode === 'ui') void safeWindow.showInformationMessage(view.message);
    return false;
  }
  // The confirmation gate: the figures in a modal, then on production the index name typed exactly (Escape: nothing is sent).
  const name = targetName(target);
  const detail = `Connection: ${active.connection.name} (${urlOrigin(active.connection.gmsUrl)}).\n${view.detail}${askedByProgram(run)}`;
  const answer = await confirmDestructive(run, {
    apiClass: 'restoreAndTruncate',
    message: titleFor(active.connection, view.message),
    detail,
    go: { title: 'Truncate' },
    others: [{ title: 'Cancel', isCloseAffordance: true }],
    typed: { connection: active.connection, action: TRUNCATE_ACTION, expected: name, consequence: view.message },
  });
  if (answer === 'Truncate') return true;
  services.log.info(`Truncate of ${name} not confirmed; nothing was deleted.`);
  return false;
}

/**
 * Prompts for the cutoff, dry-runs, and asks in a modal before the real run.
 * Returns the dry run when the user stops there (or there is nothing to do), the
 * task when the deletion started, undefined when a prompt was dismissed.
 */
export async function interactiveTruncate(
  services: Services,
  store: TaskStore,
  target: TruncateTarget,
  run: CommandRun,
): Promise<TruncateCommandResult | undefined> {
  const active = await truncateClient(services, run);
  const name = targetName(target);
  const chosen = await pickCutoffAndOptions(name, undefined, active.connection);
  if (!chosen) return undefined;
  const cutoff: CutoffChoice = { endTimeMillis: chosen.cutoff.endTimeMillis, label: chosen.cutoff.label };
  const { options } = chosen;

  const origin = planOrigin('truncate', active.connection, Date.now());
  const dry = await dryRunWithProgress(active.client, target, cutoff, options);
  logResult(services, active.connection.name, target, cutoff, dry);
  if (dry.kind === 'completed') {
    void safeWindow.showWarningMessage(`The server deleted the old rows of ${name} at once, without counting them first ("${dry.summary}").`);
    void refreshAfterTruncate(services);
    return toCommandResult(dry);
  }
  if (dry.kind !== 'dryRun') {
    // A server that ignored dryRun: the deletion has started; say so and watch it.
    void safeWindow.showWarningMessage(`The server started deleting from ${name} without a dry run (task ${dry.task}). It is listed in DataHub Tasks.`);
    store.add({ task: dry.task, target, cutoff, startedHere: true, connectionName: active.connection.name });
    return toCommandResult(dry);
  }

  if (!(await confirmTruncation(services, active, target, cutoff, dry, options, run))) return toCommandResult(dry, undefined, { reason: 'declined' });
  const refused = dryRunStillHolds(services, origin, name);
  if (refused) {
    void safeWindow.showWarningMessage(refused.message);
    return toCommandResult(dry, undefined, refused);
  }

  const sender = await clientAfterConfirm(services, active, name);
  let started: TruncateResult;
  let fallback: 'deleteByQuery' | undefined;
  try {
    ({ result: started, fallback } = await safeWindow.runCancellable(
      { location: vscode.ProgressLocation.Notification, title: `DataHub: starting the truncation of ${name}…` },
      undefined,
      (signal) => realRun(services, sender.client, target, cutoff, options, signal),
    ));
  } catch (error) {
    if (!isGmsError(error) || error.kind !== 'cancelled') throw error;
    // Sent, then no answer awaited (Cancel, or the client closed): the server may have started; never silent.
    const text = `Stopped waiting for the server to start the truncation of ${name}; it may have started anyway. Check the index size after a refresh before running it again.`;
    services.log.warn(text);
    void safeWindow.showWarningMessage(text);
    return toCommandResult(dry, undefined, { reason: 'stoppedWaiting' });
  }
  logResult(services, active.connection.name, target, cutoff, started);
  if (started.kind === 'dryRun') {
    throw new Error(
      `The server answered the truncation of ${name} with a dry-run summary instead of a task id ("${started.summary}"). Nothing may have been deleted; check the index size and the DataHub server version.`,
    );
  }
  const context: TruncateContext = { fallback, before: sizeBefore(services, target, dry.total) };
  if (started.kind === 'completed') {
    // Older servers reindex synchronously: the answer means the rows are already gone.
    void safeWindow.showInformationMessage(syncCompletionMessage(target, dry, context, started.summary));
    await refreshAfterTruncate(services);
    return toCommandResult(started, fallback);
  }
  store.add({ task: started.task, target, cutoff, startedHere: true, connectionName: active.connection.name, context });
  return toCommandResult(started, fallback);
}
