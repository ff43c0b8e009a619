// The Doctor across connections: Run Doctor on All Connections (datahub.diagnoseAll: the Doctor's reads on
// every connection, a table of them by area) and Compare Connections (datahub.compareConnections: two side
// by side). Each connection is read with its own client from the connection service (its own token from
// secret storage, TLS, proxy and timeout), so a token only ever goes to its own server. Reads only: a
// read-only connection may use both. Both show a read-only Markdown document (datahub-doctor:).
import * as vscode from 'vscode';
import type { CommandRun } from '../platform/commandRunner';
import { registerCommand } from '../platform/commandRunner';
import { registrationWith } from '../platform/lazyCommands';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import * as safeWindow from '../platform/safeWindow';
import type { ActiveClient, Connection, Services } from '../platform/services';
import { parseArgs } from '../shared/args';
import { Commands } from '../shared/commandIds';
import { describeConnectionLabel, urlOrigin } from '../shared/connections';
import type { Outcome } from '../shared/outcome';
import { mdown, type Markdown } from '../shared/markdown';
import { READ_TIMEOUT_MS } from './collect';
import { connectionSignal, diagnoseConnections } from './collectAll';
import { readSide, sideUnreadable } from './compareRead';
import { allMarkdown, allMessage, type ConnectionDiagnosis } from './logic/allConnections';
import { compareArgsError, compareConnectionsArgs, diagnoseAllArgs } from './logic/args';
import { COMPARE_SECTIONS, compareMessage, compareSection, type CompareSection, type CompareSectionId, type SideReadings } from './logic/compare';
import { compareMarkdown } from './logic/compareMarkdown';

export interface DiagnoseAllResult extends Outcome {
  /** One per connection read, in the order of the settings (or of `connections`). */
  connections: ConnectionDiagnosis[];
  /** The table as Markdown (what Copy as Markdown copies). */
  markdown: string;
  /** The read-only document shown (datahub-doctor:). */
  documentUri: string;
}

export interface CompareSideResult {
  name: string;
  /** Why nothing of this side could be read (no token, its client could not be made, no answer at all). */
  unreadable?: string;
}

export interface CompareConnectionsResult extends Outcome {
  left: CompareSideResult;
  right: CompareSideResult;
  sections: CompareSection[];
  markdown: string;
  documentUri: string;
}

const words = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** The connections named, in that order; an unknown name refuses the run before anything is read. */
function namedConnections(services: Services, command: string, names: readonly string[] | undefined): Connection[] {
  const all = services.connections.list();
  if (!names) return all;
  const unknown = names.filter((n) => !all.some((c) => c.name === n));
  if (unknown.length)
    throw new Error(
      `${command}: no connection named ${unknown.map((n) => JSON.stringify(n.slice(0, 80))).join(', ')} (known: ${all.map((c) => JSON.stringify(c.name)).join(', ') || 'none'}). Nothing was read.`,
    );
  return [...new Set(names)].map((n) => all.find((c) => c.name === n) as Connection);
}

async function show(docs: ReadOnlyDocuments, title: string, markdown: Markdown, run: CommandRun, message: string, warn: boolean): Promise<vscode.Uri> {
  const uri = docs.add(title, markdown);
  if (run.mode === 'api') return uri;
  await vscode.commands.executeCommand('markdown.showPreview', uri);
  const say = warn ? safeWindow.showWarningMessage : safeWindow.showInformationMessage;
  void Promise.resolve(say(message, 'Copy as Markdown')).then(async (picked) => {
    if (!picked) return;
    await vscode.env.clipboard.writeText(markdown.text);
    void safeWindow.setStatusBarMessage('Copied as Markdown', 3000);
  });
  return uri;
}

async function diagnoseAll(
  services: Services,
  docs: ReadOnlyDocuments,
  lastMs: Map<string, number>,
  arg: unknown,
  run: CommandRun,
): Promise<DiagnoseAllResult> {
  const args = parseArgs(Commands.diagnoseAll, diagnoseAllArgs, arg ?? {});
  run.errorContext = { action: 'doctorHealth' };
  const connections = namedConnections(services, Commands.diagnoseAll, args.connections);
  const timeoutMs = args.timeoutSeconds !== undefined ? args.timeoutSeconds * 1000 : READ_TIMEOUT_MS;
  const at = Date.now();
  const rows = await safeWindow.runCancellable(
    run.mode === 'api' ? undefined : { location: vscode.ProgressLocation.Notification, title: `DataHub Doctor on ${connections.length} connection(s)` },
    undefined,
    (signal) => diagnoseConnections(connections, (c) => services.connections.clientFor(c), { signal, timeoutMs, lastMs, gc: true }),
  );
  const message = allMessage(rows);
  services.log.info(message);
  const markdown = allMarkdown(rows, at);
  const uri = await show(
    docs,
    'All connections',
    markdown,
    run,
    message,
    rows.some((r) => r.verdict !== 'ok'),
  );
  return { message, connections: rows, markdown: markdown.text, documentUri: uri.toString() };
}

/** The two connections: as named, else (a person's run) picked. */
async function pickSides(
  services: Services,
  left: string | undefined,
  right: string | undefined,
  run: CommandRun,
): Promise<[Connection, Connection] | undefined> {
  const all = services.connections.list();
  const pick = async (placeHolder: string, not?: string): Promise<string | undefined> => {
    const items = all
      .filter((c) => c.name !== not)
      .map((c) => safeWindow.safeItem({ label: c.name, description: describeConnectionLabel(c), detail: urlOrigin(c.gmsUrl) }));
    return (await vscode.window.showQuickPick(items, { placeHolder }))?.label;
  };
  if (run.mode === 'api' && (left === undefined || right === undefined)) throw new Error(compareArgsError('needsBoth'));
  const l = left ?? (await pick('Compare which connection…'));
  if (l === undefined) return undefined;
  const r = right ?? (await pick(`…with which connection (left: ${l})?`, l));
  if (r === undefined) return undefined;
  if (l === r) throw new Error(compareArgsError('same'));
  const [a, b] = namedConnections(services, Commands.compareConnections, [l, r]);
  return [a, b];
}

/** One side: its own client (no token: nothing sent), its readings. */
async function side(services: Services, connection: Connection, sections: readonly CompareSectionId[], signal: AbortSignal, timeoutMs: number) {
  let active: ActiveClient;
  try {
    active = await services.connections.clientFor(connection);
  } catch (error) {
    return { readings: {} as SideReadings, unreadable: `its client could not be made: ${words(error)}` };
  }
  if (!active.hasToken) return { readings: {} as SideReadings, unreadable: 'no access token is stored for this connection: nothing was sent' };
  const readings = await readSide(active, sections, connectionSignal(signal), timeoutMs);
  return { readings, unreadable: sideUnreadable(readings) };
}

async function compareConnections(services: Services, docs: ReadOnlyDocuments, arg: unknown, run: CommandRun): Promise<CompareConnectionsResult | undefined> {
  const args = parseArgs(Commands.compareConnections, compareConnectionsArgs, arg ?? {});
  run.errorContext = { action: 'doctorHealth' };
  const sides = await pickSides(services, args.left, args.right, run);
  if (!sides) return undefined;
  const [left, right] = sides;
  const sections = COMPARE_SECTIONS.filter((s) => !args.sections || args.sections.includes(s));
  const timeoutMs = args.timeoutSeconds !== undefined ? args.timeoutSeconds * 1000 : READ_TIMEOUT_MS;
  const at = Date.now();
  const [l, r] = await safeWindow.runCancellable(
    run.mode === 'api' ? undefined : { location: vscode.ProgressLocation.Notification, title: `Comparing ${left.name} and ${right.name}` },
    undefined,
    (signal) => Promise.all([side(services, left, sections, signal, timeoutMs), side(services, right, sections, signal, timeoutMs)]),
  );
  const compared = sections.map((id) => compareSection(id, l.readings, r.readings));
  const unreadable = { ...(l.unreadable ? { left: l.unreadable } : {}), ...(r.unreadable ? { right: r.unreadable } : {}) };
  const message = compareMessage(left.name, right.name, compared, unreadable);
  services.log.info(message);
  const leftSide = { name: left.name, ...(l.unreadable ? { unreadable: l.unreadable } : {}) };
  const rightSide = { name: right.name, ...(r.unreadable ? { unreadable: r.unreadable } : {}) };
  const markdown = compareMarkdown({ ...leftSide, gmsOrigin: urlOrigin(left.gmsUrl) }, { ...rightSide, gmsOrigin: urlOrigin(right.gmsUrl) }, compared, at);
  const differs = compared.some((s) => s.rows.some((row) => row.differs)) || Object.keys(unreadable).length > 0;
  const uri = await show(docs, `${left.name} vs ${right.name}`, markdown, run, message, differs);
  return { message, left: leftSide, right: rightSide, sections: compared, markdown: markdown.text, documentUri: uri.toString() };
}

/** Both commands and the document scheme they show in. */
export function registerAcrossConnections(services: Services) {
  const docs = new ReadOnlyDocuments(
    'datahub-doctor',
    'Doctor',
    mdown`# This report is gone\n\nRun **DataHub: Run Doctor on All Connections** or **DataHub: Compare Connections…** again.`,
  );
  const provider = docs.register();
  // How long each connection took last time, for this window: the slowest start first next time.
  const lastMs = new Map<string, number>();
  const all = registerCommand(services, Commands.diagnoseAll, (arg, run) => diagnoseAll(services, docs, lastMs, arg, run));
  const compare = registerCommand(services, Commands.compareConnections, (arg, run) => compareConnections(services, docs, arg, run));
  return [registrationWith(all, provider), compare] as const;
}
