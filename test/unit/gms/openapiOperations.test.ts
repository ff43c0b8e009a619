// The client's OpenAPI exchange over real HTTP, against a sandbox that has only the
// OpenAPI operations (api: 'openapi'): each operation, the request on the wire,
// retries for reads only, and truncation staying on Rest.li.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { GmsClientOptions, RequestLogEntry } from '../../../src/gms';
import { SAMPLE_URNS, SEARCH_SAMPLES, type Sandbox } from '../../sandbox';
import { ADMIN, clientFor, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { api: 'openapi', searchLagMs: 0, taskDurationMs: 60_000 });

const openapi = (url: string, options: Partial<GmsClientOptions> = {}) => clientFor(url, { api: 'openapi', ...options });

async function withClient<T>(run: (client: ReturnType<typeof openapi>) => Promise<T>, options: Partial<GmsClientOptions> = {}, url = sandbox.url): Promise<T> {
  const client = openapi(url, options);
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

describe('the operations both transports have, over OpenAPI', () => {
  it('getIndexSizes: sizeMb is decimal MB (not the legacy kB), names only where the server sent them', async () => {
    const { indices } = await withClient((c) => c.getIndexSizes());
    const profile = indices.find((i) => i.indexName === 'dataset_datasetprofileaspect_v1');
    assert.deepEqual(profile && [profile.entityName, profile.aspectName, profile.sizeMb, profile.sizeSource, profile.named], [
      'dataset',
      'datasetprofile',
      18342.113,
      'current',
      true,
    ]);
    const foreign = indices.find((i) => i.indexName === 't01_dataset_operationaspect_v1');
    assert.equal(foreign?.named, false);
    const r = sandbox.requests.at(-1);
    assert.deepEqual([r?.method, r?.path, r?.transport, r?.action], ['GET', '/openapi/operations/elasticSearch/getIndexSizes', 'openapi', 'getIndexSizes']);
  });

  it('restoreIndices by urn: one GET, the batch results summed, the query sent kept as args', async () => {
    const result = await withClient((c) => c.restoreIndices({ urn: SAMPLE_URNS.ordersDataset, aspect: 'status', batchSize: 50 }));
    assert.equal(result.rowsMigrated, 1);
    assert.deepEqual(result.args, { urn: SAMPLE_URNS.ordersDataset, aspectName: 'status', batchSize: '50' });
    assert.equal(result.batches[0].lastUrn, SAMPLE_URNS.ordersDataset);
    assert.equal(result.batches[0].lastAspect, 'status');
    assert.ok(result.raw.startsWith('['));
    const r = sandbox.requests.at(-1);
    assert.deepEqual([r?.method, r?.query], ['GET', { urn: SAMPLE_URNS.ordersDataset, aspectName: 'status', batchSize: '50' }]);
    assert.equal(sandbox.restoreCounts()[`${SAMPLE_URNS.ordersDataset}|status`], 1);
  });

  it('restoreIndices by pattern with a window and limit: one result per internal batch; nothing matched is no batch at all', async () => {
    const pattern = 'urn:li:dataset:%';
    const result = await withClient((c) => c.restoreIndices({ urnLike: pattern, batchSize: 200, limit: 1000, createDefaultAspects: true }));
    assert.equal(result.rowsMigrated + result.ignored, Math.min(sandbox.countRows(pattern), 1000));
    assert.equal(result.batches.length, 5);
    assert.ok(result.batches.every((b) => b.fields.defaultAspectsCreated === String(b.rowsMigrated)));
    assert.equal(sandbox.requests.at(-1)?.query.urnLike, pattern);
    const none = await withClient((c) => c.restoreIndices({ urnLike: 'urn:li:nosuch:%', gePitEpochMs: 1, lePitEpochMs: 2 }));
    assert.deepEqual([none.batches, none.rowsMigrated, none.ignored, none.raw], [[], 0, 0, '[]']);
  });

  it('getEsTaskStatus reads a truncation task started over Rest.li on the same server', async () => {
    sandbox.setApi('both');
    const restli = clientFor(sandbox.url);
    try {
      const run = await restli.truncateTimeseriesAspect({
        entityType: 'dataset',
        aspect: 'operation',
        endTimeMillis: Date.now() - 300 * DAY,
        dryRun: false,
        method: 'deleteByQuery',
      });
      assert.equal(run.kind, 'task');
      const task = run.kind === 'task' ? run.task : '';
      const status = await withClient((c) => c.getEsTaskStatus(task));
      assert.equal(status.task, task);
      assert.equal(status.completed, false);
      assert.equal(typeof status.status.total, 'number');
      assert.ok((status.runTimeNanos ?? 0) > 0);
      assert.deepEqual(sandbox.requests.at(-1)?.query, { task });
    } finally {
      await restli.close();
    }
  });

  it('truncateTimeseriesAspect stays on Rest.li, which such a server keeps for it (it has no OpenAPI form)', async () => {
    const result = await withClient((c) => c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY }));
    assert.equal(result.kind, 'dryRun');
    assert.equal(sandbox.requests.at(-1)?.path, '/operations');
    assert.equal(sandbox.requests.at(-1)?.transport, 'restli');
  });
});

describe('what only OpenAPI offers', () => {
  it('restoreUrns: one POST of the distinct URNs; one result per batch and entity type', async () => {
    const urns = [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.jdoeUser, SAMPLE_URNS.ordersDataset, SAMPLE_URNS.datahubUser];
    const result = await withClient((c) => c.restoreUrns({ urns, aspectNames: ['status', 'corpUserKey'], batchSize: 10 }));
    const r = sandbox.requests.at(-1);
    assert.equal(r?.method, 'POST');
    assert.deepEqual(r?.body, [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.jdoeUser, SAMPLE_URNS.datahubUser]);
    assert.equal(r?.rawBody.includes('aspectNames'), false);
    assert.ok(r?.headers['content-type']?.startsWith('application/json'));
    assert.equal(result.batches.length, 2, 'a dataset group and a corpuser group');
    assert.equal(result.rowsMigrated, 3);
    assert.deepEqual(result.args, { aspectNames: 'status,corpUserKey', batchSize: '10' });
    const counts = sandbox.restoreCounts();
    assert.deepEqual(
      [counts[`${SAMPLE_URNS.ordersDataset}|status`], counts[`${SAMPLE_URNS.jdoeUser}|corpUserKey`], counts[`${SAMPLE_URNS.datahubUser}|corpUserKey`]],
      [1, 1, 1],
    );
  });

  it('restoreUrns without aspect names restores every aspect the registry knows (the removed one is not read)', async () => {
    const result = await withClient((c) => c.restoreUrns({ urns: [SAMPLE_URNS.ordersDataset] }));
    assert.deepEqual([result.rowsMigrated, result.ignored, result.args], [7, 0, {}]);
  });

  it('explainSearchQuery: indexed and matched, indexed but not matched, not in the index', async () => {
    const matched = await withClient((c) => c.explainSearchQuery({ urn: SAMPLE_URNS.ordersDataset, query: 'orders' }));
    assert.deepEqual([matched.index, matched.exists, matched.match], ['datasetindex_v2', true, true]);
    assert.ok(matched.explanation && matched.explanation.value > 0 && matched.explanation.details.length > 0);
    assert.equal(
      matched.id,
      encodeURIComponent(SAMPLE_URNS.ordersDataset).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    );
    // The entity name defaults to the URN's type (the server's own default is dataset), and goes on the wire.
    assert.deepEqual(sandbox.requests.at(-1)?.query, { documentId: SAMPLE_URNS.ordersDataset, query: 'orders', entityName: 'dataset' });

    const unmatched = await withClient((c) => c.explainSearchQuery({ urn: SAMPLE_URNS.ordersDataset, query: 'customers', size: 5 }));
    assert.deepEqual([unmatched.exists, unmatched.match, unmatched.explanation?.value], [true, false, 0]);
    assert.match(unmatched.explanation?.description ?? '', /Failure to meet condition/);

    const missing = await withClient((c) => c.explainSearchQuery({ urn: SEARCH_SAMPLES.missingFromSearch, query: 'orders' }));
    assert.deepEqual([missing.exists, missing.match, missing.explanation], [false, false, null]);
  });

  it('explainSearchQueryDiff: the text/plain patch as it is ("+" is A, "-" is B)', async () => {
    const diff = await withClient((c) =>
      c.explainSearchQueryDiff({ urnA: SAMPLE_URNS.ordersDataset, urnB: SEARCH_SAMPLES.missingFromSearch, query: 'orders' }),
    );
    assert.ok(diff.startsWith('--- actual\n+++ expected\n'), diff.slice(0, 80));
    assert.match(diff, /^\+ {2}"exists": true,?$/m);
    assert.match(diff, /^- {2}"exists": false,?$/m);
    const r = sandbox.requests.at(-1);
    assert.equal(r?.headers.accept, 'text/plain');
    assert.deepEqual(Object.keys(r?.query ?? {}), ['documentIdA', 'documentIdB', 'query', 'entityName']);
  });

  it('getRawDocuments: the documents the entity index holds, the others named missing', async () => {
    const urns = [SAMPLE_URNS.ordersDataset, SEARCH_SAMPLES.missingFromSearch, SAMPLE_URNS.jdoeUser];
    const raw = await withClient((c) => c.getRawDocuments(urns));
    assert.deepEqual(
      raw.found.map((f) => f.urn),
      [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.jdoeUser],
    );
    assert.equal(raw.found[0].document.name, 'db.orders');
    assert.deepEqual(raw.missing, [SEARCH_SAMPLES.missingFromSearch]);
    // A restore over OpenAPI puts the missing one in the index.
    await withClient((c) => c.restoreUrns({ urns: [SEARCH_SAMPLES.missingFromSearch] }));
    assert.deepEqual((await withClient((c) => c.getRawDocuments([SEARCH_SAMPLES.missingFromSearch]))).missing, []);
  });
});

describe('the request on the wire', () => {
  it('GET with the token and User-Agent, no Rest.li header, no body; through the frontend path too', async () => {
    await withClient((c) => c.getIndexSizes(), {}, sandbox.frontendUrl);
    const r = sandbox.requests.at(-1);
    assert.equal(r?.path, '/api/gms/openapi/operations/elasticSearch/getIndexSizes');
    assert.equal(r?.headers.authorization, 'Bearer <redacted>');
    assert.equal(r?.headers['user-agent'], 'datahub-index-ops/0.2.0');
    assert.equal(r?.headers['x-restli-protocol-version'], undefined);
    assert.equal(r?.headers['content-type'], undefined);
    assert.equal(r?.rawBody, '');
  });

  it('reads are retried on 502/503/504; restores never are', async () => {
    sandbox.addFault({ fault: { kind: 'html', status: 503 }, action: 'getIndexSizes', times: 1 });
    const entries: RequestLogEntry[] = [];
    await withClient((c) => c.getIndexSizes(), { onRequest: (e) => entries.push(e) });
    assert.deepEqual(
      entries.map((e) => [e.action, e.url, e.attempt, e.status, e.errorKind]),
      [
        ['getIndexSizes', `${sandbox.url}/openapi/operations/elasticSearch/getIndexSizes`, 1, 503, 'server'],
        ['getIndexSizes', `${sandbox.url}/openapi/operations/elasticSearch/getIndexSizes`, 2, 200, undefined],
      ],
    );
    sandbox.addFault({ fault: { kind: 'html', status: 503 }, action: 'restoreIndices', times: 2 });
    sandbox.clearRequests();
    await withClient((c) => rejectsWith(c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser] }), 'server'));
    await withClient((c) => rejectsWith(c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server'));
    assert.equal(sandbox.requests.length, 2, 'one attempt each');
    sandbox.addFault({ fault: { kind: 'reset' }, action: 'entity/raw', times: 1 });
    assert.equal((await withClient((c) => c.getRawDocuments([SAMPLE_URNS.jdoeUser]))).found.length, 1, 'entity/raw only reads: retried');
  });

  it('the log names the endpoint, never the query or the token', async () => {
    const entries: RequestLogEntry[] = [];
    await withClient((c) => c.explainSearchQuery({ urn: SAMPLE_URNS.jdoeUser, query: 'jdoe' }), { onRequest: (e) => entries.push(e) });
    assert.deepEqual(
      entries.map((e) => [e.action, e.url]),
      [['explainSearchQuery', `${sandbox.url}/openapi/operations/elasticSearch/explainSearchQuery`]],
    );
    assert.ok(!JSON.stringify(entries).includes(ADMIN));
  });
});
