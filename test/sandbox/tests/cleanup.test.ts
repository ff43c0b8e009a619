// An entity cleanup's listings and deletes over real HTTP to the sandbox (cleanup.ts), through the client:
// soft-deleted documents paged by scroll id, data jobs with their number of runs, a job's runs newest first,
// a hard delete (403 for a reader, 200 again for what is gone), a soft delete that moves a run from the
// job's runs to the soft-deleted ones, a delete scripted to fail once, and the batch read of when each
// entity was soft-deleted (its status aspect's audit stamp).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { STATUS_BATCH } from '../../../src/gms/cleanupTypes';
import { clientFor, rejectsWith, sandboxControl, useSandbox, withClient as withClientAt } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);
const withClient = <T>(run: (c: ReturnType<typeof clientFor>) => Promise<T>, token?: string) => withClientAt(sb.url, run, token);

describe('entity cleanup: listings', () => {
  it('pages the soft-deleted documents of one type by scroll id, then says it is the last page', async () => {
    await control('POST', '/reset');
    const first = await withClient((c) => c.search.softDeleted('dataset', undefined, 20));
    assert.equal(first.total, 30);
    assert.equal(first.urns.length, 20);
    assert.ok(first.nextScrollId);
    const second = await withClient((c) => c.search.softDeleted('dataset', first.nextScrollId, 20));
    assert.equal(second.urns.length, 10);
    assert.equal(second.nextScrollId, undefined);
    assert.equal(new Set([...first.urns, ...second.urns]).size, 30);
    assert.deepEqual((await withClient((c) => c.search.softDeleted('chart', undefined, 100))).urns.length, 3);
  });

  it('lists data jobs with their runs, and a job runs newest first', async () => {
    await control('POST', '/reset');
    const jobs = await withClient((c) => c.search.dataJobs(undefined, 1000));
    const withRuns = jobs.jobs.filter((j) => j.runs > 0);
    assert.deepEqual(
      withRuns.map((j) => j.runs),
      [12, 4, 8],
    );
    const runs = await withClient((c) => c.search.jobRuns(withRuns[0].urn, 0, 5));
    assert.equal(runs.total, 12);
    assert.equal(runs.runs.length, 5);
    const times = runs.runs.map((r) => r.created ?? 0);
    assert.deepEqual(
      times,
      [...times].sort((a, b) => b - a),
    );
    const next = await withClient((c) => c.search.jobRuns(withRuns[0].urn, 10, 5));
    assert.equal(next.runs.length, 2);
  });
});

describe('entity cleanup: deletes', () => {
  it('hard delete: 403 for a reader, 200 and gone for an admin, 200 again for what is gone', async () => {
    await control('POST', '/reset');
    const urn = (await withClient((c) => c.search.softDeleted('chart', undefined, 1))).urns[0];
    const e = await withClient((c) => rejectsWith(c.cleanup.hardDelete(urn), 'forbidden'), SANDBOX_TOKENS.reader);
    assert.match(e.message, /DELETE_ENTITY_PRIVILEGE|Delete Entity/);
    await withClient((c) => c.cleanup.hardDelete(urn));
    await withClient((c) => c.cleanup.hardDelete(urn));
    const seen = await control('GET', `/cleanup?urn=${encodeURIComponent(urn)}`);
    assert.deepEqual(seen.present, { [urn]: false });
    assert.equal((seen.deletes as Record<string, number>)[urn], 2);
    assert.equal((await withClient((c) => c.search.softDeleted('chart', undefined, 100))).total, 2);
  });

  it('soft delete: the run leaves its job runs and joins the soft-deleted runs; a scripted failure answers 500 once', async () => {
    await control('POST', '/reset');
    const job = (await withClient((c) => c.search.dataJobs(undefined, 1000))).jobs.find((j) => j.runs === 12);
    assert.ok(job);
    const [newest, second] = (await withClient((c) => c.search.jobRuns(job.urn, 0, 2))).runs;
    await withClient((c) => c.cleanup.softDelete(newest.urn));
    assert.equal((await withClient((c) => c.search.jobRuns(job.urn, 0, 100))).total, 11);
    assert.deepEqual((await withClient((c) => c.search.softDeleted('dataProcessInstance', undefined, 100))).urns, [newest.urn]);
    await control('POST', '/cleanup', { failing: { urns: [second.urn], once: true } });
    await withClient((c) => rejectsWith(c.cleanup.softDelete(second.urn), 'server'));
    await withClient((c) => c.cleanup.softDelete(second.urn));
    assert.equal((await withClient((c) => c.search.jobRuns(job.urn, 0, 100))).total, 10);
  });
});

describe('entity cleanup: when each entity was soft-deleted', () => {
  const DAY = 86_400_000;

  it('batchGet answers the status aspect with its audit stamp: the seed has 6 of 30 datasets soft-deleted 2 days ago', async () => {
    await control('POST', '/reset');
    await control('POST', '/requests/clear');
    const urns = (await withClient((c) => c.search.softDeleted('dataset', undefined, 100))).urns;
    const times = await withClient((c) => c.cleanup.statusWritten(urns), SANDBOX_TOKENS.reader);
    assert.equal(times.size, 30);
    const now = Date.now();
    const recent = [...times].filter(([, t]) => t > now - 10 * DAY).map(([u]) => u);
    assert.equal(recent.length, 6);
    assert.ok(recent.includes('urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000000,PROD)'));
    assert.ok([...times.values()].every((t) => t < now && t > now - 40 * DAY));
    const sent = (await control('GET', '/requests')) as unknown as Array<{ method: string; path: string; query?: Record<string, string> | string }>;
    const batch = sent.filter((r) => r.path.endsWith('/batchGet'));
    assert.equal(batch.length, 1, 'one request for the 30');
    assert.equal(batch[0].method, 'POST');
    assert.equal(batch[0].path, '/openapi/v3/entity/dataset/batchGet');
  });

  it('a URN without a status time is left out; a run soft-deleted now reads as recent, an active run as not removed', async () => {
    await control('POST', '/reset');
    const [a, b] = (await withClient((c) => c.search.softDeleted('chart', undefined, 100))).urns;
    await control('POST', '/cleanup', { statusUnread: [b] });
    const times = await withClient((c) => c.cleanup.statusWritten([a, b, 'urn:li:chart:(looker,never_there)']));
    assert.deepEqual([...times.keys()], [a]);
    assert.ok((times.get(a) ?? 0) < Date.now() - 39 * DAY);
    const job = (await withClient((c) => c.search.dataJobs(undefined, 1000))).jobs.find((j) => j.runs === 12);
    assert.ok(job);
    const [newest, active] = (await withClient((c) => c.search.jobRuns(job.urn, 0, 2))).runs;
    const before = Date.now();
    await withClient((c) => c.cleanup.softDelete(newest.urn));
    const runs = await withClient((c) => c.cleanup.statusWritten([newest.urn, active.urn]));
    assert.deepEqual([...runs.keys()], [newest.urn], 'the active run is not removed: no time to plan on');
    assert.ok((runs.get(newest.urn) ?? 0) >= before);
  });

  it('403 names the privilege; a failing read is a server error; bad input is refused before any request', async () => {
    await control('POST', '/reset');
    const urns = (await withClient((c) => c.search.softDeleted('dataset', undefined, 5))).urns;
    const e = await withClient((c) => rejectsWith(c.cleanup.statusWritten(urns), 'forbidden'), SANDBOX_TOKENS.none);
    assert.match(e.message, /VIEW_ENTITY_PAGE|View Entity Page/);
    await control('POST', '/cleanup', { statusReadFails: true });
    await withClient((c) => rejectsWith(c.cleanup.statusWritten(urns), 'server'));
    await control('POST', '/requests/clear');
    await withClient((c) => rejectsWith(c.cleanup.statusWritten([urns[0], 'urn:li:chart:(looker,x)']), 'invalidInput'));
    const many = Array.from({ length: STATUS_BATCH + 1 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${i},PROD)`);
    await withClient((c) => rejectsWith(c.cleanup.statusWritten(many), 'invalidInput'));
    assert.deepEqual(await control('GET', '/requests'), []);
  });
});
