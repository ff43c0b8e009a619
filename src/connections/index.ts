// The connections feature: connection and token commands, the status bar, the
// DataHub CLI offer. Other features and extension.ts use it through here.
import type * as vscode from 'vscode';
import type { Services } from '../ui/services';
import { registerAddConnection } from './addConnection';
import { registerClearAccessToken } from './clearAccessToken';
import { registerImportFromCli } from './importFromCli';
import { registerOpenSettings } from './openSettings';
import { registerRemoveConnection } from './removeConnection';
import { registerSetAccessToken } from './setAccessToken';
import { registerShowLog } from './showLog';
import { registerSwitchConnection } from './switchConnection';
import { registerTestConnection } from './testConnection';
import { createConnectionStatusBar } from './statusBar';

export { SettingsConnectionService } from './connectionService';
export { offerCliImportOnce } from './cliOffer';

export function registerConnections(services: Services): vscode.Disposable[] {
  return [
    createConnectionStatusBar(services.connections),
    registerAddConnection(services),
    registerSwitchConnection(services),
    registerRemoveConnection(services),
    registerSetAccessToken(services),
    registerClearAccessToken(services),
    registerTestConnection(services),
    registerImportFromCli(services),
    registerOpenSettings(services),
    registerShowLog(services),
  ];
}
