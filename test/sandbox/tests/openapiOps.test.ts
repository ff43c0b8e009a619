// The sandbox's OpenAPI operations (ElasticsearchController.java) over real HTTP:
// getIndexSizes, getTaskStatus and both restoreIndices, their shapes, defaults,
// refusals, and that they share data with the Rest.li actions.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { NODE_ID, SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '..';
import { callAction, callOpenapi, valueOf, type RawAnswer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { taskDurationMs: 60_000 });

interface Result {
  ignored: number;
  rowsMigrated: number;
  timeSqlQueryMs: number;
  defaultAspectsCreated: number;
  lastUrn: string;
  lastAspect: string;
}

const RESULT_FIELDS = [
  'ignored',
  'rowsMigrated',
  'timeSqlQueryMs',
  'timeGetRowMs',
  'timeUrnMs',
  'timeEntityRegistryCheckMs',
  'aspectCheckMs',
  'createRecordMs',
  'sendMessageMs',
  'defaultAspectsCreated',
  'lastUrn',
  'lastAspect',
];

function results(a: RawAnswer): Result[] {
  assert.equal(a.status, 200, a.text.slice(0, 300));
  assert.ok(Array.isArray(a.json), 'a JSON list');
  return a.json as Result[];
}

/** Spring Boot's error JSON. */
function assertSpringError(a: RawAnswer, status: number): void {
  assert.equal(a.status, status, a.text.slice(0, 300));
  const body = a.json as { status: number; error: string; path: string; timestamp: string };
  assert.equal(body.status, status);
  assert.match(body.path, /^\/openapi\/operations\/elasticSearch\//);
  assert.equal(typeof body.timestamp, 'string');
}

describe('OpenAPI getIndexSizes', () => {
  it('answers {sizes: [{aspectName, entityName, indexName, sizeMb}]} with the Rest.li sizeInMb numbers', async () => {
    const a = await callOpenapi(sb.url, 'getIndexSizes', { token: SANDBOX_TOKENS.reader });
    assert.equal(a.status, 200);
    assert.match(a.headers.get('content-type') ?? '', /^application\/json/);
    const sizes = (a.json as { sizes: Array<Record<string, unknown>> }).sizes;
    const rest = (valueOf(await callAction(sb.url, 'getIndexSizes')) as { indexSizes: Array<Record<string, unknown>> }).indexSizes;
    assert.equal(sizes.length, rest.length);
    const profile = sizes.find((s) => s.indexName === 'dataset_datasetprofileaspect_v1');
    assert.deepEqual(profile, { aspectName: 'datasetprofile', entityName: 'dataset', indexName: 'dataset_datasetprofileaspect_v1', sizeMb: 18342.113 });
    for (const r of rest) assert.equal(sizes.find((s) => s.indexName === r.indexName)?.sizeMb, r.sizeInMb);
    const foreign = sizes.find((s) => s.indexName === 't01_dataset_operationaspect_v1');
    assert.deepEqual(foreign && Object.keys(foreign), ['indexName', 'sizeMb'], 'no names for an index the server cannot parse');
  });

  it('a caller without the privilege (or Manage System Operations) gets 403 with a plain sentence', async () => {
    const a = await callOpenapi(sb.url, 'getIndexSizes', { token: SANDBOX_TOKENS.none });
    assert.equal(a.status, 403);
    assert.equal(a.text, 'urn:li:corpuser:none is not authorized to get timeseries index sizes');
    assert.equal(a.json, undefined, 'not JSON, whatever the content type says');
    sb.setAuth({ tokens: { ops: { token: 'ops-token', privileges: ['MANAGE_SYSTEM_OPERATIONS_PRIVILEGE'] } } });
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes', { token: 'ops-token' })).status, 200);
  });

  it('POST is 405 with Allow: GET', async () => {
    const a = await callOpenapi(sb.url, 'getIndexSizes', { method: 'POST', raw: '{}' });
    assertSpringError(a, 405);
    assert.equal(a.headers.get('allow'), 'GET');
  });
});

describe('OpenAPI getTaskStatus', () => {
  it('a task started through Rest.li: {completed, taskId, status, runTimeNanos}', async () => {
    const start = { entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - 300 * 86_400_000, dryRun: false, forceDeleteByQuery: true };
    const task = valueOf(await callAction(sb.url, 'truncateTimeseriesAspect', start)) as string;
    const a = await callOpenapi(sb.url, 'getTaskStatus', { query: { task } });
    assert.equal(a.status, 200, a.text);
    const body = a.json as { completed: boolean; taskId: string; status: { deleted: number; total: number }; runTimeNanos: number };
    assert.deepEqual(Object.keys(body), ['completed', 'taskId', 'status', 'runTimeNanos']);
    assert.equal(body.completed, false);
    assert.equal(body.taskId, task);
    assert.equal(typeof body.status.total, 'number');
    const rest = JSON.parse(valueOf(await callAction(sb.url, 'getEsTaskStatus', { task })) as string) as { taskId: string };
    assert.equal(rest.taskId, body.taskId, 'the same task on both transports');
  });

  it('unknown task: 500 "Could not get task status for ..." (Rest.li answers 200 {"error"})', async () => {
    const a = await callOpenapi(sb.url, 'getTaskStatus', { query: { task: `${NODE_ID}:999999` } });
    assert.equal(a.status, 500);
    assert.equal(a.text, `Could not get task status for ${NODE_ID}:999999`);
  });

  it('a malformed task id or number 0 is 400 with a sentence; no task parameter is Spring 400', async () => {
    for (const task of ['nocolon', `${NODE_ID}:0`, 'a b:1']) {
      const a = await callOpenapi(sb.url, 'getTaskStatus', { query: { task } });
      assert.equal(a.status, 400);
      assert.equal(a.text, `Task ID should be in the form nodeId:taskId e.g. aB1cdEf2GHI-JKLMnoPQr3:123456 (got ${task})`);
    }
    assertSpringError(await callOpenapi(sb.url, 'getTaskStatus'), 400);
  });

  it('needs GET_ES_TASK_STATUS itself: Manage System Operations is not enough', async () => {
    sb.setAuth({ tokens: { ops: { token: 'ops-token', privileges: ['MANAGE_SYSTEM_OPERATIONS_PRIVILEGE'] } } });
    const a = await callOpenapi(sb.url, 'getTaskStatus', { token: 'ops-token', query: { task: `${NODE_ID}:1` } });
    assert.equal(a.status, 403);
    assert.equal(a.text, 'urn:li:corpuser:ops is not authorized to get ElasticSearch task status');
  });
});

describe('OpenAPI restoreIndices GET', () => {
  it('one urn: a list of one RestoreIndicesResult, fields in declaration order; the rows are restored', async () => {
    const list = results(await callOpenapi(sb.url, 'restoreIndices', { query: { urn: SAMPLE_URNS.datahubUser } }));
    assert.equal(list.length, 1);
    assert.deepEqual(Object.keys(list[0]), RESULT_FIELDS);
    assert.equal(list[0].rowsMigrated, 3);
    assert.equal(list[0].lastUrn, SAMPLE_URNS.datahubUser);
    assert.equal(list[0].lastAspect, 'corpUserKey');
    assert.equal(sb.restoreCounts()[`${SAMPLE_URNS.datahubUser}|corpUserKey`], 1);
  });

  it('urnLike with start/limit/batchSize pages like the Rest.li action: one result per internal batch', async () => {
    const query = { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%', start: 0, limit: 25, batchSize: 10 };
    const list = results(await callOpenapi(sb.url, 'restoreIndices', { query }));
    assert.deepEqual(
      list.map((r) => r.rowsMigrated + r.ignored),
      [10, 10, 5],
    );
    const rest = valueOf(await callAction(sb.url, 'restoreIndices', query)) as string;
    assert.equal(rest.split('\n').length, 3, 'the same batches through Rest.li');
    assert.ok(rest.includes(`lastUrn=${list[2].lastUrn}, lastAspect=${list[2].lastAspect})`));
  });

  it('nothing matched: an empty list; the default batch is 500 rows; createDefaultAspects counts', async () => {
    assert.deepEqual(results(await callOpenapi(sb.url, 'restoreIndices', { query: { urnLike: 'urn:li:nothing:%' } })), []);
    const all = results(await callOpenapi(sb.url, 'restoreIndices', { query: { urnLike: 'urn:li:corpuser:%', createDefaultAspects: true } }));
    assert.ok(all.every((r, i) => i === all.length - 1 || r.rowsMigrated + r.ignored === 500));
    assert.ok(all.every((r) => r.defaultAspectsCreated === r.rowsMigrated));
  });

  it('refusals: 403 with no body; a bad number is Spring 400; an invalid urn is Spring 500', async () => {
    const denied = await callOpenapi(sb.url, 'restoreIndices', { token: SANDBOX_TOKENS.reader, query: { urn: SAMPLE_URNS.jdoeUser } });
    assert.deepEqual([denied.status, denied.text], [403, '']);
    assertSpringError(await callOpenapi(sb.url, 'restoreIndices', { query: { urn: SAMPLE_URNS.jdoeUser, batchSize: 'ten' } }), 400);
    assertSpringError(await callOpenapi(sb.url, 'restoreIndices', { query: { urn: 'urn:li:dataset:(broken' } }), 500);
    assert.deepEqual(sb.restoreCounts(), {});
  });
});

describe('OpenAPI restoreIndices POST', () => {
  it('a JSON array of URNs: duplicates vanish, one result per (batch of 100, entity type)', async () => {
    const body = [SAMPLE_URNS.datahubUser, SAMPLE_URNS.piiTag, SAMPLE_URNS.datahubUser, SAMPLE_URNS.jdoeUser];
    const list = results(await callOpenapi(sb.url, 'restoreIndices', { body }));
    assert.equal(list.length, 2, 'corpuser and tag');
    const counts = sb.restoreCounts();
    assert.equal(counts[`${SAMPLE_URNS.datahubUser}|corpUserKey`], 1, 'the duplicate was restored once');
    assert.equal(counts[`${SAMPLE_URNS.piiTag}|tagKey`], 1);
    assert.equal(
      list.reduce((n, r) => n + r.rowsMigrated, 0),
      Object.values(counts).reduce((n, c) => n + c, 0),
    );
  });

  it('batchSize splits the set; the order is the server set order (a Java HashSet), not the body order', async () => {
    const body = [SAMPLE_URNS.jdoeUser, SAMPLE_URNS.datahubUser, SAMPLE_URNS.piiTag];
    const order = results(await callOpenapi(sb.url, 'restoreIndices', { body, query: { batchSize: 1 } })).map((r) => r.lastUrn);
    assert.equal(order.length, 3);
    assert.deepEqual([...order].sort(), [...body].sort());
    assert.notDeepEqual(order, body);
  });

  it('aspectNames limits the aspects read (repeated or comma-separated); the dataset row of a removed aspect is never read', async () => {
    const body = [SAMPLE_URNS.ordersDataset];
    const two = results(await callOpenapi(sb.url, 'restoreIndices', { body, query: { aspectNames: 'status,ownership' } }));
    assert.equal(two[0].rowsMigrated, 2);
    const repeated = results(await callOpenapi(sb.url, 'restoreIndices', { body, query: { aspectNames: ['status', 'globalTags'] } }));
    assert.equal(repeated[0].rowsMigrated, 2);
    const all = results(await callOpenapi(sb.url, 'restoreIndices', { body }));
    assert.deepEqual([all[0].rowsMigrated, all[0].ignored], [7, 0]);
    assert.equal(sb.restoreCounts()[`${SAMPLE_URNS.ordersDataset}|datasetUpstreamLineage`], undefined);
  });

  it('refusals: 403 empty; a body that is not a JSON array is Spring 400; an invalid URN is Spring 500', async () => {
    const denied = await callOpenapi(sb.url, 'restoreIndices', { token: SANDBOX_TOKENS.reader, body: [SAMPLE_URNS.jdoeUser] });
    assert.deepEqual([denied.status, denied.text], [403, '']);
    assertSpringError(await callOpenapi(sb.url, 'restoreIndices', { raw: '{"urns": []}' }), 400);
    assertSpringError(await callOpenapi(sb.url, 'restoreIndices', { raw: '[' }), 400);
    assertSpringError(await callOpenapi(sb.url, 'restoreIndices', { body: ['not-a-urn'] }), 500);
  });
});
