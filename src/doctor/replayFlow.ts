// The replay of failed writes: only positions on the list (./logic/failedWrites.ts replayPlan), always
// the server's dry run first, its figures in the confirmation (the connection's name typed on
// production), then exactly the dry run's ranges; read-only connections are refused before any request,
// and an answer for anything but what was asked stops it. DataHub: operations/kafka/KafkaController.java
// (replayFailedMCPs), models/KafkaRequests.java. Under the write discipline (src/shared/writePlan.ts): the
// list is the plan (its origin checked before anything is sent, and again after the confirmation), one
// replay of a connection at a time (applyLock.ts), and each range read again right before it is sent
// (./logic/replayRecheck.ts): what changed or was already replayed is left out, counted and named.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services, ActiveClient } from '../platform/services';
import type { CommandRun } from '../platform/commandRun';
import { activeClient } from '../platform/activeClient';
import { askedByProgram, confirmDestructive } from '../platform/confirmGate';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import { uiLine, uiText } from '../shared/uiText';
import type { Outcome } from '../shared/outcome';
import type { ReplayRequest } from '../gms/types';
import { LeftOutTally, type PlanRefusal } from '../shared/writePlan';
import { withApplyLock } from '../shared/applyLock';
import { checkPlanNow, planLockDir, planLockId } from '../platform/planApply';
import { replayPlan, type MessagePosition } from './logic/failedWrites';
import { listedWrite, positionKey } from './logic/replayRecheck';
import { sendAll, type Recheck, type ReplayFigures } from './replaySend';

export type { ReplayFigures } from './replaySend';
import { ReplayedRecord } from './replayedRecord';
import { replayFailedWritesArgs } from './logic/args';
import type { DoctorStore } from './doctorStore';
import { messageLabel } from './doctorTree';

export interface ReplayFailedWritesResult extends Outcome {
  connection: string;
  /** The server's dry run of exactly the chosen offsets. */
  dryRun: ReplayFigures;
  /** The real replay, when it ran. */
  replayed?: ReplayFigures;
  /** Chosen failed writes left out by the read right before sending: per reason, a count and the first positions. */
  leftOut?: Array<{ why: string; count: number; sample: string[] }>;
  /**
   * Why the replay did not run (or stopped): stale, otherConnection, otherServer, unreadable (the list is
   * older than its window or was read elsewhere: browse again), busy (another replay of this connection
   * runs), nothingLeft (every chosen write was left out).
   */
  notDone?: { reason: 'declined' | 'dryRunOnly' | 'busy' | 'nothingLeft' | PlanRefusal['reason'] } | { reason: 'stopped'; message: string };
}

/** "partition 0: offsets 3–5, 9; partition 2: offset 40": the ranges by partition, at most 40 shown. */
export function rangesText(requests: readonly ReplayRequest[]): string {
  const byPartition = new Map<number, string[]>();
  let shown = 0;
  for (const r of requests) {
    if (shown++ >= 40) break;
    const end = r.endOffset ?? r.startOffset;
    const list = byPartition.get(r.partition) ?? [];
    list.push(end === r.startOffset ? String(r.startOffset) : `${r.startOffset}–${end}`);
    byPartition.set(r.partition, list);
  }
  const parts = [...byPartition].map(([p, list]) => `partition ${p}: offset${list.length === 1 && !list[0].includes('–') ? '' : 's'} ${list.join(', ')}`);
  return `${parts.join('; ')}${requests.length > 40 ? `; and ${requests.length - 40} more range(s)` : ''}`;
}

/** What the person picks from in the palette: the listed failed writes, grouped by error. */
async function pickFailedWrites(store: DoctorStore, preset?: readonly MessagePosition[]): Promise<MessagePosition[] | undefined> {
  if (preset) return [...preset];
  const items = (store.failed?.messages ?? []).map((m) => {
    const { label, description } = messageLabel(m);
    return safeWindow.safeItem({
      label,
      description,
      detail: uiLine(m.failed?.errorSummary ?? '', 200),
      picked: false,
      position: { partition: m.partition, offset: m.offset },
    });
  });
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Replay Failed Writes: choose the messages (the server dry-runs them first)',
    canPickMany: true,
    matchOnDescription: true,
    matchOnDetail: true,
    ignoreFocusOut: true,
  });
  return picked?.map((p) => p.position);
}

export async function replayFailedWrites(
  services: Services,
  store: DoctorStore,
  arg: unknown,
  run: CommandRun,
  preset?: readonly MessagePosition[],
): Promise<ReplayFailedWritesResult | undefined> {
  const args = parseArgs(Commands.replayFailedWrites, replayFailedWritesArgs, arg ?? {});
  // Read-only refused here, before any prompt or request: the dry run too (a server that ignores dryRun replays for real).
  const active = await activeClient(services, run, {
    action: 'doctorReplay',
    writes: args.dryRunOnly ? 'Replay Failed Writes (its dry run too)' : 'Replay Failed Writes',
  });
  store.forConnection(active.connection.name);
  const name = active.connection.name;
  const none: ReplayFigures = { requests: 0, offsets: 0, successCount: 0, failureCount: 0, errors: [] };
  // The list is the plan: read on this connection and server, recently enough (checked before any prompt or request).
  const list = store.failed;
  const refused = list && checkPlanNow(services, list.origin, 'replay', name, 'the list of failed writes');
  if (refused) return { message: browseAgain(refused.message), connection: name, dryRun: none, notDone: { reason: refused.reason } };
  const shown = store.shownPositions(active.connection.gmsUrl);
  if (!list || shown.length === 0)
    throw new Error('No failed writes are listed for this connection: browse them first (Browse Failed Writes). Nothing was sent.');
  const chosen = args.messages ?? (run.mode === 'ui' ? await pickFailedWrites(store, preset) : undefined);
  if (chosen === undefined) {
    if (run.mode === 'ui') return undefined;
    throw new Error(`${Commands.replayFailedWrites}: "messages" is needed: the { partition, offset } of listed failed writes. Nothing was sent.`);
  }
  const dryPlan = replayPlan(shown, chosen, { dryRun: true });
  if (!dryPlan.ok) throw new Error(dryPlan.message);
  // One replay of this connection's failed writes at a time, in any window: a second sends nothing.
  const locked = await withApplyLock(planLockDir(services), planLockId('replay', name, list.origin.gmsOrigin), `the replay of failed writes on "${name}"`, () =>
    replayLocked(services, store, active, run, args.dryRunOnly === true, dryPlan),
  );
  if (!locked.ran) return { message: locked.message, connection: name, dryRun: none, notDone: { reason: 'busy' } };
  return locked.value;
}

/** The checker's "plan again" said as this flow says it. */
const browseAgain = (message: string) =>
  message.replace(/Plan again on "([^"]*)"; nothing was sent\.$/, 'Browse the failed writes of "$1" again; nothing was sent.');

async function replayLocked(
  services: Services,
  store: DoctorStore,
  active: ActiveClient,
  run: CommandRun,
  dryRunOnly: boolean,
  dryPlan: { requests: ReplayRequest[]; offsets: number },
): Promise<ReplayFailedWritesResult | undefined> {
  const name = active.connection.name;
  const list = store.failed!;
  const none: ReplayFigures = { requests: 0, offsets: 0, successCount: 0, failureCount: 0, errors: [] };
  const record = new ReplayedRecord(services, name, list.origin.gmsOrigin);
  const recheck: Recheck = {
    listed: new Map(list.messages.map((m) => [positionKey(m.partition, m.offset), listedWrite(m)])),
    replayed: await record.since(list.origin.readAt),
    tally: new LeftOutTally(),
  };
  const leftOut = () => (recheck.tally.count ? { leftOut: recheck.tally.toJSON() } : {});
  const leftText = () => (recheck.tally.count ? ` ${recheck.tally.sentence('failed write')}` : '');
  // The dry run alone, asked for by a link or a program: through the gate first (a POST to the replay endpoint).
  if (dryRunOnly && run.mode !== 'ui') {
    const go = await confirmDestructive(run, {
      apiClass: 'replaysAndFixes',
      message: `Send the server a dry run of replaying ${dryPlan.offsets} failed write(s) on "${name}"?`,
      detail: uiText(
        `It posts ${rangesText(dryPlan.requests)} to the replay endpoint with dryRun: true; nothing is re-published by a server that honours it.${askedByProgram(run)}`,
        3500,
      ),
      go: 'Dry Run',
    });
    if (go !== 'Dry Run')
      return { message: 'No dry run: the confirmation was dismissed; nothing was sent.', connection: name, dryRun: none, notDone: { reason: 'declined' } };
  }
  const inProgress = <T>(title: string, work: (signal: AbortSignal, say: (m: string) => void) => Promise<T>): Promise<T> =>
    run.progress(title, work, undefined, store.signal());

  const dry = await inProgress(`Dry run of the replay on ${name}…`, (signal, say) =>
    sendAll(active, dryPlan.requests, signal, (n) => say(`${n} of ${dryPlan.offsets}`), recheck),
  );
  if (dry.stopped) throw new Error(`The replay's dry run stopped: ${dry.stopped}. Nothing was re-published.`);
  const d = dry.figures;
  run.noteDryRun({ ...d });
  if (dry.sent.length === 0)
    return {
      message: `Nothing to replay:${leftText()} Nothing was re-published.`,
      connection: name,
      dryRun: d,
      ...leftOut(),
      notDone: { reason: 'nothingLeft' },
    };
  const to = d.destinationTopic ? ` to ${d.destinationTopic}` : '';
  const dryText = `${d.successCount} of ${d.offsets} would be re-published${to}${d.failureCount ? `, ${d.failureCount} would fail` : ''}`;
  if (dryRunOnly)
    return {
      message: `Dry run of the replay: ${dryText}; nothing was re-published.${leftText()}`,
      connection: name,
      dryRun: d,
      ...leftOut(),
      notDone: { reason: 'dryRunOnly' },
    };

  // Exactly what the dry run sent, now for real (each range read again right before it is sent).
  const realPlan = { requests: dry.sent.map((r) => ({ ...r, dryRun: false })), offsets: d.offsets };
  const detail = [
    `The server's dry run: ${dryText}.`,
    ...(d.errors.length ? [`It said: ${d.errors.slice(0, 3).join('; ')}`] : []),
    ...(recheck.tally.count ? [recheck.tally.sentence('failed write')] : []),
    `Exactly these are re-published, each as it was: ${rangesText(realPlan.requests)}.`,
    'A write that failed validation fails again (and lands in mcp-failed again) until its source is fixed.',
  ].join('\n');
  const go = await confirmDestructive(run, {
    apiClass: 'replaysAndFixes',
    message: `Replay ${realPlan.offsets} failed write(s) on "${name}"?`,
    detail: uiText(`${detail}${askedByProgram(run)}`, 3500),
    go: 'Replay',
    typed: {
      connection: active.connection,
      action: 'Replay Failed Writes',
      expected: name,
      consequence: `${realPlan.offsets} failed write(s) are re-published.`,
    },
  });
  if (go !== 'Replay')
    return {
      message: 'Not replayed: the confirmation was dismissed; only the dry run was sent.',
      connection: name,
      dryRun: d,
      ...leftOut(),
      notDone: { reason: 'declined' },
    };
  // The confirmation may have waited: the list is checked again (its age, the connection's address now).
  const late = checkPlanNow(services, list.origin, 'replay', name, 'the list of failed writes');
  if (late)
    return {
      message: browseAgain(late.message).replace(/nothing was sent\.$/, 'only the dry run was sent.'),
      connection: name,
      dryRun: d,
      notDone: { reason: late.reason },
    };
  recheck.onSent = async (r) => {
    const end = r.endOffset ?? r.startOffset;
    const keys = Array.from({ length: end - r.startOffset + 1 }, (_, i) => positionKey(r.partition, r.startOffset + i));
    for (const k of keys) recheck.replayed.add(k);
    await record.add(keys);
  };
  const real = await inProgress(`Replaying ${realPlan.offsets} failed write(s) on ${name}`, (signal, say) =>
    sendAll(active, realPlan.requests, signal, (n) => say(`${n} of ${realPlan.offsets}`), recheck),
  );
  const r = real.figures;
  const done = `Replayed ${r.offsets} of ${realPlan.offsets} failed write(s): ${r.successCount} re-published${r.failureCount ? `, ${r.failureCount} failed` : ''}`;
  const said = real.stopped ? `${done}; stopped: ${real.stopped}.` : `${done}. Browse the failed writes again to see any that failed anew.`;
  const message = `${said}${leftText()}`;
  services.log.info(message);
  for (const e of r.errors) services.log.warn(`Replay: ${e}`);
  if (run.interactive) void (real.stopped || r.failureCount ? safeWindow.showWarningMessage : safeWindow.showInformationMessage)(message);
  return {
    message,
    connection: name,
    dryRun: d,
    replayed: r,
    ...leftOut(),
    ...(real.stopped ? { notDone: { reason: 'stopped' as const, message: real.stopped } } : {}),
  };
}
