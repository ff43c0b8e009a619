// The jobs feature's commands, loaded on the first of them (dist/features.js), and the
// job prompts a pattern restore hands over to. index.ts declares their ids.
import type * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerRestoreAsJobCommand } from './manifest/restoreAsJob';
import { registerClusterCommands } from './cluster/clusterCommands';
import { registerUpgradeCommands } from './upgrade/upgradeCommands';

export { openJobFlow } from './manifest/restoreAsJob';

export function registerCommands(services: Services): vscode.Disposable[] {
  return [registerRestoreAsJobCommand(services), ...registerClusterCommands(services).disposables, ...registerUpgradeCommands(services).disposables];
}
