// The jobs feature's commands, loaded on the first of them (dist/features.js) or at
// activation when the last window left watches to offer again, and the job prompts a
// pattern restore hands over to. index.ts declares their ids.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registrationsOf } from '../shared/commandIds';
import { registerRestoreAsJobCommand } from './manifest/restoreAsJob';
import { registerClusterCommands } from './cluster/clusterCommands';
import { registerUpgradeCommands } from './upgrade/upgradeCommands';
import { registerWatchKeeping } from './cluster/stopWatching';

export { openJobFlow } from './manifest/restoreAsJob';

export function registerCommands(services: Services): vscode.Disposable[] {
  const cluster = registerClusterCommands(services);
  const upgrade = registerUpgradeCommands(services);
  return registrationsOf(
    'jobs',
    registerRestoreAsJobCommand(services),
    ...cluster.commands,
    ...cluster.disposables,
    ...upgrade.commands,
    ...upgrade.disposables,
    // Stop Watching, and the watches of the last window offered again.
    ...registerWatchKeeping(services, cluster.jobs, upgrade.watches),
  );
}
