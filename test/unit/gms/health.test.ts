// The client's health operations over real HTTP against the sandbox with its demo drift
// (3 datasets missing from search; 2 dataset and 1 chart documents whose entity is gone):
// consistency checks and fixes, consumer lag in both forms, the batched GraphQL reads,
// refusals in words, and the drift check end to end with exact counts.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { DEMO_ORPHANS, SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { clientFor, rejectsWith, useSandbox } from '../helpers';
import { checkScope, ORPHAN_CHECK } from '../../../src/health/logic/check';
import { isGmsError } from '../../../src/gms/errors';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { searchLagMs: 0 });

async function control<T>(method: string, route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sandbox.url}/__sandbox${route}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.equal(res.status, 200, `${route}: ${await res.clone().text()}`);
  return (await res.json()) as T;
}
const preset = () => control<{ missing: string[]; orphans: string[] }>('POST', '/drift/preset', { name: 'demo' });
const drift = () => control<{ missing: string[]; orphans: string[] }>('GET', '/drift');

async function withClient<T>(run: (c: ReturnType<typeof clientFor>) => Promise<T>, token: string = SANDBOX_TOKENS.admin): Promise<T> {
  const client = clientFor(sandbox.url, { token });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

const DATASET_ORPHANS = DEMO_ORPHANS.filter((u) => u.startsWith('urn:li:dataset:'));

describe('consistency operations', () => {
  it('lists the checks, on-demand ones included; the orphan check applies to every type', async () => {
    const checks = await withClient((c) => c.listConsistencyChecks('dataset'));
    const orphan = checks.find((c) => c.id === ORPHAN_CHECK);
    assert.deepEqual(orphan && [orphan.entityType, orphan.onDemandOnly], ['*', true]);
    const r = sandbox.requests.at(-1);
    assert.deepEqual([r?.method, r?.path, r?.query], ['GET', '/openapi/operations/consistency/checks', { entityType: 'dataset', includeOnDemand: 'true' }]);
  });

  it('a check pages by scroll id over one key document per entity and finds the orphans', async () => {
    await preset();
    const first = await withClient((c) => c.checkConsistency({ entityType: 'dataset', checkIds: [ORPHAN_CHECK], batchSize: 1000, keyAspectOnly: true }));
    assert.equal(first.entitiesScanned, 1000);
    assert.ok(first.scrollId);
    assert.equal(sandbox.requests.at(-1)?.params?.filter !== undefined, true);
    const report = await withClient((c) => checkScope(c, { kind: 'entityType', entityType: 'dataset' }));
    assert.equal(report.method, 'consistency');
    assert.deepEqual(report.tally.urns.searchOnly.sort(), [...DATASET_ORPHANS].sort());
    assert.equal(report.tally.counts.searchOnly, 2);
    assert.equal(report.tally.counts.both, 1499);
  });

  it('fix-issues: a dry run changes nothing; then exactly those documents go', async () => {
    await preset();
    const issues = DATASET_ORPHANS.map((entityUrn) => ({ entityUrn, checkId: ORPHAN_CHECK }));
    const dry = await withClient((c) => c.fixConsistencyIssues({ issues }));
    assert.deepEqual([dry.dryRun, dry.entitiesFixed, dry.entitiesFailed], [true, 2, 0]);
    assert.equal((await drift()).orphans.length, 3);
    assert.equal(sandbox.requests.at(-1)?.params?.dryRun, true);
    const done = await withClient((c) => c.fixConsistencyIssues({ issues, dryRun: false }));
    assert.deepEqual([done.dryRun, done.entitiesFixed], [false, 2]);
    assert.deepEqual(
      (await drift()).orphans,
      DEMO_ORPHANS.filter((u) => !DATASET_ORPHANS.includes(u)),
    );
  });

  it('bad input is refused before anything is sent', async () => {
    const before = sandbox.requests.length;
    await withClient(async (c) => {
      await rejectsWith(c.checkConsistency({ entityType: 'dataset', batchSize: 1001 }), 'invalidInput').then((e) => assert.equal(e.field, 'batchSize'));
      await rejectsWith(c.checkConsistency({ entityType: 'data set' }), 'invalidInput').then((e) => assert.equal(e.field, 'entityType'));
      await rejectsWith(c.fixConsistencyIssues({ issues: [] }), 'invalidInput').then((e) => assert.equal(e.field, 'issues'));
      await rejectsWith(c.fixConsistencyIssues({ issues: [{ entityUrn: 'nope', checkId: ORPHAN_CHECK }] }), 'invalidInput');
      await rejectsWith(c.fixConsistencyIssues({ issues: [{ entityUrn: SAMPLE_URNS.ordersDataset }] }), 'invalidInput');
    });
    assert.equal(sandbox.requests.length, before);
  });

  it('a token without Manage System Operations: the privilege named; a server without them: 404 in words', async () => {
    const denied = await withClient((c) => c.listConsistencyChecks('dataset'), SANDBOX_TOKENS.reader).catch((e: unknown) => e);
    assert.ok(isGmsError(denied) && denied.kind === 'forbidden');
    assert.match(denied.message, /Manage System Operations/);
    await control('POST', '/operations', { consistency: false });
    const missing = await withClient((c) => c.listConsistencyChecks('dataset')).catch((e: unknown) => e);
    assert.ok(isGmsError(missing) && missing.status === 404 && missing.code === 'openapiMissing');
  });
});

describe('consumer lag', () => {
  it('the messaging form: per group and topic, with offsets per partition', async () => {
    await control('POST', '/lag', { consumer: 'mcl', events: 12_400, drainPerSecond: 0 });
    const lag = await withClient((c) => c.getConsumerLag('mcl'));
    assert.equal(lag.endpoint, 'messaging');
    assert.equal(lag.transport, 'kafka');
    const topic = lag.topics.find((t) => t.topic === 'MetadataChangeLog_Versioned_v1');
    assert.equal(topic?.group, 'generic-mae-consumer-job-client');
    assert.equal(topic?.totalLag, 12_400);
    assert.equal(Object.keys(topic?.offsets ?? {}).length, 3);
  });

  it('an older server: the kafka offsets form, found after one 404 and kept', async () => {
    await control('POST', '/operations', { lag: 'kafka' });
    await control('POST', '/lag', { consumer: 'mcl', events: 50, drainPerSecond: 0 });
    await withClient(async (c) => {
      const first = await c.getConsumerLag('mcl');
      assert.equal(first.endpoint, 'kafka');
      assert.equal(first.topics[0].totalLag, 50);
      sandbox.clearRequests();
      await c.getConsumerLag('mcp');
      assert.deepEqual(
        sandbox.requests.map((r) => r.action),
        ['kafka/mcp/consumer/offsets'],
      );
    });
  });

  it('no lag operations: 404, and the same client asks no more', async () => {
    await control('POST', '/operations', { lag: 'none' });
    await withClient(async (c) => {
      const error = await c.getConsumerLag('mcl').catch((e: unknown) => e);
      assert.ok(isGmsError(error) && error.status === 404);
      sandbox.clearRequests();
      const again = await c.getConsumerLag('mcp').catch((e: unknown) => e);
      assert.ok(isGmsError(again) && again.status === 404);
      assert.equal(sandbox.requests.length, 0);
    });
  });
});

describe('batched GraphQL reads', () => {
  it('existence, membership and scroll: one request each, orphans seen by search only', async () => {
    await preset();
    const [orphan] = DATASET_ORPHANS;
    const urns = [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.ordersUnderscoreDataset, orphan, 'urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD)'];
    await withClient(async (c) => {
      sandbox.clearRequests();
      const exists = await c.search.existInDatabase(urns);
      assert.deepEqual([...exists.values()], [true, true, false, false]);
      const found = await c.search.inSearchIndex(urns);
      assert.deepEqual([...found].sort(), [SAMPLE_URNS.ordersDataset, orphan].sort());
      assert.equal(sandbox.requests.length, 2);
      const page = await c.search.scrollEntities(['dataset'], undefined, 500);
      assert.equal(page.urns.length, 500);
      assert.equal(page.total, 1501);
      assert.ok(page.nextScrollId);
      await rejectsWith(c.search.existInDatabase(Array.from({ length: 1001 }, (_, i) => `urn:li:corpuser:u${i}`)), 'invalidInput').then((e) =>
        assert.equal(e.field, 'urns'),
      );
    });
  });

  it('the drift check of a URN list: four groups with exact counts', async () => {
    await preset();
    const nowhere = 'urn:li:dataset:(urn:li:dataPlatform:hive,nowhere,PROD)';
    const urns = [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.ordersUnderscoreDataset, ...DEMO_ORPHANS, nowhere, SAMPLE_URNS.ordersLookalikeDataset];
    const report = await withClient((c) => checkScope(c, { kind: 'urns', urns }));
    assert.deepEqual(report.tally.counts, { both: 1, databaseOnly: 1, searchOnly: 3, neither: 1 });
    assert.deepEqual(report.softDeleted, [SAMPLE_URNS.ordersLookalikeDataset]);
    assert.equal(report.consistency, true);
  });

  it('a server without scrollAcrossEntities: search pages instead (start/count), found after one refusal and kept', async () => {
    await preset();
    await control('POST', '/operations', { scroll: false, consistency: false });
    await withClient(async (c) => {
      sandbox.clearRequests();
      const first = await c.search.scrollEntities(['dataset'], undefined, 500);
      assert.deepEqual([first.urns.length, first.total, first.nextScrollId], [500, 1501, 'start:500']);
      const second = await c.search.scrollEntities(['dataset'], first.nextScrollId, 500);
      assert.equal(second.urns[0] > first.urns[499], true);
      assert.equal(sandbox.requests.length, 3, 'the refused scroll, then two search pages');
      const report = await checkScope(c, { kind: 'entityType', entityType: 'chart' });
      assert.deepEqual(report.tally.urns.searchOnly, ['urn:li:chart:(looker,orphan_elements.1)']);
      assert.deepEqual(report.sample, { checked: 302, total: 302, complete: true });
    });
  });

  it('the drift check of a type without consistency operations: all of search read, the database asked', async () => {
    await preset();
    await control('POST', '/operations', { consistency: false });
    const report = await withClient((c) => checkScope(c, { kind: 'entityType', entityType: 'chart' }));
    assert.equal(report.method, 'sample');
    assert.deepEqual(report.tally.urns.searchOnly, ['urn:li:chart:(looker,orphan_elements.1)']);
    assert.deepEqual(report.sample, { checked: 302, total: 302, complete: true });
    const part = await withClient((c) => checkScope(c, { kind: 'entityType', entityType: 'dataset' }, { sampleLimit: 1000 }));
    assert.deepEqual(part.sample, { checked: 1000, total: 1501, complete: false });
  });
});
