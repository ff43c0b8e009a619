// DataHub: Open Settings — the extension's settings (connections live in settings.json).
import * as vscode from 'vscode';
import type { Services } from '../ui/services';
import { registerCommand } from '../ui/commandRunner';

export function registerOpenSettings(services: Services): vscode.Disposable {
  return registerCommand(services, 'datahub.openSettings', async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${services.context.extension.id}`);
    return {};
  });
}
