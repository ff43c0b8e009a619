// DataHub: Clear Access Token — deletes the connection's token from SecretStorage.
// Programmatic: { connection? } -> { connection }.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { connectionArgs } from './logic/args';
import { targetConnection } from '../platform/target';
import { Commands } from '../shared/commandIds';

export function registerClearAccessToken(services: Services): vscode.Disposable {
  return registerCommand(services, Commands.clearAccessToken, async (arg, run) => {
    const connection = targetConnection(services, parseArgs(Commands.clearAccessToken, connectionArgs, arg), run);
    await services.connections.clearToken(connection);
    if (run.mode === 'ui') void safeWindow.showInformationMessage(`Access token cleared for "${connection.name}".`);
    return { connection: connection.name };
  });
}
