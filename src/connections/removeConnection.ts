// DataHub: Remove Connection… — asks which and confirms; deletes its token too.
// Programmatic: { name } -> { name }; through a command id the modal still asks
// (the typed API asks too, unless the confirmation gate lets the call skip it).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { noConnectionError } from '../shared/connectionError';
import { confirmStep, registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { nameArgs } from './logic/args';
import { Commands } from '../shared/commandIds';

const REMOVE_DETAIL = 'It is deleted from your user settings and its access token from secret storage.';

export function registerRemoveConnection(services: Services) {
  return registerCommand(services, Commands.removeConnection, async (arg, run) => {
    const { connections } = services;
    if (arg) {
      const { name } = parseArgs(Commands.removeConnection, nameArgs, arg);
      if (!connections.get(name)) await connections.remove(name); // rejects, naming the known connections
      if (!(await confirmStep(run, `Remove the DataHub connection "${name}"?`, REMOVE_DETAIL, 'Remove', 'localChanges'))) return undefined;
      await connections.remove(name);
      return { name, message: `DataHub connection "${name}" removed.` };
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
    const confirm = await safeWindow.showWarningMessage(`Remove the DataHub connection "${picked.name}"?`, { modal: true, detail: REMOVE_DETAIL }, 'Remove');
    if (confirm !== 'Remove') return undefined;
    await connections.remove(picked.name);
    const message = `DataHub connection "${picked.name}" removed.`;
    void safeWindow.showInformationMessage(message);
    return { name: picked.name, message };
  });
}
