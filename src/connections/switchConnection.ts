// DataHub: Switch Connection… — a quick pick of connections (plus edit/add/import).
// Programmatic: { name } -> { name }.
import * as vscode from 'vscode';
import type { Services } from '../platform/services';
import { registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { nameArgs } from './logic/args';
import { Commands } from '../shared/commandIds';

interface Pick extends vscode.QuickPickItem {
  name?: string;
  command?: string;
}

export function registerSwitchConnection(services: Services) {
  return registerCommand(services, Commands.switchConnection, async (arg) => {
    const { connections } = services;
    if (arg) {
      const { name } = parseArgs(Commands.switchConnection, nameArgs, arg);
      await connections.setActive(name);
      return { name, message: `DataHub connection "${name}" is active.` };
    }
    const active = connections.active();
    const items: Pick[] = connections.list().map((c) => ({
      label: `${c.name === active?.name ? '$(check)' : '$(database)'} ${c.name}`,
      description: c.gmsUrl,
      detail: [c.name === active?.name ? 'active' : '', c.environment ?? '', c.readOnly ? 'read-only' : ''].filter(Boolean).join(' · ') || undefined,
      name: c.name,
    }));
    if (items.length) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    if (items.length) items.push({ label: '$(edit) Edit Connection… (environment, read-only)', command: Commands.editConnection });
    items.push(
      { label: '$(add) Add Connection…', command: Commands.addConnection },
      { label: '$(cloud-download) Import Connection from DataHub CLI', command: Commands.importFromCli },
    );
    const picked = await vscode.window.showQuickPick(items, {
      title: 'Switch DataHub Connection',
      placeHolder: active ? `Active: ${active.name}` : 'No connection yet',
      matchOnDescription: true,
    });
    if (!picked) return undefined;
    if (picked.command) {
      await vscode.commands.executeCommand(picked.command);
      return undefined;
    }
    if (!picked.name) return undefined;
    await connections.setActive(picked.name);
    return { name: picked.name, message: `DataHub connection "${picked.name}" is active.` };
  });
}
