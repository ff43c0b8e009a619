// Fault injection and the HTTP control endpoints, as a client in another
// process would see them.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { FaultRule, RecordedRequest, SandboxState } from '..';
import { startSandbox, type Sandbox } from '..';
import { callAction, control, valueOf } from '../testing';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.stop());
beforeEach(() => sb.reset());

const sizes = () => callAction(sb.url, 'getIndexSizes');

describe('faults', () => {
  it('latency delays a normal answer; serviceTime delays every operations request', async () => {
    sb.addFault({ fault: { kind: 'latency', ms: 300 }, times: 1 });
    let t = Date.now();
    valueOf(await sizes());
    assert.ok(Date.now() - t >= 290);
    sb.setServiceTime(200);
    t = Date.now();
    valueOf(await sizes());
    assert.ok(Date.now() - t >= 190);
  });

  it('reset drops the connection before any response; resetMidBody after part of the body', async () => {
    sb.addFault({ fault: { kind: 'reset' }, times: 1 });
    await assert.rejects(sizes());
    assert.equal(sb.requests.at(-1)?.status, 0);
    sb.addFault({ fault: { kind: 'resetMidBody' }, times: 1 });
    const res = await fetch(`${sb.url}/operations?action=getIndexSizes`, { method: 'POST', body: '{}' });
    assert.equal(res.status, 200);
    await assert.rejects(res.text());
    valueOf(await sizes());
  });

  it('throttled answers 429 with Retry-After and the JSON error GMS sends', async () => {
    sb.addFault({ fault: { kind: 'throttled', retryAfterSeconds: 3 }, times: 1 });
    const a = await sizes();
    assert.equal(a.status, 429);
    assert.equal(a.headers.get('retry-after'), '3');
    assert.match(a.text, /^\{"error":"Throttled due to /);
    valueOf(await sizes());
  });

  it('status, html, redirect and restliError answer as configured', async () => {
    sb.addFault({ fault: { kind: 'status', status: 503, body: 'try later' }, times: 1 });
    let a = await sizes();
    assert.equal(a.status, 503);
    assert.equal(a.text, 'try later');
    sb.addFault({ fault: { kind: 'html', status: 502 }, times: 1 });
    a = await sizes();
    assert.equal(a.status, 502);
    assert.match(a.headers.get('content-type') ?? '', /text\/html/);
    assert.match(a.text, /<h1>502 Bad Gateway<\/h1>/);
    sb.addFault({ fault: { kind: 'redirect', status: 302, location: 'https://sso.example.com/login' }, times: 1 });
    const r = await fetch(`${sb.url}/operations?action=getIndexSizes`, { method: 'POST', body: '{}', redirect: 'manual' });
    assert.equal(r.status, 302);
    assert.equal(r.headers.get('location'), 'https://sso.example.com/login');
    sb.addFault({ fault: { kind: 'restliError', status: 500, message: 'Elasticsearch is down' }, times: 1 });
    a = await sizes();
    assert.equal(a.status, 500);
    assert.equal(a.headers.get('x-restli-error-response'), 'true');
    assert.equal((a.json as { message: string }).message, 'Elasticsearch is down');
  });

  it('truncated sends an honest Content-Length for a JSON body cut short; oversized sends exactly N valid bytes', async () => {
    sb.addFault({ fault: { kind: 'truncated' }, times: 1 });
    const res = await fetch(`${sb.url}/operations?action=getIndexSizes`, { method: 'POST', body: '{}' });
    const text = await res.text();
    assert.equal(res.status, 200);
    assert.equal(Number(res.headers.get('content-length')), Buffer.byteLength(text));
    assert.throws(() => JSON.parse(text));
    sb.addFault({ fault: { kind: 'oversized', bytes: 3_000_000 }, times: 1 });
    const big = await sizes();
    assert.equal(big.status, 200);
    assert.equal(Buffer.byteLength(big.text), 3_000_000);
    assert.ok((big.json as { value: { indexSizes: unknown[] } }).value.indexSizes.length > 1000);
  });

  it('rules match by action and restore start, let `skip` pass, expire after `times`', async () => {
    sb.addFault({ fault: { kind: 'status', status: 503 }, action: 'restoreIndices', start: 20, skip: 1, times: 2 });
    let migrated = 0;
    const page = async (start: number) => {
      const a = await callAction(sb.url, 'restoreIndices', { urnLike: 'urn:li:dataset:%', start, batchSize: 10, limit: 10 });
      if (a.status === 200) migrated += Number(/rowsMigrated=(\d+)/.exec(valueOf(a) as string)?.[1]);
      return a.status;
    };
    assert.equal((await sizes()).status, 200, 'other actions pass');
    assert.equal(await page(10), 200, 'other pages pass');
    assert.equal(await page(20), 200, 'skipped once');
    assert.equal(await page(20), 503);
    assert.equal(await page(20), 503);
    assert.equal(await page(20), 200, 'expired after 2');
    const restored = Object.values(sb.restoreCounts()).reduce((n, c) => n + c, 0);
    assert.equal(restored, migrated, 'the faulted pages restored nothing');
    sb.clearFaults();
  });
});

describe('control endpoints', () => {
  it('drive the same sandbox over HTTP', async () => {
    await control(sb.url, '/version', { version: 'legacy' });
    await control(sb.url, '/auth', { enabled: false });
    await control(sb.url, '/service-time', { ms: 5 });
    await control(sb.url, '/task-duration', { ms: 100 });
    const fault: FaultRule = { fault: { kind: 'status', status: 418 }, action: 'getEsTaskStatus' };
    await control(sb.url, '/faults', fault);
    const state = (await control(sb.url, '/state')) as SandboxState;
    assert.equal(state.version, 'legacy');
    assert.equal(state.auth.enabled, false);
    assert.equal(state.serviceTimeMs, 5);
    assert.equal(state.taskDurationMs, 100);
    assert.deepEqual(state.faults, [fault]);
    assert.equal((await callAction(sb.url, 'getEsTaskStatus', { task: 'a:1' }, { token: null })).status, 418);
    await control(sb.url, '/faults/clear', {});
    assert.deepEqual(((await control(sb.url, '/state')) as SandboxState).faults, []);

    const legacy = valueOf(await callAction(sb.url, 'getIndexSizes', {}, { token: null })) as { indexSizes: Array<{ sizeMb?: number }> };
    assert.ok(legacy.indexSizes.every((e) => typeof e.sizeMb === 'number'));
    await callAction(sb.url, 'restoreIndices', { urn: 'urn:li:corpuser:datahub' }, { token: null });
    assert.deepEqual(await control(sb.url, '/restore-counts'), {
      'urn:li:corpuser:datahub|corpUserEditableInfo': 1,
      'urn:li:corpuser:datahub|corpUserInfo': 1,
      'urn:li:corpuser:datahub|corpUserKey': 1,
    });
    assert.deepEqual(await control(sb.url, `/rows?urnLike=${encodeURIComponent('urn:li:corpuser:datahub')}`), { count: 3 });
    assert.equal(((await control(sb.url, '/rows')) as { count: number }).count, sb.countRows());

    const recorded = (await control(sb.url, '/requests')) as RecordedRequest[];
    assert.deepEqual(
      recorded.map((r) => r.action),
      ['getEsTaskStatus', 'getIndexSizes', 'restoreIndices'],
    );
    await control(sb.url, '/requests/clear', {});
    assert.deepEqual(await control(sb.url, '/requests'), []);

    await control(sb.url, '/indices', { indices: [{ indexName: 'a|b', sizeInMb: 2 }] });
    await control(sb.url, '/indices', { indices: [{ indexName: 'c', sizeInMb: 3 }], replace: true });
    const names = (valueOf(await callAction(sb.url, 'getIndexSizes', {}, { token: null })) as { indexSizes: Array<{ indexName: string }> }).indexSizes.map(
      (e) => e.indexName,
    );
    assert.ok(names.includes('c') && !names.includes('a|b'));
    const counts = await control(sb.url, '/timeseries?entityType=dashboard&aspect=dashboardUsageStatistics&endTimeMillis=0');
    assert.deepEqual(counts, { indexName: 'dashboard_dashboardusagestatisticsaspect_v1', total: 201, atOrBefore: 0 });

    await control(sb.url, '/reset', {});
    const reset = (await control(sb.url, '/state')) as SandboxState;
    assert.equal(reset.version, 'newer');
    assert.equal(reset.auth.enabled, true);
    assert.deepEqual(await control(sb.url, '/restore-counts'), {});
    assert.equal((await fetch(`${sb.url}/__sandbox/nope`)).status, 404);
  });
});
