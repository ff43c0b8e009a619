// The Doctor's lines about GMS, the search cluster, system info, throttles, rate limits and maintenance:
// every verdict, built from values shaped as src/gms/doctorTypes.ts returns them (see the sandbox's
// doctor states green, yellow, red, bootstrapping, throttled, rateLimited, maintenance).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { gmsReadyLine, maintenanceLine, rateLimitLine, searchClusterLine, systemInfoLine, throttleLine } from '../../../src/doctor/logic/lines';
import type { Reading } from '../../../src/doctor/logic/report';
import { GmsError } from '../../../src/gms/errors';
import type { SearchClusterHealth } from '../../../src/gms/types';

const ok = <T>(value: T, ms = 20): Reading<T> => ({ ok: true, value, ms });
const failed = <T>(error: unknown, ms = 20): Reading<T> => ({ ok: false, error, ms });
const notOffered = new GmsError({ kind: 'notFound', code: 'openapiMissing', message: 'not offered', status: 404 });
const forbidden = new GmsError({ kind: 'forbidden', message: 'needs MANAGE_SYSTEM_OPERATIONS', status: 403 });
const iso = (ms: number) => new Date(ms).toISOString();

const cluster = (over: Partial<SearchClusterHealth>): SearchClusterHealth => ({
  endpoint: 'GET /debug/elastic',
  status: 'green',
  httpStatus: 200,
  clusterName: 'docker-cluster',
  timedOut: false,
  nodes: 3,
  dataNodes: 3,
  activePrimaryShards: 40,
  activeShards: 80,
  relocatingShards: 0,
  initializingShards: 0,
  unassignedShards: 0,
  pendingTasks: 0,
  activeShardsPercent: 100,
  ...over,
});

describe('GMS ready', () => {
  const health = (ready: boolean) => ok({ endpoint: 'GET /health', ready, status: ready ? 200 : 503 });
  const ready = (r: boolean) => ok({ endpoint: 'GET /check/ready', ready: r, status: r ? 200 : 503 });

  it('ready on both is ok', () => {
    const line = gmsReadyLine(health(true), ready(true));
    assert.equal(line.verdict, 'ok');
    assert.equal(line.source, 'GET /health, GET /check/ready');
  });
  it('503 on /health is bootstrapping: failing, wait and look at the system-update job', () => {
    const line = gmsReadyLine(health(false), ready(true));
    assert.equal(line.verdict, 'failing');
    assert.match(line.summary, /still bootstrapping/);
    assert.match(line.nextStep ?? '', /system-update job/);
  });
  it('ready false is failing and points to the search cluster', () => {
    const line = gmsReadyLine(health(true), ready(false));
    assert.equal(line.verdict, 'failing');
    assert.match(line.summary, /not ready/);
  });
  it('GMS unreachable is unreadable, short', () => {
    const down = new GmsError({ kind: 'network', message: 'ECONNREFUSED 127.0.0.1:8080' });
    const line = gmsReadyLine(failed(down), failed(down));
    assert.equal(line.verdict, 'unreadable');
    assert.equal(line.summary, 'not read: GMS could not be reached');
  });
  it('a server without /check/ready still has its health judged', () => {
    assert.equal(gmsReadyLine(health(true), failed(notOffered)).verdict, 'ok');
    const line = gmsReadyLine(health(true), failed(new GmsError({ kind: 'timeout', message: 'slow' }), 10_000));
    assert.equal(line.verdict, 'unreadable');
    assert.match(line.summary, /^GMS answers; its readiness not read/);
  });
});

describe('search cluster', () => {
  it('green is ok; initializing shards and pending tasks are figures', () => {
    const line = searchClusterLine(ok(cluster({ initializingShards: 2, pendingTasks: 5 })));
    assert.equal(line.verdict, 'ok');
    assert.equal(line.figures.initializingShards, 2);
    assert.equal(line.figures.pendingTasks, 5);
    assert.match(line.summary, /2 shard\(s\) initializing, 5 pending task\(s\)/);
  });
  it('yellow on a one-node cluster: replicas can never be assigned, set replicas to 0', () => {
    const line = searchClusterLine(ok(cluster({ status: 'yellow', nodes: 1, dataNodes: 1, unassignedShards: 40, activeShardsPercent: 50 })));
    assert.equal(line.verdict, 'warning');
    assert.match(line.summary, /40 replica shard\(s\) unassigned; on a one-node cluster replicas can never be assigned/);
    assert.match(line.nextStep ?? '', /index\.number_of_replicas: 0/);
    assert.match(line.nextStep ?? '', /ELASTICSEARCH_NUM_REPLICAS_PER_INDEX=0/);
  });
  it('yellow on one node told by nodes when data nodes are not sent', () => {
    const line = searchClusterLine(ok(cluster({ status: 'yellow', nodes: 1, dataNodes: undefined, unassignedShards: 3 })));
    assert.match(line.summary, /one-node cluster/);
  });
  it('yellow on several nodes is a warning without the one-node advice', () => {
    const line = searchClusterLine(ok(cluster({ status: 'yellow', unassignedShards: 4 })));
    assert.equal(line.verdict, 'warning');
    assert.doesNotMatch(line.summary, /one-node/);
    assert.match(line.nextStep ?? '', /allocation\/explain/);
  });
  it('red is failing: primaries unassigned, searches and writes fail, check nodes and disk', () => {
    const line = searchClusterLine(ok(cluster({ status: 'red', httpStatus: 503, unassignedShards: 12 })));
    assert.equal(line.verdict, 'failing');
    assert.match(line.summary, /searches and writes to those indices fail/);
    assert.match(line.nextStep ?? '', /nodes and disk.*_cluster\/allocation\/explain/);
  });
  it('unreachable is failing with GMS words capped', () => {
    const line = searchClusterLine(
      ok({ endpoint: 'GET /debug/elastic', status: 'unreachable', httpStatus: 503, error: `Connection refused ${'z'.repeat(900)}` }),
    );
    assert.equal(line.verdict, 'failing');
    assert.ok((line.details?.[0] ?? '').length <= 300);
  });
  it('not offered and forbidden', () => {
    assert.equal(searchClusterLine(failed(notOffered)).verdict, 'notOffered');
    assert.equal(searchClusterLine(failed(forbidden)).verdict, 'unreadable');
  });
});

describe('system info', () => {
  it('the GMS version is a figure; all available is ok', () => {
    const line = systemInfoLine(
      ok({ endpoint: 'GET /openapi/v1/system-info', gmsVersion: 'v1.2.0', components: [{ id: 'gms', status: 'AVAILABLE', version: 'v1.2.0' }] }),
    );
    assert.equal(line.verdict, 'ok');
    assert.equal(line.figures.gmsVersion, 'v1.2.0');
    assert.equal(line.summary, 'GMS v1.2.0');
  });
  it('a component not available is a warning naming it', () => {
    const line = systemInfoLine(
      ok({
        endpoint: 'GET /openapi/v1/system-info',
        gmsVersion: 'v1.2.0',
        components: [{ id: 'maeConsumer', status: 'UNAVAILABLE', errorMessage: 'stopped' }],
      }),
    );
    assert.equal(line.verdict, 'warning');
    assert.match(line.summary, /maeConsumer \(UNAVAILABLE\)/);
  });
  it('403 names Manage System Operations', () => {
    assert.match(systemInfoLine(failed(forbidden)).summary, /Manage System Operations/);
  });
});

describe('throttles, rate limits, maintenance', () => {
  it('no throttle is ok; an active one is a warning naming its kind', () => {
    assert.equal(throttleLine(ok({ endpoint: 'GET /openapi/operations/throttle/requests', throttled: false, active: [], inactive: ['MANUAL'] })).verdict, 'ok');
    const line = throttleLine(
      ok({
        endpoint: 'GET /openapi/operations/throttle/requests',
        throttled: true,
        active: [{ kind: 'MCL_VERSIONED_LAG', backoffWaitMs: 30_000 }],
        inactive: [],
      }),
    );
    assert.equal(line.verdict, 'warning');
    assert.match(line.summary, /MCL_VERSIONED_LAG \(waits 30000 ms\)/);
    assert.equal(throttleLine(failed(notOffered)).verdict, 'notOffered');
  });
  it('rate limiting now is a warning, else ok', () => {
    const endpoint = 'GET /openapi/v1/rate-limits/status';
    assert.equal(rateLimitLine(ok({ endpoint, enabled: true, limiting: false, fields: {} })).verdict, 'ok');
    const line = rateLimitLine(ok({ endpoint, enabled: true, limiting: true, fields: { ingest: { throttled: true } } }));
    assert.equal(line.verdict, 'warning');
    assert.deepEqual(line.details, ['ingest: {"throttled":true}']);
  });
  it('maintenance on is a warning with its message, since when and by whom, and how to end it', () => {
    const endpoint = 'GET /openapi/operations/maintenance/status';
    assert.equal(maintenanceLine(ok({ endpoint, enabled: false }), iso).verdict, 'ok');
    const line = maintenanceLine(
      ok({
        endpoint,
        enabled: true,
        message: 'Upgrade to v1.2\nrunning',
        severity: 'WARNING',
        enabledAt: Date.UTC(2026, 10, 26, 9, 0),
        enabledBy: 'urn:li:corpuser:admin',
      }),
      iso,
    );
    assert.equal(line.verdict, 'warning');
    assert.equal(line.summary, 'maintenance window on since 2026-11-26T09:00:00.000Z by urn:li:corpuser:admin: "Upgrade to v1.2 running"');
    assert.match(line.nextStep ?? '', /end it in DataHub's settings/);
  });
});
