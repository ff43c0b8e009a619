// An entity cleanup's listings and deletes over real HTTP to the sandbox (cleanup.ts), through the client:
// soft-deleted documents paged by scroll id, data jobs with their number of runs, a job's runs newest first,
// a hard delete (403 for a reader, 200 again for what is gone), a soft delete that moves a run from the
// job's runs to the soft-deleted ones, and a delete scripted to fail once.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
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
