// DataHub: Open Settings — the extension's settings (connections live in settings.json).
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { Commands } from '../shared/commandIds';

export function registerOpenSettings(services: Services) {
  return registerCommand(services, Commands.openSettings, async () => {
    await vscode.commands.executeCommand('workbench.action.openSettings', `@ext:${services.context.extension.id}`);
    return { message: 'Opened the DataHub settings.' };
  });
}
