// Helpers for mocha suites that run inside the extension host (test/integration).
// The runner (runIntegration.ts) starts a fresh sandbox per run and passes:
//   DATAHUB_SANDBOX_URL     http://127.0.0.1:<port> (GMS direct; + /api/gms = behind the frontend)
//   DATAHUB_TEST_WORKSPACE  the opened folder: a throwaway copy of test/demo/workspace
//   HOME                    a fresh temp dir (for ~/.datahubenv tests)
// Usage:
//   import { sandbox, useSandboxConnection } from '../host/inHost';
//   beforeEach(() => sandbox.reset());
//   await useSandboxConnection({ token: 'reader' });
import * as path from 'node:path';
import * as vscode from 'vscode';
import { CONTROL_PREFIX, SANDBOX_TOKENS, type FaultRule, type RecordedRequest, type SandboxState, type ServerVersion } from '../sandbox/api';
import type { ApiCommand } from '../../src/api';
import type { DataHubTestApi } from '../../src/api/testApi';
import { Commands } from '../../src/shared/commandIds';

export const EXTENSION_ID = 'datahub-index-ops.datahub-index-ops';

export function sandboxUrl(): string {
  const url = process.env.DATAHUB_SANDBOX_URL;
  if (!url) throw new Error('DATAHUB_SANDBOX_URL is not set: run the suite with npm run test:integration');
  return url;
}

/** The throwaway workspace folder (a copy of test/demo/workspace) the host opened. */
export function workspaceDir(): string {
  const dir = process.env.DATAHUB_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  if (!dir) throw new Error('no test workspace is open');
  return dir;
}

export function workspaceFile(...parts: string[]): vscode.Uri {
  return vscode.Uri.file(path.join(workspaceDir(), ...parts));
}

async function control<T>(method: 'GET' | 'POST', route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${sandboxUrl()}${CONTROL_PREFIX}${route}`, {
    method,
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`sandbox ${method} ${route}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The sandbox's HTTP control endpoints (see test/sandbox/api.ts). */
export const sandbox = {
  control,
  reset: () => control<object>('POST', '/reset'),
  requests: () => control<RecordedRequest[]>('GET', '/requests'),
  clearRequests: () => control<object>('POST', '/requests/clear'),
  state: () => control<SandboxState>('GET', '/state'),
  setVersion: (version: ServerVersion) => control<object>('POST', '/version', { version }),
  addFault: (rule: FaultRule) => control<object>('POST', '/faults', rule),
  clearFaults: () => control<object>('POST', '/faults/clear'),
  restoreCounts: () => control<Record<string, number>>('GET', '/restore-counts'),
  /** Requests for one operations action, oldest first. */
  async actionRequests(action: string): Promise<RecordedRequest[]> {
    return (await control<RecordedRequest[]>('GET', '/requests')).filter((r) => r.action === action);
  },
};

export async function activateExtension(): Promise<DataHubTestApi> {
  const extension = vscode.extensions.getExtension<DataHubTestApi>(EXTENSION_ID);
  if (!extension) throw new Error(`${EXTENSION_ID} is not loaded in this host`);
  const api = await extension.activate();
  // The features draw their first state just after activation: tests start from there.
  await api.activationTimings?.afterActivation;
  return api;
}

export interface SandboxConnectionOptions {
  /** Connection name (default "sandbox"). */
  name?: string;
  /** Which sandbox token to store (default admin); null stores none. */
  token?: keyof typeof SANDBOX_TOKENS | null;
  /** Reach the sandbox as if through datahub-frontend (…/api/gms). */
  viaFrontend?: boolean;
  /** Keep other connections already in the settings (default: replace them). */
  keepOthers?: boolean;
}

/**
 * Points the extension at the run's sandbox the way a user would end up:
 * `datahub.connections` in the user settings (ConfigurationTarget.Global), the
 * token in secret storage through "Set Access Token", and the connection active.
 */
export async function useSandboxConnection(options: SandboxConnectionOptions = {}): Promise<string> {
  const name = options.name ?? 'sandbox';
  const gmsUrl = options.viaFrontend ? `${sandboxUrl()}/api/gms` : sandboxUrl();
  await activateExtension();
  const config = vscode.workspace.getConfiguration('datahub');
  const existing = options.keepOthers ? (config.inspect<{ name: string }[]>('connections')?.globalValue ?? []).filter((c) => c.name !== name) : [];
  await config.update('connections', [...existing, { name, gmsUrl }], vscode.ConfigurationTarget.Global);
  const token = options.token === undefined ? 'admin' : options.token;
  if (token === null) await vscode.commands.executeCommand(Commands.clearAccessToken, { connection: name });
  else await run(Commands.setAccessToken, { connection: name, token: SANDBOX_TOKENS[token] }); // the typed API: replacing a token through a command id asks
  await vscode.commands.executeCommand(Commands.switchConnection, { name });
  return name;
}

/** Removes every connection from the user settings (tokens stay in secret storage). */
export async function clearConnections(): Promise<void> {
  await vscode.workspace.getConfiguration('datahub').update('connections', undefined, vscode.ConfigurationTarget.Global);
}

/**
 * Runs a command the way automation should: with an argument object, through the
 * typed API activate() returns (the command's own handler, no prompts, no modals).
 * Without an argument object it runs the command id, as a click would.
 */
export async function run<T>(command: string, arg?: unknown): Promise<T> {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return vscode.commands.executeCommand<T>(command, arg);
  // By name: the argument is checked by the handler, as it is for a command id.
  const method = (await activateExtension())[command.replace(/^datahub\./, '') as ApiCommand] as
    ((args: Record<string, unknown>) => Promise<unknown>) | undefined;
  if (!method) throw new Error(`${command} is not in the typed API`);
  return (await method(arg as Record<string, unknown>)) as T;
}
