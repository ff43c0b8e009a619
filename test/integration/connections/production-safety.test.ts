// Production safety, through the typed API against the sandbox: a connection's
// environment and read-only flag are stored; a read-only connection refuses
// restore and truncate before anything is sent (the sandbox's request log shows
// it) while the sizes, the search check and the upgrade job text still work; a
// production connection takes the warning colours in the status bar.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { SAMPLE_URNS } from '../../sandbox/data';
import { sandbox as controls } from '../../host/inHost';
import { api, exec, execCommandId, rejection, removeAllConnections, sandbox, sandboxUrl, SANDBOX_TOKENS, waitFor } from '../support/core';

const READ_ONLY =
  /^The connection "replica" is read-only: (Restore Indices|Truncate Old Rows) was refused and nothing was sent to DataHub\. To allow it, run "DataHub: Edit Connection…"/;

/** What reached the sandbox, leaving out the view's own size refreshes. */
async function sentBesidesSizes(): Promise<string[]> {
  return (await sandbox.requests()).filter((r) => r.action !== 'getIndexSizes').map((r) => `${r.method} ${r.path}${r.action ? ` ${r.action}` : ''}`);
}

function storedConnections(): unknown {
  return vscode.workspace.getConfiguration('datahub').inspect('connections')?.globalValue;
}

describe('production safety: environment and read-only connections', () => {
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
  });
  after(async () => {
    await vscode.workspace.getConfiguration('datahub').update('statusBar.enabled', undefined, vscode.ConfigurationTarget.Global);
    await removeAllConnections();
    await sandbox.reset();
  });

  it('addConnection stores environment and readOnly; a bad value is refused with what is accepted, and nothing is stored', async () => {
    const bad = await rejection(exec('datahub.addConnection', { name: 'x', gmsUrl: sandboxUrl(), environment: 'prod' }));
    assert.equal(bad.message, 'datahub.addConnection: "environment" must be "production", "staging", "development" or "none", not "prod".');
    const badFlag = await rejection(exec('datahub.addConnection', { name: 'x', gmsUrl: sandboxUrl(), readOnly: 'yes' }));
    assert.equal(badFlag.message, 'datahub.addConnection: "readOnly" must be true or false, not "yes".');
    assert.deepEqual(storedConnections() ?? [], [], 'nothing was stored');

    const added = await exec('datahub.addConnection', {
      name: 'replica',
      gmsUrl: sandboxUrl(),
      token: SANDBOX_TOKENS.admin,
      environment: 'Production',
      readOnly: true,
    });
    assert.deepEqual(added, {
      name: 'replica',
      gmsUrl: sandboxUrl(),
      environment: 'production',
      readOnly: true,
      message: 'DataHub connection "replica" added and active.',
    });
    assert.deepEqual(storedConnections(), [{ name: 'replica', gmsUrl: sandboxUrl(), environment: 'production', readOnly: true }]);
    const { services } = await api();
    assert.deepEqual(services.connections.active(), { name: 'replica', gmsUrl: sandboxUrl(), environment: 'production', readOnly: true });
  });

  it('a production connection: warning colours in the status bar, "production" in the view; the setting hides the item at once', async () => {
    const { statusBar, indicesView } = await api();
    assert.ok(statusBar, 'the status bar test seam');
    await waitFor(() => statusBar.item.text.includes('replica'), 'the status bar to show the connection');
    assert.equal((statusBar.item.backgroundColor as vscode.ThemeColor | undefined)?.id, 'statusBarItem.warningBackground');
    assert.equal((statusBar.item.color as vscode.ThemeColor | undefined)?.id, 'statusBarItem.warningForeground');
    assert.match(statusBar.item.text, /DataHub: replica \(production\)/);
    assert.equal(indicesView.treeView.description, 'replica · production · read-only');
    assert.equal(statusBar.visible, true);
    await vscode.workspace.getConfiguration('datahub').update('statusBar.enabled', false, vscode.ConfigurationTarget.Global);
    await waitFor(() => !statusBar.visible, 'the item to hide');
    await vscode.workspace.getConfiguration('datahub').update('statusBar.enabled', undefined, vscode.ConfigurationTarget.Global);
    await waitFor(() => statusBar.visible, 'the item to show again');
  });

  it('read-only: every restore and truncation rejects with the message, and the sandbox received none of them', async () => {
    await sandbox.clearRequests();
    const attempts: Array<[string, Record<string, unknown>]> = [
      ['datahub.restoreIndices', { urn: SAMPLE_URNS.ordersDataset }],
      ['datahub.restoreIndicesByPattern', { urnLike: 'urn:li:dataset:%', all: true }],
      ['datahub.restoreIndicesByPattern', { resume: true }],
      ['datahub.restoreIndicesChangedBetween', { gePitEpochMs: Date.now() - 86_400_000 }],
      [
        'datahub.truncateTimeseriesAspect',
        { entityType: 'dashboard', aspect: 'dashboardUsageStatistics', endTimeMillis: Date.now() - 86_400_000, dryRun: false },
      ],
      ['datahub.truncateTimeseriesAspect', { indexName: 'dashboard_dashboardusagestatisticsaspect_v1', endTimeMillis: Date.now() - 86_400_000 }],
    ];
    for (const [command, arg] of attempts) {
      const error = await rejection(exec(command, arg));
      assert.match(error.message, READ_ONLY, `${command} ${JSON.stringify(arg)}`);
      assert.equal((error as Error & { state?: string }).state, 'readOnly');
    }
    assert.deepEqual(await sentBesidesSizes(), []);
    assert.deepEqual(await controls.restoreCounts(), {});
  });

  it('read-only: the sizes, the search check and the upgrade job text still work', async () => {
    await sandbox.clearRequests();
    await exec('datahub.refreshIndexSizes', {});
    assert.ok((await sandbox.indexSizeRequests()).length >= 1);
    const check = await exec<{ urn: string }>('datahub.checkSearchIndex', { urn: SAMPLE_URNS.ordersDataset });
    assert.equal(check.urn, SAMPLE_URNS.ordersDataset);
    const job = await exec<{ text: string }>('datahub.restoreIndicesAsJob', { urnLike: 'urn:li:dataset:%', format: 'args' });
    assert.match(job.text, /RestoreIndices/);
    assert.ok(!(await sentBesidesSizes()).some((line) => /restoreIndices|truncateTimeseriesAspect/.test(line)));
    assert.deepEqual(await controls.restoreCounts(), {});
  });

  it('a command link may not lift the protection without its modal; the typed API edits, and then restore goes through', async () => {
    const { screen, services } = await api();
    const modals: string[] = [];
    screen.answerModals((message) => {
      modals.push(message);
      return undefined; // dismissed
    });
    try {
      await execCommandId('datahub.editConnection', { readOnly: false });
    } finally {
      screen.answerModals(undefined);
    }
    assert.equal(modals.length, 1);
    assert.match(modals[0], /^Lift the protection of "replica"\? · replica \(production\)$/);
    assert.equal(services.connections.active()?.readOnly, true, 'nothing changed');

    const bad = await rejection(exec('datahub.editConnection', { environment: 'live' }));
    assert.match(bad.message, /"environment" must be "production", "staging", "development" or "none", not "live"/);
    const none = await rejection(exec('datahub.editConnection', {}));
    assert.match(none.message, /pass "environment" .* or "readOnly"/);

    assert.deepEqual(await exec('datahub.editConnection', { name: 'replica', readOnly: false, environment: 'none' }), {
      name: 'replica',
      message: 'DataHub connection "replica" saved.',
    });
    assert.deepEqual(storedConnections(), [{ name: 'replica', gmsUrl: sandboxUrl() }]);
    const { statusBar } = await api();
    await waitFor(() => statusBar?.item.backgroundColor === undefined, 'the warning colours to go');
    await sandbox.clearRequests();
    const result = await exec<{ rowsMigrated: number }>('datahub.restoreIndices', { urn: SAMPLE_URNS.ordersDataset });
    assert.ok(result.rowsMigrated > 0);
    assert.equal((await sandbox.requests()).filter((r) => r.action === 'restoreIndices').length, 1);
  });
});
