// DataHub's garbage collector inside VS Code against the sandbox's GC scenarios (test/sandbox/gcScenarios.ts):
// datahub.readGarbageCollection on a default install (every night stopped at the deletion limit, a million run
// records with their cleanup off), failing runs, a stalled executor and no GC at all, each finding with its next
// step; the Doctor's "DataHub GC" line shows the worst; a token without Manage Ingestion is told which privilege;
// reads only.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import type { ReadGarbageCollectionResult } from '../../../src/gc';
import type { DiagnoseResult } from '../../../src/doctor';
import type { RecordedRequest } from '../../sandbox/api';

const scenario = (name: string) => sandbox.control<object>('POST', '/gc', { scenario: name });
const read = (arg: Record<string, unknown> = {}) => exec<ReadGarbageCollectionResult>(Commands.readGarbageCollection, arg);
const ids = (r: ReadGarbageCollectionResult) => r.findings.map((f) => f.id);
/** A GraphQL query changes nothing; anything else not a GET is a write. */
const writes = (requests: readonly RecordedRequest[]) =>
  requests
    .filter((q) => q.method !== 'GET' && !(q.path === '/api/graphql' && /^\s*query\b/.test(String((q.body as { query?: unknown }).query))))
    .map((q) => q.path);

describe('gc: reading DataHub’s garbage collector', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('a default install: deletionLimitReached with the backlog in nights, and runRecordsUnbounded; reads only', async () => {
    await scenario('defaultInstall');
    await sandbox.clearRequests();
    const r = await read();
    assert.deepEqual(ids(r).sort(), ['deletionLimitReached', 'runRecordsUnbounded']);
    for (const f of r.findings) {
      assert.equal(f.verdict, 'warning');
      assert.ok(f.nextStep, `${f.id} has a next step`);
    }
    const limit = r.findings.find((f) => f.id === 'deletionLimitReached');
    assert.match(limit?.summary ?? '', /stopped at its deletion limit \(limit_entities_delete 25,000; hard-deleted 25,001, 25,001, 25,001\)/);
    assert.match(limit?.summary ?? '', /400,012 soft-deleted entities wait .* about 16 more night\(s\)/);
    assert.match(r.findings.find((f) => f.id === 'runRecordsUnbounded')?.summary ?? '', /1,250,000 documents/);
    assert.equal(r.source?.name, 'datahub-gc');
    assert.deepEqual(r.source?.schedule, { interval: '0 1 * * *', timezone: 'UTC' });
    assert.equal(new Date(r.source?.nextRunAt ?? 0).getUTCHours(), 1);
    assert.deepEqual(
      r.stages.map((s) => `${s.id}:${s.enabled ? 'on' : 'off'}:${s.dryRunCovers ? 'dry' : 'real'}`),
      [
        'expiredTokens:off:real',
        'truncateIndices:on:real',
        'dataProcessCleanup:off:dry',
        'softDeletedCleanup:on:dry',
        'executionRequestCleanup:on:real',
        'queryCleanup:off:real',
      ],
    );
    assert.equal(r.runs.length, 7);
    assert.ok(
      r.runs.every((run, i) => i === 0 || run.requestedAt < r.runs[i - 1].requestedAt),
      'newest first',
    );
    assert.equal(r.runs[0].figures.hardDeleted, 25_001);
    assert.deepEqual(r.runs[0].limitsReached, ['softDeletedCleanup.limit_entities_delete']);
    assert.match(r.message, /^DataHub's GC on "sandbox": /);
    assert.deepEqual(writes(await sandbox.requests()), []);
  });

  it('failing runs: gcFailing with the report failure titles', async () => {
    await scenario('failingRuns');
    const r = await read({ runs: 5 });
    assert.deepEqual(ids(r), ['gcFailing']);
    assert.equal(r.findings[0].verdict, 'failing');
    assert.match(r.findings[0].summary, /"While trying to truncate indices", "Failed to delete entity"/);
    assert.equal(r.runs.length, 5);
  });

  it('a stalled executor: gcNotRunning, the requests without a result named', async () => {
    await scenario('stalledExecutor');
    const r = await read();
    assert.deepEqual(ids(r), ['gcNotRunning']);
    assert.match(r.findings[0].summary, /the executor \(datahub-actions\) is not picking them up/);
    assert.match(r.findings[0].nextStep ?? '', /datahub-actions/);
  });

  it('no GC source: gcMissing; the Doctor shows the worst finding in its DataHub GC line', async () => {
    await scenario('missing');
    const r = await read();
    assert.equal(r.source, null);
    assert.deepEqual(ids(r), ['gcMissing']);
    assert.match(r.findings[0].nextStep ?? '', /0\.14/);
    await scenario('defaultInstall');
    const doctor = await exec<DiagnoseResult>(Commands.diagnose, {});
    const gc = doctor.lines.find((l) => l.id === 'datahubGc');
    assert.equal(gc?.title, 'DataHub GC');
    assert.equal(gc?.verdict, 'warning');
    assert.match(gc?.summary ?? '', /deletion limit.*\(\+1 more\)$/);
    assert.deepEqual(
      gc?.findings?.map((f) => f.verdict),
      ['warning', 'warning'],
    );
  });

  it('a token without Manage Ingestion: the privilege named, nothing else', async () => {
    await useSandboxConnection({ token: 'reader' });
    try {
      await assert.rejects(read(), /needs the Manage Ingestion privilege/);
      const doctor = await exec<DiagnoseResult>(Commands.diagnose, {});
      assert.match(doctor.lines.find((l) => l.id === 'datahubGc')?.summary ?? '', /lacks the Manage Ingestion privilege/);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
    await assert.rejects(read({ runs: 11 }), /"runs" must be a whole number from 1 to 10/);
  });
});
