// Which operations transports the sandbox serves (--api restli|openapi|both), over
// real HTTP: the one a server lacks answers 404 as such a server does, both share one
// store and search index, and the recorder and fault rules see both.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, SEARCH_SAMPLES, startSandbox, type Sandbox } from '..';
import { callAction, callOpenapi, control, type RawAnswer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

function assertRestli404(a: RawAnswer, path: string): void {
  assert.equal(a.status, 404, a.text.slice(0, 200));
  assert.equal(a.headers.get('x-restli-error-response'), 'true');
  assert.equal((a.json as { message: string }).message, `No root resource defined for path '${path}'`);
}

describe('--api modes', () => {
  it('both (the default): each transport answers', async () => {
    assert.equal(((await control(sb.url, '/state')) as { api: string }).api, 'both');
    assert.equal((await callAction(sb.url, 'getIndexSizes')).status, 200);
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes')).status, 200);
  });

  it('restli: the OpenAPI paths are a Rest.li 404, as on a server without the OpenAPI servlet', async () => {
    sb.setApi('restli');
    assertRestli404(await callOpenapi(sb.url, 'getIndexSizes'), '/openapi');
    assertRestli404(await callOpenapi(sb.url, 'restoreIndices', { body: [SAMPLE_URNS.jdoeUser] }), '/openapi');
    assert.equal((await callAction(sb.url, 'getIndexSizes')).status, 200);
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes', { token: 'wrong' })).status, 401, 'the auth filter still answers first');
    assert.deepEqual(sb.restoreCounts(), {});
  });

  it('openapi: /operations is the 404 of a server without the Rest.li operations resource', async () => {
    await control(sb.url, '/api', { api: 'openapi' });
    assertRestli404(await callAction(sb.url, 'getIndexSizes'), '/operations');
    assertRestli404(await callAction(`${sb.url}/api/gms`, 'restoreIndices', { urn: SAMPLE_URNS.jdoeUser }), '/operations');
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes')).status, 200);
    assert.deepEqual(sb.restoreCounts(), {});
    assert.equal(((await control(sb.url, '/state')) as { api: string }).api, 'openapi');
    await assert.rejects(control(sb.url, '/api', { api: 'grpc' }), /400/);
    sb.reset();
    assert.equal((await callAction(sb.url, 'getIndexSizes')).status, 200, 'reset goes back to the start option');
  });

  it('the start option sets it', async () => {
    const only = await startSandbox({ api: 'openapi' });
    try {
      assertRestli404(await callAction(only.url, 'getIndexSizes'), '/operations');
      assert.equal((await callOpenapi(only.url, 'getIndexSizes')).status, 200);
    } finally {
      await only.stop();
    }
  });

  it('through datahub-frontend (/api/gms/openapi/...): the same answers; no token is a bare 401', async () => {
    const front = `${sb.url}/api/gms`;
    assert.equal((await callOpenapi(front, 'getIndexSizes')).status, 200);
    assert.deepEqual(await callOpenapi(front, 'getIndexSizes', { token: null }).then((a) => [a.status, a.text]), [401, '']);
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes', { token: null })).status, 401);
    assert.equal((await callOpenapi(sb.url, 'noSuchEndpoint')).status, 404);
  });
});

describe('one store and search index for both transports', () => {
  it('a row restored over each transport counts twice; a Rest.li restore makes the entity visible to entity/raw', async () => {
    await callOpenapi(sb.url, 'restoreIndices', { query: { urn: SAMPLE_URNS.datahubUser } });
    await callAction(sb.url, 'restoreIndices', { urn: SAMPLE_URNS.datahubUser });
    assert.equal(sb.restoreCounts()[`${SAMPLE_URNS.datahubUser}|corpUserKey`], 2);
    const missing = SEARCH_SAMPLES.missingFromSearch;
    assert.deepEqual((await callOpenapi(sb.url, 'entity/raw', { body: [missing] })).json, {});
    assert.equal((await callAction(sb.url, 'restoreIndices', { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,db\\_orders,%' })).status, 200);
    assert.deepEqual(Object.keys((await callOpenapi(sb.url, 'entity/raw', { body: [missing] })).json as object), [missing]);
    assert.ok(sb.inSearch(missing));
  });

  it('an OpenAPI restore by urnLike makes the missing entity searchable too', async () => {
    const missing = SEARCH_SAMPLES.missingFromSearch;
    assert.equal(sb.inSearch(missing), false);
    await callOpenapi(sb.url, 'restoreIndices', { query: { urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders%' } });
    assert.ok(sb.inSearch(missing));
  });
});

describe('recorder and faults', () => {
  it('records OpenAPI requests with their endpoint as action and the transport', async () => {
    sb.clearRequests();
    await callOpenapi(sb.url, 'entity/raw', { body: [SAMPLE_URNS.ordersDataset], token: SANDBOX_TOKENS.reader });
    await callAction(sb.url, 'getIndexSizes');
    const [raw, sizes] = sb.requests;
    assert.deepEqual([raw.action, raw.transport, raw.method, raw.status, raw.tokenName], ['entity/raw', 'openapi', 'POST', 403, 'reader']);
    assert.deepEqual(raw.body, [SAMPLE_URNS.ordersDataset]);
    assert.deepEqual([sizes.action, sizes.transport], ['getIndexSizes', 'restli']);
  });

  it('a rule by action hits both transports; with transport, only that one', async () => {
    sb.addFault({ action: 'getIndexSizes', transport: 'openapi', fault: { kind: 'status', status: 503, body: 'busy' } });
    assert.equal((await callOpenapi(sb.url, 'getIndexSizes')).status, 503);
    assert.equal((await callAction(sb.url, 'getIndexSizes')).status, 200);
    sb.clearFaults();
    sb.addFault({ action: 'restoreIndices', fault: { kind: 'html', status: 502 }, times: 2 });
    assert.equal((await callOpenapi(sb.url, 'restoreIndices', { body: [SAMPLE_URNS.jdoeUser] })).status, 502);
    assert.equal((await callAction(sb.url, 'restoreIndices', { urn: SAMPLE_URNS.jdoeUser })).status, 502);
    assert.deepEqual(sb.restoreCounts(), {}, 'the fault answered instead of the restore');
  });

  it('failedBatches drops internal batches of an OpenAPI restore; start matches the query parameter', async () => {
    sb.addFault({ action: 'restoreIndices', start: 20, fault: { kind: 'failedBatches', batches: [1] } });
    const query = { urnLike: 'urn:li:corpuser:%', limit: 30, batchSize: 10 };
    const first = (await callOpenapi(sb.url, 'restoreIndices', { query: { ...query, start: 0 } })).json as unknown[];
    const paged = (await callOpenapi(sb.url, 'restoreIndices', { query: { ...query, start: 20 } })).json as unknown[];
    assert.deepEqual([first.length, paged.length], [3, 2]);
  });
});

describe('cli --api', () => {
  it('--api openapi serves only the OpenAPI operations and prints an OpenAPI curl line', async () => {
    const { spawn } = await import('node:child_process');
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/sandbox/cli.ts', '--api', 'openapi', '--quiet'], {
      cwd: `${__dirname}/../../..`,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${out}`)), 20_000);
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString();
          const m = /GMS direct: +(http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m && out.includes('Ctrl+C')) {
            clearTimeout(timer);
            resolve(m[1]);
          }
        });
      });
      assert.match(out, /api openapi/);
      assert.match(out, /curl -s 'http:\/\/127\.0\.0\.1:\d+\/openapi\/operations\/elasticSearch\/getIndexSizes'/);
      assert.doesNotMatch(out, /operations\?action=/);
      assertRestli404(await callAction(url, 'getIndexSizes'), '/operations');
      assert.equal((await callOpenapi(url, 'getIndexSizes')).status, 200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      assert.equal(await exited, 0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
