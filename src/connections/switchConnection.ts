// DataHub: Switch Connection… — a quick pick of connections (plus add/import).
// Programmatic: { name } -> { name }.
import * as vscode from 'vscode';
import type { Services } from '../ui/services';
import { registerCommand, requireString } from '../ui/commandRunner';

interface Pick extends vscode.QuickPickItem {
  name?: string;
  command?: string;
}

export function registerSwitchConnection(services: Services): vscode.Disposable {
  return registerCommand(services, 'datahub.switchConnection', async (arg) => {
    const { connections } = services;
    if (arg) {
      const name = requireString(arg, 'name', 'datahub.switchConnection');
      await connections.setActive(name);
      return { name };
    }
    const active = connections.active();
    const items: Pick[] = connections.list().map((c) => ({
      label: `${c.name === active?.name ? '$(check)' : '$(database)'} ${c.name}`,
      description: c.gmsUrl,
      detail: c.name === active?.name ? 'active' : undefined,
      name: c.name,
    }));
    if (items.length) items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
    items.push(
      { label: '$(add) Add Connection…', command: 'datahub.addConnection' },
      { label: '$(cloud-download) Import Connection from DataHub CLI', command: 'datahub.importFromCli' },
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
    return { name: picked.name };
  });
}
