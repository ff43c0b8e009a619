// The replay of failed writes: only positions on the list (./logic/failedWrites.ts replayPlan), always
// the server's dry run first, its figures in the confirmation (the connection's name typed on
// production), then exactly the dry run's ranges; read-only connections are refused before any request,
// and an answer for anything but what was asked stops it. DataHub: operations/kafka/KafkaController.java
// (replayFailedMCPs), models/KafkaRequests.java.
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
import type { ReplayRequest, ReplayResult } from '../gms/types';
import { replayPlan, type MessagePosition } from './logic/failedWrites';
import { replayFailedWritesArgs } from './logic/args';
import type { DoctorStore } from './doctorStore';
import { messageLabel } from './doctorTree';

export interface ReplayFigures {
  requests: number;
  offsets: number;
  successCount: number;
  failureCount: number;
  destinationTopic?: string;
  errors: string[];
}

export interface ReplayFailedWritesResult extends Outcome {
  connection: string;
  /** The server's dry run of exactly the chosen offsets. */
  dryRun: ReplayFigures;
  /** The real replay, when it ran. */
  replayed?: ReplayFigures;
  /** Why the replay did not run (or stopped). */
  notDone?: { reason: 'declined' } | { reason: 'dryRunOnly' } | { reason: 'stopped'; message: string };
}

/** The answer must be for exactly what was asked: nothing the server says widens or shifts a replay. */
function checkAnswer(asked: ReplayRequest, got: ReplayResult): string | undefined {
  if (got.dryRun !== (asked.dryRun !== false))
    return `the server answered a ${got.dryRun ? 'dry run' : 'real replay'} to a ${asked.dryRun !== false ? 'dry run' : 'real replay'}`;
  if (got.partition !== asked.partition || got.startOffset !== asked.startOffset)
    return `the server answered for partition ${got.partition} from offset ${got.startOffset}, not what was asked`;
  const end = asked.endOffset ?? asked.startOffset;
  const outside = got.messages.find((m) => m.sourceOffset < asked.startOffset || m.sourceOffset > end);
  if (outside) return `the server listed offset ${outside.sourceOffset}, outside ${asked.startOffset}–${end}`;
  if (got.successCount + got.failureCount > (asked.count ?? end - asked.startOffset + 1)) return 'the server counted more messages than were asked';
  return undefined;
}

async function sendAll(
  active: ActiveClient,
  requests: readonly ReplayRequest[],
  signal: AbortSignal,
  say: (done: number) => void,
): Promise<{ figures: ReplayFigures; stopped?: string }> {
  const figures: ReplayFigures = { requests: 0, offsets: 0, successCount: 0, failureCount: 0, errors: [] };
  for (const request of requests) {
    if (signal.aborted) return { figures, stopped: 'cancelled' };
    const got = await active.client.doctor.replayFailed(request, signal);
    const wrong = checkAnswer(request, got);
    if (wrong) return { figures, stopped: `${wrong}; nothing more was sent` };
    figures.requests++;
    figures.offsets += (request.endOffset ?? request.startOffset) - request.startOffset + 1;
    figures.successCount += got.successCount;
    figures.failureCount += got.failureCount;
    if (got.destinationTopic) figures.destinationTopic = uiLine(got.destinationTopic, 200);
    for (const e of [...got.errors, ...got.messages.filter((m) => !m.success && m.error).map((m) => `offset ${m.sourceOffset}: ${m.error}`)]) {
      if (figures.errors.length < 10) figures.errors.push(uiLine(e, 300));
    }
    say(figures.offsets);
  }
  return { figures };
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
  const shown = store.shownPositions(active.connection.gmsUrl);
  if (shown.length === 0) throw new Error('No failed writes are listed for this connection: browse them first (Browse Failed Writes). Nothing was sent.');
  const chosen = args.messages ?? (run.mode === 'ui' ? await pickFailedWrites(store, preset) : undefined);
  if (chosen === undefined) {
    if (run.mode === 'ui') return undefined;
    throw new Error(`${Commands.replayFailedWrites}: "messages" is needed: the { partition, offset } of listed failed writes. Nothing was sent.`);
  }
  const dryPlan = replayPlan(shown, chosen, { dryRun: true });
  if (!dryPlan.ok) throw new Error(dryPlan.message);
  const name = active.connection.name;
  const none: ReplayFigures = { requests: 0, offsets: 0, successCount: 0, failureCount: 0, errors: [] };
  // The dry run alone, asked for by a link or a program: through the gate first (a POST to the replay endpoint).
  if (args.dryRunOnly && run.mode !== 'ui') {
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

  const dry = await inProgress(`Dry run of the replay on ${active.connection.name}…`, (signal, say) =>
    sendAll(active, dryPlan.requests, signal, (n) => say(`${n} of ${dryPlan.offsets}`)),
  );
  if (dry.stopped) throw new Error(`The replay's dry run stopped: ${dry.stopped}. Nothing was re-published.`);
  const d = dry.figures;
  run.noteDryRun({ ...d, offsets: dryPlan.offsets });
  const to = d.destinationTopic ? ` to ${d.destinationTopic}` : '';
  const dryText = `${d.successCount} of ${dryPlan.offsets} would be re-published${to}${d.failureCount ? `, ${d.failureCount} would fail` : ''}`;
  if (args.dryRunOnly)
    return {
      message: `Dry run of the replay: ${dryText}; nothing was re-published.`,
      connection: active.connection.name,
      dryRun: d,
      notDone: { reason: 'dryRunOnly' },
    };

  const realPlan = replayPlan(shown, chosen, { dryRun: false });
  if (!realPlan.ok) throw new Error(realPlan.message);
  const detail = [
    `The server's dry run: ${dryText}.`,
    ...(d.errors.length ? [`It said: ${d.errors.slice(0, 3).join('; ')}`] : []),
    `Exactly these are re-published, each as it was: ${rangesText(realPlan.requests)}.`,
    'A write that failed validation fails again (and lands in mcp-failed again) until its source is fixed.',
  ].join('\n');
  const go = await confirmDestructive(run, {
    apiClass: 'replaysAndFixes',
    message: `Replay ${dryPlan.offsets} failed write(s) on "${active.connection.name}"?`,
    detail: uiText(`${detail}${askedByProgram(run)}`, 3500),
    go: 'Replay',
    typed: {
      connection: active.connection,
      action: 'Replay Failed Writes',
      expected: active.connection.name,
      consequence: `${dryPlan.offsets} failed write(s) are re-published.`,
    },
  });
  if (go !== 'Replay') {
    return {
      message: 'Not replayed: the confirmation was dismissed; only the dry run was sent.',
      connection: active.connection.name,
      dryRun: d,
      notDone: { reason: 'declined' },
    };
  }
  const real = await inProgress(`Replaying ${dryPlan.offsets} failed write(s) on ${active.connection.name}`, (signal, say) =>
    sendAll(active, realPlan.requests, signal, (n) => say(`${n} of ${realPlan.offsets}`)),
  );
  const r = real.figures;
  const done = `Replayed ${r.offsets} of ${realPlan.offsets} failed write(s): ${r.successCount} re-published${r.failureCount ? `, ${r.failureCount} failed` : ''}`;
  const message = real.stopped ? `${done}; stopped: ${real.stopped}.` : `${done}. Browse the failed writes again to see any that failed anew.`;
  services.log.info(message);
  for (const e of r.errors) services.log.warn(`Replay: ${e}`);
  if (run.interactive) void (real.stopped || r.failureCount ? safeWindow.showWarningMessage : safeWindow.showInformationMessage)(message);
  return {
    message,
    connection: active.connection.name,
    dryRun: d,
    replayed: r,
    ...(real.stopped ? { notDone: { reason: 'stopped' as const, message: real.stopped } } : {}),
  };
}
