// DataHub: Edit Connection… — changes a connection's environment or read-only
// flag after it was added. Programmatic: { name?, environment?, readOnly? }
// (name defaults to the active connection; environment "none" or null clears it)
// -> { name, environment?, readOnly? }. Through a command id, lifting a
// protection (read-only off, production off) keeps a modal.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Connection, ConnectionChanges, Services } from '../platform/services';
import { describeConnectionLabel, parseEnvironment, titleFor } from '../shared/connections';
import { noConnectionError } from '../shared/connectionError';
import { confirmStep, registerCommand, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { editConnectionArgs } from './logic/args';
import type { Outcome } from '../shared/outcome';
import { Commands } from '../shared/commandIds';
import { pickEnvironment, pickReadOnly } from './environmentPrompts';

const ID = Commands.editConnection;
const TITLE = 'Edit DataHub Connection';

export interface EditConnectionResult extends Outcome {
  name: string;
  environment?: string;
  readOnly?: boolean;
}

function toResult(connection: Connection): EditConnectionResult {
  return {
    message: `DataHub connection "${describeConnectionLabel(connection)}" saved.`,
    name: connection.name,
    ...(connection.environment ? { environment: connection.environment } : {}),
    ...(connection.readOnly ? { readOnly: true } : {}),
  };
}

/** Reads and checks the argument object; nothing changes when a value is wrong. */
function editArgs(services: Services, arg: unknown): { connection: Connection; changes: ConnectionChanges } {
  const parsed = parseArgs(ID, editConnectionArgs, arg);
  const name = parsed.name;
  const connection = name ? services.connections.get(name) : services.connections.active();
  if (!connection) {
    if (!name) throw noConnectionError();
    const known = services.connections
      .list()
      .map((c) => `"${c.name}"`)
      .join(', ');
    throw new Error(`${ID}: there is no connection named "${name}".${known ? ` Known: ${known}.` : ''}`);
  }
  const changes: ConnectionChanges = {};
  if ('environment' in parsed) changes.environment = parseEnvironment(parsed.environment, ID) ?? null;
  if (parsed.readOnly != null) changes.readOnly = parsed.readOnly;
  if (changes.environment === undefined && changes.readOnly === undefined) {
    throw new Error(`${ID}: pass "environment" ("production", "staging", "development" or "none") or "readOnly" (true or false).`);
  }
  return { connection, changes };
}

/** True when the change takes a protection away (what a command link must not do unasked). */
function lifts(connection: Connection, changes: ConnectionChanges): string[] {
  const lifted: string[] = [];
  if (connection.readOnly && changes.readOnly === false) lifted.push('turns read-only off (restore and truncate become possible)');
  if (connection.environment === 'production' && changes.environment !== undefined && changes.environment !== 'production') {
    lifted.push('removes the production marking (no typed name before a truncation)');
  }
  return lifted;
}

async function confirmLifting(run: CommandRun, connection: Connection, lifted: string[]): Promise<boolean> {
  if (lifted.length === 0) return true;
  return confirmStep(
    run,
    titleFor(connection, `Lift the protection of "${connection.name}"?`),
    `A command with arguments (a link, a keybinding or another extension) asks to change "${connection.name}": it ${lifted.join(' and ')}.`,
    'Change Connection',
    'localChanges',
  );
}

async function pickConnection(services: Services): Promise<Connection | undefined> {
  const list = services.connections.list();
  const active = services.connections.active();
  if (!active) throw noConnectionError();
  if (list.length === 1) return active;
  const items = [active, ...list.filter((c) => c.name !== active.name)].map((c) =>
    safeWindow.safeItem({ label: c.name, description: describeConnectionLabel(c).slice(c.name.length + 3) || undefined, detail: c.gmsUrl, connection: c }),
  );
  const picked = await vscode.window.showQuickPick(items, { title: TITLE, placeHolder: 'Connection to edit', ignoreFocusOut: true });
  return picked?.connection;
}

async function promptChanges(connection: Connection): Promise<ConnectionChanges | undefined> {
  const title = titleFor(connection, TITLE);
  const items = [
    { label: 'Environment…', description: connection.environment ?? 'none', field: 'environment' as const },
    { label: 'Read-only…', description: connection.readOnly ? 'yes' : 'no', field: 'readOnly' as const },
  ].map((item) => safeWindow.safeItem(item));
  const picked = await vscode.window.showQuickPick(items, { title, placeHolder: 'What to change', ignoreFocusOut: true });
  if (!picked) return undefined;
  if (picked.field === 'environment') {
    const environment = await pickEnvironment(`${title}: environment`, connection.environment);
    return environment === undefined ? undefined : { environment };
  }
  const readOnly = await pickReadOnly(`${title}: read-only`, connection.readOnly === true);
  return readOnly === undefined ? undefined : { readOnly };
}

export function registerEditConnection(services: Services) {
  return registerCommand<typeof ID, Record<string, unknown>, EditConnectionResult>(services, ID, async (arg, run) => {
    let connection: Connection | undefined;
    let changes: ConnectionChanges | undefined;
    if (arg) {
      ({ connection, changes } = editArgs(services, arg));
      if (!(await confirmLifting(run, connection, lifts(connection, changes)))) return undefined;
    } else {
      connection = await pickConnection(services);
      if (!connection) return undefined;
      changes = await promptChanges(connection);
      if (!changes) return undefined;
    }
    const updated = await services.connections.update(connection.name, changes);
    const result = toResult(updated);
    if (!arg) void safeWindow.showInformationMessage(result.message);
    return result;
  });
}
