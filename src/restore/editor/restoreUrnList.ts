// datahub.restoreUrnsInFile / datahub.restoreUrnsInSelection: every URN in the file (or
// the selections), each once, restored after one confirmation with the count.
//
// Arguments (see docs/api.md):
//   none, or a Uri (the editor context menu): the active editor's text / selections
//   { urns: string[] }: these URNs (each must parse; the first bad one is named)
//   { uri }: (file form) the text of that document, which must be open in VS Code
// Over OpenAPI, chunks of URNS_PER_REQUEST URNs go as POST restoreIndices (one request
// each; Cancel stops between chunks); on a Rest.li-only server each URN is restored on
// its own with datahub.restore.concurrency at once. The result names every URN that
// restored nothing.
import { registerVscodeCommand, registrationWith } from '../../platform/lazyCommands';
import * as vscode from 'vscode';
import * as safeWindow from '../../platform/safeWindow';
import type { ActiveClient, Services } from '../../platform/services';
import { runCommand, describeError, exposeToApi, isArgObject, type CommandRun } from '../../platform/commandRunner';
import { askedByProgram, confirmDestructive } from '../../platform/confirmGate';
import { restoreClient, configuredConcurrency, contextFor, RESTORE_ACTION, restoreUrn, withRestoreProgress } from '../restoreRun';
import { count, formatSeconds, shortenUrn } from '../logic/restoreFormat';
import { normaliseUrnInput } from '../../shared/findUrn';
import { parseUrn } from '../../gms/urn';
import { Commands } from '../../shared/commandIds';
import { titleFor } from '../../shared/connections';
import { parseArgs } from '../../shared/args';
import { restoreUrnsInFileArgs, restoreUrnsInSelectionArgs } from '../logic/args';
import {
  checkUrnCount,
  chunk,
  dedupe,
  nothingReasons,
  nothingReasonText,
  restoreChunkExactly,
  URNS_PER_REQUEST,
  urnsInText,
  type NothingReason,
  type RestoredNothing,
} from '../logic/urnList';
import type { Outcome } from '../../shared/outcome';
import type { GmsTransport } from '../../gms/types';

type Scope = 'file' | 'selection';

export interface UrnListResult extends Outcome {
  requested: number;
  restored: number;
  /** Every URN that restored nothing (no row migrated), in the order given. */
  restoredNothing: string[];
  /** The same URNs with why: notInDatabase, noRows (in the database, no row of the aspects asked), unknown (the existence check failed). */
  nothingRestored: RestoredNothing[];
  rowsMigrated: number;
  ignored: number;
  requests: number;
  transport: GmsTransport;
  status: 'completed' | 'cancelled';
}

/** From this many URNs, a production connection asks for its name typed as well. */
const TYPED_FROM = 100;

const commandOf = (scope: Scope) => (scope === 'file' ? Commands.restoreUrnsInFile : Commands.restoreUrnsInSelection);
const whereOf = (scope: Scope) => (scope === 'file' ? 'in this file' : 'in the selection');

function checkedUrns(command: string, values: readonly string[]): string[] {
  return values.map((v, i) => {
    const urn = normaliseUrnInput(v);
    const parsed = parseUrn(urn);
    // "urn:li:corpuser" parses as a URN prefix, but names no entity: a restore needs the key.
    const reason = !parsed.ok ? parsed.reason : parsed.value.key === undefined ? 'it names an entity type but no entity (urn:li:<type>:<key>)' : undefined;
    if (reason) throw new Error(`${command}: urns[${i}] "${shortenUrn(v, 80)}" is not a URN: ${reason}. Nothing was sent.`);
    return urn;
  });
}

function openDocument(command: string, uri: string): vscode.TextDocument {
  const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  if (!open) throw new Error(`${command}: "uri" must name a document open in VS Code; ${shortenUrn(uri, 80)} is not open. Open it first.`);
  return open;
}

/** The URNs the command works on, and where they came from (for the messages). */
function resolveUrns(scope: Scope, arg: unknown, run: CommandRun): { urns: string[]; where: string } {
  const command = commandOf(scope);
  if (isArgObject(arg) && !(arg instanceof vscode.Uri)) {
    // A vscode.Uri (from code in the host) is read as its string.
    const given = arg.uri instanceof vscode.Uri ? { ...arg, uri: arg.uri.toString() } : arg;
    const parsed = scope === 'file' ? parseArgs(command, restoreUrnsInFileArgs, given) : parseArgs(command, restoreUrnsInSelectionArgs, given);
    if (parsed.urns !== undefined) return { urns: dedupe(checkedUrns(command, parsed.urns)), where: 'in "urns"' };
    if ('uri' in parsed && typeof parsed.uri === 'string') return { urns: urnsInText(openDocument(command, parsed.uri).getText()), where: 'in that document' };
  }
  const editor = vscode.window.activeTextEditor;
  if (!editor) throw new Error(`${command}: no editor is active: open a file${run.mode === 'ui' ? '' : ', or pass "urns"'}.`);
  if (scope === 'file') return { urns: urnsInText(editor.document.getText()), where: whereOf(scope) };
  const texts = editor.selections.filter((s) => !s.isEmpty).map((s) => editor.document.getText(s));
  if (texts.length === 0) throw new Error(`${command}: nothing is selected. Select the text with the URNs, or use Restore Indices for URNs in This File.`);
  return { urns: dedupe(texts.flatMap(urnsInText)), where: whereOf(scope) };
}

async function confirmList(run: CommandRun, active: ActiveClient, urns: string[], transport: GmsTransport): Promise<boolean> {
  const shown = urns.slice(0, 10).map((u) => `• ${shortenUrn(u, 100)}`);
  if (urns.length > shown.length) shown.push(`…and ${urns.length - shown.length} more`);
  const how =
    transport === 'openapi'
      ? `They are sent ${URNS_PER_REQUEST} per request (${count(Math.ceil(urns.length / URNS_PER_REQUEST), 'request')}); Cancel stops between requests.`
      : `This server has no OpenAPI restore: each URN is restored on its own (${count(urns.length, 'request')} or more).`;
  const go = `Restore ${count(urns.length, 'URN')}`;
  const typed =
    urns.length >= TYPED_FROM
      ? { connection: active.connection, action: RESTORE_ACTION, expected: String(urns.length), consequence: `Restores the indices of ${urns.length} URNs.` }
      : undefined;
  const message = titleFor(active.connection, `Restore indices for ${count(urns.length, 'URN')}?`);
  const detail = `${shown.join('\n')}\n\n${how} Each URN's search documents are rebuilt from its latest aspects.${askedByProgram(run)}`;
  return (await confirmDestructive(run, { apiClass: 'restoreAndTruncate', message, detail, go, typed })) === go;
}

interface Tally {
  restored: Set<string>;
  nothing: Map<string, NothingReason>;
  rowsMigrated: number;
  ignored: number;
  requests: number;
}

/**
 * OpenAPI: one POST per chunk, the database asked beside it which URNs exist, so every URN
 * that restored nothing is named with why (restoreChunkExactly). Cancel stops between
 * chunks: the request in flight is not aborted, so every URN sent has a known outcome.
 */
async function restoreInChunks(services: Services, active: ActiveClient, urns: string[], tally: Tally, signal: AbortSignal, report: (m: string) => void) {
  const chunks = chunk(urns, URNS_PER_REQUEST);
  for (const [i, part] of chunks.entries()) {
    if (signal.aborted) return 'cancelled' as const;
    report(`${i + 1}/${chunks.length}: ${count(part.length, 'URN')} · ${count(tally.rowsMigrated, 'row')} so far`);
    const exact = await restoreChunkExactly(active.client, part);
    const { answer } = exact;
    tally.requests += exact.requests;
    tally.rowsMigrated += answer.rowsMigrated;
    tally.ignored += answer.ignored;
    services.log.info(
      `${Commands.restoreUrnsInFile}: chunk ${i + 1}/${chunks.length} (${part.length} URNs): rowsMigrated=${answer.rowsMigrated}, ignored=${answer.ignored}, ${answer.batches.length} batch result(s), ${exact.nothing.length} restored nothing`,
    );
    if (exact.existenceFailure)
      services.log.warn(`  the database could not be asked which URNs exist (${exact.existenceFailure}); unplaced URNs were restored one by one`);
    for (const n of exact.nothing) tally.nothing.set(n.urn, n.reason);
    for (const urn of exact.restored) tally.restored.add(urn);
  }
  return 'completed' as const;
}

/** Rest.li only: each URN with the existing per-URN restore, datahub.restore.concurrency at once; Cancel stops between URNs. */
async function restoreOneByOne(services: Services, active: ActiveClient, urns: string[], tally: Tally, signal: AbortSignal, report: (m: string) => void) {
  let next = 0;
  let done = 0;
  let failure: unknown;
  const worker = async (): Promise<void> => {
    while (next < urns.length && !signal.aborted && failure === undefined) {
      const urn = urns[next++];
      try {
        const outcome = await restoreUrn(services, active, urn, undefined);
        tally.requests += outcome.requests;
        tally.rowsMigrated += outcome.rowsMigrated;
        tally.ignored += outcome.ignored;
        if (outcome.rowsMigrated === 0) tally.nothing.set(urn, 'unknown');
        else tally.restored.add(urn);
      } catch (error) {
        failure ??= error;
      }
      report(`${++done}/${urns.length}: ${shortenUrn(urn, 60)}`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(configuredConcurrency(), urns.length) }, worker));
  if (failure !== undefined) throw failure;
  // Why each restored nothing: the database asked in batches (one GraphQL request per 100 URNs).
  const empty = [...tally.nothing.keys()];
  if (empty.length > 0) {
    const why = await nothingReasons(active.client, empty);
    if (why.failure) services.log.warn(`  the database could not be asked which URNs exist (${why.failure}); their reason stays unknown`);
    for (const n of why.nothing) tally.nothing.set(n.urn, n.reason);
  }
  return signal.aborted && done < urns.length ? ('cancelled' as const) : ('completed' as const);
}

function resultMessage(r: Omit<UrnListResult, 'message'>, ms: number): string {
  const head =
    r.status === 'cancelled'
      ? `Cancelled: restored ${r.restored} of ${count(r.requested, 'URN')} before stopping`
      : `Restored ${r.restored} of ${count(r.requested, 'URN')}`;
  let message = `${head}: ${count(r.rowsMigrated, 'row')}${r.ignored ? `, ${r.ignored} ignored` : ''}, ${count(r.requests, 'request')}, ${formatSeconds(ms)}.`;
  if (r.nothingRestored.length > 0) {
    const named = r.nothingRestored.slice(0, 3).map((n) => `${shortenUrn(n.urn, 80)} (${nothingReasonText(n.reason)})`);
    const more = r.nothingRestored.length > named.length ? ` and ${r.nothingRestored.length - named.length} more (see the log)` : '';
    message += ` ${r.nothingRestored.length === 1 ? 'This URN restored nothing' : `${r.nothingRestored.length} URNs restored nothing`}: ${named.join(', ')}${more}.`;
  }
  return message;
}

async function restoreUrnList(services: Services, scope: Scope, arg: unknown, run: CommandRun): Promise<UrnListResult | undefined> {
  const command = commandOf(scope);
  // Read-only is refused first, before the text is read or anything is asked or sent.
  const active = await restoreClient(services, run);
  const { urns, where } = resolveUrns(scope, arg, run);
  const problem = checkUrnCount(urns, where);
  if (problem) throw new Error(`${command}: ${problem} Nothing was sent.`);
  const { transport } = await active.client.transport();
  if (!(await confirmList(run, active, urns, transport))) return undefined;

  const tally: Tally = { restored: new Set(), nothing: new Map(), rowsMigrated: 0, ignored: 0, requests: 0 };
  const began = Date.now();
  services.log.info(`${command} on "${active.connection.name}": ${urns.length} URN(s) over ${transport}`);
  let status: UrnListResult['status'];
  try {
    status = await withRestoreProgress(`Restoring indices for ${count(urns.length, 'URN')}`, (signal, report) =>
      transport === 'openapi' ? restoreInChunks(services, active, urns, tally, signal, report) : restoreOneByOne(services, active, urns, tally, signal, report),
    );
  } catch (error) {
    const done = tally.restored.size + tally.nothing.size;
    if (done > 0) services.log.error(`${command}: stopped after ${done} of ${urns.length} URNs: ${describeError(error, contextFor(active)).message}`);
    throw error;
  }
  const nothingRestored = urns.flatMap((urn): RestoredNothing[] => {
    const reason = tally.nothing.get(urn);
    return reason ? [{ urn, reason }] : [];
  });
  const counts = {
    requested: urns.length,
    restored: tally.restored.size,
    restoredNothing: nothingRestored.map((n) => n.urn),
    nothingRestored,
    rowsMigrated: tally.rowsMigrated,
    ignored: tally.ignored,
    requests: tally.requests,
    transport,
    status,
  };
  const message = resultMessage(counts, Date.now() - began);
  const result: UrnListResult = { message, ...counts };
  services.log.info(`${command}: ${message}`);
  for (const n of nothingRestored) services.log.info(`  restored nothing (${nothingReasonText(n.reason)}): ${n.urn}`);
  if (run.mode === 'ui') {
    const show = result.restoredNothing.length > 0 || status === 'cancelled' ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
    void show(message, 'Show Details').then((c) => c === 'Show Details' && services.log.show(true));
  }
  return result;
}

function registerOne(services: Services, scope: Scope) {
  const id = commandOf(scope);
  const api = exposeToApi(id, (arg, via) => runCommand(services, id, arg ?? {}, (_a, run) => restoreUrnList(services, scope, arg ?? {}, run), via ?? 'api'));
  // Registered directly: a Uri from the context menu is an interactive call.
  const command = registerVscodeCommand(id, (arg?: unknown) => {
    const interactiveArg = arg === undefined || arg instanceof vscode.Uri;
    return runCommand(services, id, interactiveArg ? undefined : arg, (_a, run) => restoreUrnList(services, scope, interactiveArg ? undefined : arg, run));
  });
  return registrationWith(command, api);
}

export function registerRestoreUrnList(services: Services) {
  return [registerOne(services, 'file'), registerOne(services, 'selection')];
}
