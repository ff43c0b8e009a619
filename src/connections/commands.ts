// The connection commands, loaded on the first of them (dist/features.js): add, switch,
// edit, remove, the token, Test Connection, the CLI import, settings and the log.
// index.ts declares their ids; the status bar and the connection service stay eager.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registrationsOf } from '../shared/commandIds';

export { offerCliImportOnce } from './cliOffer';
import { registerAddConnection } from './addConnection';
import { registerClearAccessToken } from './clearAccessToken';
import { registerImportFromCli } from './importFromCli';
import { registerOpenSettings } from './openSettings';
import { registerRemoveConnection } from './removeConnection';
import { registerSetAccessToken } from './setAccessToken';
import { registerShowLog } from './showLog';
import { registerSwitchConnection } from './switchConnection';
import { registerEditConnection } from './editConnection';
import { registerTestConnection } from './testConnection';
import { registerJournalCommands } from './journalCommands';

export function registerCommands(services: Services): vscode.Disposable[] {
  return registrationsOf(
    'connections',
    registerAddConnection(services),
    registerSwitchConnection(services),
    registerEditConnection(services),
    registerRemoveConnection(services),
    registerSetAccessToken(services),
    registerClearAccessToken(services),
    registerTestConnection(services),
    registerImportFromCli(services),
    registerOpenSettings(services),
    registerShowLog(services),
    ...registerJournalCommands(services),
  );
}
