// Reading DataHub's GC (src/gc/logic/read.ts) over real HTTP against the sandbox, in each of its scenarios: the
// healthy seed, a default install stopped at the deletion limit every night with a million run records, failing
// runs, a stalled executor, a stuck run, no GC at all; a token without Manage Ingestion; the request count.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { readGc } from '../../../src/gc/logic/read';
import { sandboxControl, useSandbox, withClient } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);
const scenario = async (name: string) => {
  await control('POST', '/reset');
  await control('POST', '/gc', { scenario: name });
};
const read = (token?: string) => withClient(sb.url, (c) => readGc(c, 'sandbox', 10, Date.now()), token);
const ids = (r: Awaited<ReturnType<typeof read>>) => r.findings.map((f) => f.id);

describe('GC read', () => {
  it('the healthy seed: the bootstrap recipe, its stages, three runs newest first with their figures, the next run at 01:00 UTC, ok', async () => {
    await scenario('healthy');
    const before = sb.requests.length;
    const r = await read();
    assert.deepEqual(ids(r), ['ok']);
    assert.equal(r.findings[0].verdict, 'ok');
    assert.equal(r.source?.urn, 'urn:li:dataHubIngestionSource:datahub-gc');
    assert.deepEqual(r.source?.schedule, { interval: '0 1 * * *', timezone: 'UTC' });
    const next = new Date(r.source?.nextRunAt ?? 0);
    assert.equal(next.getUTCHours(), 1);
    assert.equal(next.getUTCMinutes(), 0);
    assert.ok((r.source?.nextRunAt ?? 0) - Date.now() <= 24 * 3_600_000);
    assert.equal(r.stages.find((s) => s.id === 'dataProcessCleanup')?.enabled, false);
    assert.equal(r.runs.length, 3);
    assert.ok(r.runs[0].requestedAt > r.runs[1].requestedAt);
    assert.equal(r.runs[0].status, 'SUCCESS');
    assert.equal(r.runs[0].figures.hardDeleted, 320);
    assert.equal(r.runs[0].figures['hardDeleted.dataset'], 280);
    // Two GraphQL reads side by side, then the entity counts (dataprocess_cleanup is off): three requests.
    assert.equal(sb.requests.length - before, 3);
  });

  it('a default install: every night at the deletion limit with the backlog in nights, and run records unbounded', async () => {
    await scenario('defaultInstall');
    const r = await read();
    assert.deepEqual(ids(r).sort(), ['deletionLimitReached', 'runRecordsUnbounded']);
    const limit = r.findings.find((f) => f.id === 'deletionLimitReached');
    assert.equal(limit?.verdict, 'warning');
    assert.match(
      limit?.summary ?? '',
      /Each of the last 3 nights the GC stopped at its deletion limit \(limit_entities_delete 25,000; hard-deleted 25,001, 25,001, 25,001\)/,
    );
    // 400,012 soft-deleted (400,000 datasets, 12 charts) at 25,001 a night: 16 nights.
    assert.match(limit?.summary ?? '', /400,012 soft-deleted entities wait .*about 16 more night\(s\)/);
    assert.match(limit?.nextStep ?? '', /limit_entities_delete/);
    const records = r.findings.find((f) => f.id === 'runRecordsUnbounded');
    assert.match(records?.summary ?? '', /dataProcessInstance holds 1,250,000 documents/);
    assert.match(records?.nextStep ?? '', /dataprocess_cleanup/);
    assert.deepEqual(r.runs[0].limitsReached, ['softDeletedCleanup.limit_entities_delete']);
    assert.equal(r.runs.length, 7);
    assert.equal(r.counts?.dataProcessInstances, 1_250_000);
  });

  it('failing runs: gcFailing with the report failure titles and a next step', async () => {
    await scenario('failingRuns');
    const r = await read();
    assert.deepEqual(ids(r), ['gcFailing']);
    assert.equal(r.findings[0].verdict, 'failing');
    assert.match(r.findings[0].summary, /The last 3 runs of the GC failed .*"While trying to truncate indices", "Failed to delete entity"/);
    assert.ok(r.findings[0].nextStep);
    assert.deepEqual(r.runs[0].failures, ['While trying to truncate indices', 'Failed to delete entity']);
  });

  it('a stalled executor: requests without a result, the last run days ago: gcNotRunning names the executor', async () => {
    await scenario('stalledExecutor');
    const r = await read();
    assert.deepEqual(ids(r), ['gcNotRunning']);
    assert.match(r.findings[0].summary, /2 request\(s\) since have no result, so the executor \(datahub-actions\) is not picking them up/);
    assert.equal(r.runs[0].status, null);
  });

  it('a run RUNNING past its limits plus an hour is stuck', async () => {
    await scenario('stuckRun');
    const r = await read();
    assert.deepEqual(ids(r), ['gcStuck']);
    assert.match(r.findings[0].summary, /RUNNING for 6 h 00 min, past its stages' runtime limits plus an hour \(4 h 00 min\)/);
  });

  it('no GC source: gcMissing, nothing else read', async () => {
    await scenario('missing');
    const before = sb.requests.length;
    const r = await read();
    assert.equal(r.source, null);
    assert.deepEqual(ids(r), ['gcMissing']);
    assert.equal(r.findings[0].verdict, 'warning');
    assert.match(r.findings[0].nextStep ?? '', /0\.14/);
    assert.equal(sb.requests.length - before, 2);
  });

  it('a token without Manage Ingestion: an error naming the privilege', async () => {
    await scenario('healthy');
    await assert.rejects(read(SANDBOX_TOKENS.reader), /needs the Manage Ingestion privilege/);
  });
});
