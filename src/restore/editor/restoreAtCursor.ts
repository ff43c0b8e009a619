// datahub.restoreUrnAtCursor: restores the URN(s) under the cursors or selections
// of the editor (context menu), one by one; a failure does not stop the others.
//
// Arguments (see README, "Programmatic use"):
//   none, or a Uri (what the editor context menu passes): the active editor's selections, interactive
//   "urn:li:…" or ["urn:li:…", …]: those URNs
//   { urns?, uri?, positions?: [{line, character}], ranges?: [{start, end}], notify? }: URNs found there
//     (uri defaults to the active editor's document; positions/ranges to its selections)
// More than one URN asks with the count (through the confirmation gate: an allowed
// automation call skips it); the per-URN results are returned. "uri" must name a
// document already open (or untitled): a link cannot make the extension read a file.
import { registerVscodeCommand, registrationWith } from '../../platform/lazyCommands';
import { titleFor } from '../../shared/connections';
import type { Connection } from '../../platform/services';
import * as vscode from 'vscode';
import * as safeWindow from '../../platform/safeWindow';
import type { Services } from '../../platform/services';
import { runCommand, describeError, exposeToApi, isArgObject, type CommandRun } from '../../platform/commandRunner';
import { askedByProgram, confirmDestructive } from '../../platform/confirmGate';
import { restoreClient, contextFor, restoreUrn, withRestoreProgress } from '../restoreRun';
import { showUrnResult } from '../restore';
import { count, formatSeconds, shortenUrn, urnResultMessage } from '../logic/restoreFormat';
import { ignoredNote } from '../logic/restoreText';
import { normaliseUrnInput } from '../../shared/findUrn';
import { parseUrn } from '../../gms/urn';
import { NO_URN_MESSAGE, urnsAt } from './urnsInEditor';
import type { Outcome } from '../../shared/outcome';
import { confirmSearchable, missingFromSearch, searchStateBefore } from '../searchVerify';
import { Commands } from '../../shared/commandIds';
import { flashUrns, urnRangesAt } from './urnHighlight';
import type { RestoreCounts } from '../logic/restoreRequests';
import { parseArgs } from '../../shared/args';
import { restoreUrnAtCursorArgs } from '../logic/args';

export const COMMAND = Commands.restoreUrnAtCursor;

export type UrnRestoreItem = ({ urn: string; ok: true } & RestoreCounts) | { urn: string; ok: false; error: string; skipped?: boolean };

export interface AtCursorResult extends Outcome {
  results: UrnRestoreItem[];
  restored: number;
  failed: number;
}

/** The URNs to restore; whether the person watches is the run's own (run.interactive). */
interface Target {
  urns: string[];
}

const toPosition = (p: { line: number; character: number }): vscode.Position => new vscode.Position(p.line, p.character);

async function documentFor(uri: vscode.Uri | string | undefined): Promise<vscode.TextDocument | undefined> {
  if (uri === undefined) return vscode.window.activeTextEditor?.document;
  const parsed = uri instanceof vscode.Uri ? uri : typeof uri === 'string' ? vscode.Uri.parse(uri) : undefined;
  if (!parsed) throw new Error(`${COMMAND}: "uri" must be a URI string.`);
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === parsed.toString());
  if (!open) {
    throw new Error(
      `${COMMAND}: "uri" must name a document open in VS Code (or an untitled one); ${shortenUrn(parsed.toString(), 80)} is not open. Open it first.`,
    );
  }
  return open;
}

function checkedUrns(values: unknown[]): string[] {
  return values.map((v) => {
    if (typeof v !== 'string') throw new Error(`${COMMAND}: every URN must be a string.`);
    const urn = normaliseUrnInput(v);
    const parsed = parseUrn(urn);
    if (!parsed.ok) throw new Error(`${COMMAND}: "${shortenUrn(v, 60)}" is not a URN: ${parsed.reason}.`);
    return urn;
  });
}

/** Works out the URNs to restore from the argument (or the active editor). */
async function resolveTarget(arg: unknown): Promise<Target> {
  if (arg === undefined || arg instanceof vscode.Uri) {
    const editor = vscode.window.activeTextEditor;
    if (!editor || (arg instanceof vscode.Uri && editor.document.uri.toString() !== arg.toString())) {
      return { urns: [] };
    }
    const selections = editor.selections;
    const urns = urnsAt(
      editor.document,
      selections,
      selections.map((s) => s.active),
    );
    // Show which text was taken: a right-click may land beside the URN the user meant.
    if (urns.length > 0) flashUrns(editor, urnRangesAt(editor));
    return { urns };
  }
  if (typeof arg === 'string') return { urns: checkedUrns([arg]) };
  if (Array.isArray(arg)) return { urns: [...new Set(checkedUrns(arg))] };
  if (!isArgObject(arg)) throw new Error(`${COMMAND}: expected a URN, a list of URNs or an object { urns | uri, positions, ranges }.`);
  // A vscode.Uri (from code in the host) is read as its string.
  const parsed = parseArgs(COMMAND, restoreUrnAtCursorArgs, arg.uri instanceof vscode.Uri ? { ...arg, uri: arg.uri.toString() } : arg);
  if (parsed.urns !== undefined) return { urns: [...new Set(checkedUrns(parsed.urns))] };
  const document = await documentFor(parsed.uri ?? undefined);
  if (!document) throw new Error(`${COMMAND}: no document: open one or pass "uri".`);
  const editor = vscode.window.activeTextEditor?.document === document ? vscode.window.activeTextEditor : undefined;
  let ranges: vscode.Range[];
  if (parsed.ranges) {
    ranges = parsed.ranges.map((r) => new vscode.Range(toPosition(r.start), toPosition(r.end)));
  } else if (parsed.positions) {
    ranges = parsed.positions.map((p) => new vscode.Range(toPosition(p), toPosition(p)));
  } else if (editor) {
    ranges = [...editor.selections];
  } else {
    throw new Error(`${COMMAND}: pass "positions" or "ranges" for a document that is not in the active editor.`);
  }
  const valid = ranges.map((r) => document.validateRange(r));
  return { urns: urnsAt(document, valid) };
}

async function confirmSeveral(run: CommandRun, connection: Connection, urns: string[]): Promise<boolean> {
  const shown = urns.slice(0, 15).map((u) => `• ${shortenUrn(u, 100)}`);
  if (urns.length > shown.length) shown.push(`…and ${urns.length - shown.length} more`);
  const go = `Restore ${urns.length} URNs`;
  const detail = `${shown.join('\n')}\n\nThey are restored one by one; a failure on one does not stop the others.${askedByProgram(run)}`;
  return (
    (await confirmDestructive(run, {
      apiClass: 'restoreAndTruncate',
      message: titleFor(connection, `Restore indices for ${urns.length} URNs?`),
      detail,
      go,
    })) === go
  );
}

function summary(results: UrnRestoreItem[], ms: number): { message: string; failed: boolean } {
  const ok = results.filter((r): r is Extract<UrnRestoreItem, { ok: true }> => r.ok);
  const bad = results.filter((r): r is Extract<UrnRestoreItem, { ok: false }> => !r.ok);
  const rows = ok.reduce((n, r) => n + r.rowsMigrated, 0);
  const ignored = ok.reduce((n, r) => n + r.ignored, 0);
  let message = `Restored ${ok.length} of ${count(results.length, 'URN')}: ${count(rows, 'row')}${ignored > 0 ? `, ${ignored} ignored` : ''}, ${formatSeconds(ms)}.${ignoredNote(ignored)}`;
  const failed = bad.filter((b) => !b.skipped);
  if (failed.length > 0) {
    message += ` ${failed.length} failed: ${failed
      .slice(0, 2)
      .map((b) => `${shortenUrn(b.urn, 60)}: ${b.error}`)
      .join(' ')}${failed.length > 2 ? ' …see the log.' : ''}`;
  }
  const skipped = bad.length - failed.length;
  if (skipped > 0) message += ` ${skipped} not started (cancelled).`;
  return { message, failed: bad.length > 0 };
}

async function restoreAtCursor(services: Services, arg: unknown, run: CommandRun): Promise<AtCursorResult | undefined> {
  const target = await resolveTarget(arg);
  if (target.urns.length === 0) {
    if (!run.interactive) throw new Error(NO_URN_MESSAGE);
    void safeWindow.showWarningMessage(NO_URN_MESSAGE);
    return undefined;
  }
  const active = await restoreClient(services, run);
  // A Uri (the context menu) or nothing runs in mode 'ui'; any other argument is a link or the API.
  const programmatic = run.mode !== 'ui';
  if (target.urns.length > 1 && !(await confirmSeveral(run, active.connection, target.urns))) return undefined;

  // Interactive runs confirm afterwards that the URNs search was missing became searchable.
  const before = run.interactive ? await searchStateBefore(services, active, target.urns) : undefined;
  const results: UrnRestoreItem[] = [];
  let oneMessage: string | undefined;
  const began = Date.now();
  const one = target.urns.length === 1;
  await withRestoreProgress(
    one ? `Restoring indices for ${shortenUrn(target.urns[0], 60)}` : `Restoring indices for ${target.urns.length} URNs`,
    async (signal, report) => {
      for (const [i, urn] of target.urns.entries()) {
        // Stop between URNs; the one in flight finishes so its outcome is known.
        if (signal.aborted) {
          results.push({ urn, ok: false, error: 'not started: the restore was cancelled', skipped: true });
          continue;
        }
        if (!one) report(`${i + 1}/${target.urns.length}: ${shortenUrn(urn, 60)}`);
        try {
          const outcome = await restoreUrn(services, active, urn, undefined);
          results.push({ urn, ok: true, rowsMigrated: outcome.rowsMigrated, ignored: outcome.ignored });
          if (one) oneMessage = urnResultMessage(outcome.urn, outcome.aspect, outcome.rowsMigrated, outcome.ignored, outcome.durationMs);
          if (one && run.interactive) showUrnResult(services, outcome);
        } catch (error) {
          // A single URN that fails is reported by the shared handler, with its actions (e.g. Set Access Token).
          if (one && run.interactive && !programmatic) throw error;
          const message = describeError(error, contextFor(active)).message;
          services.log.error(`${COMMAND}: ${urn}: ${message}`);
          results.push({ urn, ok: false, error: message });
        }
      }
    },
  );
  const told = one ? { message: oneMessage ?? (results[0] as { error: string }).error, failed: !results[0].ok } : summary(results, Date.now() - began);
  let message = told.message;
  if (!one && run.interactive) {
    const show = told.failed ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
    void show(message, 'Show Details').then((c) => c === 'Show Details' && services.log.show(true));
  } else if (one && run.interactive && programmatic && !results[0].ok) {
    void safeWindow.showErrorMessage((results[0] as { error: string }).error, 'Show Details').then((c) => c === 'Show Details' && services.log.show(true));
  }
  const restored = results.filter((r) => r.ok).length;
  const confirm = before ? missingFromSearch(before).filter((urn) => results.some((r) => r.ok && r.urn === urn)) : [];
  if (confirm.length > 0) message = `${message} ${(await confirmSearchable(services, active, confirm, { interactive: true })).message}`;
  return { message, results, restored, failed: results.length - restored };
}

export function registerRestoreAtCursor(services: Services) {
  // Registered directly (not through registerCommand): a Uri from the context menu is an interactive call.
  const api = exposeToApi(COMMAND, (arg) => runCommand(services, COMMAND, arg ?? {}, (_a, run) => restoreAtCursor(services, arg ?? {}, run), 'api'));
  const command = registerVscodeCommand(COMMAND, (arg?: unknown) => {
    const interactiveArg = arg === undefined || arg instanceof vscode.Uri;
    return runCommand(services, COMMAND, interactiveArg ? undefined : isArgObject(arg) ? arg : { value: arg }, (_a, run) =>
      restoreAtCursor(services, arg, run),
    );
  });
  return registrationWith(command, api);
}
