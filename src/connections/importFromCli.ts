// DataHub: Import Connection from DataHub CLI — DATAHUB_GMS_URL/TOKEN (or the
// legacy host/port/protocol) or ~/.datahubenv, like the CLI itself.
// Programmatic: { name? } -> { name, gmsUrl, source, hasToken, created }.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { normaliseGmsUrl } from '../gms/url';
import { ConnectionError } from '../shared/connectionError';
import { suggestName, uniqueName } from '../shared/connections';
import { findCliConnection, skipsConfigFile } from './logic/datahubenv';
import { registerCommand } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { importFromCliArgs } from './logic/args';
import { confirmSwitch } from './addConnection';
import { Commands } from '../shared/commandIds';

export function registerImportFromCli(services: Services) {
  return registerCommand(services, Commands.importFromCli, async (arg, run) => {
    const { connections } = services;
    let found;
    try {
      found = await findCliConnection();
    } catch (error) {
      throw new ConnectionError('invalidConnection', `The DataHub CLI configuration cannot be used: ${(error as Error).message}`);
    }
    if (!found) {
      throw new ConnectionError(
        'invalidConnection',
        skipsConfigFile(process.env)
          ? 'No DataHub CLI configuration found: DATAHUB_SKIP_CONFIG is true, so ~/.datahubenv is not read, and neither DATAHUB_GMS_URL nor DATAHUB_GMS_HOST is set. Set them, or add the connection by hand.'
          : 'No DataHub CLI configuration found: DATAHUB_GMS_URL is not set and ~/.datahubenv has no gms server. Run "datahub init", or add the connection by hand.',
      );
    }
    let gmsUrl: string;
    try {
      gmsUrl = normaliseGmsUrl(found.gmsUrl);
    } catch (error) {
      throw new ConnectionError('invalidConnection', `The DataHub CLI configuration (${found.source}) has an unusable server URL: ${(error as Error).message}`);
    }
    const existing = connections.list().find((c) => c.gmsUrl === gmsUrl);
    if (existing) {
      if (arg && !(await confirmSwitch(run, existing.name, gmsUrl, connections.active()?.name))) return undefined;
      // Same server already configured: refresh its token from the CLI and use it.
      if (found.token && found.token !== (await connections.getToken(existing))) await connections.setToken(existing, found.token);
      await connections.setActive(existing.name);
      const message = `"${existing.name}" already points at ${gmsUrl}; it is now active${found.token ? ' with the CLI token' : ''}.`;
      if (run.mode === 'ui') void safeWindow.showInformationMessage(message);
      return { message, name: existing.name, gmsUrl, source: found.source, hasToken: !!found.token, created: false };
    }
    const taken = connections.list().map((c) => c.name);
    let name = parseArgs(Commands.importFromCli, importFromCliArgs, arg).name || uniqueName(suggestName(gmsUrl), taken);
    if (run.mode === 'ui') {
      const typed = await vscode.window.showInputBox({
        title: 'Import Connection from DataHub CLI',
        prompt: `Found ${gmsUrl} in ${found.source}${found.token ? ' (with a token)' : ''}. Name the connection:`,
        value: name,
        ignoreFocusOut: true,
        validateInput: (value) =>
          !value.trim() ? 'Enter a name.' : taken.includes(value.trim()) ? `"${value.trim()}" is taken; choose another name.` : undefined,
      });
      if (typed === undefined) return undefined;
      name = typed.trim();
    }
    if (arg && !(await confirmSwitch(run, name, gmsUrl, connections.active()?.name))) return undefined;
    const added = await connections.add({ name, gmsUrl }, found.token);
    await connections.setActive(added.name);
    services.log.info(`Imported ${added.name} (${gmsUrl}) from ${found.source}${found.token ? ', with its token' : ''}.`);
    const message = `Imported "${added.name}" (${gmsUrl}) from ${found.source}; it is now active.`;
    if (run.mode === 'ui') void safeWindow.showInformationMessage(message);
    return { message, name: added.name, gmsUrl, source: found.source, hasToken: !!found.token, created: true };
  });
}
