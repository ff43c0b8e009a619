// The Doctor's wire client (src/gms/openapi/doctor.ts) against a tiny local server answering as DataHub's
// controllers do: health/HealthCheckController.java (a 503 health and a red 503 cluster are answers),
// "not offered" told from failing, SystemInfoController.java, ThrottleController.java, RateLimitController.java,
// MaintenanceController.java, TraceController.java and the v3 EntityController's createAspect (the canary
// write, never retried). The Kafka side: doctor-kafka.test.ts.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isNotOffered } from '../../../src/gms';
import { rejectsWith } from '../helpers';
import { useRouteServer } from './doctorServer';

const { seen, on, withClient, base: baseOf } = useRouteServer();
const K = '/openapi/operations/kafka';

describe('health, readiness and the search cluster (HealthCheckController.java)', () => {
  it('reads /health: 200 ready; 503 with an empty body is bootstrapping, an answer, asked once', async () => {
    on('GET /health', { status: 200 });
    assert.deepEqual(await withClient((c) => c.doctor.health()), { endpoint: 'GET /health', ready: true, status: 200 });
    on('GET /health', { status: 503 });
    seen.length = 0;
    assert.deepEqual(await withClient((c) => c.doctor.health()), { endpoint: 'GET /health', ready: false, status: 503 });
    assert.equal(seen.length, 1, 'a bootstrapping 503 is not retried');
  });

  it("a proxy's 503 page on /health is a server failure, retried as reads are", async () => {
    on('GET /health', { status: 503, body: '<html><body>503 Service Temporarily Unavailable</body></html>', headers: { 'content-type': 'text/html' } });
    await withClient((c) => rejectsWith(c.doctor.health(), 'server'));
    assert.equal(seen.length, 3);
  });

  it('reads /check/ready true (200) and false (503)', async () => {
    on('GET /check/ready', { status: 200, body: 'true' });
    assert.equal((await withClient((c) => c.doctor.ready())).ready, true);
    on('GET /check/ready', { status: 503, body: 'false' });
    assert.deepEqual(await withClient((c) => c.doctor.ready()), { endpoint: 'GET /check/ready', ready: false, status: 503 });
  });

  it('reads a yellow cluster, a red 503 cluster as red (not an error), and an exception text as unreachable', async () => {
    const yellow = {
      cluster_name: 'docker-cluster',
      status: 'yellow',
      timed_out: false,
      number_of_nodes: 1,
      number_of_data_nodes: 1,
      discovered_master: true,
      discovered_cluster_manager: true,
      active_primary_shards: 42,
      active_shards: 42,
      relocating_shards: 0,
      initializing_shards: 0,
      unassigned_shards: 42,
      delayed_unassigned_shards: 0,
      number_of_pending_tasks: 0,
      number_of_in_flight_fetch: 0,
      task_max_waiting_in_queue_millis: 0,
      active_shards_percent_as_number: 50.0,
    };
    on('GET /debug/elastic', { status: 200, body: yellow });
    const y = await withClient((c) => c.doctor.searchCluster());
    assert.deepEqual(y, {
      endpoint: 'GET /debug/elastic',
      status: 'yellow',
      httpStatus: 200,
      clusterName: 'docker-cluster',
      timedOut: false,
      nodes: 1,
      dataNodes: 1,
      activePrimaryShards: 42,
      activeShards: 42,
      relocatingShards: 0,
      initializingShards: 0,
      unassignedShards: 42,
      delayedUnassignedShards: 0,
      pendingTasks: 0,
      inFlightFetches: 0,
      taskMaxWaitingInQueueMillis: 0,
      activeShardsPercent: 50,
    });
    on('GET /debug/elastic', {
      status: 503,
      body: { ...yellow, status: 'red', active_primary_shards: 40, unassigned_shards: 46, active_shards_percent_as_number: 47.6 },
    });
    seen.length = 0;
    const r = await withClient((c) => c.doctor.searchCluster());
    assert.equal(r.status, 'red');
    assert.equal(r.httpStatus, 503);
    assert.equal(r.unassignedShards, 46);
    assert.equal(seen.length, 1, 'a red answer is not retried');
    on('GET /debug/elastic', { status: 503, body: 'Connection refused', headers: { 'content-type': 'application/json' } });
    const u = await withClient((c) => c.doctor.searchCluster());
    assert.deepEqual(u, { endpoint: 'GET /debug/elastic', status: 'unreachable', httpStatus: 503, error: 'Connection refused' });
  });
});

describe('not offered versus failing', () => {
  it("Spring's 404, a 405, an HTML 404 and a 'No static resource' 500 are not offered; a named group's 404 is not", async () => {
    await withClient(async (c) => {
      const e404 = await rejectsWith(c.doctor.throttle(), 'notFound', 'openapiMissing');
      assert.ok(isNotOffered(e404));
      assert.match(e404.message, /does not offer \/openapi\/operations\/throttle\/requests/);
      on('GET /openapi/v1/rate-limits/status', { status: 405, body: { status: 405, error: 'Method Not Allowed', path: '/openapi/v1/rate-limits/status' } });
      assert.ok(isNotOffered(await rejectsWith(c.doctor.rateLimits(), 'notFound', 'openapiMissing')));
      on('GET /openapi/operations/maintenance/status', {
        status: 500,
        body: { error: 'No static resource openapi/operations/maintenance/status.' },
      });
      assert.ok(isNotOffered(await rejectsWith(c.doctor.maintenance(), 'notFound', 'openapiMissing')));
      on('GET /debug/elastic', { status: 404, body: '<!doctype html><html><title>DataHub</title></html>', headers: { 'content-type': 'text/html' } });
      const html = await rejectsWith(c.doctor.searchCluster(), 'notFound', 'openapiMissing');
      assert.match(html.message, /try http:\/\/127\.0\.0\.1:\d+\/api\/gms/);
      on(`GET ${K}/consumer-groups/nope`, { status: 404, body: { error: 'Consumer group not found: nope' } });
      const named = await rejectsWith(c.doctor.consumerGroup('nope'), 'notFound');
      assert.equal(named.code, undefined);
      assert.equal(isNotOffered(named), false);
      on(`GET ${K}/consumer-groups/other`, {
        status: 500,
        body: { error: 'Consumer group is not a DataHub consumer group: other. Valid groups: [generic-mae-consumer-job-client]' },
      });
      const foreign = await rejectsWith(c.doctor.consumerGroup('other'), 'notFound');
      assert.match(foreign.message, /DataHub's own groups/);
    });
  });

  it('names Manage System Operations on a 403', async () => {
    on(`GET ${K}/consumer-groups`, { status: 403, body: { error: 'urn:li:corpuser:reader is not authorized to perform listConsumerGroups' } });
    const e = await withClient((c) => rejectsWith(c.doctor.consumerGroups(), 'forbidden'));
    assert.match(e.message, /Manage System Operations.*MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
  });

  it('works under a frontend base (.../api/gms)', async () => {
    on('GET /api/gms/health', { status: 200 });
    assert.equal((await withClient((c) => c.doctor.health(), { gmsUrl: `${baseOf()}/api/gms` })).ready, true);
  });
});

describe('throttles, rate limits, maintenance', () => {
  it("reads throttles in both of Jackson's shapes, and {} as none", async () => {
    on('GET /openapi/operations/throttle/requests', { body: {} });
    assert.deepEqual(await withClient((c) => c.doctor.throttle()), {
      endpoint: 'GET /openapi/operations/throttle/requests',
      throttled: false,
      active: [],
      inactive: [],
    });
    on('GET /openapi/operations/throttle/requests', {
      body: { MCL_VERSIONED_LAG: { activeThrottles: ['MCL_VERSIONED_LAG'], disabledThrottles: ['MCL_TIMESERIES_LAG'], throttled: true } },
    });
    const getters = await withClient((c) => c.doctor.throttle());
    assert.deepEqual([getters.throttled, getters.active, getters.inactive], [true, [{ kind: 'MCL_VERSIONED_LAG' }], ['MCL_TIMESERIES_LAG']]);
    on('GET /openapi/operations/throttle/requests', {
      body: { MCL_VERSIONED_LAG: { backoffWaitMs: { MCL_VERSIONED_LAG: 15000, MCL_TIMESERIES_LAG: 0 }, jitterRatio: 0 } },
    });
    const fields = await withClient((c) => c.doctor.throttle());
    assert.deepEqual(fields.active, [{ kind: 'MCL_VERSIONED_LAG', backoffWaitMs: 15000 }]);
    assert.deepEqual(fields.inactive, ['MCL_TIMESERIES_LAG']);
  });

  it('reads the rate limit status tolerantly and the maintenance window with or without nulls', async () => {
    on('GET /openapi/v1/rate-limits/status', { body: { enabled: true, limiters: [{ name: 'graphql', limited: true, permitsPerSecond: 50 }] } });
    const rl = await withClient((c) => c.doctor.rateLimits());
    assert.deepEqual([rl.enabled, rl.limiting], [true, true]);
    on('GET /openapi/operations/maintenance/status', {
      body: { enabled: false, message: null, severity: null, linkUrl: null, linkText: null, enabledAt: null, enabledBy: null },
    });
    assert.deepEqual(await withClient((c) => c.doctor.maintenance()), { endpoint: 'GET /openapi/operations/maintenance/status', enabled: false });
    on('GET /openapi/operations/maintenance/status', {
      body: { enabled: true, message: 'Upgrade to 1.3', severity: 'WARNING', enabledAt: 1735689600000, enabledBy: 'urn:li:corpuser:datahub' },
    });
    const m = await withClient((c) => c.doctor.maintenance());
    assert.deepEqual([m.enabled, m.severity, m.enabledAt, m.enabledBy], [true, 'WARNING', 1735689600000, 'urn:li:corpuser:datahub']);
  });
});

describe('write tracing and the canary (TraceController.java, v3 EntityController.createAspect)', () => {
  const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.canary,PROD)';
  const traceId = '0000019436a3c0a0f1e2d3c4b5a69788';

  it('traces per URN and aspect with onlyIncludeErrors=false, and takes a whole traceparent', async () => {
    on(`POST /openapi/v1/trace/write/${traceId}`, {
      body: {
        [urn]: {
          status: {
            success: false,
            primaryStorage: { writeStatus: 'ACTIVE_STATE' },
            searchStorage: { writeStatus: 'ERROR', writeMessage: 'Consumer has processed past the offset.' },
          },
        },
      },
    });
    const t = await withClient((c) => c.doctor.traceWrite(`00-${traceId}-1a2b3c4d5e6f7a8b-01`, { [urn]: ['status'] }, { detailed: true }));
    assert.equal(seen[0].query.get('onlyIncludeErrors'), 'false');
    assert.equal(seen[0].query.get('detailed'), 'true');
    assert.deepEqual(JSON.parse(seen[0].body), { [urn]: ['status'] });
    assert.deepEqual(t.urns[urn].status, {
      success: false,
      primaryStorage: { writeStatus: 'ACTIVE_STATE' },
      searchStorage: { writeStatus: 'ERROR', writeMessage: 'Consumer has processed past the offset.' },
    });
  });

  it('writes one aspect of one URN as an upsert and answers the trace id (header, else systemMetadata); never retried', async () => {
    const path = `/openapi/v3/entity/dataset/${encodeURIComponent(urn)}/status`;
    on(`POST ${path}`, {
      headers: { traceparent: `00-${traceId}-1a2b3c4d5e6f7a8b-01` },
      body: { urn, status: { value: { removed: false }, systemMetadata: { properties: { telemetryTraceId: traceId } } } },
    });
    const w = await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false } }));
    assert.equal(w.traceId, traceId);
    assert.equal(w.tracedAt, 0x0000019436a3c0a0);
    assert.equal(seen[0].query.get('async'), 'true');
    assert.equal(seen[0].query.get('createIfNotExists'), 'false');
    assert.equal(seen[0].query.get('createIfEntityNotExists'), 'false');
    assert.deepEqual(JSON.parse(seen[0].body), { value: { removed: false } });
    on(`POST ${path}`, { body: { urn, status: { value: { removed: false }, systemMetadata: { properties: { telemetryTraceId: traceId } } } } });
    assert.equal((await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false }, async: false }))).traceId, traceId);
    on(`POST ${path}`, { status: 502, body: '' });
    seen.length = 0;
    await withClient((c) => rejectsWith(c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false } }), 'server'));
    assert.equal(seen.length, 1);
  });
});
