// DataHub: Clear Access Token — deletes the connection's token from SecretStorage.
// Programmatic: { connection? } -> { connection }.
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { Services } from '../ui/services';
import { registerCommand } from '../ui/commandRunner';
import { targetConnection } from '../ui/target';

export function registerClearAccessToken(services: Services): vscode.Disposable {
  return registerCommand(services, 'datahub.clearAccessToken', async (arg, run) => {
    const connection = targetConnection(services, arg, 'datahub.clearAccessToken', run);
    await services.connections.clearToken(connection);
    if (!arg) void safeWindow.showInformationMessage(`Access token cleared for "${connection.name}".`);
    return { connection: connection.name };
  });
}
