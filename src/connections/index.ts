// The connections feature: connection and token commands, the status bar, the
// DataHub CLI offer. Other features and extension.ts use it through here.
import type * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import type { Services } from '../platform/services';
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
import { createConnectionStatusBar, type ConnectionStatusBar } from './statusBar';
import { migrateGlobalTlsOptOut } from './tlsOff';

export { SettingsConnectionService } from './connectionService';
export { offerCliImportOnce } from './cliOffer';

export type { EditConnectionResult } from './editConnection';
/** The argument schemas of the connection commands (the typed API's parameter types). */
export type { connectionsArgs } from './logic/args';

/** The connections seam (read through src/api/testApi.ts): the status bar item of this window, and the move of the old global TLS switch. */
export interface ConnectionsSeam {
  statusBar: ConnectionStatusBar;
  /** The move of the old global TLS switch: the one at activation, and a way to run it again. */
  tls: { atActivation: Promise<unknown>; migrate(): Promise<{ optOut: string[]; refused: string[] } | undefined> };
}

export function register(services: Services): FeatureRegistration<ConnectionsSeam> {
  const statusBar = createConnectionStatusBar(services.connections);
  // The old global TLS switch moves to the connections it may apply to, with a notice.
  const atActivation = migrateGlobalTlsOptOut(services.context, services.log).catch((error: unknown) => {
    services.log.error(`Could not move datahub.tls.rejectUnauthorized to the connections: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  });
  const tls = { atActivation, migrate: () => migrateGlobalTlsOptOut(services.context, services.log) };
  const disposables: vscode.Disposable[] = [
    statusBar,
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
  ];
  return { disposables, seam: { statusBar, tls } };
}
