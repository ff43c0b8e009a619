// DataHub: Remove Connection… — asks which and confirms; deletes its token too.
// Programmatic: { name } -> { name } (no prompt).
import * as vscode from 'vscode';
import * as safeWindow from '../ui/safeWindow';
import type { Services } from '../services';
import { noConnectionError } from '../model/connectionError';
import { registerCommand, requireString } from './run';

export function registerRemoveConnection(services: Services): vscode.Disposable {
  return registerCommand(services, 'datahub.removeConnection', async (arg) => {
    const { connections } = services;
    if (arg) {
      const name = requireString(arg, 'name', 'datahub.removeConnection');
      await connections.remove(name);
      return { name };
    }
    const list = connections.list();
    if (!list.length) throw noConnectionError();
    const active = connections.active();
    const picked =
      list.length === 1
        ? { label: list[0].name, name: list[0].name }
        : await vscode.window.showQuickPick(
            list.map((c) => ({ label: c.name, description: c.gmsUrl, detail: c.name === active?.name ? 'active' : undefined, name: c.name })),
            { title: 'Remove DataHub Connection', placeHolder: 'Connection to remove' },
          );
    if (!picked) return undefined;
    const confirm = await safeWindow.showWarningMessage(
      `Remove the DataHub connection "${picked.name}"?`,
      { modal: true, detail: 'It is deleted from your user settings and its access token from secret storage.' },
      'Remove',
    );
    if (confirm !== 'Remove') return undefined;
    await connections.remove(picked.name);
    void safeWindow.showInformationMessage(`DataHub connection "${picked.name}" removed.`);
    return { name: picked.name };
  });
}
