// datahub.checkSearchIndex: is a URN in DataHub's database, in its search index,
// soft-deleted? Asks entityExists and searchAcrossEntities (filtered on `urn`)
// on the active connection, in one GraphQL request.
//   palette: a prompt that takes a URN or searches DataHub for a name
//   editor context menu (a Uri argument): the URN at the cursor
//   hover link: { urn, notify: true }: shows the result like the palette (Explain Search
//     when the database has it and search does not)
//   programmatic: { urn } -> { urn, inDatabase, inSearch, removed } (no UI; errors reject)
import { pickUrn } from '../platform/urnPicker';
import { registerVscodeCommand, registrationWith } from '../platform/lazyCommands';
import { activeClient } from '../platform/activeClient';
import { activeTitle } from '../platform/titles';
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Connection, Services } from '../platform/services';
import { offerFollowUp } from '../platform/followUp';
import type { SearchIndexStatus } from '../gms/types';
import { parseUrn } from '../gms/urn';
import { normaliseUrnInput, findUrnAt } from '../shared/findUrn';
import { entityPageUrl, verdictMessage, verdictOf } from '../shared/searchCheck';
import { exposeToApi, isArgObject, runCommand, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { checkSearchIndexArgs } from './logic/args';
import { shortenUrn } from '../restore/logic/restoreFormat';
import type { Outcome } from '../shared/outcome';
import { Commands } from '../shared/commandIds';

export const CHECK_COMMAND = Commands.checkSearchIndex;

export interface CheckSearchIndexResult extends Outcome {
  urn: string;
  inDatabase: boolean;
  inSearch: boolean;
  removed: boolean;
}

function urnArg(arg: Record<string, unknown>): string {
  const urn = normaliseUrnInput(parseArgs(CHECK_COMMAND, checkSearchIndexArgs, arg).urn);
  const parsed = parseUrn(urn);
  if (!parsed.ok) throw new Error(`${CHECK_COMMAND}: "urn" is not a URN: ${parsed.reason}.`);
  return urn;
}

function urnAtCursorOf(uri: vscode.Uri): string | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.uri.toString() !== uri.toString()) return undefined;
  const pos = editor.selection.active;
  return findUrnAt(editor.document.lineAt(pos.line).text, pos.character)?.urn;
}

async function promptUrn(services: Services): Promise<string | undefined> {
  return pickUrn(services, {
    title: activeTitle(services, 'DataHub: Check Search Index for URN'),
    prompt: 'The URN to look for in the database and the search index. A DataHub link or URL-encoded URN works too.',
    placeHolder: 'A URN, or a name to search DataHub for (e.g. a table name)',
  });
}

/** The result as a notification, with Restore Indices (when search misses it) and Open in DataHub. */
export function showCheckResult(services: Services, status: SearchIndexStatus, connection: Connection): void {
  const frontendUrl = connection.frontendUrl;
  const verdict = verdictOf(status);
  const message = verdictMessage(status, shortenUrn(status.urn, 80));
  services.log.info(`Search check: ${message}`);
  const buttons: string[] = [];
  if (verdict === 'missingFromSearch') buttons.push('Restore Indices');
  // In the database but not found by search: why, for the text a user typed.
  if (verdict === 'missingFromSearch' || verdict === 'softDeleted') buttons.push('Explain Search');
  const page = frontendUrl && verdict !== 'nowhere' ? entityPageUrl(frontendUrl, status.urn) : undefined;
  if (page) buttons.push('Open in DataHub');
  const show = verdict === 'searchable' ? safeWindow.showInformationMessage : safeWindow.showWarningMessage;
  // Restore Indices writes: bound to the connection checked and good for 10 minutes (src/platform/followUp.ts).
  const offer = offerFollowUp(services, connection, 'Check the URN again');
  void show(message, ...buttons).then((choice) => {
    if (choice === 'Restore Indices') void offer.run(choice, () => vscode.commands.executeCommand(Commands.restoreIndices, { urn: status.urn, notify: true }));
    if (choice === 'Explain Search') void vscode.commands.executeCommand(Commands.explainSearch, { urn: status.urn });
    if (choice === 'Open in DataHub' && page) void vscode.env.openExternal(vscode.Uri.parse(page, true));
  });
}

async function checkSearchIndex(services: Services, arg: unknown, run: CommandRun): Promise<CheckSearchIndexResult | undefined> {
  const programmatic = isArgObject(arg) && !(arg instanceof vscode.Uri);
  const args = programmatic ? (arg as Record<string, unknown>) : undefined;
  let urn = args ? urnArg(args) : arg instanceof vscode.Uri ? urnAtCursorOf(arg) : undefined;
  const active = await activeClient(services, run, { action: 'graphql', writes: false });
  urn ??= args ? undefined : await promptUrn(services);
  if (!urn) return undefined;
  const target = urn;
  const interactive = !args || args.notify === true;
  const status = await safeWindow.runCancellable(
    interactive ? { location: vscode.ProgressLocation.Notification, title: `Checking DataHub search for ${shortenUrn(target, 60)}` } : undefined,
    undefined,
    (signal) => active.client.search.checkSearchIndex(target, signal),
  );
  if (interactive) showCheckResult(services, status, active.connection);
  const message = verdictMessage(status, shortenUrn(status.urn, 80));
  return { message, urn: status.urn, inDatabase: status.inDatabase, inSearch: status.inSearch, removed: status.removed };
}

export function registerCheckSearchIndex(services: Services) {
  // Registered directly: a Uri from the editor context menu is an interactive call, not an argument object.
  const command = registerVscodeCommand(CHECK_COMMAND, (arg?: unknown) => {
    const interactiveArg = arg === undefined || arg instanceof vscode.Uri;
    const notify = isArgObject(arg) && (arg as { notify?: unknown }).notify === true;
    return runCommand(services, CHECK_COMMAND, interactiveArg || notify ? undefined : arg, (_a, run) => checkSearchIndex(services, arg, run));
  });
  const api = exposeToApi(CHECK_COMMAND, (arg) =>
    runCommand(services, CHECK_COMMAND, arg ?? {}, (_a, run) => checkSearchIndex(services, arg ?? {}, run), 'api'),
  );
  return registrationWith(command, api);
}
