// truncateTimeseriesAspect and getEsTaskStatus in the sandbox: dry-run text,
// the method DataHub would choose, force flags, tasks that really delete, and
// what real servers answer: refused reindexes, synchronous reindexes, 401s.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { NODE_ID, SANDBOX_TOKENS, startSandbox, type Sandbox } from '..';
import { callAction, valueOf } from '../testing';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardUsageStatistics' };
const REINDEX = 'Reindexing the aspect without the deleted records. ';
const DELETE_BY_QUERY = 'Issuing a delete by query request. ';
const DRY_RUN = 'This was a dry run. Run with dryRun = false to execute.';

let sb: Sandbox;
before(async () => {
  sb = await startSandbox();
});
after(() => sb.stop());
beforeEach(() => sb.reset());

async function truncate(body: Record<string, unknown>): Promise<string> {
  return valueOf(await callAction(sb.url, 'truncateTimeseriesAspect', body)) as string;
}

async function taskStatus(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  return JSON.parse(valueOf(await callAction(sb.url, 'getEsTaskStatus', body)) as string) as Record<string, unknown>;
}

async function sizeInMb(indexName: string): Promise<number> {
  const value = valueOf(await callAction(sb.url, 'getIndexSizes')) as { indexSizes: Array<{ indexName: string; sizeInMb: number }> };
  const entry = value.indexSizes.find((e) => e.indexName === indexName);
  assert.ok(entry);
  return entry.sizeInMb;
}

describe('truncateTimeseriesAspect dry run', () => {
  it('reports what would go, as a percentage, and the method DataHub would choose', async () => {
    const now = Date.now();
    for (const daysAgo of [0, 150, 200, 250, 500]) {
      const endTimeMillis = now - daysAgo * DAY;
      const counts = sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis);
      assert.ok(counts);
      assert.equal(counts.total, 201);
      const n = counts.atOrBefore;
      const method = n > 100 ? REINDEX : DELETE_BY_QUERY;
      const expected = `Delete ${n} out of 201 rows (${((n / 201) * 100).toFixed(2)}%). ${method}${DRY_RUN}`;
      assert.equal(await truncate({ ...DASHBOARD, endTimeMillis }), expected);
    }
    assert.equal(await truncate({ ...DASHBOARD, endTimeMillis: now }), `Delete 201 out of 201 rows (100.00%). ${REINDEX}${DRY_RUN}`);
    assert.equal(await truncate({ ...DASHBOARD, endTimeMillis: 0 }), `Delete 0 out of 201 rows (0.00%). ${DELETE_BY_QUERY}${DRY_RUN}`);
  });

  it('is the default: without dryRun nothing is deleted', async () => {
    await truncate({ ...DASHBOARD, endTimeMillis: Date.now(), dryRun: true });
    await truncate({ ...DASHBOARD, endTimeMillis: Date.now() });
    assert.equal(sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201);
  });

  it('an empty index prints NaN%', async () => {
    assert.equal(
      await truncate({ entityType: 'assertion', aspect: 'assertionRunEvent', endTimeMillis: Date.now() }),
      `Delete 0 out of 0 rows (NaN%). ${DELETE_BY_QUERY}${DRY_RUN}`,
    );
  });

  it('a force flag overrides the choice; both flags, or equal flags, are refused with a 200', async () => {
    assert.match(await truncate({ ...DASHBOARD, endTimeMillis: Date.now(), forceDeleteByQuery: true }), /\(100\.00%\)\. Issuing a delete by query/);
    assert.match(await truncate({ ...DASHBOARD, endTimeMillis: 0, forceReindex: true }), /\(0\.00%\)\. Reindexing/);
    for (const flag of [true, false]) {
      const a = await callAction(sb.url, 'truncateTimeseriesAspect', { ...DASHBOARD, endTimeMillis: 0, forceDeleteByQuery: flag, forceReindex: flag });
      assert.equal(a.status, 200);
      assert.deepEqual(a.json, { value: 'please only set forceReindex OR forceDeleteByQuery flags' });
    }
  });

  it('a misspelt aspect is the search engine failing on a missing index: a 500; an unknown entity is a 400', async () => {
    const a = await callAction(sb.url, 'truncateTimeseriesAspect', { entityType: 'dataset', aspect: 'datasetProfil', endTimeMillis: 0 });
    assert.equal(a.status, 500);
    assert.equal(a.headers.get('x-restli-error-response'), 'true');
    assert.match((a.json as { message: string }).message, /index_not_found_exception, reason=no such index \[dataset_datasetprofilaspect_v1\]/);
    const e = await callAction(sb.url, 'truncateTimeseriesAspect', { entityType: 'datset', aspect: 'datasetProfile', endTimeMillis: 0 });
    assert.equal(e.status, 400);
    assert.equal((e.json as { message: string }).message, 'Failed to find entity with name datset in EntityRegistry');
  });

  it('the legacy generation prints the fraction before the %', async () => {
    sb.setVersion('legacy');
    const endTimeMillis = Date.now() - 200 * DAY;
    const n = sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)?.atOrBefore ?? 0;
    assert.ok(n > 0);
    assert.match(
      await truncate({ ...DASHBOARD, endTimeMillis }),
      new RegExp(`^Delete ${n} out of 201 rows \\(${(n / 201).toFixed(2).replace('.', '\\.')}%\\)`),
    );
  });
});

describe('index names and prefixes (IndexConventionImpl)', () => {
  it("a prefixed server names its own indices, lists no other deployment's, and truncates its own", async () => {
    const prod = await startSandbox({ indexPrefix: 'prod' });
    try {
      const value = valueOf(await callAction(prod.url, 'getIndexSizes')) as { indexSizes: Array<Record<string, unknown>> };
      const names = value.indexSizes.map((e) => e.indexName);
      assert.ok(
        names.every((n) => typeof n === 'string' && n.startsWith('prod_')),
        JSON.stringify(names),
      );
      assert.ok(!names.includes('t01_dataset_operationaspect_v1'));
      const own = value.indexSizes.find((e) => e.indexName === 'prod_dataset_operationaspect_v1');
      assert.deepEqual([own?.entityName, own?.aspectName], ['dataset', 'operation']);
      const dry = valueOf(await callAction(prod.url, 'truncateTimeseriesAspect', { entityType: 'dataset', aspect: 'operation', endTimeMillis: 0 }));
      assert.match(dry as string, /^Delete 0 out of 3000 rows/);
    } finally {
      await prod.stop();
    }
  });
});

describe('real runs the way real servers answer them', () => {
  const endTimeMillis = () => Date.now() - 180 * DAY;

  it('newer: a reindex of a plain (non-alias) index is a 400 "Async reindex failed", and nothing is deleted', async () => {
    const counts = sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis());
    assert.ok(counts && counts.atOrBefore > 100, 'more than half the rows go: the server picks reindex');
    const a = await callAction(sb.url, 'truncateTimeseriesAspect', { ...DASHBOARD, endTimeMillis: endTimeMillis(), dryRun: false });
    assert.equal(a.status, 400);
    assert.equal((a.json as { message: string }).message, 'Async reindex failed');
    assert.equal(sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201);
    const forced = await callAction(sb.url, 'truncateTimeseriesAspect', { ...DASHBOARD, endTimeMillis: 0, dryRun: false, forceReindex: true });
    assert.equal(forced.status, 400, 'a forced reindex fails the same way');
    assert.match(await truncate({ ...DASHBOARD, endTimeMillis: endTimeMillis(), dryRun: false, forceDeleteByQuery: true }), new RegExp(`^${NODE_ID}:\\d+$`));
  });

  it('newer: an alias (reindexed once by a system update) can be reindexed', async () => {
    const usage = { entityType: 'dataset', aspect: 'datasetUsageStatistics', endTimeMillis: Date.now(), dryRun: false };
    assert.match(await truncate(usage), new RegExp(`^${NODE_ID}:\\d+$`));
  });

  it('legacy: reindexes synchronously and answers "Reindex <entity> <aspect> index"; the rows are gone at once', async () => {
    sb.setVersion('legacy');
    const n = sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis())?.atOrBefore ?? 0;
    assert.equal(await truncate({ ...DASHBOARD, endTimeMillis: endTimeMillis(), dryRun: false }), 'Reindex dashboard dashboardUsageStatistics index');
    assert.equal(sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201 - n);
  });

  it('legacy answers a missing privilege with 401 and the Rest.li message; newer with 403', async () => {
    sb.setAuth({ enabled: true });
    for (const [version, status] of [
      ['legacy', 401],
      ['newer', 403],
    ] as const) {
      sb.setVersion(version);
      const a = await callAction(sb.url, 'getIndexSizes', {}, { token: SANDBOX_TOKENS.none });
      assert.equal(a.status, status);
      assert.equal((a.json as { message: string }).message, 'User is unauthorized to get index sizes.');
      const t = await callAction(sb.url, 'truncateTimeseriesAspect', { ...DASHBOARD, endTimeMillis: 0 }, { token: SANDBOX_TOKENS.reader });
      assert.equal(t.status, status);
      assert.equal((t.json as { message: string }).message, 'User is unauthorized to truncate timeseries index');
    }
  });
});

describe('truncate task', () => {
  it('runs for the task duration, shows deleted growing, then really removes the rows', async () => {
    sb.setTaskDuration(600);
    const before = await sizeInMb('dashboard_dashboardusagestatisticsaspect_v1');
    const endTimeMillis = Date.now() - 200 * DAY;
    const toDelete = sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)?.atOrBefore ?? 0;
    assert.ok(toDelete > 50);
    const task = await truncate({ ...DASHBOARD, endTimeMillis, dryRun: false, forceDeleteByQuery: true });
    assert.match(task, new RegExp(`^${NODE_ID}:\\d+$`));
    assert.equal(NODE_ID.length, 22);

    const first = await taskStatus({ task });
    assert.equal(first.completed, false);
    assert.equal(first.taskId, task);
    const running = first.status as Record<string, number>;
    assert.equal(running.total, toDelete);
    assert.ok(running.deleted < toDelete);
    assert.deepEqual(Object.keys(first), ['completed', 'taskId', 'runTimeNanos', 'status']);
    assert.deepEqual(Object.keys(running), ['total', 'updated', 'created', 'deleted', 'batches', 'version_conflicts', 'noops']);
    assert.equal(await sizeInMb('dashboard_dashboardusagestatisticsaspect_v1'), before, 'nothing gone while running');

    await new Promise((resolve) => setTimeout(resolve, 700));
    const [nodeId, taskId] = task.split(':');
    const done = await taskStatus({ nodeId, taskId: Number(taskId) });
    assert.equal(done.completed, true);
    assert.equal((done.status as Record<string, number>).deleted, toDelete);
    assert.ok((done.runTimeNanos as number) >= (first.runTimeNanos as number));
    assert.equal(sb.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201 - toDelete);
    const after = await sizeInMb('dashboard_dashboardusagestatisticsaspect_v1');
    assert.ok(Math.abs(after - before * ((201 - toDelete) / 201)) < 0.01, `size shrank from ${before} to ${after}`);
  });

  it('unknown tasks answer an error inside a 200; malformed ids are a 400', async () => {
    assert.deepEqual(await taskStatus({ task: `${NODE_ID}:1` }), { error: `Could not get task status for ${NODE_ID}:1` });
    for (const task of ['no-colon-here', `${NODE_ID}:0`]) {
      const bad = await callAction(sb.url, 'getEsTaskStatus', { task });
      assert.equal(bad.status, 400, task);
      assert.match((bad.json as { message: string }).message, /^Task should be in the form nodeId:taskId/);
    }
  });
});
