// The Doctor's wire client (src/gms/openapi/doctor.ts) against a tiny local server that answers
// what DataHub's controllers answer (bodies shaped after health/HealthCheckController.java,
// operations/kafka/KafkaController.java + KafkaAdminService.java + models/, ThrottleController.java,
// RateLimitController.java, MaintenanceController.java, TraceController.java, the v3 EntityController):
// every parser with real-shaped bodies, "not offered" told from failing, a 503 health and a red 503
// cluster as answers, the caps, writes never retried, and bad input refused with nothing sent.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createGmsClient, isNotOffered, MESSAGE_TEXT_MAX, type GmsClient, type GmsClientOptions } from '../../../src/gms';
import { listen, rejectsWith, stopServer, ADMIN } from '../helpers';

interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

let server: Server;
let base: string;
const routes = new Map<string, (seen: Seen) => Reply>();
const seen: Seen[] = [];

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const s: Seen = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body, headers: req.headers };
      seen.push(s);
      const route = routes.get(`${s.method} ${s.path}`);
      const reply: Reply = route ? route(s) : { status: 404, body: { timestamp: '2025-01-01T00:00:00Z', status: 404, error: 'Not Found', path: s.path } };
      const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
      res.end(text);
    });
  });
  base = `http://127.0.0.1:${await listen(server)}`;
});
after(() => stopServer(server));
beforeEach(() => {
  routes.clear();
  seen.length = 0;
});

const on = (key: string, reply: Reply | ((s: Seen) => Reply)) => routes.set(key, typeof reply === 'function' ? reply : () => reply);

async function withClient<T>(run: (c: GmsClient) => Promise<T>, options: Partial<GmsClientOptions> = {}): Promise<T> {
  const client = createGmsClient({ gmsUrl: base, token: ADMIN, timeoutMs: 5000, retryBaseDelayMs: 1, retries: 2, ...options });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

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
    assert.equal((await withClient((c) => c.doctor.health(), { gmsUrl: `${base}/api/gms` })).ready, true);
  });
});

describe('system info, consumer groups and topics', () => {
  it('reads the components and the GMS version (SpringComponentsInfo)', async () => {
    on('GET /openapi/v1/system-info', {
      body: {
        springComponents: {
          gms: { name: 'GMS', status: 'AVAILABLE', version: 'v1.3.0', properties: { serverType: 'prod' } },
          maeConsumer: { name: 'MAE Consumer', status: 'AVAILABLE', version: 'v1.3.0', properties: { enabled: true } },
          mceConsumer: { name: 'MCE Consumer', status: 'UNAVAILABLE', properties: { enabled: false }, errorMessage: 'not running in this pod\n\tat x' },
        },
        properties: { totalProperties: 900 },
      },
    });
    const info = await withClient((c) => c.doctor.systemInfo());
    assert.equal(info.gmsVersion, 'v1.3.0');
    assert.deepEqual(info.components[2], {
      id: 'mceConsumer',
      name: 'MCE Consumer',
      status: 'UNAVAILABLE',
      enabled: false,
      errorMessage: 'not running in this pod',
    });
  });

  it('lists groups and describes one: state, members, offsets, lag', async () => {
    on(`GET ${K}/consumer-groups`, {
      body: {
        groups: [
          { groupId: 'generic-mae-consumer-job-client', state: 'Empty', isDataHubGroup: true, isSimpleConsumerGroup: false },
          { groupId: 'generic-mce-consumer-job-client', state: 'Stable', isDataHubGroup: true, isSimpleConsumerGroup: false },
        ],
        count: 2,
      },
    });
    const list = await withClient((c) => c.doctor.consumerGroups());
    assert.deepEqual(
      list.groups.map((g) => [g.groupId, g.state]),
      [
        ['generic-mae-consumer-job-client', 'Empty'],
        ['generic-mce-consumer-job-client', 'Stable'],
      ],
    );
    on(`GET ${K}/consumer-groups/generic-mae-consumer-job-client`, {
      body: {
        groupId: 'generic-mae-consumer-job-client',
        state: 'Stable',
        isSimpleConsumerGroup: false,
        coordinator: { id: 1, host: 'broker', port: 29092 },
        partitionAssignor: 'range',
        members: [
          {
            memberId: 'consumer-1-abc',
            groupInstanceId: null,
            clientId: 'consumer-1',
            clientHost: '/10.0.0.5',
            assignments: [{ topic: 'MetadataChangeLog_Versioned_v1', partition: 0 }],
          },
        ],
        offsets: {
          MetadataChangeLog_Versioned_v1: {
            partitions: { '1': { currentOffset: 90, endOffset: 100, lag: 10, metadata: '' }, '0': { currentOffset: 5, endOffset: 12, lag: 7 } },
            topicLag: 17,
          },
        },
        totalLag: 17,
      },
    });
    const g = await withClient((c) => c.doctor.consumerGroup('generic-mae-consumer-job-client'));
    assert.equal(g.memberCount, 1);
    assert.deepEqual(g.partitions, [
      { topic: 'MetadataChangeLog_Versioned_v1', partition: 0, currentOffset: 5, endOffset: 12, lag: 7 },
      { topic: 'MetadataChangeLog_Versioned_v1', partition: 1, currentOffset: 90, endOffset: 100, lag: 10 },
    ]);
    assert.equal(g.totalLag, 17);
    assert.deepEqual(g.coordinator, { id: 1, host: 'broker', port: 29092 });
    assert.equal(g.endpoint, `GET ${K}/consumer-groups/{groupId}`);
  });

  it('lists topics by name and describes each; topic(alias) finds it through dataHubAlias', async () => {
    const names = ['DataHubUpgradeHistory_v1', 'FailedMetadataChangeProposal_v1', 'MetadataChangeProposal_v1'];
    on(`GET ${K}/topics`, { body: { topics: names, count: 3, includeInternal: false } });
    const aliasOf: Record<string, string> = {
      DataHubUpgradeHistory_v1: 'upgrade-history',
      FailedMetadataChangeProposal_v1: 'mcp-failed',
      MetadataChangeProposal_v1: 'mcp',
    };
    for (const name of names) {
      on(`GET ${K}/topics/${name}`, {
        body: {
          name,
          partitionCount: 1,
          replicationFactor: 1,
          internal: false,
          dataHubAlias: aliasOf[name],
          partitions: [{ partition: 0, leader: 1, replicas: [1], isr: [1], beginningOffset: 0, endOffset: 12 }],
          configs: { 'retention.ms': '604800000', 'cleanup.policy': 'delete' },
        },
      });
    }
    const all = await withClient((c) => c.doctor.topics());
    assert.deepEqual(all.names, names);
    assert.equal(all.topics.length, 3);
    assert.equal(all.topics[1].alias, 'mcp-failed');
    assert.equal(all.topics[1].messageCount, 12);
    seen.length = 0;
    const failed = await withClient((c) => c.doctor.topic('mcp-failed'));
    assert.equal(failed.name, 'FailedMetadataChangeProposal_v1');
    assert.equal(failed.configs['retention.ms'], '604800000');
    assert.equal(seen.length, 2, 'the default name is tried first');
  });
});

const STACK =
  'com.linkedin.metadata.entity.validation.ValidationException: Failed to validate record\n\tat com.linkedin.metadata.entity.EntityServiceImpl.ingestProposal(EntityServiceImpl.java:1234)';
const failedValue = (urn: string, aspect: string, error: string) =>
  JSON.stringify({
    metadataChangeProposal: {
      auditHeader: null,
      entityType: 'dataset',
      entityUrn: urn,
      entityKeyAspect: null,
      changeType: 'UPSERT',
      aspectName: aspect,
      aspect: { value: { bytes: '{"removed":false}' }, contentType: 'application/json' },
      systemMetadata: null,
      headers: null,
    },
    error,
  });

describe('messages and the replay (KafkaAdminService.getMessages, replayFailedMCPs)', () => {
  it('normalises failed proposals: a validation list and a stack trace; caps count and value', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';
    const validation = JSON.stringify([{ message: 'Aspect status: unknown field "removd"', aspectName: 'status' }]);
    on(`GET ${K}/messages/mcp-failed`, (s) => ({
      body: {
        topic: 'FailedMetadataChangeProposal_v1',
        dataHubAlias: 'mcp-failed',
        messages: [
          {
            partition: 0,
            offset: 7,
            timestamp: 1735689600000,
            timestampType: 'CreateTime',
            key: urn,
            value: failedValue(urn, 'status', validation),
            format: 'json',
            headers: null,
            replayable: true,
          },
          {
            partition: 0,
            offset: 8,
            timestamp: 1735689601000,
            timestampType: 'CreateTime',
            key: urn,
            value: failedValue(urn, 'ownership', STACK),
            format: 'json',
            replayable: true,
          },
          { partition: 0, offset: 9, key: urn, value: 'x'.repeat(MESSAGE_TEXT_MAX + 10), format: 'json', replayable: true },
        ],
        count: 3,
        hasMore: true,
        nextOffset: 10,
        query: s.query.get('count'),
      },
    }));
    const page = await withClient((c) => c.doctor.messages('mcp-failed', { offset: 7, count: 500 }));
    assert.equal(seen[0].query.get('count'), '100', 'count is capped at 100');
    assert.equal(seen[0].query.get('partition'), '0');
    assert.equal(page.requested, 100);
    assert.equal(page.hasMore, true);
    assert.equal(page.nextOffset, 10);
    const [v, x, big] = page.messages;
    assert.deepEqual(v.failed, {
      entityUrn: urn,
      entityType: 'dataset',
      aspectName: 'status',
      changeType: 'UPSERT',
      error: validation,
      errorList: JSON.parse(validation),
      errorKind: 'validation',
      errorSummary: 'Aspect status: unknown field "removd"',
    });
    assert.equal(x.failed?.errorKind, 'exception');
    assert.equal(x.failed?.aspectName, 'ownership');
    assert.equal(x.failed?.errorSummary, 'com.linkedin.metadata.entity.validation.ValidationException: Failed to validate record');
    assert.equal(x.replayable, true);
    assert.equal(big.valueTruncated, true);
    assert.equal((big.value as string).length, MESSAGE_TEXT_MAX);
  });

  it('sends dryRun true unless told otherwise, and never retries the replay', async () => {
    on(`POST ${K}/messages/mcp-failed/replay`, (s) => {
      const b = JSON.parse(s.body) as { dryRun: boolean; startOffset: number; endOffset: number; partition: number };
      return {
        body: {
          dryRun: b.dryRun,
          sourceTopic: 'FailedMetadataChangeProposal_v1',
          destinationTopic: 'MetadataChangeProposal_v1',
          partition: b.partition,
          startOffset: b.startOffset,
          endOffset: b.endOffset,
          successCount: 2,
          failureCount: 0,
          messages: [
            { sourceOffset: 3, key: 'urn:li:corpuser:a', success: true },
            { sourceOffset: 4, key: 'urn:li:corpuser:b', success: true },
          ],
          errors: null,
        },
      };
    });
    const dry = await withClient((c) => c.doctor.replayFailed({ partition: 0, startOffset: 3, endOffset: 4 }));
    assert.deepEqual(JSON.parse(seen[0].body), { partition: 0, startOffset: 3, endOffset: 4, count: 2, dryRun: true });
    assert.equal(dry.dryRun, true);
    assert.equal(dry.successCount, 2);
    assert.deepEqual(dry.errors, []);
    on(`POST ${K}/messages/mcp-failed/replay`, { status: 503, body: '' });
    seen.length = 0;
    await withClient((c) => rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 3, dryRun: false }), 'server'));
    assert.equal(seen.length, 1, 'a write is never retried');
  });

  it('refuses bad input with nothing sent', async () => {
    await withClient(async (c) => {
      await rejectsWith(c.doctor.messages('mcp_failed' as never), 'invalidInput');
      await rejectsWith(c.doctor.messages('mcp', { offset: -1 }), 'invalidInput');
      await rejectsWith(c.doctor.messages('mcp', { count: 0 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 5, endOffset: 4 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 0, endOffset: 500, count: 101 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 1, dryRun: 'no' as never }), 'invalidInput');
      await rejectsWith(c.doctor.consumerGroup('../x'), 'invalidInput');
      await rejectsWith(c.doctor.topic('a/b'), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('xyz', { 'urn:li:corpuser:a': ['status'] }), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('0'.repeat(32), { 'not-a-urn': ['status'] }), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('0'.repeat(32), { 'urn:li:corpuser:a': [] }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:dataset:(a,)', aspectName: 'status', value: { removed: false } }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:corpuser:a', aspectName: 'status;x', value: { removed: false } }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:corpuser:a', aspectName: 'status', value: [] as never }), 'invalidInput');
    });
    assert.equal(seen.length, 0);
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
