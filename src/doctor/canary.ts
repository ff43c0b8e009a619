// The end-to-end check: one harmless write to a canary entity kept soft-deleted, followed through
// DataHub's write tracing until search storage has it, timed; or where it stopped and for how long.
// Two writes, both named before they are sent: status.removed = true (synchronous: the entity stays
// out of search results and browse), then datasetProperties with the check's time (asynchronous: the
// proposal goes through the MCP topic, the database, the MCL topic and the search consumer, as DataHub's
// own smoke test tests/trace/test_api_trace.py writes). The trace: operations/v1/TraceController.java.
// Opt-in per connection: the first check asks (and may remember the answer); production always asks.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Services } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { isProduction } from '../shared/connections';
import { formatDuration } from '../shared/format';
import { uiLine } from '../shared/uiText';
import type { Outcome } from '../shared/outcome';
import { GmsError, isNotOffered } from '../gms/errors';
import type { GmsClient, TraceAspectStatus } from '../gms/types';
import { checkEndToEndArgs } from './logic/args';
import type { CanaryState, DoctorStore } from './doctorStore';
import { pause as pauseFor } from '../gms/sleep';

export const CANARY_URN = 'urn:li:dataset:(urn:li:dataPlatform:datahub,vscode-canary,PROD)';
const CANARY_ASPECT = 'datasetProperties';
const OPT_IN_KEY = 'datahub.doctor.canaryConnections';
const GO = 'Write Canary';
const ALWAYS = "Write, and Don't Ask Again Here";
/** Trace reads start this often and slow down to TRACE_POLL_MAX_MS. */
const TRACE_POLL_MS = 250;
const TRACE_POLL_MAX_MS = 2000;
const DEFAULT_WAIT_S = 120;

export interface CheckEndToEndResult extends Outcome {
  connection: string;
  urn: string;
  traceId?: string;
  verdict: 'ok' | 'warning' | 'failing';
  /** From the write's answer to search storage having it. */
  endToEndMs?: number;
  /** From the write's answer to primary storage (the database) having it. */
  databaseMs?: number;
  /** Where it stopped when search never had it within the wait. */
  stoppedAt?: 'database' | 'search' | 'trace';
  waitedMs: number;
  /** The trace's last word for each storage. */
  primaryStatus?: string;
  searchStatus?: string;
  nextStep?: string;
  /** Why nothing was written. */
  notDone?: { reason: 'declined' };
}

function optedIn(services: Services, name: string, gmsUrl: string): boolean {
  return services.context.globalState.get<Record<string, string>>(OPT_IN_KEY, {})[name] === gmsUrl;
}

async function optIn(services: Services, name: string, gmsUrl: string): Promise<void> {
  const stored = services.context.globalState.get<Record<string, string>>(OPT_IN_KEY, {});
  await services.context.globalState.update(OPT_IN_KEY, { ...stored, [name]: gmsUrl });
}

interface Followed {
  databaseMs?: number;
  endToEndMs?: number;
  last?: TraceAspectStatus;
  readFailures: number;
  lastFailure?: string;
  notOffered?: boolean;
}

/** Reads the trace until search storage has the write, the wait ends, or the signal fires; a failed read is waited out. */
async function follow(
  services: Services,
  client: GmsClient,
  traceId: string,
  writtenAt: number,
  waitMs: number,
  signal: AbortSignal,
  say: (m: string) => void,
): Promise<Followed> {
  const out: Followed = { readFailures: 0 };
  let pause = TRACE_POLL_MS;
  while (!signal.aborted && Date.now() - writtenAt < waitMs) {
    try {
      const trace = await client.doctor.traceWrite(
        traceId,
        { [CANARY_URN]: [CANARY_ASPECT] },
        { onlyIncludeErrors: false, detailed: true, skipCache: true },
        signal,
      );
      const status = trace.urns[CANARY_URN]?.[CANARY_ASPECT];
      if (status) {
        out.last = status;
        const primary = status.primaryStorage?.writeStatus;
        const search = status.searchStorage?.writeStatus;
        const elapsed = Date.now() - writtenAt;
        if (out.databaseMs === undefined && (primary === 'ACTIVE_STATE' || primary === 'HISTORIC_STATE')) out.databaseMs = elapsed;
        if (search === 'ACTIVE_STATE' || search === 'HISTORIC_STATE') {
          out.endToEndMs = elapsed;
          out.databaseMs ??= elapsed;
          return out;
        }
        say(`database ${uiLine(primary ?? 'unknown', 40)}, search ${uiLine(search ?? 'unknown', 40)} after ${formatDuration(elapsed)}`);
      }
    } catch (error) {
      if (signal.aborted) break;
      if (isNotOffered(error)) {
        out.notOffered = true;
        return out;
      }
      // GMS restarting or a proxy hiccup: a state to wait out, said in the result if it lasts.
      out.readFailures++;
      out.lastFailure = uiLine(error instanceof Error ? error.message : String(error), 200);
      services.log.debug(`End-to-end check: trace not read (${out.lastFailure}); reading again`);
    }
    await pauseFor(pause, signal);
    pause = Math.min(TRACE_POLL_MAX_MS, Math.round(pause * 1.5));
  }
  return out;
}

export async function checkEndToEnd(services: Services, store: DoctorStore, arg: unknown, run: CommandRun): Promise<CheckEndToEndResult> {
  const args = parseArgs(Commands.checkEndToEnd, checkEndToEndArgs, arg ?? {});
  // Read-only refused here, before any prompt or request.
  const active = await activeClient(services, run, { action: 'doctorWriteCanary', writes: 'the End-to-End Check (it writes a canary)' });
  const { connection } = active;
  store.forConnection(connection.name);
  // One check at a time: each may follow its canary for up to 900 s.
  if (store.canaryRunning)
    throw new Error(`An end-to-end check is already following its canary on "${store.canaryRunning}": wait for it or cancel it. Nothing was written.`);
  store.setCanaryRunning(connection.name);
  try {
    return await checkOnce(services, store, args.waitSeconds, active, run);
  } finally {
    store.setCanaryRunning(undefined);
  }
}

async function checkOnce(
  services: Services,
  store: DoctorStore,
  waitSeconds: number | undefined,
  active: ActiveClient,
  run: CommandRun,
): Promise<CheckEndToEndResult> {
  const { connection } = active;
  const production = isProduction(connection);
  // The remembered answer is the person's own: it covers their clicks (mode ui), never a link or another extension.
  const ui = run.mode === 'ui';
  if (production || !ui || !optedIn(services, connection.name, connection.gmsUrl)) {
    const choice = await confirmDestructive(run, {
      apiClass: 'endToEndCheck',
      message: `Write the end-to-end canary to "${connection.name}"?`,
      detail:
        `Two writes to ${CANARY_URN}:\n` +
        '1. status: removed = true (the canary stays soft-deleted: out of search results and browse);\n' +
        `2. ${CANARY_ASPECT}: its name and the time of this check.\n` +
        `Then its trace is followed until search has it (at most ${waitSeconds ?? DEFAULT_WAIT_S} s). Nothing else is written.${askedByProgram(run)}`,
      go: GO,
      others: production || !ui ? [] : [ALWAYS],
    });
    if (choice === ALWAYS) await optIn(services, connection.name, connection.gmsUrl);
    if (choice !== GO && choice !== ALWAYS)
      return {
        message: 'No canary written: the confirmation was dismissed.',
        connection: connection.name,
        urn: CANARY_URN,
        verdict: 'warning',
        waitedMs: 0,
        notDone: { reason: 'declined' },
      };
  }
  const waitMs = (waitSeconds ?? DEFAULT_WAIT_S) * 1000;
  const interactive = run.mode !== 'api';
  const work = async (signal: AbortSignal, say: (m: string) => void): Promise<CheckEndToEndResult> => {
    const doctor = active.client.doctor;
    say('writing status.removed = true…');
    await doctor.writeCanary({ urn: CANARY_URN, aspectName: 'status', value: { removed: true }, async: false }, signal);
    say(`writing ${CANARY_ASPECT}…`);
    const now = new Date();
    const written = await doctor.writeCanary(
      {
        urn: CANARY_URN,
        aspectName: CANARY_ASPECT,
        value: {
          name: 'vscode-canary',
          description: 'Written by the DataHub Doctor (DataHub Index Operations for VS Code) to time indexing end to end. Kept soft-deleted.',
          customProperties: { checkedAt: now.toISOString() },
        },
        async: true,
      },
      signal,
    );
    const writtenAt = Date.now();
    const f = await follow(services, active.client, written.traceId, writtenAt, waitMs, signal, say);
    const waitedMs = Date.now() - writtenAt;
    const base = { connection: connection.name, urn: CANARY_URN, traceId: written.traceId, waitedMs };
    const primaryStatus = f.last?.primaryStorage?.writeStatus;
    const searchStatus = f.last?.searchStorage?.writeStatus;
    const statuses = {
      ...(primaryStatus ? { primaryStatus: uiLine(primaryStatus, 40) } : {}),
      ...(searchStatus ? { searchStatus: uiLine(searchStatus, 40) } : {}),
    };
    if (f.notOffered) {
      const nextStep = 'this server has no write tracing (DataHub before TraceController): check search for the canary with Check Search Index';
      return {
        ...base,
        ...statuses,
        verdict: 'warning',
        nextStep,
        message: `The canary was written (trace ${written.traceId}); this server cannot trace it.`,
        stoppedAt: 'trace',
      };
    }
    if (f.endToEndMs !== undefined) {
      const db = f.databaseMs !== undefined ? ` (database after ${formatDuration(f.databaseMs)})` : '';
      return {
        ...base,
        ...statuses,
        verdict: 'ok',
        endToEndMs: f.endToEndMs,
        ...(f.databaseMs !== undefined ? { databaseMs: f.databaseMs } : {}),
        message: `Indexed end to end in ${formatDuration(f.endToEndMs)}${db}.`,
      };
    }
    if (signal.aborted) throw new GmsError({ kind: 'cancelled', action: 'doctorTraceWrite', message: 'The end-to-end check was cancelled.' });
    const said = f.last?.searchStorage?.writeMessage ? ` ("${uiLine(f.last.searchStorage.writeMessage, 160)}")` : '';
    const failures = f.readFailures > 0 ? ` The trace could not be read ${f.readFailures} time(s)${f.lastFailure ? `: ${f.lastFailure}` : ''}.` : '';
    if (f.databaseMs === undefined) {
      const nextStep = 'the proposal has not reached the database: is the MCE consumer consuming (see its line)? Is GMS throttled?';
      return {
        ...base,
        ...statuses,
        verdict: 'failing',
        stoppedAt: 'database',
        nextStep,
        message: `The canary stopped before the database: primary storage ${primaryStatus ?? 'unknown'} after ${formatDuration(waitedMs)}.${failures}`,
      };
    }
    const nextStep = 'search indexing is not keeping up or dropped it: see the MAE consumer line, then restore the canary URN (Restore Indices)';
    return {
      ...base,
      ...statuses,
      verdict: 'failing',
      stoppedAt: 'search',
      databaseMs: f.databaseMs,
      nextStep,
      message: `The canary reached the database after ${formatDuration(f.databaseMs)} but not search within ${formatDuration(waitedMs)}: search storage ${searchStatus ?? 'unknown'}${said}.${failures}`,
    };
  };
  const progress = interactive ? { location: vscode.ProgressLocation.Notification, title: `End-to-end check on ${connection.name}` } : undefined;
  const result = await store.busyWith('canary', () => safeWindow.runCancellable(progress, store.signal(), work));
  const canary: CanaryState = {
    at: Date.now(),
    verdict: result.verdict,
    summary: result.message,
    ...(result.nextStep ? { nextStep: result.nextStep } : {}),
    details: [
      `${CANARY_URN} (${CANARY_ASPECT})`,
      ...(result.traceId ? [`trace ${result.traceId}`] : []),
      ...(result.primaryStatus ? [`database: ${result.primaryStatus}`] : []),
      ...(result.searchStatus ? [`search: ${result.searchStatus}`] : []),
    ],
  };
  store.setCanary(canary);
  services.log.info(`End-to-end check on ${connection.name}: ${result.message}`);
  if (interactive)
    void (result.verdict === 'ok' ? safeWindow.showInformationMessage : safeWindow.showWarningMessage)(
      result.nextStep ? `${result.message} Next: ${result.nextStep}.` : result.message,
    );
  return result;
}
