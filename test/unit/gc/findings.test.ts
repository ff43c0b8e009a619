// The findings of a GC reading (src/gc/logic/findings.ts), from built readings: each finding at its edge, worst
// first, each not ok with a next step, and ok when all is well.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf, stuckAfter, worstFinding, type FindingsInput } from '../../../src/gc/logic/findings';
import { GC_DEFAULT_CONFIG, stagesOf } from '../../../src/gc/logic/recipe';
import type { GcRun } from '../../../src/gc/logic/types';

const H = 3_600_000;
const now = Date.parse('2026-12-03T07:00:00Z');
const stages = stagesOf({ ...GC_DEFAULT_CONFIG });
const source = { schedule: { interval: '0 1 * * *', timezone: 'UTC' } };
const run = (agoH: number, status: string | null, extra: Partial<GcRun> = {}): GcRun => ({
  urn: `urn:li:dataHubExecutionRequest:r${agoH}`,
  id: `r${agoH}`,
  status,
  requestedAt: now - agoH * H,
  ...(status !== null ? { startTimeMs: now - agoH * H + 2000 } : {}),
  figures: { hardDeleted: 100 },
  limitsReached: [],
  failures: [],
  ...extra,
});
const input = (runs: GcRun[], extra: Partial<FindingsInput> = {}): FindingsInput => ({ now, source, stages, runs, ...extra });
const counts = (dpi: number, softDeleted: Array<[string, number]> = []) => ({
  softDeleted: new Map(softDeleted),
  dataProcessInstances: dpi,
  source: 'GET /openapi/v1/entities/counts',
});

describe('GC findings', () => {
  it('all well: ok alone, without a next step', () => {
    const f = findingsOf(input([run(6, 'SUCCESS'), run(30, 'SUCCESS')], { counts: counts(120_000) }));
    assert.deepEqual(
      f.map((x) => [x.id, x.verdict]),
      [['ok', 'ok']],
    );
    assert.equal(f[0].nextStep, undefined);
  });

  it('not running: over twice the interval since the last run picked up; the executor when requests wait, else the scheduler', () => {
    assert.deepEqual(
      findingsOf(input([run(47, 'SUCCESS')])).map((x) => x.id),
      ['ok'],
    );
    const scheduler = findingsOf(input([run(49, 'SUCCESS')]));
    assert.equal(scheduler[0].id, 'gcNotRunning');
    assert.equal(scheduler[0].verdict, 'failing');
    assert.match(scheduler[0].summary, /scheduler/);
    const executor = findingsOf(input([run(6, null), run(30, null), run(54, 'SUCCESS')]));
    assert.match(executor[0].summary, /2 request\(s\) since have no result, so the executor \(datahub-actions\)/);
    assert.ok(executor[0].nextStep);
    const never = findingsOf(input([]));
    assert.match(never[0].summary, /no run of it was ever picked up/);
    const unscheduled = findingsOf(input([run(60, 'SUCCESS')], { source: {} }));
    assert.match(unscheduled[0].summary, /has no schedule/);
  });

  it('failing: the newest finished runs that failed, with their titles; a success after them ends it', () => {
    const f = findingsOf(input([run(6, 'FAILURE', { failures: ['A', 'B'] }), run(30, 'TIMEOUT', { failures: ['A', 'C', 'D'] }), run(54, 'SUCCESS')]));
    assert.equal(f[0].id, 'gcFailing');
    assert.match(f[0].summary, /The last 2 runs of the GC failed \(the newest FAILURE.*"A", "B", "C" and 1 more/);
    assert.deepEqual(
      findingsOf(input([run(6, 'SUCCESS'), run(30, 'FAILURE')])).map((x) => x.id),
      ['ok'],
    );
  });

  it("stuck: RUNNING past the enabled stages' runtime limits plus an hour", () => {
    assert.equal(stuckAfter(stages), (7200 + 3600) * 1000 + H);
    assert.deepEqual(
      findingsOf(input([run(3.9, 'RUNNING'), run(28, 'SUCCESS')])).map((x) => x.id),
      ['ok'],
    );
    const f = findingsOf(input([run(4.1, 'RUNNING'), run(28, 'SUCCESS')]));
    assert.equal(f[0].id, 'gcStuck');
    assert.match(f[0].nextStep ?? '', /Cancel Ingestion Run/);
  });

  it('deletion limit: only when every recent finished run reached it; the backlog in nights from the counts', () => {
    const limit = { limitsReached: ['softDeletedCleanup.limit_entities_delete'], figures: { hardDeleted: 25_001 } };
    const some = findingsOf(input([run(6, 'SUCCESS', limit), run(30, 'SUCCESS'), run(54, 'SUCCESS', limit)]));
    assert.deepEqual(
      some.map((x) => x.id),
      ['ok'],
    );
    const every = findingsOf(
      input([run(6, 'SUCCESS', limit), run(30, 'SUCCESS', limit), run(54, 'SUCCESS', limit), run(78, 'SUCCESS')], {
        counts: counts(0, [
          ['dataset', 100_000],
          ['chart', 4],
        ]),
      }),
    );
    assert.equal(every[0].id, 'deletionLimitReached');
    assert.equal(every[0].verdict, 'warning');
    assert.match(every[0].summary, /100,004 soft-deleted entities wait \(GET \/openapi\/v1\/entities\/counts\): at this limit that takes about 4 more night/);
    // Without counts the finding stands, without the nights.
    const blind = findingsOf(input([run(6, 'SUCCESS', limit)]));
    assert.match(blind[0].summary, /^The last night the GC stopped/);
    assert.doesNotMatch(blind[0].summary, /night\(s\)/);
    // Only the entity types the stage cleans count.
    const typed = stagesOf({ ...GC_DEFAULT_CONFIG, soft_deleted_entities_cleanup: { limit_entities_delete: 10, entity_types: ['chart'] } });
    const one = findingsOf(
      input([run(6, 'SUCCESS', { ...limit, figures: { hardDeleted: 11 } })], {
        stages: typed,
        counts: counts(0, [
          ['dataset', 100_000],
          ['chart', 40],
        ]),
      }),
    );
    assert.match(one[0].summary, /40 soft-deleted entities wait.*about 4 more night/);
  });

  it('run records: dataprocess cleanup off and a million dataProcessInstance documents; on, or fewer, is nothing', () => {
    const f = findingsOf(input([run(6, 'SUCCESS')], { counts: counts(1_000_000) }));
    assert.equal(f[0].id, 'runRecordsUnbounded');
    assert.ok(f[0].nextStep);
    assert.equal(findingsOf(input([run(6, 'SUCCESS')], { counts: counts(999_999) }))[0].id, 'ok');
    const on = stagesOf({ ...GC_DEFAULT_CONFIG, dataprocess_cleanup: { enabled: true } });
    assert.equal(findingsOf(input([run(6, 'SUCCESS')], { stages: on, counts: counts(5_000_000) }))[0].id, 'ok');
  });

  it('worst first; missing is a warning alone; every finding not ok has a next step', () => {
    const limit = { limitsReached: ['softDeletedCleanup.limit_entities_delete'] };
    const f = findingsOf(input([run(6, 'FAILURE', limit)], { counts: counts(2_000_000) }));
    assert.deepEqual(
      f.map((x) => x.id),
      ['gcFailing', 'deletionLimitReached', 'runRecordsUnbounded'],
    );
    assert.equal(worstFinding(f)?.id, 'gcFailing');
    const missing = findingsOf(input([], { source: null }));
    assert.deepEqual(
      missing.map((x) => [x.id, x.verdict]),
      [['gcMissing', 'warning']],
    );
    for (const x of [...f, ...missing]) assert.ok(x.nextStep);
  });
});
