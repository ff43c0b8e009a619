// The connections feature: connection and token commands, the status bar, the
// DataHub CLI offer. Other features and extension.ts use it through here.
import type * as vscode from 'vscode';
import type { FeatureRegistration } from '../platform/feature';
import { deferCommands } from '../platform/lazyCommands';
import { loadFeature } from '../platform/loadFeatures';
/** This feature's commands.ts, loaded on first use. */
type CommandsConnections = typeof import('./commands');
import { commandIdsOf } from '../shared/commandIds';
import type { Services } from '../platform/services';
import { createConnectionStatusBar, type ConnectionStatusBar } from './statusBar';
import { migrateGlobalTlsOptOut } from './tlsOff';

export { SettingsConnectionService } from './connectionService';

export type { EditConnectionResult } from './editConnection';
/** The argument schemas of the connection commands (the typed API's parameter types). */
export type { connectionsArgs, ConnectionsApi } from './table';

/** The connections seam (read through src/api/testApi.ts): the status bar item of this window, and the move of the old global TLS switch. */
export interface ConnectionsSeam {
  statusBar: ConnectionStatusBar;
  /** The move of the old global TLS switch: the one at activation, and a way to run it again. */
  tls: { atActivation: Promise<unknown>; migrate(): Promise<{ optOut: string[]; refused: string[] } | undefined> };
}

export function register(services: Services): FeatureRegistration<ConnectionsSeam> {
  const statusBar = createConnectionStatusBar(services.connections);
  // The old global TLS switch moves to the connections it may apply to, with a notice, just after
  // activation (nothing reads the old switch any more, so nothing waits for the move).
  let migrated!: (outcome: Awaited<ReturnType<typeof migrateGlobalTlsOptOut>>) => void;
  const atActivation = new Promise<Awaited<ReturnType<typeof migrateGlobalTlsOptOut>>>((resolve) => (migrated = resolve));
  const afterActivation = () => {
    statusBar.start();
    void migrateGlobalTlsOptOut(services.context, services.log)
      .catch((error: unknown) => {
        services.log.error(`Could not move datahub.tls.rejectUnauthorized to the connections: ${error instanceof Error ? error.message : String(error)}`);
        return undefined;
      })
      .then(migrated);
  };
  const tls = { atActivation, migrate: () => migrateGlobalTlsOptOut(services.context, services.log) };
  const commands = deferCommands(
    {
      name: 'connection commands',
      commands: commandIdsOf('connections'),
      load: () => loadFeature<CommandsConnections>('connections').registerCommands(services),
    },
    services.log,
  );
  const disposables: vscode.Disposable[] = [statusBar, commands];
  return { disposables, seam: { statusBar, tls }, afterActivation };
}

/** With no connection yet, offers once to import the DataHub CLI's connection (its code loads only then). */
export function offerCliImportOnce(services: Services): Promise<void> {
  if (services.connections.list().length > 0) return Promise.resolve();
  return loadFeature<CommandsConnections>('connections').offerCliImportOnce(services);
}
