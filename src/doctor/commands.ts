// The DataHub Doctor's commands, loaded on the first of them (dist/features.js): the report
// (datahub.diagnose), Copy as Markdown, the next step of a line, the failed writes (browse, open,
// replay) and the end-to-end check. index.ts declares their ids; the view and its store stay eager.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { exposeToApi, isArgObject, registerCommand, registerVscodeCommand, runCommand, type CommandRun } from '../platform/commandRunner';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import type { ResetStrategy } from '../gms/types';
import { collectReport, READ_TIMEOUT_MS } from './collect';
import { reportMarkdown } from './logic/markdown';
import type { DoctorLine, DoctorReport, Verdict } from './logic/report';
import { diagnoseArgs } from './logic/args';
import { groupKey } from './logic/failedWrites';
import type { DoctorStore } from './doctorStore';
import { DoctorTree, type DoctorNode } from './doctorTree';
import { browseFailedWrites, openFailedWrite } from './failedWritesFlow';
import { replayFailedWrites } from './replayFlow';
import { checkEndToEnd } from './canary';
import { resetConsumerOffsets } from './resetFlow';
import { WALKTHROUGH_KEYS, walkthroughDone } from '../platform/walkthrough';

export interface DiagnoseResult extends Outcome {
  connection: string;
  /** Epoch ms the readings started. */
  at: number;
  /** One per fact, each with its verdict, figures, next step and the endpoint(s) read. */
  lines: DoctorLine[];
  counts: Record<Verdict, number>;
}

/** The one sentence for a report: the worst first. */
export function reportMessage(report: DoctorReport): string {
  const c = report.counts;
  const parts = [
    c.failing ? `${c.failing} failing` : '',
    c.warning ? `${c.warning} warning${c.warning === 1 ? '' : 's'}` : '',
    c.unreadable ? `${c.unreadable} not read` : '',
    c.ok ? `${c.ok} OK` : '',
    c.notOffered ? `${c.notOffered} not offered by this server` : '',
  ].filter((p) => p !== '');
  const worst = report.lines.find((l) => l.verdict === 'failing') ?? report.lines.find((l) => l.verdict === 'warning');
  const first = worst ? ` ${worst.title}: ${worst.summary}${worst.nextStep ? `; ${worst.nextStep}` : ''}.` : '';
  return `DataHub Doctor on "${report.connection}": ${parts.join(', ') || 'nothing read'}.${first}`;
}

/** The view's rows (index.ts creates the view at activation; this code loads when it is first drawn). */
export function createTree(store: DoctorStore): DoctorTree {
  return new DoctorTree(store);
}

/** A row of the Doctor view, as VS Code passes it to a context-menu command. */
function isTreeNode(arg: unknown): arg is DoctorNode {
  return isArgObject(arg) && typeof arg.kind === 'string' && ('line' in arg || 'message' in arg || 'group' in arg);
}

export function registerCommands(services: Services, store: DoctorStore): vscode.Disposable[] {
  const runReport = async (run: CommandRun, arg: unknown): Promise<DoctorReport> => {
    const args = parseArgs(Commands.diagnose, diagnoseArgs, arg ?? {});
    const active = await activeClient(services, run, { action: 'doctorHealth', writes: false });
    store.forConnection(active.connection.name);
    const timeoutMs = args.timeoutSeconds !== undefined ? args.timeoutSeconds * 1000 : READ_TIMEOUT_MS;
    const read = () =>
      store.busyWith('report', async () => {
        try {
          const facts = services.statusFacts.facts(active.connection.name).map(({ connection: _c, ...fact }) => fact);
          const report = await collectReport(active, store.memory, { signal: store.signal(), timeoutMs, facts });
          store.report = report;
          store.reportError = undefined;
          walkthroughDone(WALKTHROUGH_KEYS.doctorReported);
          return report;
        } catch (error) {
          store.reportError = error instanceof Error ? error.message : String(error);
          throw error;
        }
      });
    return run.mode === 'ui' ? safeWindow.withProgress({ location: { viewId: 'datahub.doctor' }, title: 'DataHub Doctor' }, read) : read();
  };

  const diagnose = registerCommand(services, Commands.diagnose, async (arg, run): Promise<DiagnoseResult> => {
    const report = await runReport(run, arg);
    const message = reportMessage(report);
    services.log.info(message);
    if (run.mode === 'ui') {
      void vscode.commands.executeCommand('datahub.doctor.focus');
      const show = report.counts.failing || report.counts.warning ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
      void show(message, 'Copy as Markdown').then((c) => {
        if (c) void vscode.commands.executeCommand(Commands.copyDoctorReport);
      });
    }
    return { message, connection: report.connection, at: report.at, lines: report.lines, counts: report.counts };
  });

  const copy = registerCommand(services, Commands.copyDoctorReport, async (arg, run) => {
    const current = store.report && store.connection === services.connections.active()?.name ? store.report : undefined;
    const report = current ?? (await runReport(run, arg));
    const markdown = reportMarkdown(report);
    await vscode.env.clipboard.writeText(markdown);
    if (run.mode === 'ui') void safeWindow.setStatusBarMessage('Copied the DataHub Doctor report as Markdown', 3000);
    return { message: `Copied the DataHub Doctor report of "${report.connection}" (${report.lines.length} lines) as Markdown.`, markdown };
  });

  // From the view a tree node is the argument: an interactive call (progress, the document shown), not an argument object.
  const fromTreeToo = <R>(id: string, handler: (arg: unknown, run: CommandRun) => Promise<R>, argsOf: (node: DoctorNode) => unknown) => {
    const command = registerVscodeCommand(id, (arg?: unknown) =>
      isTreeNode(arg)
        ? runCommand(services, id, undefined, (_a, run) => handler(argsOf(arg), run))
        : runCommand(services, id, arg, (a, run) => handler(a, run)),
    );
    const api = exposeToApi(id, (arg, via) => runCommand(services, id, arg ?? {}, (a, run) => handler(a, run), via ?? 'api'));
    return vscode.Disposable.from(command, api);
  };
  const browse = fromTreeToo(
    Commands.browseFailedWrites,
    (arg, run) => browseFailedWrites(services, store, arg, run),
    () => ({}),
  );
  const open = fromTreeToo(
    Commands.openFailedWrite,
    (arg, run) => openFailedWrite(services, store, arg, run),
    (node) => (node.kind === 'failedMessage' ? { partition: node.message.partition, offset: node.message.offset } : {}),
  );
  const replay = registerCommand(services, Commands.replayFailedWrites, (arg, run) => replayFailedWrites(services, store, arg, run));
  const canary = registerCommand(services, Commands.checkEndToEnd, (arg, run) => checkEndToEnd(services, store, arg, run));
  const reset = registerCommand(services, Commands.resetConsumerOffsets, (arg, run) => resetConsumerOffsets(services, store, arg, run));

  // Tree entries: a group's listed messages, and a line's next step (a command of this extension only).
  const replayGroup = registerVscodeCommand(Commands.replayFailedGroup, (node?: DoctorNode) => {
    // Only a row this tree handed out (the store's own group object): a row-shaped object from a link or another extension does nothing.
    if (node?.kind !== 'failedGroup' || !store.failed?.groups.includes(node.group)) return undefined;
    const positions = (store.failed?.messages ?? []).filter((m) => groupKey(m) === node.group.error).map((m) => ({ partition: m.partition, offset: m.offset }));
    return runCommand(services, Commands.replayFailedWrites, undefined, (_a, run) => replayFailedWrites(services, store, undefined, run, positions));
  });
  const nextStep = registerVscodeCommand(Commands.doctorNextStep, (node?: DoctorNode) => {
    // Only a line of the report this tree shows (the store's own object): a forged row could name any command.
    const ours = node?.kind === 'line' && (store.report?.lines.includes(node.line) ?? false);
    const command = ours && node?.kind === 'line' ? node.line.nextCommand : undefined;
    if (!command || !(Object.values(Commands) as string[]).includes(command)) return undefined;
    // A stuck consumer's line names its group and topic: the reset asks nothing more before its dry run.
    const f = node?.kind === 'line' ? node.line.figures : {};
    if (command === Commands.resetConsumerOffsets && typeof f.groupId === 'string' && typeof f.topic === 'string') {
      const preset = { group: f.groupId, topic: f.topic, ...(typeof f.resetStrategy === 'string' ? { strategy: f.resetStrategy as ResetStrategy } : {}) };
      return runCommand(services, command, undefined, (_a, run) => resetConsumerOffsets(services, store, undefined, run, preset));
    }
    return vscode.commands.executeCommand(command);
  });

  return [diagnose, copy, browse, open, replay, canary, reset, replayGroup, nextStep];
}
