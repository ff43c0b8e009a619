// "It is in search, but wrong": datahub.inspectUrn inside VS Code against the sandbox, on the five
// cases (in sync, search stale, soft-deleted but still in search, database only, search only), a
// token without Manage System Operations (the raw document's 403), a Rest.li-only server (each
// section says the server does not offer it), and server text that tries to become Markdown,
// rendered by VS Code's own Markdown renderer (markdown.api.render) in Inspect URN and Explain Search.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { DEMO_ORPHANS } from '../../sandbox/drift';
import { SAMPLE_URNS } from '../../sandbox/data';
import { HOSTILE_DESCRIPTION } from '../../sandbox/inspect';
import type { InspectUrnResult } from '../../../src/health/inspectUrn';
import type { ExplainSearchResult } from '../../../src/health/explainSearch';
import { exec, TRANSPORT } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';

const inspect = (urn: string) => exec<InspectUrnResult>(Commands.inspectUrn, { urn });
const documentText = async (uri: string) => (await vscode.workspace.openTextDocument(vscode.Uri.parse(uri))).getText();
/** VS Code's own Markdown renderer, the one its preview uses. */
const rendered = async (uri: string): Promise<string> => vscode.commands.executeCommand<string>('markdown.api.render', await documentText(uri));
const openapiOnly = (ctx: Mocha.Context): void => {
  if (TRANSPORT === 'restli') ctx.skip();
};

describe('inspect: datahub.inspectUrn', function () {
  this.timeout(30_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());

  it('in sync: every compared field agrees, no next step, each section read', async function () {
    openapiOnly(this);
    const r = await inspect(SAMPLE_URNS.ordersDataset);
    assert.equal(r.verdict, 'inSync', r.message);
    assert.deepEqual(r.differences, []);
    assert.deepEqual(r.nextSteps, []);
    assert.equal(r.database.exists, true);
    assert.ok(r.database.aspects.some((a) => a.name === 'datasetProperties' && a.runId === 'sandbox-seed' && typeof a.lastObserved === 'number'));
    assert.equal(r.search.found, true);
    const text = await documentText(r.documentUri);
    assert.match(text.split('\n')[0], /In sync/);
    assert.match(text, /## Differences\n\nNone/);
    const paths = (await sandbox.requests()).map((q) => q.path);
    for (const p of [
      '/openapi/v3/entity/dataset/',
      '/openapi/operations/elasticSearch/entity/raw',
      '/openapi/operations/consistency/entities/',
      '/openapi/v2/timeline/v1/',
    ])
      assert.ok(
        paths.some((x) => x.startsWith(p)),
        `asked ${p}`,
      );
    assert.ok(!(await sandbox.requests()).some((q) => q.method === 'POST' && !q.path.endsWith('entity/raw')), 'nothing that writes');
  });

  it('search stale: the description and owners differ, field by field; restore is the next step; the timeline shows the change', async function () {
    openapiOnly(this);
    const r = await inspect(SAMPLE_URNS.lookerChart);
    assert.equal(r.verdict, 'searchStale');
    assert.deepEqual(
      r.differences.map((d) => [d.field, d.database, d.search]),
      [
        ['description', 'Weekly orders by region (revenue in EUR since November)', ''],
        ['owners', SAMPLE_URNS.jdoeUser, ''],
      ],
    );
    assert.deepEqual(
      r.nextSteps.map((s) => [s.command, s.args]),
      [[Commands.restoreIndices, { urn: SAMPLE_URNS.lookerChart, verify: true }]],
    );
    const text = await documentText(r.documentUri);
    assert.match(text, /\| description \| `Weekly orders by region/);
    assert.match(text, /`looker-2026_11_25-01`/);
    assert.match(text, /## Recent changes\n\n- \d{4}-\d\d-\d\d/);
  });

  it('a description edited in the UI is in sync: the edit is compared with editedDescription, the ingested one with description', async function () {
    openapiOnly(this);
    // DataHub's UI writes editableDatasetProperties; its consumer indexes the edit as editedDescription (EditableDatasetProperties.pdl).
    await sandbox.control('POST', '/edit-description', { urn: SAMPLE_URNS.ordersDataset, description: 'Orders, one row per order line' });
    const r = await inspect(SAMPLE_URNS.ordersDataset);
    assert.ok(r.database.aspects.some((a) => a.name === 'editableDatasetProperties'));
    assert.equal(r.search.document?.editedDescription, 'Orders, one row per order line');
    assert.equal(r.verdict, 'inSync', JSON.stringify(r.differences));
    assert.deepEqual(r.differences, []);
    assert.deepEqual(r.nextSteps, []);
  });

  it('search stale: the restore the next step names writes the document again; Inspect then reads it in sync', async function () {
    openapiOnly(this);
    // The consumer writes the document at once, so the second inspection reads what the restore wrote.
    await sandbox.control('POST', '/search-lag', { ms: 0 });
    const stale = await inspect(SAMPLE_URNS.lookerChart);
    assert.equal(stale.verdict, 'searchStale');
    const step = stale.nextSteps[0];
    const restored = await exec<{ searchable?: boolean }>(step.command, step.args);
    assert.equal(restored.searchable, true);
    const r = await inspect(SAMPLE_URNS.lookerChart);
    assert.equal(r.verdict, 'inSync', JSON.stringify(r.differences));
    assert.deepEqual(r.nextSteps, []);
  });

  it('soft-deleted but still in search: removed differs; restore writes removed', async function () {
    openapiOnly(this);
    const r = await inspect(SAMPLE_URNS.dailyEtlFlow);
    assert.equal(r.verdict, 'softDeletedInSearch');
    assert.equal(r.database.removed, true);
    assert.deepEqual(r.differences, [{ field: 'removed', database: 'true', search: 'false' }]);
    assert.equal(r.nextSteps[0].command, Commands.restoreIndices);
  });

  it('database only: no search document; restore', async function () {
    openapiOnly(this);
    const r = await inspect(SAMPLE_URNS.ordersUnderscoreDataset);
    assert.equal(r.verdict, 'databaseOnly');
    assert.equal(r.search.found, false);
    assert.deepEqual(r.differences, []);
    assert.deepEqual(r.nextSteps[0].args, { urn: SAMPLE_URNS.ordersUnderscoreDataset, verify: true });
  });

  it("search only: no row, a document; DataHub's orphan check asked by id; the drift fix's dry run, then the fix", async function () {
    openapiOnly(this);
    await sandbox.control('POST', '/drift', { orphans: [DEMO_ORPHANS[0]], modifiedAgoMs: 3_600_000 });
    const r = await inspect(DEMO_ORPHANS[0]);
    assert.equal(r.verdict, 'searchOnly');
    assert.equal(r.database.exists, false);
    assert.deepEqual(
      r.checks.map((c) => [c.checkId, c.fixType]),
      [['orphan-index-document', 'DELETE_INDEX_DOCUMENTS']],
    );
    assert.deepEqual(
      r.nextSteps.map((s) => [s.command, s.args]),
      [
        [Commands.checkSearchHealth, { urns: [DEMO_ORPHANS[0]], fix: 'dryRun' }],
        [Commands.checkSearchHealth, { urns: [DEMO_ORPHANS[0]], fix: 'apply' }],
      ],
    );
    // The first step as the notification's button runs it: the server's dry run, nothing removed.
    const dry = await exec<{ fix?: { plan: { remove: string[] } } }>(r.nextSteps[0].command, r.nextSteps[0].args);
    assert.deepEqual(dry.fix?.plan.remove, [DEMO_ORPHANS[0]]);
    const fixes = (await sandbox.requests()).filter((q) => q.path.endsWith('consistency/fix-issues'));
    assert.ok(fixes.length > 0 && fixes.every((q) => (q.body as { dryRun?: boolean }).dryRun === true), 'only dry runs were sent');
  });

  it('a token without Manage System Operations: the raw document (403, empty body) and the checks say so with the privilege; the database is there', async function () {
    openapiOnly(this);
    await useSandboxConnection({ token: 'reader' });
    try {
      const r = await inspect(SAMPLE_URNS.lookerChart);
      assert.equal(r.verdict, 'unknown');
      assert.match(r.search.unreadable ?? '', /refused \(403\).*MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
      assert.equal(r.database.exists, true);
      const raw = (await sandbox.requests()).find((q) => q.path.endsWith('entity/raw'));
      assert.equal(raw?.status, 403);
      const text = await documentText(r.documentUri);
      assert.match(text, /## The search document\n\nNot read: .*refused \(403\)/);
      assert.match(text, /## DataHub’s consistency checks\n\nNot run: .*MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
      assert.match(text, /## The database\n\n4 aspects/);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a Rest.li-only server: each section says the server does not offer it', async function () {
    if (TRANSPORT !== 'restli') this.skip();
    const r = await inspect(SAMPLE_URNS.lookerChart);
    assert.equal(r.verdict, 'unknown');
    const text = await documentText(r.documentUri);
    assert.match(text, /## The database\n\nNot read: `The database read .* is not offered by this server/);
    assert.match(text, /## The search document\n\nNot read: `The search document .* is not offered by this server/);
    assert.match(text, /## DataHub’s consistency checks\n\nNot run: `.* is not offered by this server/);
    assert.match(text, /## Recent changes\n\nNot read: `The timeline .* is not offered by this server/);
  });

  it('server text that tries to become Markdown renders as text in VS Code’s renderer', async function () {
    openapiOnly(this);
    const r = await inspect(SAMPLE_URNS.loadOrdersJob);
    assert.ok(r.differences.some((d) => d.database === HOSTILE_DESCRIPTION));
    const html = await rendered(r.documentUri);
    assertInert(html);
  });

  it('a 500 whose message is hostile Markdown: every "Not read" reason renders as text, no link or image', async function () {
    openapiOnly(this);
    const hostile =
      '# Heading [a link](https://evil.example/link) ![i](https://evil.example/i.png) <img src=x onerror=alert(1)> <a href="https://evil.example/a">a</a> <b>bold</b> https://evil.example/bare www.evil.example help@evil.example [run](command:workbench.action.reloadWindow)';
    // The server's error text (GMS answers a failing read with a Rest.li/Spring JSON body whose message is shown).
    for (const action of ['v3/entity/{entityName}/{urn}', 'v3/entity/{entityName}/batchGet', 'entity/raw', 'timeline/v1/{urn}'])
      await sandbox.addFault({ action, fault: { kind: 'restliError', status: 500, message: hostile } });
    const r = await inspect(SAMPLE_URNS.lookerChart);
    assert.equal(r.verdict, 'unknown');
    assert.ok(r.database.unreadable?.includes(hostile), `the database read failed with the hostile message: ${r.database.unreadable}`);
    assert.ok(r.search.unreadable?.includes(hostile), `the search read failed with the hostile message: ${r.search.unreadable}`);
    const html = await rendered(r.documentUri);
    assert.ok(html.includes('evil.example/bare'), 'the message is there to read');
    assert.ok(!/<a[\s>]/i.test(html), `no link at all: ${html.match(/<a[\s>][^>]*>/i)?.[0]}`);
    assert.ok(!/<img[\s>]/i.test(html), 'no image');
    assertInert(html);
    assert.match(await documentText(r.documentUri), /## The database\n\nNot read: `/, 'the reason is a code span');
  });

  it('the editor: the hover links Inspect with the URN; the right-click command inspects the URN at the cursor', async function () {
    openapiOnly(this);
    const content = `{"chart": "${SAMPLE_URNS.lookerChart}"}`;
    const document = await vscode.workspace.openTextDocument({ language: 'json', content });
    const editor = await vscode.window.showTextDocument(document);
    for (let i = 0; i < 100 && vscode.window.activeTextEditor?.document !== document; i++) await new Promise((r) => setTimeout(r, 20));
    const at = document.positionAt(content.indexOf('looker'));
    editor.selection = new vscode.Selection(at, at);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', document.uri, at);
    const text = hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
    const link = /\(command:datahub\.inspectUrn\?([^ )]+)/.exec(text);
    assert.ok(link, `an Inspect link in: ${text}`);
    assert.deepEqual(JSON.parse(decodeURIComponent(link[1])), [{ urn: SAMPLE_URNS.lookerChart }]);
    // The editor's context menu passes the document's Uri: the URN at the cursor is inspected.
    const r = await vscode.commands.executeCommand<InspectUrnResult>(Commands.inspectUrn, document.uri);
    assert.equal(r.urn, SAMPLE_URNS.lookerChart);
    assert.equal(r.verdict, 'searchStale');
    // Closed without a save prompt (the untitled document is dirty).
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('Explain Search: a search text that tries to become Markdown renders as text too', async function () {
    openapiOnly(this);
    const query = '# Heading [a link](https://evil.example/link) ![i](https://evil.example/i.png) <b>bold</b> https://evil.example/bare';
    const r = await exec<ExplainSearchResult>(Commands.explainSearch, { urn: SAMPLE_URNS.ordersDataset, query });
    const html = await rendered(r.documentUri);
    assert.match(html, /evil\.example\/bare/, 'the text is there');
    assertInert(html);
  });
});

function assertInert(html: string): void {
  assert.equal((html.match(/<h1[ >]/g) ?? []).length, 1, `only the title is a heading:\n${html.slice(0, 400)}`);
  assert.ok(!/<h[2-6][^>]*>[^<]*Heading/.test(html), 'the planted heading is text');
  assert.ok(!/<a\s[^>]*evil/i.test(html), `no link: ${html.match(/<a\s[^>]*>/i)?.[0]}`);
  assert.ok(!/<img\s/i.test(html), 'no image');
  assert.ok(!/<b>bold/.test(html), 'no HTML');
}
