// datahub.cancelIngestionRun: asks (the typed name on production), sends DataHub's cancelIngestionExecutionRequest
// once (a KILL signal for the source's executor: CancelIngestionExecutionRequestResolver.java), then follows the
// run up to waitSeconds. DataHub answers the mutation at once and the executor writes CANCELLED later, or never:
// a cancel can leave the process running and the run RUNNING (#11005), which is said rather than hidden.
import type { Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import * as safeWindow from '../platform/safeWindow';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { formatDuration } from '../shared/format';
import type { Outcome } from '../shared/outcome';
import { cancelIngestionRunArgs } from './logic/args';
import { pause } from '../gms/sleep';

export interface CancelIngestionRunResult extends Outcome {
  /** The run's status when we stopped following it (null: it never had a result). */
  status: string | null;
  /** Still RUNNING after the cancel and the wait: the executor did not stop it (#11005). */
  stillRunning: boolean;
  /** Why no cancel was sent: the run had ended already (`notRunning`), or the confirmation was dismissed. */
  notDone?: { reason: 'notRunning' | 'declined' };
}

/** How often the run is read after the cancel. */
export const FOLLOW_EVERY_MS = 1000;
export async function cancelIngestionRun(
  services: Services,
  arg: Record<string, unknown> | undefined,
  run: CommandRun,
): Promise<CancelIngestionRunResult | undefined> {
  // Before any prompt or request: a read-only connection refuses the cancel.
  const active = await activeClient(services, run, { action: 'graphql', writes: 'Cancel Ingestion Run' });
  const args = parseArgs(Commands.cancelIngestionRun, cancelIngestionRunArgs, arg ?? {});
  const waitSeconds = args.waitSeconds ?? 60;
  const name = active.connection.name;
  const ops = active.client.ingestion;
  const before = await ops.executionRequest(args.executionRequestUrn);
  if (!before) throw new Error(`${Commands.cancelIngestionRun}: "${name}" has no execution request ${args.executionRequestUrn}. Nothing was sent.`);
  const status = before.result?.status ?? null;
  if (status !== null && status !== 'RUNNING') {
    return {
      message: `Run ${before.id} on "${name}" is ${status}, not running: nothing to cancel. Nothing was sent.`,
      status,
      stillRunning: false,
      notDone: { reason: 'notRunning' },
    };
  }
  if (!before.sourceUrn)
    throw new Error(`${Commands.cancelIngestionRun}: DataHub did not say which source ran ${before.id}; the cancel needs it. Nothing was sent.`);
  const now = Date.now();
  const since =
    status === null
      ? `requested ${formatDuration(now - before.requestedAt)} ago and never started`
      : `running for ${formatDuration(now - (before.result?.startTimeMs ?? before.requestedAt))}`;
  const go = 'Cancel Run';

  const chosen = await confirmDestructive(run, {
    apiClass: 'ingestion',
    message: `Cancel ingestion run ${before.id} on "${name}"?`,
    detail:
      `It is ${since}. DataHub sends a KILL signal to its executor (${before.executorId ?? 'default'}); the executor stops the process and marks it CANCELLED. ` +
      `A cancel can leave the process running (DataHub issue #11005): the run is followed for ${waitSeconds} s to see.${askedByProgram(run)}`,
    go,
    typed: { connection: active.connection, action: 'Cancel Ingestion Run', expected: name, consequence: `Ingestion run ${before.id} will be cancelled.` },
  });
  if (chosen !== go) {
    return {
      message: `Not cancelled: the confirmation was dismissed; nothing was sent.`,
      status,
      stillRunning: status === 'RUNNING',
      notDone: { reason: 'declined' },
    };
  }
  await ops.cancel(before.sourceUrn, before.urn);
  services.log.info(`Ingestion run ${before.id} on "${name}": cancel sent (KILL signal).`);
  const deadline = Date.now() + waitSeconds * 1000;
  const last = await run.progress(`Following ingestion run ${before.id} after the cancel`, async (signal) => {
    let seen = status;
    while (Date.now() < deadline && !signal.aborted) {
      await pause(Math.min(FOLLOW_EVERY_MS, Math.max(0, deadline - Date.now())), signal);
      if (signal.aborted) break;
      seen = (await ops.executionRequest(before.urn, signal))?.result?.status ?? null;
      if (seen !== null && seen !== 'RUNNING') break;
    }
    return seen;
  });
  // A request never picked up is not running: it stays without a result (the message says so), stillRunning false.
  const stillRunning = last === 'RUNNING';
  const message =
    last === 'CANCELLED'
      ? `Ingestion run ${before.id} on "${name}" is CANCELLED.`
      : last !== null && last !== 'RUNNING'
        ? `Ingestion run ${before.id} on "${name}" ended ${last} after the cancel.`
        : waitSeconds === 0
          ? `The cancel of ingestion run ${before.id} on "${name}" was sent (not followed: waitSeconds 0).`
          : `The cancel of ingestion run ${before.id} on "${name}" was sent, but after ${waitSeconds} s the run is still ${last ?? 'without a result'}: ` +
            `its executor has not stopped it (DataHub issue #11005: a cancel can leave the process running). Check the datahub-actions pod: the ingestion ` +
            `process may still be writing; stop it there (or restart the executor), then the run stays as DataHub last recorded it.`;
  if (run.interactive) void (stillRunning ? safeWindow.showWarningMessage(message) : safeWindow.showInformationMessage(message));
  return { message, status: last, stillRunning };
}
