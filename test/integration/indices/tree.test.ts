// The Timeseries Indices tree as a user sees it: groups, sizes, sorting,
// filtering, copy actions and reveal, against the sandbox (its states: tree-states.test.ts).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { IndexNode } from '../../../src/indices/logic/indexTreeNodes';
import { api, exec, children, connectSandbox, rejection, removeAllConnections, sandbox, SANDBOX_TOKENS, settledRoots, waitFor } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { hideDataHubViews, refreshed, useTreeSuite } from '../support/tree';

describe('core: index sizes tree', () => {
  useTreeSuite();

  it('refresh resolves the connection, the total and every index', async () => {
    const snapshot = await refreshed();
    assert.equal(snapshot.connection.name, 'sandbox');
    assert.equal(snapshot.indices.length, 10);
    const profile = snapshot.indices.find((i) => i.indexName === 'dataset_datasetprofileaspect_v1');
    assert.deepEqual(
      { entityName: profile?.entityName, aspectName: profile?.aspectName, sizeMb: profile?.sizeMb },
      { entityName: 'dataset', aspectName: 'datasetprofile', sizeMb: 18342.113 },
    );
    assert.ok(Math.abs(snapshot.totalMb - 33188.264208) < 0.01, String(snapshot.totalMb));
  });

  it('shows entity groups by total size, rows leading with the size, warnings on the type icon with the reason', async () => {
    await refreshed();
    const groups = await settledRoots();
    assert.deepEqual(
      groups.map((g) => g.name),
      ['dataset', 'dataprocessinstance', 'datajob', 'chart', 'dashboard', 'dataflow', 'assertion', 'other indices'],
    );
    const [dataset] = groups;
    // Size first, so a narrow side bar that cuts the end of the row keeps it.
    assert.equal(dataset.label, '21.7 GB  dataset');
    assert.equal(dataset.description, '3 indices');
    assert.equal(dataset.icon, 'symbol-namespace', 'a group keeps its type icon');
    assert.equal(dataset.iconColor, 'list.warningForeground', 'a group holding an index above 10 GB is coloured');
    assert.match(dataset.tooltip.replace(/\\/g, ''), /Holds an index over the 10 GB warning threshold \(datahub\.sizeWarningThresholdGb\)/);
    const items = await children(dataset.node);
    assert.deepEqual(
      items.map((i) => [i.label, i.description]),
      [
        ['18.3 GB  datasetprofile', undefined],
        ['2.71 GB  datasetusagestatistics', undefined],
        ['641 MB  operation', undefined],
      ],
    );
    assert.equal(items[0].icon, 'database');
    assert.equal(items[0].iconColor, 'list.warningForeground');
    assert.match(items[0].tooltip.replace(/\\/g, ''), /Over the 10 GB warning threshold \(datahub\.sizeWarningThresholdGb\)/);
    assert.equal(items[1].icon, 'database');
    assert.equal(items[1].iconColor, undefined);
    assert.doesNotMatch(items[1].tooltip, /warning threshold/);
    assert.match(items[0].contextValue ?? '', /^index/);
    // The tooltip has the index name, exact MB and the share.
    assert.match(items[0].tooltip, /dataset\\_datasetprofileaspect\\_v1/);
    assert.match(items[0].tooltip, /18,342\.113 MB/);
    assert.match(items[0].tooltip, /55\.3%/);
    const assertion = groups.find((g) => g.name === 'assertion')!;
    assert.equal(assertion.label, '208 B  assertion');
    assert.equal(assertion.description, '1 index');
    assert.equal(assertion.icon, 'symbol-namespace');
    assert.equal(assertion.iconColor, undefined);
    assert.doesNotMatch(assertion.tooltip, /warning threshold/);
  });

  it('names the threshold setting value in the warning tooltip and follows a change of it', async () => {
    await refreshed();
    const config = vscode.workspace.getConfiguration('datahub');
    await config.update('sizeWarningThresholdGb', 2.5, vscode.ConfigurationTarget.Global);
    try {
      let items: Awaited<ReturnType<typeof children>> = [];
      await waitFor(async () => {
        items = await children((await settledRoots())[0].node);
        return items[1]?.iconColor === 'list.warningForeground';
      }, 'the 2.71 GB index to warn at 2.5 GB');
      assert.match(items[1].tooltip.replace(/\\/g, ''), /Over the 2\.5 GB warning threshold \(datahub\.sizeWarningThresholdGb\)/);
      assert.equal(items[2].iconColor, undefined);
    } finally {
      await config.update('sizeWarningThresholdGb', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it("groups another deployment's index under other indices, says why, and offers no truncation for it", async () => {
    await refreshed();
    const other = (await settledRoots()).find((g) => g.name === 'other indices');
    assert.ok(other, 'an "other indices" group');
    assert.equal(other.contextValue, 'group.other');
    assert.match(other.tooltip, /another deployment sharing the search cluster/);
    const [foreign] = await children(other.node);
    assert.equal((foreign.node as IndexNode).index.indexName, 't01_dataset_operationaspect_v1');
    // The truncate and copy-entity menus match /^index/: neither shows for it.
    assert.match(foreign.contextValue ?? '', /^otherIndex/);
    assert.match(foreign.tooltip, /not named by the server/);
    const copy = await rejection(exec(Commands.copyEntityAspect, foreign.node));
    assert.match(copy.message, /did not name the entity type and aspect of t01_dataset_operationaspect_v1/);
    await sandbox.clearRequests();
    const endTimeMillis = Date.now() - 90 * 86_400_000;
    const truncate = await rejection(exec(Commands.truncateTimeseriesAspect, { indexName: 't01_dataset_operationaspect_v1', endTimeMillis }));
    assert.match(truncate.message, /t01_dataset_operationaspect_v1 cannot be truncated\. The server listed this index without an entity type and aspect/);
    // A copy of the row is not the row the tree handed out: it is read as arguments, and names no index.
    const copied = await rejection(exec(Commands.truncateTimeseriesAspect, { ...foreign.node, endTimeMillis }));
    assert.match(copied.message, /the argument object needs a non-empty string "entityType"/);
    assert.deepEqual(
      (await sandbox.requests()).filter((r) => r.action === 'truncateTimeseriesAspect'),
      [],
    );
  });

  it('says the totals and when they were fetched; names the connection', async () => {
    await refreshed();
    await settledRoots();
    const { indicesView } = await api();
    assert.match(indicesView.treeView.message ?? '', /^10 indices · 33\.2 GB · fetched \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)$/);
    assert.equal(indicesView.treeView.description, 'sandbox');
  });

  it('sorts by name and back by size, and remembers it', async () => {
    await refreshed();
    assert.deepEqual(await exec(Commands.sortByName, {}), { sort: 'name', message: 'Timeseries Indices sorted by name.' });
    const byName = await settledRoots();
    assert.deepEqual(
      byName.map((g) => g.name),
      [...byName.map((g) => g.name)].sort((a, b) => a.localeCompare(b)),
    );
    assert.equal(byName[0].name, 'assertion');
    const { services } = await api();
    assert.equal(services.context.globalState.get('datahub.sort'), 'name');
    await exec(Commands.sortBySize, {});
    assert.equal((await settledRoots())[0].name, 'dataset');
    assert.equal(services.context.globalState.get('datahub.sort'), 'size');
  });

  it('filters by substring and wildcard, says so, and clears', async () => {
    await refreshed();
    const result = await exec<{ filter: string; shown: number; total: number }>(Commands.filterIndices, { filter: 'PROFILE' });
    assert.deepEqual(result, { filter: 'PROFILE', shown: 1, total: 10, message: '1 of 10 indices contain "PROFILE".' });
    const filtered = await settledRoots();
    assert.deepEqual(
      filtered.map((g) => g.name),
      ['dataset'],
    );
    assert.deepEqual(
      (await children(filtered[0].node)).map((i) => i.name),
      ['datasetprofile'],
    );
    const { indicesView } = await api();
    assert.match(indicesView.treeView.message ?? '', /^Filter: PROFILE — 1 of 10 indices · fetched \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)$/);

    await exec(Commands.filterIndices, { filter: 'dataset*usage' });
    const wild = await settledRoots();
    assert.deepEqual(
      (await children(wild[0].node)).map((i) => i.name),
      ['datasetusagestatistics'],
    );

    await exec(Commands.filterIndices, { filter: 'no-such-index' });
    const none = await settledRoots();
    assert.equal(none.length, 1);
    assert.match(none[0].label, /No index matches "no-such-index"/);
    assert.equal(none[0].command, Commands.clearFilter);

    await exec(Commands.clearFilter, {});
    assert.equal((await settledRoots()).length > 1, true);
    assert.match(indicesView.treeView.message ?? '', /^10 indices/);
  });

  it('copies the index name and the entity type and aspect from an index item', async () => {
    await refreshed();
    const [dataset] = await settledRoots();
    const [profile] = await children(dataset.node);
    const node = profile.node as IndexNode;
    assert.equal(node.kind, 'index');
    assert.deepEqual(await exec(Commands.copyIndexName, node), {
      text: 'dataset_datasetprofileaspect_v1',
      message: 'Copied index name: dataset_datasetprofileaspect_v1',
    });
    assert.equal(await vscode.env.clipboard.readText(), 'dataset_datasetprofileaspect_v1');
    await exec(Commands.copyEntityAspect, node);
    assert.equal(await vscode.env.clipboard.readText(), 'entityType=dataset aspect=datasetprofile');
  });

  it('flags nothing when the warning threshold is 0', async () => {
    await refreshed();
    const config = vscode.workspace.getConfiguration('datahub');
    await config.update('sizeWarningThresholdGb', 0, vscode.ConfigurationTarget.Global);
    try {
      const groups = await settledRoots();
      assert.ok(groups.every((g) => g.icon !== 'warning'));
      assert.ok((await children(groups[0].node)).every((i) => i.icon === 'database'));
    } finally {
      await config.update('sizeWarningThresholdGb', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('refreshes that overlap share one request', async () => {
    await refreshed();
    const { services } = await api();
    const service = services.indexSizes;
    // Counts the calls that reached the service: the signal that all three are in, however busy the machine.
    let calls = 0;
    const refresh = service.refresh.bind(service);
    service.refresh = () => {
      calls++;
      return refresh();
    };
    await sandbox.clearRequests();
    // The answer waits in the sandbox until released, so the three calls overlap whatever their timing.
    await sandbox.hold('getIndexSizes');
    try {
      const all = Promise.all([refreshed(), refreshed(), refreshed()]);
      await waitFor(async () => calls === 3 && (await sandbox.held()).length === 1, 'three calls on one held request');
      await sandbox.release();
      const [a, b, c] = await all;
      assert.equal(a.indices.length, 10);
      assert.deepEqual(a, b);
      assert.deepEqual(b, c);
      assert.equal((await sandbox.indexSizeRequests()).length, 1);
    } finally {
      delete (service as Partial<typeof service>).refresh;
      await sandbox.release();
    }
  });

  it('a token change cancels the request in flight and fetches again with the new token', async () => {
    await sandbox.clearRequests();
    // The first answer is held: the token changes while its request is surely in flight.
    await sandbox.hold('getIndexSizes');
    try {
      const pending = refreshed();
      await waitFor(async () => (await sandbox.held()).length === 1, 'the first request, held');
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.reader });
      await waitFor(async () => (await sandbox.held()).some((r) => r.tokenName === 'reader'), 'the request with the new token');
      await sandbox.release();
      const snapshot = await pending;
      assert.equal(snapshot.indices.length, 10);
      // The joined refresh resolved with the answer to the new token's request.
      const held = await sandbox.indexSizeRequests();
      assert.deepEqual(
        held.map((r) => r.tokenName),
        ['admin', 'reader'],
      );
    } finally {
      await sandbox.release();
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.admin });
    }
  });

  it('shows the legacy kilobyte value with a note in the tooltip', async () => {
    await sandbox.setVersion('legacy');
    await refreshed();
    const groups = await settledRoots();
    const chart = groups.find((g) => g.name === 'chart')!;
    const [item] = await children(chart.node);
    assert.equal(item.label, '12.8 MB  chartusagestatistics');
    assert.match(item.tooltip, /older `sizeMb` field/);
    assert.match(item.contextValue ?? '', /^index.*\.legacy/);
  });

  it('opening the view fetches by itself (first fetch when visible)', async () => {
    // From a hidden view: a view left visible would fetch on the connection change, before the count starts.
    await hideDataHubViews();
    await removeAllConnections();
    await connectSandbox('sandbox', SANDBOX_TOKENS.admin);
    await sandbox.clearRequests();
    await vscode.commands.executeCommand('workbench.view.extension.datahub');
    const { indicesView } = await api();
    await waitFor(() => indicesView.treeView.visible, 'the view to be visible');
    await waitFor(async () => (await sandbox.indexSizeRequests()).length > 0, 'a request after the view became visible');
    await waitFor(() => /^10 indices/.test(indicesView.treeView.message ?? ''), 'the totals line');
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });

  it('reveals and selects an index for other parts (the chart), opening the view', async () => {
    // After the view was shown and hidden again, and the connection changed (as other parts do).
    await removeAllConnections();
    await connectSandbox('sandbox', SANDBOX_TOKENS.admin);
    await refreshed();
    await exec(Commands.filterIndices, { filter: 'chart' });
    const { services, indicesView } = await api();
    await services.indicesView.reveal('dataset_operationaspect_v1');
    await waitFor(
      () => (indicesView.treeView.selection[0] as IndexNode | undefined)?.index?.indexName === 'dataset_operationaspect_v1',
      'the tree to select the index',
    );
    assert.equal(indicesView.treeView.visible, true);
    // The filter that hid the index was cleared.
    assert.match(indicesView.treeView.message ?? '', /^10 indices/);
    await vscode.commands.executeCommand('workbench.action.closeSidebar');
  });
});
