// The Doctor's endpoints over real HTTP to the sandbox (doctor.ts, doctorRoutes.ts, doctorControl.ts),
// through the wire client where it reads them: each state's answers, the privileges, a replay that
// really acts (dry run changes nothing; a real one re-publishes, stores what is valid and fails the rest
// again), paging through 10,000 failed proposals, a canary write traced PENDING -> primary ACTIVE_STATE
// with search ERROR -> both ACTIVE_STATE (and stuck), and the "not offered" answers of older servers.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '..';
import { isNotOffered } from '../../../src/gms';
import { clientFor, rejectsWith, sandboxControl, useSandbox, withClient as withClientAt } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAE = 'generic-mae-consumer-job-client';

const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

async function get(path: string, token: string | null = SANDBOX_TOKENS.admin): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${sb.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

const withClient = <T>(run: (c: ReturnType<typeof clientFor>) => Promise<T>, token: string = SANDBOX_TOKENS.admin, url = sb.url) =>
  withClientAt(url, run, token);

describe('health and the search cluster', () => {
  it('green: /health 200 without a token, /check/ready true, /debug/elastic green; the rest needs a login', async () => {
    assert.deepEqual([(await get('/health', null)).status, (await get('/api/gms/health', null)).status], [200, 200]);
    const ready = await get('/check/ready');
    assert.deepEqual([ready.status, ready.text], [200, 'true']);
    assert.equal((await get('/check/ready', null)).status, 401);
    const cluster = await withClient((c) => c.doctor.searchCluster());
    assert.deepEqual([cluster.status, cluster.httpStatus, cluster.nodes, cluster.unassignedShards, cluster.activeShardsPercent], ['green', 200, 1, 0, 100]);
  });

  it('yellow: a one-node cluster whose replicas cannot be placed; red: unassigned primaries, a 503 with the body', async () => {
    sb.doctor.setStates(['yellow']);
    const y = await withClient((c) => c.doctor.searchCluster());
    assert.deepEqual([y.status, y.httpStatus, y.activePrimaryShards, y.unassignedShards, y.activeShardsPercent], ['yellow', 200, 45, 45, 50]);
    assert.equal((await get('/check/ready')).text, 'true');
    await control('POST', '/doctor', { state: 'red' });
    const raw = await get('/debug/elastic');
    assert.equal(raw.status, 503);
    assert.equal((JSON.parse(raw.text) as { status: string }).status, 'red');
    const r = await withClient((c) => c.doctor.searchCluster());
    assert.deepEqual([r.status, r.httpStatus, r.unassignedShards], ['red', 503, 5]);
    assert.deepEqual(await withClient((c) => c.doctor.ready()), { endpoint: 'GET /check/ready', ready: false, status: 503 });
  });

  it('bootstrapping: /health 503 and /check/ready false (the cluster still recovering) for bootstrapMs, then ready', async () => {
    // Long enough that three reads on a busy machine all land inside it; then polled until it ends.
    await control('POST', '/doctor', { state: 'bootstrapping', bootstrapMs: 2500 });
    assert.deepEqual(await withClient((c) => c.doctor.health()), { endpoint: 'GET /health', ready: false, status: 503 });
    assert.equal((await withClient((c) => c.doctor.ready())).ready, false);
    assert.equal((await withClient((c) => c.doctor.searchCluster())).initializingShards, 15);
    for (const deadline = Date.now() + 15_000; !(await withClient((c) => c.doctor.health())).ready;) {
      assert.ok(Date.now() < deadline, 'still bootstrapping 15 s after a 2.5 s bootstrap');
      await sleep(200);
    }
    assert.deepEqual(await withClient((c) => c.doctor.health()), { endpoint: 'GET /health', ready: true, status: 200 });
    assert.equal((await withClient((c) => c.doctor.ready())).ready, true);
  });
});

describe('system info, consumer groups, topics', () => {
  it("reads the components and DataHub's groups and topics; the reader gets 403 naming Manage System Operations", async () => {
    const info = await withClient((c) => c.doctor.systemInfo());
    assert.equal(info.gmsVersion, 'v1.0.0');
    assert.deepEqual(
      info.components.map((x) => [x.id, x.enabled]),
      [
        ['gms', undefined],
        ['maeConsumer', true],
        ['mceConsumer', true],
      ],
    );
    const groups = await withClient((c) => c.doctor.consumerGroups());
    assert.ok(groups.groups.some((g) => g.groupId === MAE && g.state === 'Stable'));
    const topics = await withClient((c) => c.doctor.topics());
    assert.equal(topics.topics.length, 6);
    const failed = await withClient((c) => c.doctor.topic('mcp-failed'));
    assert.deepEqual(
      [failed.name, failed.partitionCount, failed.configs['retention.ms'], failed.messageCount],
      ['FailedMetadataChangeProposal_v1', 1, '7776000000', undefined],
    );
    for (const call of [
      (c: ReturnType<typeof clientFor>) => c.doctor.consumerGroups(),
      (c: ReturnType<typeof clientFor>) => c.doctor.systemInfo(),
      (c: ReturnType<typeof clientFor>) => c.doctor.throttle(),
    ]) {
      const e = await withClient((c) => rejectsWith(call(c), 'forbidden'), SANDBOX_TOKENS.reader);
      assert.match(e.message, /MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
    }
    assert.equal((await withClient((c) => c.doctor.maintenance(), SANDBOX_TOKENS.reader)).enabled, false);
    const foreign = await withClient((c) => rejectsWith(c.doctor.consumerGroup('my-own-app'), 'notFound'));
    assert.match(foreign.message, /not a DataHub consumer group/);
  });

  it('consumerStopped: the MAE group Empty with no members and its lag growing; consumerBehind: Stable with a member, lagging', async () => {
    await control('POST', '/doctor', { state: 'consumerStopped', producedPerSecond: 100 });
    const first = await withClient((c) => c.doctor.consumerGroup(MAE));
    await sleep(250);
    const later = await withClient((c) => c.doctor.consumerGroup(MAE));
    assert.deepEqual([later.state, later.memberCount], ['Empty', 0]);
    assert.ok(later.totalLag > first.totalLag, `${later.totalLag} > ${first.totalLag}`);
    assert.equal((await withClient((c) => c.doctor.consumerGroups())).groups.find((g) => g.groupId === MAE)?.state, 'Empty');
    sb.doctor.setStates(['consumerBehind']);
    sb.doctor.setTimings({ behindBy: 1000 });
    const behind = await withClient((c) => c.doctor.consumerGroup(MAE));
    assert.deepEqual([behind.state, behind.memberCount, behind.totalLag], ['Stable', 1, 6000]);
    assert.equal(behind.members[0].assignments.length, 6);
  });
});

describe('failed proposals and the replay', () => {
  it('failedMcpsGrowing: new failed proposals over time, of several kinds, URNs and aspects', async () => {
    await control('POST', '/doctor', { state: 'failedMcpsGrowing', failedEveryMs: 40 });
    await sleep(250);
    const page = await withClient((c) => c.doctor.messages('mcp-failed', { count: 100 }));
    assert.ok(page.messages.length >= 5, String(page.messages.length));
    const kinds = new Set(page.messages.map((m) => m.failed?.errorKind));
    assert.deepEqual([...kinds].sort(), ['exception', 'validation']);
    assert.ok(new Set(page.messages.map((m) => m.failed?.entityUrn)).size >= 4);
    assert.ok(new Set(page.messages.map((m) => m.failed?.aspectName)).size >= 4);
    const validation = page.messages.find((m) => m.failed?.errorKind === 'validation');
    assert.ok(Array.isArray(validation?.failed?.errorList));
    assert.match(page.messages.find((m) => m.failed?.errorKind === 'exception')?.failed?.error ?? '', /\n\tat /);
    assert.ok(page.messages.every((m) => m.replayable && m.headers === undefined));
    await sleep(120);
    assert.ok(sb.doctor.failedCount() > page.messages.length);
  });

  it('a dry run changes nothing; a real replay re-publishes those offsets, stores the valid proposals and fails the rest again', async () => {
    await control('POST', '/doctor/failed', { count: 10 });
    const dry = await withClient((c) => c.doctor.replayFailed({ partition: 0, startOffset: 0, endOffset: 4 }));
    assert.deepEqual([dry.dryRun, dry.successCount, dry.messages.map((m) => m.sourceOffset)], [true, 5, [0, 1, 2, 3, 4]]);
    assert.deepEqual(sb.doctor.replayedOffsets(), []);
    assert.equal(sb.doctor.failedCount(), 10);
    assert.equal(sb.requests.at(-1)?.action, 'kafka/messages/mcp-failed/replay');
    const real = await withClient((c) => c.doctor.replayFailed({ partition: 0, startOffset: 0, endOffset: 4, dryRun: false }));
    assert.deepEqual([real.dryRun, real.successCount, real.failureCount], [false, 5, 0]);
    assert.deepEqual(sb.doctor.replayedOffsets(), [0, 1, 2, 3, 4]);
    assert.deepEqual(((await control('GET', '/doctor/replayed')) as { offsets: number[] }).offsets, [0, 1, 2, 3, 4]);
    // Kinds 2 and 4 (a database timeout, a lost connection) go through; 0, 1 and 3 fail again at offsets 10..12.
    assert.deepEqual(sb.doctor.writtenAspect(SAMPLE_URNS.loadOrdersJob, 'status')?.value, { removed: false });
    assert.equal(sb.doctor.writtenAspect(SAMPLE_URNS.jdoeUser, 'corpUserStatus')?.version, 1);
    assert.equal(sb.doctor.writtenAspect(SAMPLE_URNS.ordersDataset, 'schemaMetadata'), undefined);
    assert.equal(sb.doctor.failedCount(), 13);
    const again = await withClient((c) => c.doctor.messages('mcp-failed', { offset: 10 }));
    assert.deepEqual(
      again.messages.map((m) => m.failed?.aspectName),
      ['schemaMetadata', 'chartQuery', 'glossaryTerms'],
    );
  });

  it('pages through 10,000 failed proposals, 100 at a time', async () => {
    sb.doctor.seedFailedMcps(10_000);
    let offset = 0;
    let pages = 0;
    let seen = 0;
    const started = Date.now();
    await withClient(async (c) => {
      for (;;) {
        const page = await c.doctor.messages('mcp-failed', { offset, count: 100 });
        pages++;
        seen += page.messages.length;
        if (!page.hasMore || page.nextOffset === undefined) break;
        assert.equal(page.nextOffset, offset + 100);
        offset = page.nextOffset;
      }
    });
    assert.equal(seen, 10_000);
    assert.ok(pages >= 100 && pages <= 101, String(pages));
    assert.ok(Date.now() - started < 20_000);
  });
});

describe('throttles, rate limits, maintenance', () => {
  it('answers none by default and the scripted ones when on', async () => {
    const none = await withClient((c) => Promise.all([c.doctor.throttle(), c.doctor.rateLimits(), c.doctor.maintenance()]));
    assert.deepEqual([none[0].throttled, none[1].limiting, none[2].enabled], [false, false, false]);
    sb.doctor.setStates(['throttled', 'rateLimited', 'maintenance']);
    const [t, r, m] = await withClient((c) => Promise.all([c.doctor.throttle(), c.doctor.rateLimits(), c.doctor.maintenance()]));
    assert.deepEqual(t.active, [{ kind: 'MCL_VERSIONED_LAG' }]);
    assert.deepEqual([r.enabled, r.limiting], [true, true]);
    assert.deepEqual(
      [m.enabled, m.severity, m.enabledBy, typeof m.enabledAt, typeof m.message],
      [true, 'WARNING', 'urn:li:corpuser:datahub', 'number', 'string'],
    );
    sb.doctor.setStates(['green']);
    assert.equal((await withClient((c) => c.doctor.maintenance())).enabled, false);
  });
});

describe('the canary write and its trace', () => {
  const urn = SAMPLE_URNS.lookerChart;

  it('PENDING, then primary ACTIVE_STATE with search ERROR, then both ACTIVE_STATE; NO_OP and HISTORIC_STATE', async () => {
    // Wide windows (1.5 s in the topic, then 3 s before search): each trace lands in its window on a busy machine too.
    sb.doctor.setTimings({ processingDelayMs: 1500, indexingDelayMs: 3000 });
    const w = await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false } }));
    const written = Date.now(); // the server took it before this
    assert.match(w.traceId, /^[0-9a-f]{32}$/);
    assert.ok(w.tracedAt !== undefined && Math.abs(w.tracedAt - Date.now()) < 5000);
    assert.equal(w.status, 202);
    assert.deepEqual(sb.doctor.writtenAspect(urn, 'status')?.value, { removed: false });
    const trace = () => withClient((c) => c.doctor.traceWrite(w.traceId, { [urn]: ['status'] }));
    const pending = (await trace()).urns[urn].status;
    assert.deepEqual(pending, { success: true, primaryStorage: { writeStatus: 'PENDING' }, searchStorage: { writeStatus: 'PENDING' } });
    await sleep(Math.max(0, written + 1550 - Date.now()));
    const indexing = (await trace()).urns[urn].status;
    assert.deepEqual(indexing, {
      success: false,
      primaryStorage: { writeStatus: 'ACTIVE_STATE' },
      searchStorage: { writeStatus: 'ERROR', writeMessage: 'Consumer has processed past the offset.' },
    });
    await sleep(Math.max(0, written + 4550 - Date.now()));
    assert.deepEqual((await trace()).urns[urn].status, {
      success: true,
      primaryStorage: { writeStatus: 'ACTIVE_STATE' },
      searchStorage: { writeStatus: 'ACTIVE_STATE' },
    });
    const same = await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false } }));
    assert.equal((await withClient((c) => c.doctor.traceWrite(same.traceId, { [urn]: ['status'] }))).urns[urn].status.primaryStorage?.writeStatus, 'NO_OP');
    await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: true }, async: false }));
    assert.equal((await trace()).urns[urn].status.primaryStorage?.writeStatus, 'HISTORIC_STATE');
    // The write carried exactly one aspect of exactly that URN, as an upsert.
    const sent = sb.requests.filter((r) => r.action?.startsWith('v3/entity'));
    assert.equal(sent.length, 3);
    assert.deepEqual(sent[0].body, { value: { removed: false } });
    assert.equal(sent[0].query.createIfNotExists, 'false');
  });

  it('searchStuck: search never gets it', async () => {
    sb.doctor.setTimings({ processingDelayMs: 0, indexingDelayMs: 50 });
    sb.doctor.setStates(['searchStuck']);
    const w = await withClient((c) => c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false }, async: false }));
    await sleep(120);
    const t = await withClient((c) => c.doctor.traceWrite(w.traceId, { [urn]: ['status'] }, { onlyIncludeErrors: true }));
    assert.deepEqual(t.urns[urn].status.searchStorage, { writeStatus: 'ERROR', writeMessage: 'Consumer has processed past the offset.' });
    const denied = await withClient(
      (c) => rejectsWith(c.doctor.writeCanary({ urn, aspectName: 'status', value: { removed: false } }), 'forbidden'),
      SANDBOX_TOKENS.reader,
    );
    assert.match(denied.message, /Edit Entity/);
  });
});

describe('not offered on older servers', () => {
  it('a legacy server, one without the OpenAPI servlet, and a release without rate limits say so; /health still answers', async () => {
    await withClient(async (c) => {
      sb.setVersion('legacy');
      assert.ok(isNotOffered(await rejectsWith(c.doctor.consumerGroups(), 'notFound', 'openapiMissing')));
      assert.ok(isNotOffered(await rejectsWith(c.doctor.searchCluster(), 'notFound', 'openapiMissing')));
      assert.equal((await c.doctor.health()).ready, true);
      sb.setVersion('newer');
      sb.setApi('restli');
      assert.ok(
        isNotOffered(
          await rejectsWith(c.doctor.traceWrite('0'.repeat(31) + '1', { [SAMPLE_URNS.datahubUser]: ['corpUserInfo'] }), 'notFound', 'openapiMissing'),
        ),
      );
      sb.setApi('both');
      await control('POST', '/doctor', { missing: ['rate-limits'] });
      assert.ok(isNotOffered(await rejectsWith(c.doctor.rateLimits(), 'notFound', 'openapiMissing')));
      assert.equal((await c.doctor.throttle()).throttled, false);
    });
  });

  it('answers through the frontend prefix, and with the traceparent header', async () => {
    const r = await get('/api/gms/openapi/operations/throttle/requests');
    assert.equal(r.status, 200);
    assert.match(r.headers.get('traceparent') ?? '', /^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    assert.equal((await withClient((c) => c.doctor.maintenance(), SANDBOX_TOKENS.admin, sb.frontendUrl)).enabled, false);
  });
});
