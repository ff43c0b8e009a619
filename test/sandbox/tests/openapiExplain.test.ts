// The sandbox's OpenAPI search debugging over real HTTP: explainSearchQuery,
// explainSearchQueryDiff (ElasticsearchController.java) and entity/raw
// (ElasticsearchRawController.java), for the three states a search check must tell
// apart: indexed and matched, indexed but not matched, not in the index.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, SEARCH_SAMPLES, type Sandbox } from '..';
import { callOpenapi, type RawAnswer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

interface Explanation {
  match: boolean;
  value: number;
  description: string;
  details: Explanation[];
}

interface Explain {
  index: string;
  id: string;
  exists: boolean;
  match: boolean;
  explanation: Explanation | null;
}

const ORDERS = SAMPLE_URNS.ordersDataset;
const MISSING = SEARCH_SAMPLES.missingFromSearch;
const REMOVED = SEARCH_SAMPLES.softDeleted;

async function explain(documentId: string, query: string, extra: Record<string, string> = {}, token?: string): Promise<RawAnswer> {
  return callOpenapi(sb.url, 'explainSearchQuery', { token, query: { query, documentId, ...extra } });
}

function body(a: RawAnswer): Explain {
  assert.equal(a.status, 200, a.text.slice(0, 300));
  return a.json as Explain;
}

function descriptions(e: Explanation): string[] {
  return [e.description, ...e.details.flatMap(descriptions)];
}

async function raw(urns: string[], token?: string): Promise<RawAnswer> {
  return callOpenapi(sb.url, 'entity/raw', { token, body: urns });
}

describe('OpenAPI explainSearchQuery', () => {
  it('indexed and matched: exists, match, a positive score and the term clauses that scored', async () => {
    const e = body(await explain(ORDERS, 'orders'));
    assert.equal(e.index, 'datasetindex_v2');
    assert.equal(e.id, 'urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.orders%2CPROD%29', 'the URL-encoded URN (URLEncoder)');
    assert.deepEqual([e.exists, e.match], [true, true]);
    assert.ok(e.explanation && e.explanation.match && e.explanation.value > 0);
    assert.equal(e.explanation.description, 'function score, product of:');
    assert.ok(descriptions(e.explanation).some((d) => d.startsWith('weight(name.delimited:orders in ')));
    assert.deepEqual(Object.keys(e), ['index', 'id', 'exists', 'match', 'explanation', 'getResult', 'fragment']);
    const all = body(await explain(ORDERS, '*'));
    assert.deepEqual([all.match, all.explanation?.value], [true, 1]);
  });

  it('indexed but not matched: exists, match false, a tree saying which clause failed', async () => {
    const e = body(await explain(ORDERS, 'orders customers'));
    assert.deepEqual([e.exists, e.match], [true, false]);
    assert.ok(e.explanation);
    assert.equal(e.explanation.match, false);
    assert.equal(e.explanation.value, 0);
    assert.equal(e.explanation.description, 'Failure to meet condition(s) of required/prohibited clause(s)');
    const failed = e.explanation.details.filter((d) => !d.match).map((d) => d.description);
    assert.deepEqual(failed, ['no match on required clause (name.delimited:customers | urn.delimited:customers | description.delimited:customers)']);
    assert.ok(
      e.explanation.details.some((d) => d.match && d.description.startsWith('weight(name.delimited:orders')),
      'the clause that did match is listed',
    );
  });

  it('a soft-deleted entity is in the index and never matches: the removed filter', async () => {
    const e = body(await explain(REMOVED, 'orders'));
    assert.deepEqual([e.exists, e.match], [true, false]);
    assert.ok(descriptions(e.explanation as Explanation).includes('match on prohibited clause (removed:true)'));
  });

  it('not in the index (missing, or another entity index): exists false, no explanation', async () => {
    for (const [id, extra] of [
      [MISSING, {}],
      [ORDERS, { entityName: 'chart' }],
      ['urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD)', {}],
    ] as const) {
      const e = body(await explain(id, 'orders', extra));
      assert.deepEqual([e.exists, e.match, e.explanation], [false, false, null], id);
    }
  });

  it('an already encoded document id is used as it is', async () => {
    const e = body(
      await explain(
        encodeURIComponent(ORDERS).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
        'orders',
      ),
    );
    assert.deepEqual([e.exists, e.match], [true, true]);
  });

  it('refusals: no documentId is Spring 400, an unknown entity a 500, no privilege a 403 with no body', async () => {
    const missing = await callOpenapi(sb.url, 'explainSearchQuery', { query: { query: 'orders' } });
    assert.equal(missing.status, 400);
    assert.equal((await explain(ORDERS, 'orders', { entityName: 'nosuchentity' })).status, 500);
    assert.equal((await explain(ORDERS, 'orders', { searchFlags: '{not json' })).status, 500);
    const denied = await explain(ORDERS, 'orders', {}, SANDBOX_TOKENS.reader);
    assert.deepEqual([denied.status, denied.text], [403, '']);
    sb.setAuth({
      tokens: {
        explainer: { token: 'explain-token', privileges: ['ES_EXPLAIN_QUERY_PRIVILEGE'] },
        ops: { token: 'ops-token', privileges: ['MANAGE_SYSTEM_OPERATIONS_PRIVILEGE'] },
      },
    });
    assert.equal((await explain(ORDERS, 'orders', {}, 'explain-token')).status, 200);
    assert.equal((await explain(ORDERS, 'orders', {}, 'ops-token')).status, 200);
  });
});

describe('OpenAPI explainSearchQueryDiff', () => {
  it('text/plain patch of A (+, "expected") against B (-, "actual")', async () => {
    const a = await callOpenapi(sb.url, 'explainSearchQueryDiff', { query: { query: 'orders', documentIdA: ORDERS, documentIdB: REMOVED } });
    assert.equal(a.status, 200);
    assert.match(a.headers.get('content-type') ?? '', /^text\/plain/);
    assert.ok(a.text.startsWith('--- actual\n+++ expected\n@@ @@\n {\n'), a.text.slice(0, 80));
    const lines = a.text.split('\n');
    assert.ok(lines.includes('   "index": "datasetindex_v2",'), 'same values start with a space');
    assert.ok(lines.includes('-  "match": false,'), "B's value on the - line");
    assert.ok(lines.includes('+  "match": true,'), "A's value on the + line");
    assert.equal(lines[lines.length - 1], ' }');
    const one = await callOpenapi(sb.url, 'explainSearchQueryDiff', { query: { query: 'orders', documentIdA: ORDERS } });
    assert.equal(one.status, 400, 'documentIdB is required');
  });
});

describe('OpenAPI entity/raw', () => {
  it('the _source of each URN the index holds; a URN it does not hold is simply absent', async () => {
    const a = await raw([ORDERS, MISSING, REMOVED, ORDERS]);
    assert.equal(a.status, 200);
    const docs = a.json as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(docs).sort(), [ORDERS, REMOVED].sort());
    assert.equal(docs[ORDERS].urn, ORDERS);
    assert.equal(docs[ORDERS].name, 'db.orders');
    assert.equal(docs[ORDERS].platform, 'urn:li:dataPlatform:hive');
    assert.equal(docs[ORDERS].removed, false);
    assert.equal(docs[REMOVED].removed, true);
    assert.deepEqual((await raw([])).json, {});
  });

  it('after a restore the missing entity is in the index: raw and explain find it', async () => {
    assert.equal(Object.keys((await raw([MISSING])).json as object).length, 0);
    const restored = await callOpenapi(sb.url, 'restoreIndices', { body: [MISSING] });
    assert.equal(restored.status, 200);
    assert.deepEqual(Object.keys((await raw([MISSING])).json as object), [MISSING]);
    const e = body(await explain(MISSING, 'db_orders'));
    assert.deepEqual([e.exists, e.match], [true, true]);
  });

  it('needs Manage System Operations (403, no body); an invalid URN is a 500 before the privilege check', async () => {
    const denied = await raw([ORDERS], SANDBOX_TOKENS.restorer);
    assert.deepEqual([denied.status, denied.text], [403, '']);
    assert.equal((await raw(['urn:li:dataset:(unbalanced'], SANDBOX_TOKENS.none)).status, 500);
    assert.equal((await callOpenapi(sb.url, 'entity/raw', { raw: '"one"' })).status, 400);
  });
});
