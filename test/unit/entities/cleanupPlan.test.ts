// The cleanup planner on fake listings: the two rules for runs (beyond the last N of a job AND older than D
// days), undated runs kept, a listing that repeats its scroll id or never says "last" still ends, a server
// that returns other types does not widen the plan, and cancel stops between pages.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { planCleanup, type CleanupReads } from '../../../src/entities/logic/cleanupPlan';
import { cleanupQuery, planMessage } from '../../../src/entities/logic/cleanupText';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);

function reads(over: Partial<CleanupReads> = {}): CleanupReads {
  return {
    softDeleted: async () => ({ urns: [], total: 0 }),
    dataJobs: async () => ({ jobs: [], total: 0 }),
    jobRuns: async () => ({ total: 0, runs: [] }),
    ...over,
  };
}

describe('cleanup plan', () => {
  it('runs: beyond the last N of each job and older than D days; undated runs kept; figures per job', async () => {
    const runs = (job: string, ages: Array<number | undefined>) =>
      ages.map((d, i) => ({ urn: `urn:li:dataProcessInstance:${job}_${i}`, ...(d === undefined ? {} : { created: NOW - d * DAY }) }));
    const byJob: Record<string, ReturnType<typeof runs>> = {
      'urn:li:dataJob:a': runs('a', [1, 2, 3, 4, 5, 11, 12, 30]),
      'urn:li:dataJob:b': runs('b', [20, 21, 22]),
      'urn:li:dataJob:c': runs('c', [1, 2, 3, 4, 5, 6, 7]),
      'urn:li:dataJob:d': runs('d', [undefined, 40, 41, 42, 43, 44, 45]),
    };
    const out: string[] = [];
    const figures = await planCleanup(
      reads({
        dataJobs: async () => ({ jobs: Object.entries(byJob).map(([urn, r]) => ({ urn, runs: r.length })), total: 4 }),
        // Oldest first: the plan sorts them itself.
        jobRuns: async (job, start, count) => ({ total: byJob[job].length, runs: [...byJob[job]].reverse().slice(start, start + count) }),
      }),
      cleanupQuery({ entityType: 'dataprocessinstance' }),
      (u) => out.push(u),
      { now: NOW },
    );
    assert.deepEqual(out.sort(), [
      'urn:li:dataProcessInstance:a_5',
      'urn:li:dataProcessInstance:a_6',
      'urn:li:dataProcessInstance:a_7',
      'urn:li:dataProcessInstance:d_5',
      'urn:li:dataProcessInstance:d_6',
    ]);
    assert.equal(figures.count, 5);
    assert.equal(figures.undated, 1);
    assert.deepEqual(figures.byJob, [
      { job: 'urn:li:dataJob:a', runs: 8, kept: 5, toDelete: 3 },
      { job: 'urn:li:dataJob:d', runs: 7, kept: 5, toDelete: 2 },
    ]);
    assert.match(
      planMessage('prod', cleanupQuery({ entityType: 'dataProcessInstance' }), figures),
      /5 dataProcessInstance runs .* from 2 of 4 jobs .*1 runs without a creation time kept/,
    );
  });

  it('soft-deleted: ends on a repeated scroll id and on a listing that never says "last"; other types are not planned', async () => {
    let calls = 0;
    const out: string[] = [];
    await planCleanup(
      reads({
        softDeleted: async (_t, id) => {
          calls++;
          return { urns: [`urn:li:dataset:${calls}`, 'urn:li:corpuser:intruder'], nextScrollId: id === 'same' ? 'same' : 'same', total: 4 };
        },
      }),
      cleanupQuery({ entityType: 'dataset' }),
      (u) => out.push(u),
      { pageSize: 2 },
    );
    assert.equal(calls, 2);
    assert.deepEqual(out, ['urn:li:dataset:1', 'urn:li:dataset:2']);
    calls = 0;
    await planCleanup(
      reads({ softDeleted: async () => ({ urns: [`urn:li:dataset:x${++calls}`], nextScrollId: `id${calls}`, total: 3 }) }),
      cleanupQuery({ entityType: 'dataset' }),
      () => undefined,
      { pageSize: 1 },
    );
    assert.equal(calls, 5, 'the total allows 3 pages, and two more at most');
  });

  it('a URN with a line break is never planned: in the plan file it would read as two URNs the server never named', async () => {
    const out: string[] = [];
    const figures = await planCleanup(
      reads({ softDeleted: async () => ({ urns: ['urn:li:dataset:a', 'urn:li:dataset:b\nurn:li:dataset:victim', 'urn:li:dataset:c\t'], total: 3 }) }),
      cleanupQuery({ entityType: 'dataset' }),
      (u) => out.push(u),
    );
    assert.deepEqual(out, ['urn:li:dataset:a']);
    assert.deepEqual([figures.count, figures.unlistable], [1, 2]);
    assert.match(planMessage('prod', cleanupQuery({ entityType: 'dataset' }), figures), /2 URNs with a control character \(a line break\) left out/);
  });

  it('cancel stops between pages, before the next request', async () => {
    const controller = new AbortController();
    let calls = 0;
    await assert.rejects(
      planCleanup(
        reads({
          softDeleted: async () => {
            if (++calls === 2) controller.abort();
            return { urns: [`urn:li:dataset:${calls}`], nextScrollId: `n${calls}`, total: 100 };
          },
        }),
        cleanupQuery({ entityType: 'dataset' }),
        () => undefined,
        { signal: controller.signal, pageSize: 1 },
      ),
      /cancelled; nothing was deleted/,
    );
    assert.equal(calls, 2);
  });

  it('refuses the run options for soft-deleted entities, and softDeletedOnly false for another type', () => {
    assert.throws(() => cleanupQuery({ entityType: 'dataset', olderThanDays: 3 }), /choose dataProcessInstance runs/);
    assert.throws(() => cleanupQuery({ entityType: 'chart', softDeletedOnly: false }), /is for "dataProcessInstance" only/);
    assert.deepEqual(cleanupQuery({ entityType: 'DATAPROCESSINSTANCE', softDeletedOnly: true }), { entityType: 'dataProcessInstance', kind: 'softDeleted' });
  });
});
