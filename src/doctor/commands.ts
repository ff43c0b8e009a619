// The DataHub Doctor's commands, loaded on the first of them (dist/features.js): the report
// (datahub.diagnose), Copy as Markdown, the next step of a line, the failed writes (browse, open,
// replay) and the end-to-end check. index.ts declares their ids; the view and its store stay eager.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand, registerVscodeCommand, runCommand, type CommandRun } from '../platform/commandRunner';
import { notOurRow, registerRowCommand, rowInput } from '../platform/rowCommands';
import * as safeWindow from '../platform/safeWindow';
import { activeClient } from '../platform/activeClient';
import { registrationsOf, Commands } from '../shared/commandIds';
import { parseArgs } from '../shared/args';
import type { Outcome } from '../shared/outcome';
import type { ResetStrategy } from '../gms/types';
import { nextStepOf } from './logic/nextStep';
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
import { registerAcrossConnections } from './allCommands';
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
function isTreeNode(value: object): value is DoctorNode {
  return 'kind' in value && typeof value.kind === 'string';
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
          const report = await collectReport(active, store.memory, { signal: store.signal(), timeoutMs, facts, gc: true });
          store.setReport(report);
          walkthroughDone(WALKTHROUGH_KEYS.doctorReported);
          return report;
        } catch (error) {
          store.setReportError(error instanceof Error ? error.message : String(error));
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
    const markdown = reportMarkdown(report).text;
    await vscode.env.clipboard.writeText(markdown);
    if (run.mode === 'ui') void safeWindow.setStatusBarMessage('Copied the DataHub Doctor report as Markdown', 3000);
    return { message: `Copied the DataHub Doctor report of "${report.connection}" (${report.lines.length} lines) as Markdown.`, markdown };
  });

  // From the view a row is the argument: the person's click (progress, the document shown); anything else is arguments.
  const browse = registerRowCommand(services, Commands.browseFailedWrites, { isRow: isTreeNode, argsOf: () => ({}) }, (arg, run) =>
    browseFailedWrites(services, store, arg, run),
  );
  const open = registerRowCommand(
    services,
    Commands.openFailedWrite,
    { isRow: isTreeNode, argsOf: (node) => (node.kind === 'failedMessage' ? { partition: node.message.partition, offset: node.message.offset } : {}) },
    (arg, run) => openFailedWrite(services, store, arg, run),
  );
  const replay = registerCommand(services, Commands.replayFailedWrites, (arg, run) => replayFailedWrites(services, store, arg, run));
  const canary = registerCommand(services, Commands.checkEndToEnd, (arg, run) => checkEndToEnd(services, store, arg, run));
  const reset = registerCommand(services, Commands.resetConsumerOffsets, (arg, run) => resetConsumerOffsets(services, store, arg, run));

  // Row-only entries (no typed-API method): a group's listed messages, and a line's next step. Anything not handed
  // out by this tree (a row-shaped object from a link or another extension) is refused before anything is read or sent.
  const onlyRow = <I extends string>(id: I, act: (node: DoctorNode) => Promise<unknown>) =>
    registerVscodeCommand(id, (arg?: unknown) => {
      const { row, args } = rowInput(arg, isTreeNode);
      return runCommand(services, id, row ? undefined : args, () => {
        if (!row) throw notOurRow(id, 'the DataHub Doctor view');
        return act(row);
      });
    });
  const replayGroup = onlyRow(Commands.replayFailedGroup, async (node) => {
    if (node.kind !== 'failedGroup') throw notOurRow(Commands.replayFailedGroup, 'the DataHub Doctor view');
    if (!store.failed?.groups.includes(node.group))
      throw new Error(
        `${Commands.replayFailedGroup}: the failed writes were listed again since this row was drawn; replay a group of the list shown now. Nothing was sent.`,
      );
    const positions = (store.failed?.messages ?? []).filter((m) => groupKey(m) === node.group.error).map((m) => ({ partition: m.partition, offset: m.offset }));
    return runCommand(services, Commands.replayFailedWrites, undefined, (_a, r) => replayFailedWrites(services, store, undefined, r, positions));
  });
  const nextStep = onlyRow(Commands.doctorNextStep, async (node) => {
    const step = node.kind === 'line' ? nextStepOf(node.line) : undefined;
    if (!step) throw notOurRow(Commands.doctorNextStep, 'the DataHub Doctor view that names a next step');
    if (node.kind === 'line' && !store.report?.lines.includes(node.line))
      throw new Error(
        `${Commands.doctorNextStep}: the report was read again since this line was drawn; take the step from the report shown now. Nothing was run.`,
      );
    // A stuck consumer's line names its group and topic: the reset asks nothing more before its dry run.
    if (step.command === Commands.resetConsumerOffsets && step.args) {
      const preset = step.args as { group: string; topic: string; strategy?: ResetStrategy };
      return runCommand(services, step.command, undefined, (_a, run) => resetConsumerOffsets(services, store, undefined, run, preset));
    }
    // The line's own arguments (a watched job's name) go with it: a command with arguments, so it asks with them in its modal.
    return step.args ? vscode.commands.executeCommand(step.command, step.args) : vscode.commands.executeCommand(step.command);
  });

  const [diagnoseAll, compare] = registerAcrossConnections(services);
  return registrationsOf('doctor', diagnose, copy, diagnoseAll, compare, browse, open, replay, canary, reset, replayGroup, nextStep);
}
