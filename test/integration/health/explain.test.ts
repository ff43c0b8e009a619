// "Why isn't it found?": datahub.explainSearch inside VS Code against the sandbox's
// OpenAPI explain (indexed and matched, indexed but not matched, not in the index),
// a server without the OpenAPI operations, a token without the privilege, and bad
// input that sends nothing.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { ShownText } from '../../../src/platform/safeWindow';
import { SAMPLE_URNS } from '../../sandbox/data';
import { SEARCH_SAMPLES } from '../../sandbox/searchIndex';
import type { ExplainSearchResult } from '../../../src/health/explainSearch';
import { exec, rejection, TRANSPORT } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';

/** A run against a Rest.li-only sandbox (--sandbox-api restli) has no explain endpoint: the tests that need it skip there. */
const needsOpenapi = (ctx: Mocha.Context): void => {
  if (TRANSPORT === 'restli') ctx.skip();
};

const ORDERS = SAMPLE_URNS.ordersDataset;
const explain = (arg: Record<string, unknown>) => exec<ExplainSearchResult>(Commands.explainSearch, arg);
const explainRequests = async () => (await sandbox.requests()).filter((r) => /explainSearchQuery|entity\/raw|graphql/.test(`${r.action ?? ''} ${r.path}`));
const documentText = async (result: ExplainSearchResult) => (await vscode.workspace.openTextDocument(vscode.Uri.parse(result.documentUri))).getText();

describe('explain: datahub.explainSearch', function () {
  this.timeout(30_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());

  it('indexed and matched: the score, the clauses in words, and a readable document', async function () {
    needsOpenapi(this);
    const result = await explain({ urn: ORDERS, query: 'orders' });
    assert.equal(result.urn, ORDERS);
    assert.equal(result.query, 'orders');
    assert.equal(result.entityName, 'dataset');
    assert.equal(result.inIndex, true);
    assert.equal(result.matched, true);
    assert.ok(typeof result.score === 'number' && result.score > 0, `a score: ${result.score}`);
    assert.ok(
      result.reasons.some((r) => /name\.delimited contains "orders"/.test(r)),
      result.reasons.join('; '),
    );
    assert.match(result.documentUri, /^datahub-explain:/);
    const text = await documentText(result);
    assert.match(text.split('\n')[0], /Matches, score \d/);
    assert.match(text, /\*\*Yes\.\*\* The index `datasetindex_v2` holds a document/);
    assert.match(text, /^- name: `db\.orders`$/m);
    const sent = (await sandbox.requests()).filter((r) => r.action === 'explainSearchQuery');
    assert.equal(sent[0].query.documentId, ORDERS, 'the URN is the document id');
    assert.equal(sent[0].query.query, 'orders');
    assert.equal(sent[0].query.entityName, 'dataset', "the URN's entity type");
  });

  it('indexed but not matched: the failing clause, and the first result that did match with its diff', async function () {
    needsOpenapi(this);
    const result = await explain({ urn: ORDERS, query: 'customers' });
    assert.equal(result.inIndex, true);
    assert.equal(result.matched, false);
    assert.equal(result.score, undefined);
    assert.deepEqual(result.reasons, ['no searched field contains "customers" (required; looked in name.delimited, urn.delimited, description.delimited)']);
    const text = await documentText(result);
    assert.match(text.split('\n')[0], /In the index, but the query does not match it/);
    const requests = await sandbox.requests();
    assert.ok(
      requests.some((r) => r.action === 'entity/raw'),
      'the raw document was asked for',
    );
    assert.ok(
      requests.some((r) => r.action === 'graphql'),
      'DataHub search was asked for the first hit',
    );
    if (result.firstMatch) {
      assert.notEqual(result.firstMatch.urn, ORDERS);
      assert.ok(text.includes(result.firstMatch.urn));
      const diff = requests.find((r) => r.action === 'explainSearchQueryDiff');
      assert.ok(diff, 'the diff was asked for');
      assert.equal(diff.query.documentIdA, ORDERS);
      assert.equal(diff.query.documentIdB, result.firstMatch.urn);
      assert.match(text, /```diff/);
    } else {
      assert.match(text, /finds nothing at all for "customers"/);
    }
  });

  it('not in the index: says so before any score, and the raw document is missing too', async function () {
    needsOpenapi(this);
    const result = await explain({ urn: SEARCH_SAMPLES.missingFromSearch, query: 'orders' });
    assert.equal(result.inIndex, false);
    assert.equal(result.matched, false);
    assert.match(result.reasons[0], /no document for this URN/);
    const text = await documentText(result);
    assert.match(text.split('\n')[0], /Not in the search index/);
    assert.match(text, /raw search document is missing too/);
    assert.match(text, /Restore Indices for this URN/);
  });

  it('a Rest.li-only server: one sentence naming the OpenAPI operations and Check Search Index', async () => {
    await sandbox.control('POST', '/api', { api: 'restli' });
    const error = await rejection(explain({ urn: ORDERS, query: 'orders' }));
    assert.match(error.message, /DataHub’s OpenAPI operations add it in newer DataHub versions/);
    assert.match(error.message, /Check Search Index for URN…/);
  });

  it('through the command id (a link), a Rest.li-only server gets a warning with Check Search Index, not an error', async () => {
    await sandbox.control('POST', '/api', { api: 'restli' });
    const api = await activateExtension();
    const shown: ShownText[] = [];
    api.screen.record(shown);
    try {
      const result = await vscode.commands.executeCommand(Commands.explainSearch, { urn: ORDERS, query: 'orders' });
      assert.equal(result, undefined);
      const warning = shown.find((s) => s.surface === 'warning');
      assert.ok(warning, `a warning among ${JSON.stringify(shown)}`);
      assert.match(warning.text, /OpenAPI operations add it in newer DataHub versions/);
      assert.ok(!shown.some((s) => s.surface === 'error'), 'no error notification');
    } finally {
      api.screen.record(undefined);
      await vscode.commands.executeCommand('notifications.clearAll');
    }
  });

  it('a connection set to api restli: the same message, and nothing is sent', async () => {
    const config = vscode.workspace.getConfiguration('datahub');
    const connections = config.inspect<Array<Record<string, string>>>('connections')?.globalValue ?? [];
    await config.update(
      'connections',
      connections.map((c) => ({ ...c, api: 'restli' })),
      vscode.ConfigurationTarget.Global,
    );
    try {
      await sandbox.clearRequests();
      const error = await rejection(explain({ urn: ORDERS, query: 'orders' }));
      assert.match(error.message, /set to the Rest\.li operations \(api: restli\)/);
      assert.deepEqual(await explainRequests(), []);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a token without the privilege: the message names it', async function () {
    needsOpenapi(this);
    await useSandboxConnection({ token: 'reader' });
    try {
      const error = await rejection(explain({ urn: ORDERS, query: 'orders' }));
      assert.match(error.message, /^(datahub\.explainSearch: )?403 from http:\/\/127\.0\.0\.1:\d+: explaining a search needs .*ES_EXPLAIN_QUERY_PRIVILEGE/);
      assert.match(error.message, /MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
      assert.ok(!error.message.includes('sandbox-reader-token'), 'the token is in the message');
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('the URN hover links to it with the hovered URN (the search text is asked for)', async () => {
    const doc = await vscode.workspace.openTextDocument({ language: 'json', content: `{"urn": "${ORDERS}"}` });
    const position = doc.positionAt(doc.getText().indexOf('hive'));
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', doc.uri, position);
    const text = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    const link = /\(command:datahub\.explainSearch\?([^ )]+)/.exec(text);
    assert.ok(link, `an explain link in: ${text}`);
    assert.deepEqual(JSON.parse(decodeURIComponent(link[1])), [{ urn: ORDERS }]);
  });

  it('bad input is refused with a clear message before anything is sent', async () => {
    await sandbox.clearRequests();
    assert.match((await rejection(explain({ urn: 'urn:li:dataset:(a,', query: 'orders' }))).message, /^datahub\.explainSearch: "urn" is not a URN: /);
    assert.match((await rejection(explain({ urn: ORDERS, query: '   ' }))).message, /^datahub\.explainSearch: "query" is empty/);
    assert.match((await rejection(explain({ urn: ORDERS }))).message, /needs "query"/);
    assert.match((await rejection(explain({ query: 'orders' }))).message, /"urn"/);
    assert.deepEqual(await explainRequests(), []);
  });
});
