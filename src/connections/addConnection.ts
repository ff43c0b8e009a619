// DataHub: Add Connection… — URL, name and optional token in one flow; the new
// connection becomes active. Programmatic: { name, gmsUrl, token?, frontendUrl?,
// environment?, readOnly? } -> { name, gmsUrl, environment?, readOnly? }.
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { normaliseGmsUrl } from '../gms/url';
import { ConnectionError } from '../shared/connectionError';
import { parseEnvironment, parseHttpUrl, suggestName, tidyUrl, uniqueName, type Environment } from '../shared/connections';
import { pickEnvironment, pickReadOnly } from './environmentPrompts';
import { confirmStep, registerCommand, type CommandRun } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { addConnectionArgs } from './logic/args';
import { urlOrigin } from '../shared/connections';
import { promptToken } from './setAccessToken';
import { Commands } from '../shared/commandIds';
import type { GmsApiChoice } from '../gms/types';

const TITLE = 'Add DataHub Connection';

/** normaliseGmsUrl's message, or undefined when the URL is fine (for validateInput). */
function urlProblem(value: string): string | undefined {
  try {
    normaliseGmsUrl(value);
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message.replace(/^gmsUrl: /, '') : String(error);
  }
}

export function registerAddConnection(services: Services) {
  return registerCommand(services, Commands.addConnection, async (arg, run) => {
    const { connections } = services;
    let name: string;
    let gmsUrl: string;
    let token: string | undefined;
    let frontendUrl: string | undefined;
    let environment: Environment | undefined;
    let readOnly: boolean | undefined;
    let api: GmsApiChoice | undefined;
    if (run.mode !== 'ui') {
      const parsed = parseArgs(Commands.addConnection, addConnectionArgs, arg);
      environment = parseEnvironment(parsed.environment, Commands.addConnection);
      readOnly = parsed.readOnly ?? undefined;
      api = parsed.api;
      name = parsed.name;
      gmsUrl = normaliseGmsUrl(parsed.gmsUrl);
      token = parsed.token;
      frontendUrl = parsed.frontendUrl;
      if (frontendUrl && !parseHttpUrl(frontendUrl)) {
        throw new ConnectionError('invalidConnection', `frontendUrl "${frontendUrl}" is not an http(s) URL.`);
      }
      if (frontendUrl) frontendUrl = tidyUrl(frontendUrl);
    } else {
      const typedUrl = await vscode.window.showInputBox({
        title: `${TITLE} (1/5): GMS URL`,
        prompt:
          'The GMS address: http://localhost:8080 for a quickstart, https://host/api/gms behind the DataHub UI, https://tenant.acryl.io/gms for DataHub Cloud.',
        placeHolder: 'http://localhost:8080',
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() ? urlProblem(value) : 'Enter the GMS URL.'),
      });
      if (typedUrl === undefined) return undefined;
      gmsUrl = normaliseGmsUrl(typedUrl);
      const taken = connections.list().map((c) => c.name);
      const typedName = await vscode.window.showInputBox({
        title: `${TITLE} (2/5): Name`,
        prompt: `A name for ${gmsUrl}, shown in the status bar and the view.`,
        value: uniqueName(suggestName(gmsUrl), taken),
        ignoreFocusOut: true,
        validateInput: (value) =>
          !value.trim() ? 'Enter a name.' : taken.includes(value.trim()) ? `"${value.trim()}" is taken; choose another name.` : undefined,
      });
      if (typedName === undefined) return undefined;
      name = typedName.trim();
      const pickedEnvironment = await pickEnvironment(`${TITLE} (3/5): Environment of ${name}`);
      if (pickedEnvironment === undefined) return undefined;
      environment = pickedEnvironment ?? undefined;
      readOnly = await pickReadOnly(`${TITLE} (4/5): Read-only ${name}?`);
      if (readOnly === undefined) return undefined;
      token = await promptToken(`${TITLE} (5/5): Access Token`, name, { optional: true });
      if (token === undefined) return undefined; // Escape cancels the whole flow
      token = token || undefined;
    }
    if (run.mode !== 'ui' && !(await confirmSwitch(run, name, gmsUrl, connections.active()?.name))) return undefined;
    const added = await connections.add({ name, gmsUrl, frontendUrl, environment, readOnly: readOnly || undefined, api }, token);
    await connections.setActive(added.name);
    const message = `DataHub connection "${added.name}" added and active.`;
    if (run.mode === 'ui') {
      void safeWindow.showInformationMessage(message, 'Test Connection').then((pick) => pick && vscode.commands.executeCommand(Commands.testConnection));
    }
    return {
      message,
      name: added.name,
      gmsUrl: added.gmsUrl,
      ...(added.environment ? { environment: added.environment } : {}),
      ...(added.readOnly ? { readOnly: true } : {}),
      ...(added.api && added.api !== 'auto' ? { api: added.api } : {}),
    };
  });
}

/**
 * Through a command id, adding (or importing) a connection that becomes active
 * asks first: requests, and the token, would go to a server the arguments chose.
 */
export function confirmSwitch(run: CommandRun, name: string, gmsUrl: string, activeName: string | undefined): Promise<boolean> {
  const from = activeName && activeName !== name ? ` instead of "${activeName}"` : '';
  return confirmStep(
    run,
    `Make "${name}" (${urlOrigin(gmsUrl)}) the active DataHub connection${from}?`,
    'A command with arguments (a link, a keybinding or another extension) asks to add this connection and switch to it. Every DataHub request, with its token, then goes to this server.',
    'Add and Switch',
    'localChanges',
  );
}
