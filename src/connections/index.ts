// Registers the core commands: connections, tokens and the Timeseries Indices view.
import type * as vscode from 'vscode';
import type { Services } from '../ui/services';
import { registerCopyCommands, registerFilterCommands, registerRefreshIndexSizes, registerSortCommands, type IndicesView } from '../indices';
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

export function registerCoreCommands(services: Services, view: IndicesView): vscode.Disposable[] {
  return [
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
    registerRefreshIndexSizes(services, view),
    ...registerSortCommands(services, view),
    ...registerFilterCommands(services, view),
    ...registerCopyCommands(services),
  ];
}
