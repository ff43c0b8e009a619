// The two transports side by side over real HTTP: the probe's answers on servers
// with both, only Rest.li and only OpenAPI; the client's api option (restli by
// default, openapi, auto); and the same results and errors from both for the same data.
import { strict as assert } from 'node:assert';
import { after, before, describe, it } from 'node:test';
import type { GmsClient, GmsClientOptions, RequestLogEntry } from '../../../src/gms';
import { SAMPLE_URNS, SANDBOX_TOKENS, startSandbox, type ApiMode, type Sandbox } from '../../sandbox';
import { clientFor, closedPort, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { api: 'both', taskDurationMs: 50 });

async function withClient<T>(run: (client: GmsClient) => Promise<T>, options: Partial<GmsClientOptions> = {}, url = sandbox.url): Promise<T> {
  const client = clientFor(url, options);
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

/** [transport, action] of the requests recorded since the last clear. */
const wire = () => sandbox.requests.map((r) => [r.transport ?? '', r.action ?? '']);

describe('probeTransports: one GET, and what it says', () => {
  const only: Partial<Record<ApiMode, Sandbox>> = {};
  before(async () => {
    only.restli = await startSandbox({ api: 'restli' });
    only.openapi = await startSandbox({ api: 'openapi' });
  });
  after(async () => {
    await only.restli?.stop();
    await only.openapi?.stop();
  });

  it('both and openapi-only servers: openapi (200); a Rest.li-only server: restli (its 404)', async () => {
    const both = await withClient((c) => c.probeTransports());
    assert.deepEqual([both.transport, both.status], ['openapi', 200]);
    assert.equal(both.reason, `OpenAPI operations answer at ${sandbox.url}/openapi/operations/elasticSearch/getIndexSizes`);
    assert.equal(sandbox.requests.length, 1);
    assert.deepEqual([sandbox.requests[0].method, sandbox.requests[0].transport], ['GET', 'openapi']);
    const openapiOnly = only.openapi as Sandbox;
    assert.equal((await withClient((c) => c.probeTransports(), {}, openapiOnly.url)).transport, 'openapi');
    const restliOnly = only.restli as Sandbox;
    const r = await withClient((c) => c.probeTransports(), {}, restliOnly.frontendUrl);
    assert.deepEqual([r.transport, r.status], ['restli', 404]);
    assert.match(r.reason, /the Rest\.li servlet answered: no OpenAPI servlet on this server; use the Rest\.li operations$/);
  });

  it('403: OpenAPI is there, the token lacks the privilege; 401: the token, not the transport', async () => {
    const forbidden = await withClient((c) => c.probeTransports(), { token: SANDBOX_TOKENS.none });
    assert.deepEqual([forbidden.transport, forbidden.status], ['openapi', 403]);
    for (const [url, token] of [
      [sandbox.url, 'not-a-real-token'],
      [sandbox.frontendUrl, undefined],
    ] as const) {
      const p = await withClient((c) => c.probeTransports(), { token }, url);
      assert.deepEqual(p, {
        transport: 'unauthorized',
        status: 401,
        reason: `401 from ${sandbox.url}: the token was refused (or is missing/expired). Set a new access token.`,
      });
    }
  });

  it('unknown: a 200 that is not index sizes, another status, no answer at all; it never throws', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 200, body: '<html>app</html>', contentType: 'text/html' }, action: 'getIndexSizes', times: 1 });
    const page = await withClient((c) => c.probeTransports());
    assert.deepEqual([page.transport, page.status], ['unknown', 200]);
    assert.match(page.reason, /answered 200 but not with index sizes; the URL may point at the frontend: try http/);
    sandbox.addFault({ fault: { kind: 'html', status: 502 }, action: 'getIndexSizes', times: 1 });
    assert.deepEqual(await withClient((c) => c.probeTransports()).then((p) => [p.transport, p.status]), ['unknown', 502]);
    const entries: RequestLogEntry[] = [];
    const closed = await withClient((c) => c.probeTransports(), { onRequest: (e) => entries.push(e) }, `http://127.0.0.1:${await closedPort()}`);
    assert.equal(closed.transport, 'unknown');
    assert.match(closed.reason, /ECONNREFUSED/);
    assert.deepEqual(
      entries.map((e) => [e.action, e.attempt]),
      [['probeTransports', 1]],
    );
  });
});

describe('the api option', () => {
  it('restli by default: the shared operations go over Rest.li', async () => {
    await withClient(async (c) => {
      assert.equal(c.api, 'restli');
      await c.getIndexSizes();
      await c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
    });
    assert.deepEqual(wire(), [
      ['restli', 'getIndexSizes'],
      ['restli', 'restoreIndices'],
    ]);
  });

  it('openapi: the shared operations go over OpenAPI; truncation stays Rest.li', async () => {
    await withClient(
      async (c) => {
        await c.getIndexSizes();
        await c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
        const run = await c.truncateTimeseriesAspect({
          entityType: 'dataset',
          aspect: 'operation',
          endTimeMillis: Date.now() - 300 * DAY,
          dryRun: false,
          method: 'deleteByQuery',
        });
        await c.getEsTaskStatus(run.kind === 'task' ? run.task : '');
      },
      { api: 'openapi' },
    );
    assert.deepEqual(wire(), [
      ['openapi', 'getIndexSizes'],
      ['openapi', 'restoreIndices'],
      ['restli', 'truncateTimeseriesAspect'],
      ['openapi', 'getTaskStatus'],
    ]);
  });

  it('auto: the first getIndexSizes finds out (no extra request) and OpenAPI is kept where it is; Rest.li where it is not', async () => {
    await withClient(
      async (c) => {
        await Promise.all([c.getIndexSizes(), c.getIndexSizes()]);
        await c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
        assert.deepEqual(await c.transport(), {
          transport: 'openapi',
          reason: `OpenAPI operations answer at ${sandbox.url}/openapi/operations/elasticSearch/getIndexSizes`,
          probed: true,
        });
      },
      { api: 'auto' },
    );
    assert.deepEqual(wire(), [
      ['openapi', 'getIndexSizes'],
      ['openapi', 'getIndexSizes'],
      ['openapi', 'restoreIndices'],
    ]);
    sandbox.clearRequests();
    // Another first call than getIndexSizes asks with one probe (a GET of the sizes), then goes on.
    await withClient((c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), { api: 'auto' });
    assert.deepEqual(wire(), [
      ['openapi', 'getIndexSizes'],
      ['openapi', 'restoreIndices'],
    ]);
    sandbox.clearRequests();
    // What an earlier client found out: no probe at all.
    await withClient((c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), { api: 'auto', knownTransport: 'openapi' });
    assert.deepEqual(wire(), [['openapi', 'restoreIndices']]);
    sandbox.setApi('restli');
    sandbox.clearRequests();
    await withClient(
      async (c) => {
        await c.getIndexSizes();
        await c.getIndexSizes();
      },
      { api: 'auto' },
    );
    // The probe's 404 (recorded by its path), then Rest.li.
    assert.deepEqual(wire(), [
      ['openapi', 'getIndexSizes'],
      ['restli', 'getIndexSizes'],
      ['restli', 'getIndexSizes'],
    ]);
  });

  it('auto: a refused token is not a transport: Rest.li says so, and the next call probes again; bad input sends nothing', async () => {
    await withClient(
      async (c) => {
        await rejectsWith(c.getIndexSizes(), 'unauthorized');
        await rejectsWith(c.getIndexSizes(), 'unauthorized');
        // One request each: the 401 is the answer, and the next call asks again.
        assert.equal(sandbox.requests.length, 2);
        sandbox.clearRequests();
        await rejectsWith(c.restoreIndices({}), 'invalidInput', 'wholeDatabaseRestore');
        await rejectsWith(c.getEsTaskStatus('nope'), 'invalidInput');
        assert.equal(sandbox.requests.length, 0);
      },
      { api: 'auto', token: 'not-a-real-token' },
    );
  });
});

describe('the same data, the same answers over both transports', () => {
  const both = <T>(run: (c: GmsClient) => Promise<T>): Promise<[T, T]> =>
    Promise.all([withClient(run, { api: 'restli' }), withClient(run, { api: 'openapi' })]).then(([a, b]) => [a, b]);
  const counts = (r: { batches: unknown[]; rowsMigrated: number; ignored: number }) => ({
    batches: r.batches,
    rowsMigrated: r.rowsMigrated,
    ignored: r.ignored,
  });

  it('index sizes', async () => {
    const [restli, openapi] = await both((c) => c.getIndexSizes());
    assert.deepEqual(openapi, restli);
    assert.ok(restli.indices.length >= 10);
  });

  it('restore by urn, by pattern in pages, with nothing matched: the same batches, timings, last URN and sums', async () => {
    for (const request of [
      { urn: SAMPLE_URNS.ordersDataset },
      { urnLike: 'urn:li:corpuser:%', batchSize: 2, start: 1, limit: 5 },
      { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%', aspect: 'status', batchSize: 3 },
      { urnLike: 'urn:li:nosuch:%' },
    ]) {
      const [restli, openapi] = await both((c) => c.restoreIndices(request));
      assert.deepEqual(counts(openapi), counts(restli), JSON.stringify(request));
    }
  });

  it('task status of a finished task, and the unknown task', async () => {
    const run = await withClient((c) =>
      c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - 300 * DAY, dryRun: false, method: 'deleteByQuery' }),
    );
    const task = run.kind === 'task' ? run.task : '';
    await new Promise((resolve) => setTimeout(resolve, 100));
    const [restli, openapi] = await both((c) => c.getEsTaskStatus(task));
    assert.equal(restli.completed, true);
    assert.deepEqual(openapi, restli);
    const [e1, e2] = await both((c) => rejectsWith(c.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:42'), 'notFound', 'taskNotFound'));
    assert.deepEqual([e2.kind, e2.code, e2.message, e2.serverMessage], [e1.kind, e1.code, e1.message, e1.serverMessage]);
  });

  it('401 and the 403 of index sizes: the same kind and words', async () => {
    for (const token of ['not-a-real-token', SANDBOX_TOKENS.none]) {
      const run = (c: GmsClient) =>
        c.getIndexSizes().then(
          () => assert.fail('succeeded'),
          (e: Error & { kind: string }) => [e.kind, e.message],
        );
      const [restli, openapi] = await Promise.all([withClient(run, { token }), withClient(run, { token, api: 'openapi' })]);
      assert.deepEqual(openapi, restli);
    }
  });
});
