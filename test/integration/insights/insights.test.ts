// Size history, export and the chart panel, inside a real VS Code against the
// sandbox: the history file after refreshes, exported files against what the
// sandbox serves, and what the chart host does with messages.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DAY_MS, encodeHistory, type History } from '../../../src/insights/logic/history';
import type { IndexNode } from '../../../src/indices/logic/indexTreeNodes';
import { api, children, connectSandbox, rejection, removeAllConnections, sandbox, sandboxUrl, SANDBOX_TOKENS, settledRoots, waitFor } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { CONNECTION, exec, HOSTILE, historyFile, insights, refresh, served, setIndices } from '../support/insights';

describe('insights: size history', () => {
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
    await connectSandbox(CONNECTION, SANDBOX_TOKENS.admin);
    await exec(Commands.clearHistory, {});
  });
  afterEach(async () => {
    await sandbox.reset();
    await vscode.workspace.getConfiguration('datahub').update('history.enabled', undefined, vscode.ConfigurationTarget.Global);
  });

  it('writes one compact snapshot per refresh, with the sizes the server sent', async () => {
    const first = await refresh();
    const second = await refresh();
    const h = (await historyFile()).connections.get(CONNECTION);
    assert.ok(h, 'no history for the connection');
    assert.equal(h.gmsUrl, sandboxUrl());
    // The view may have fetched on its own before; the two refreshes are the newest.
    assert.deepEqual(
      h.snapshots.slice(-2).map((s) => s.t),
      [first.fetchedAt, second.fetchedAt],
    );
    const truth = await served();
    const newest = h.snapshots[h.snapshots.length - 1];
    assert.equal(newest.sizes.size, truth.length);
    for (const index of truth) assert.equal(newest.sizes.get(index.indexName), Math.round(index.sizeInMb * 1000) / 1000, index.indexName);
  });

  it('shows growth since the previous fetch in the tree tooltip', async () => {
    await setIndices([{ indexName: 'dataset_datasetprofileaspect_v1', entityName: 'dataset', aspectName: 'datasetprofile', sizeInMb: 1000 }]);
    await refresh();
    await setIndices([{ indexName: 'dataset_datasetprofileaspect_v1', entityName: 'dataset', aspectName: 'datasetprofile', sizeInMb: 1250 }]);
    await refresh();
    const groups = await settledRoots();
    const dataset = groups.find((g) => g.node.kind === 'group' && g.node.entityName === 'dataset');
    assert.ok(dataset);
    const profile = (await children(dataset.node)).find((i) => (i.node as IndexNode).index?.indexName === 'dataset_datasetprofileaspect_v1');
    assert.ok(profile);
    // The tooltip is Markdown; drop its escapes to read it as a person does.
    const text = profile.tooltip.replace(/\\(.)/g, '$1');
    assert.match(text, /Growth: Since previous fetch: \+250 MB \(\+25%\)/);
  });

  it('bounds the file: 90 days, one snapshot a day after a week', async () => {
    // 120 days of hourly snapshots from an older version of this history, then one refresh.
    const now = Date.now();
    const snapshots = [];
    for (let t = now - 120 * DAY_MS; t < now - 60_000; t += 3_600_000) snapshots.push({ t, sizes: new Map([['dataset_datasetprofileaspect_v1', 1]]) });
    const seeded: History = { connections: new Map([[CONNECTION, { gmsUrl: sandboxUrl(), snapshots }]]) };
    const { history } = await insights();
    await history.flush();
    await vscode.workspace.fs.writeFile(history.uri, new TextEncoder().encode(encodeHistory(seeded)));
    await refresh();
    const kept = (await historyFile()).connections.get(CONNECTION)!.snapshots;
    const ages = kept.map((s) => now - s.t);
    assert.ok(Math.max(...ages) <= 90 * DAY_MS + 60_000, `oldest is ${(Math.max(...ages) / DAY_MS).toFixed(1)} days old`);
    const days = kept.filter((s) => now - s.t > 7 * DAY_MS + 60_000).map((s) => Math.floor(s.t / DAY_MS));
    assert.equal(new Set(days).size, days.length, 'more than one snapshot on a day older than a week');
    assert.ok(kept.length < 83 + 6 * 24 + 24 + 6, `${kept.length} snapshots kept of ${snapshots.length + 1}`);
    const bytes = (await vscode.workspace.fs.stat(history.uri)).size;
    assert.ok(bytes < 50_000, `${bytes} bytes`);
  });

  it('records nothing while datahub.history.enabled is off', async () => {
    const before = (await historyFile()).connections.get(CONNECTION)?.snapshots.length ?? 0;
    await vscode.workspace.getConfiguration('datahub').update('history.enabled', false, vscode.ConfigurationTarget.Global);
    await refresh();
    assert.equal((await historyFile()).connections.get(CONNECTION)?.snapshots.length ?? 0, before);
  });

  it('clears one connection without asking when called with an argument', async () => {
    await refresh();
    const result = await exec<{ cleared: string[] }>(Commands.clearHistory, { connection: CONNECTION });
    assert.deepEqual(result, { cleared: [CONNECTION], message: `Cleared the index size history of ${CONNECTION}.` });
    assert.equal((await historyFile()).connections.has(CONNECTION), false);
    const error = await rejection(exec(Commands.clearHistory, { connection: 42 }));
    assert.match(error.message, /connection name/);
  });
});

describe('insights: chart panel', () => {
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
    await connectSandbox(CONNECTION, SANDBOX_TOKENS.admin);
    await setIndices(
      HOSTILE.map((indexName, i) => ({ indexName, entityName: 'hostile', aspectName: indexName, sizeInMb: i + 1 })),
      true,
    );
    await refresh();
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await sandbox.reset();
    await removeAllConnections();
  });

  const chartTabs = () =>
    vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.includes('datahub.indexSizeChart'));

  it('opens one panel with a strict CSP, and its page asks for the state', async () => {
    const { chart } = await insights();
    await exec(Commands.showIndexSizeChart);
    await exec(Commands.showIndexSizeChart);
    assert.ok(chart.isOpen);
    const tabs = () => JSON.stringify(vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => [t.label, (t.input as { viewType?: string })?.viewType])));
    await waitFor(() => chartTabs().length > 0, `a chart tab among ${tabs()}`);
    assert.equal(chartTabs().length, 1, tabs());
    const html = chart.html ?? '';
    const csp = /Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? '';
    assert.match(csp, /^default-src 'none'; script-src 'nonce-([A-Za-z0-9+/=]{16,})'; style-src [^;]+; img-src [^;]+ data:$/);
    assert.ok(!csp.includes('unsafe'), csp);
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    assert.ok(html.includes(`<script nonce="${nonce}" src="`) && html.includes('chart.js'), 'the script is the bundled chart with the nonce');
    assert.ok(!/<script(?![^>]*nonce)/.test(html), 'every script has the nonce');
    // The page's script runs and says 'ready'; the host answers with the sizes.
    await waitFor(() => chart.posted.count > 0, 'the chart page to ask for its state', 15_000);
    const state = chart.posted.state;
    assert.ok(state?.kind === 'sizes');
    const names = state.groups.flatMap((g) => g.indices.map((i) => i.indexName));
    for (const name of HOSTILE) assert.ok(names.includes(name), `${name} not sent verbatim`);
  });

  it('follows the tree: a refresh sends the new sizes', async () => {
    const { chart } = await insights();
    const before = chart.posted.count;
    await setIndices([{ indexName: '<script>alert("x")</script>', entityName: 'hostile', aspectName: 'x', sizeInMb: 50_000 }], false);
    await refresh();
    await waitFor(() => chart.posted.count > before, 'the chart to be updated');
    const state = chart.posted.state;
    assert.ok(state?.kind === 'sizes');
    assert.equal(state.groups[0].entityName, 'hostile', 'the largest group comes first');
    assert.equal(state.groups[0].indices[0].sizeLabel, '50 GB');
  });

  it('ignores malformed and unknown messages from the webview', async () => {
    const { chart } = await insights();
    for (const message of [
      null,
      'reveal',
      { type: 'eval', code: 'x' },
      { type: 'reveal' },
      { type: 'truncate', indexName: 12 },
      { type: 'reveal', indexName: '' },
    ]) {
      const outcome = await chart.handleMessage(message);
      assert.deepEqual(
        { handled: outcome.handled, reason: outcome.handled ? '' : outcome.reason },
        { handled: false, reason: 'malformed' },
        JSON.stringify(message),
      );
    }
    const unknown = await chart.handleMessage({ type: 'truncate', indexName: 'not_an_index_v1' });
    assert.ok(!unknown.handled && unknown.reason === 'unknownIndex');
  });

  it("offers no truncation for another deployment's index, and refuses a message asking for one", async () => {
    const { chart } = await insights();
    const before = chart.posted.count;
    await setIndices([{ indexName: 't02_dataset_operationaspect_v1', sizeInMb: 60_000 }], false);
    await refresh();
    await waitFor(() => chart.posted.count > before, 'the chart to be updated');
    const state = chart.posted.state;
    assert.ok(state?.kind === 'sizes');
    const other = state.groups.find((g) => g.entityName === 'other indices');
    const foreign = other?.indices.find((i) => i.indexName === 't02_dataset_operationaspect_v1');
    assert.ok(foreign, 'the foreign index is under other indices');
    assert.equal(foreign.truncatable, false);
    assert.match(foreign.notTruncatable ?? '', /another deployment/);
    assert.equal(state.groups.at(-1)?.entityName, 'other indices', "after this server's own groups, however large");
    const refused = await chart.handleMessage({ type: 'truncate', indexName: 't02_dataset_operationaspect_v1' });
    assert.ok(!refused.handled && refused.reason === 'notTruncatable');
  });

  it('reveals a clicked index in the tree', async () => {
    const { chart } = await insights();
    const { indicesView } = await api();
    const name = '=HYPERLINK("http://evil")';
    const outcome = await chart.handleMessage({ type: 'reveal', indexName: name });
    assert.deepEqual(outcome, { handled: true, type: 'reveal' });
    await waitFor(() => (indicesView.treeView.selection[0] as IndexNode | undefined)?.index?.indexName === name, 'the tree to select the index');
  });
});
