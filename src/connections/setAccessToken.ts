// DataHub: Set Access Token… — a password box; the token goes to SecretStorage only.
// Programmatic: { token, connection? } -> { connection }; replacing a different stored
// token asks first (the confirmation gate: an allowed automation call skips it).
import * as vscode from 'vscode';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { registerCommand, confirmStep } from '../platform/commandRunner';
import { parseArgs } from '../shared/args';
import { setAccessTokenArgs } from './logic/args';
import { targetConnection } from '../platform/target';
import { Commands } from '../shared/commandIds';
import { askedByProgram } from '../platform/confirmGate';
import { urlOrigin } from '../shared/connections';

/**
 * Asks for a token. Resolves '' when the user leaves it empty (only with
 * optional), undefined when they cancel.
 */
export async function promptToken(title: string, connectionName: string, options: { optional?: boolean } = {}): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title,
    prompt: options.optional
      ? `Personal access token for "${connectionName}" (DataHub UI: Settings › Access Tokens). Leave empty when authentication is off.`
      : `Personal access token for "${connectionName}" (DataHub UI: Settings › Access Tokens).`,
    password: true,
    ignoreFocusOut: true,
    placeHolder: options.optional ? 'optional' : 'eyJhbGciOi…',
    validateInput: (text) => {
      const t = text.trim();
      if (!t) return options.optional ? undefined : 'Paste the token.';
      if (/^bearer\s/i.test(t)) return 'Paste the token alone, without "Bearer ".';
      if (/\s/.test(t)) return 'The token cannot contain spaces or line breaks.';
      return undefined;
    },
  });
  return value === undefined ? undefined : value.trim();
}

export function registerSetAccessToken(services: Services) {
  return registerCommand(services, Commands.setAccessToken, async (arg, run) => {
    const parsed = run.mode !== 'ui' ? parseArgs(Commands.setAccessToken, setAccessTokenArgs, arg) : undefined;
    const connection = targetConnection(services, parsed, run);
    let token: string | undefined;
    if (parsed) {
      token = parsed.token;
      // A link or another extension must not swap the token silently (it could point the connection's authority elsewhere).
      const stored = await services.connections.getToken(connection);
      const detail = `The token stored for "${connection.name}" (${urlOrigin(connection.gmsUrl)}) is replaced by the one passed; the old one is gone.${askedByProgram(run)}`;
      if (stored && stored !== token && !(await confirmStep(run, `Replace the access token of "${connection.name}"?`, detail, 'Replace Token', 'localChanges')))
        return undefined;
    } else {
      token = await promptToken(`Set Access Token for ${connection.name}`, connection.name);
      if (!token) return undefined;
    }
    await services.connections.setToken(connection, token);
    const message = `Access token stored for "${connection.name}" in VS Code's secret storage.`;
    if (run.mode === 'ui') {
      void safeWindow.showInformationMessage(message, 'Test Connection').then((pick) => pick && vscode.commands.executeCommand(Commands.testConnection));
    }
    return { message, connection: connection.name };
  });
}
