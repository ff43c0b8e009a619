// Shared by the core suites (connections, tree, security): the extension's API,
// the sandbox's control endpoints over HTTP, and small waiting helpers.
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import { run } from '../../host/inHost';
import type { DataHubTestApi } from '../../../src/api/testApi';
import type { IndexTreeNode } from '../../../src/indices/logic/indexTreeNodes';
import type { FaultRule, RecordedRequest, ServerVersion } from '../../sandbox/api';
import { Commands } from '../../../src/shared/commandIds';

export { SANDBOX_TOKENS } from '../../sandbox/api';

export const EXTENSION_ID = 'datahub-index-ops.datahub-index-ops';

/** Runs a command with an argument object through the typed API (no prompts or modals); see test/host/inHost.ts. */
export const exec = run;

/** Runs a command id with arguments, as a command link or a keybinding would (modals still ask). */
export const execCommandId = <T>(command: string, arg?: unknown): Thenable<T> => vscode.commands.executeCommand<T>(command, arg);

/** Which operations transports this run's sandbox serves (`npm run test:integration -- --sandbox-api ...`). */
export const SANDBOX_API = (process.env.DATAHUB_SANDBOX_API ?? 'both') as 'both' | 'openapi' | 'restli';
/** The transport the extension speaks to it (connections are api 'auto'): OpenAPI wherever the sandbox has it. */
export const TRANSPORT: 'openapi' | 'restli' = SANDBOX_API === 'restli' ? 'restli' : 'openapi';
/** Where index sizes are asked for, after the GMS base, over that transport. */
export const SIZES_PATH = TRANSPORT === 'openapi' ? '/openapi/operations/elasticSearch/getIndexSizes' : '/operations';

/** An answer to getIndexSizes as this run's transport carries it (for faults that replace the body). */
export function sizesAnswer(indices: Array<{ indexName: string; entityName?: string; aspectName?: string; sizeInMb: number }>): string {
  if (TRANSPORT === 'openapi') return JSON.stringify({ sizes: indices.map(({ sizeInMb, ...rest }) => ({ ...rest, sizeMb: sizeInMb })) });
  return JSON.stringify({ value: { indexSizes: indices } });
}

export function sandboxUrl(): string {
  const url = process.env.DATAHUB_SANDBOX_URL;
  assert.ok(url, 'DATAHUB_SANDBOX_URL is not set: run through `npm run test:integration`');
  return url.replace(/\/+$/, '');
}

export async function api(): Promise<DataHubTestApi> {
  const extension = vscode.extensions.getExtension<DataHubTestApi>(EXTENSION_ID);
  assert.ok(extension, `${EXTENSION_ID} is not installed in the test host`);
  const api = await extension.activate();
  // The features draw their first state just after activation: tests start from there.
  await api.activationTimings?.afterActivation;
  return api;
}

async function control(path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${sandboxUrl()}/__sandbox${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  assert.equal(response.status, 200, `sandbox control ${path} answered ${response.status}`);
  return response.json();
}

export const sandbox = {
  reset: () => control('/reset', {}),
  requests: async () => (await control('/requests')) as RecordedRequest[],
  clearRequests: () => control('/requests/clear', {}),
  setVersion: (version: ServerVersion) => control('/version', { version }),
  setAuth: (auth: { enabled?: boolean }) => control('/auth', auth),
  addFault: (rule: FaultRule) => control('/faults', rule),
  setServiceTime: (ms: number) => control('/service-time', { ms }),
  /** getIndexSizes requests recorded since the last clear. */
  indexSizeRequests: async () => (await sandbox.requests()).filter((r) => r.action === 'getIndexSizes'),
  /** Holds the answers of an action until release() (test/sandbox/hold.ts): requests overlap by construction, not by timing. */
  hold: (action: string) => control('/hold', { action }),
  /** The requests held now, in arrival order. */
  held: async () => ((await control('/hold')) as { held: Array<{ action: string; tokenName?: string }> }).held,
  release: () => control('/release', {}),
};

/** Removes every connection (and their tokens) so a test starts from nothing. */
export async function removeAllConnections(): Promise<void> {
  const { services } = await api();
  for (const c of services.connections.list()) await services.connections.clearToken(c);
  await vscode.workspace.getConfiguration('datahub').update('connections', [], vscode.ConfigurationTarget.Global);
  await waitFor(() => services.connections.list().length === 0, 'connections to be removed');
}

/**
 * Hides the DataHub views (the side bar): a visible view reads by itself when the connection changes
 * (src/platform/connectionView.ts, the index tree's first fetch), and such a read would land among the
 * requests a test counts, or be over before the test starts counting.
 */
export async function hideDataHubViews(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeSidebar');
  const { indicesView } = await api();
  await waitFor(() => !indicesView.treeView.visible, 'the DataHub views to be hidden');
}

/** The "sandbox" connection's address changed by hand in settings.json (same name, another address), its views hidden first. */
export async function pointSandboxAt(gmsUrl: string): Promise<void> {
  await hideDataHubViews();
  const config = vscode.workspace.getConfiguration('datahub');
  const entries = (config.inspect<Array<{ name: string; gmsUrl: string }>>('connections')?.globalValue ?? []).map((c) =>
    c.name === 'sandbox' ? { ...c, gmsUrl } : c,
  );
  await config.update('connections', entries, vscode.ConfigurationTarget.Global);
  const { services } = await api();
  await waitFor(() => services.connections.active()?.gmsUrl === gmsUrl, 'the connection to point at its new address');
}

/** Adds a connection to the sandbox through the command, with a token, and makes it active. */
export async function connectSandbox(name: string, token?: string, gmsUrl = sandboxUrl()): Promise<void> {
  await exec(Commands.addConnection, { name, gmsUrl, token });
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await predicate()) return;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}

export interface ShownItem {
  node: IndexTreeNode;
  /** The row's text as shown: "18.3 GB  datasetprofile" for groups and indices (size first). */
  label: string;
  /** What the row names: the entity, the aspect (or index name), or a message's text. */
  name: string;
  description?: string;
  icon?: string;
  iconColor?: string;
  command?: string;
  contextValue?: string;
  tooltip: string;
}

export async function shown(node: IndexTreeNode): Promise<ShownItem> {
  const { indicesView } = await api();
  const provider = indicesView.provider;
  // Tooltips of groups and indices are built on hover: resolve the item as VS Code does then.
  const listed = await provider.getTreeItem(node);
  const item = (await provider.resolveTreeItem?.(listed, node, new vscode.CancellationTokenSource().token)) ?? listed;
  const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
  const icon = item.iconPath instanceof vscode.ThemeIcon ? item.iconPath : undefined;
  const tooltip = item.tooltip instanceof vscode.MarkdownString ? item.tooltip.value : String(item.tooltip ?? '');
  return {
    node,
    label,
    name: nameOf(node),
    description: typeof item.description === 'string' ? item.description : undefined,
    icon: icon?.id,
    iconColor: icon?.color?.id,
    command: item.command?.command,
    contextValue: item.contextValue,
    tooltip,
  };
}

function nameOf(node: IndexTreeNode): string {
  if (node.kind === 'group') return node.entityName;
  if (node.kind === 'message') return node.label;
  return node.index.named === false ? node.index.indexName : node.index.aspectName || node.index.indexName;
}

/** The root items as a user sees them. */
export async function roots(): Promise<ShownItem[]> {
  const { indicesView } = await api();
  const nodes = (await indicesView.provider.getChildren()) ?? [];
  return Promise.all(nodes.map(shown));
}

export async function children(node: IndexTreeNode): Promise<ShownItem[]> {
  const { indicesView } = await api();
  return Promise.all(((await indicesView.provider.getChildren(node)) ?? []).map(shown));
}

/** Waits until the root shows something other than the loading line, and returns it. */
export async function settledRoots(what = 'the tree to settle'): Promise<ShownItem[]> {
  let items: ShownItem[] = [];
  await waitFor(async () => {
    items = await roots();
    const { services } = await api();
    return !services.indexSizes.loading && !items.some((i) => i.node.kind === 'message' && i.node.id === 'loading');
  }, what);
  return items;
}

/** An error a programmatic command call rejected with. */
export async function rejection(promise: Thenable<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof Error, `rejected with a non-Error: ${String(error)}`);
    return error;
  }
  assert.fail('expected the command to fail');
}

export interface OtherServer {
  url: string;
  requests: Array<{ url: string; authorization?: string }>;
  close(): Promise<void>;
}

/** A second tiny GMS on another port: answers getIndexSizes with one index, records headers. */
export async function startOtherServer(): Promise<OtherServer> {
  const requests: OtherServer['requests'] = [];
  const server = http.createServer((req, res) => {
    requests.push({ url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    req.on('end', () => {
      // A server with the Rest.li operations alone: what asks for OpenAPI gets Rest.li's own 404.
      if ((req.url ?? '').startsWith('/openapi/')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ status: 404, message: "No root resource defined for path '/openapi'" }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ value: { indexSizes: [{ indexName: 'other_otheraspect_v1', entityName: 'other', aspectName: 'other', sizeInMb: 1 }] } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
