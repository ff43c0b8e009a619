// Restricted mode, in a real untrusted workspace (runner: --untrusted, which keeps
// Workspace Trust on and never trusts the folder; titles hold "untrusted
// workspace" so that run picks this suite). Nothing may reach DataHub unless the
// user runs a command that asks for it: not activation, not showing the view,
// not auto-refresh, not storing a token, switching connections or hovering a URN.
// In a trusted run the suite skips itself.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection, workspaceFile } from '../../host/inHost';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { api, exec, roots, settledRoots, waitFor } from '../support/core';
import { setUserSetting } from '../support/hardening';
import { Commands } from '../../../src/shared/commandIds';

const operations = async (): Promise<number> => (await sandbox.requests()).filter((r) => r.action !== undefined).length;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hardening: untrusted workspace (restricted mode)', function () {
  this.timeout(60_000);

  before(function () {
    if (vscode.workspace.isTrusted) this.skip();
  });
  after(async () => {
    await setUserSetting('datahub', 'autoRefreshMinutes', undefined);
  });

  it('nothing was requested at activation, even with a connection and a token ready', async function () {
    const seeded = process.env.DATAHUB_TEST_SEEDED_CONNECTION;
    if (!seeded) this.skip(); // the runner writes a connection into the settings only in --untrusted runs
    const { services } = await api();
    await waitFor(() => services.connections.active()?.name === seeded, `the connection from the settings (${seeded})`);
    await services.connections.setToken(services.connections.active()!, SANDBOX_TOKENS.admin);
    assert.ok(await services.connections.getToken(services.connections.active()!), 'the connection has no token');
    await pause(2000);
    assert.equal(await operations(), 0, 'a request went out at activation');
  });

  it('showing the view, auto-refresh, a new token, switching connections and hovering a URN send nothing', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.clearRequests();
    const { indicesView } = await api();

    await vscode.commands.executeCommand('datahub.indices.focus');
    await waitFor(() => indicesView.treeView.visible, 'the Timeseries Indices view to show');
    const [item] = await roots();
    assert.equal(item?.node.kind === 'message' && item.node.id, 'untrusted', `first item: ${item?.label}`);
    assert.match(item.label, /untrusted — click to load index sizes/);
    assert.equal(item.command, Commands.refreshIndexSizes);

    // Auto-refresh every 3 s while the view is visible (the shortest it allows).
    await setUserSetting('datahub', 'autoRefreshMinutes', 0.05);
    await exec(Commands.setAccessToken, { token: 'sandbox-admin-token-0123456789' });
    await useSandboxConnection({ token: 'reader', name: 'second', keepOthers: true });
    await useSandboxConnection({ token: 'admin', keepOthers: true });
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      workspaceFile('lineage.json'),
      await urnPosition('lineage.json'),
    );
    assert.ok(
      hovers.some((h) => h.contents.some((c) => (typeof c === 'string' ? c : c.value).includes('Restore indices for this URN'))),
      'no URN hover',
    );
    await pause(4500);
    assert.equal(await operations(), 0, 'a request went out without an explicit action');
  });

  it('an explicit refresh sends one request and shows the sizes; nothing follows it by itself', async () => {
    const { indicesView } = await api();
    await setUserSetting('datahub', 'autoRefreshMinutes', 0.05);
    await vscode.commands.executeCommand('datahub.indices.focus');
    await waitFor(() => indicesView.treeView.visible, 'the Timeseries Indices view to show');
    await sandbox.clearRequests();
    const snapshot = await exec<{ indices: unknown[] }>(Commands.refreshIndexSizes, {});
    assert.ok(snapshot.indices.length > 0);
    const items = await settledRoots();
    assert.ok(
      items.every((i) => i.node.kind === 'group'),
      'the groups after an explicit refresh',
    );
    await exec(Commands.setAccessToken, { token: 'sandbox-admin-token-0123456789' });
    await pause(4500); // longer than the 3 s auto-refresh
    const requests = await sandbox.actionRequests('getIndexSizes');
    assert.equal(requests.length, 1, `${requests.length} getIndexSizes requests`);
    assert.equal(await operations(), 1);
  });
});

/** The position of the first URN in a workspace file. */
async function urnPosition(file: string): Promise<vscode.Position> {
  const document = await vscode.workspace.openTextDocument(workspaceFile(file));
  const offset = document.getText().indexOf('urn:li:');
  assert.ok(offset >= 0, `no URN in ${file}`);
  return document.positionAt(offset + 10);
}
