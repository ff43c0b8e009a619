// The cleanup planner on fake listings: the two rules for runs (beyond the last N of a job AND older than D
// days), undated runs kept, soft-deleted entities planned only when soft-deleted more than D days ago (the
// recent ones and those whose status time cannot be read kept and counted, the times read in batches), a listing that repeats its scroll id or never says "last" still ends, a server
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
    // Soft-deleted long ago unless a test says otherwise.
    statusWritten: async (urns) => new Map(urns.map((u) => [u, 1])),
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

  it('refuses keepLastPerJob for soft-deleted entities, and softDeletedOnly false for another type; olderThanDays defaults to 10', () => {
    assert.throws(() => cleanupQuery({ entityType: 'dataset', keepLastPerJob: 3 }), /"keepLastPerJob" chooses dataProcessInstance runs/);
    assert.throws(() => cleanupQuery({ entityType: 'chart', softDeletedOnly: false }), /is for "dataProcessInstance" only/);
    assert.deepEqual(cleanupQuery({ entityType: 'DATAPROCESSINSTANCE', softDeletedOnly: true }), {
      entityType: 'dataProcessInstance',
      kind: 'softDeleted',
      olderThanDays: 10,
    });
    assert.deepEqual(cleanupQuery({ entityType: 'dataset', olderThanDays: 3 }), { entityType: 'dataset', kind: 'softDeleted', olderThanDays: 3 });
  });

  it('soft-deleted: planned only when the status was written more than D days ago; recent and unreadable ones kept and counted', async () => {
    // 250 URNs on one page: the status times are read 100 at a time, each batch of one page's URNs.
    const urns = Array.from({ length: 250 }, (_, i) => `urn:li:dataset:t${String(i).padStart(3, '0')}`);
    const age = (i: number): number | undefined => (i % 10 === 0 ? 2 : i % 25 === 1 ? undefined : 30 + i);
    const batches: number[] = [];
    const out: string[] = [];
    const figures = await planCleanup(
      reads({
        softDeleted: async () => ({ urns, total: urns.length }),
        statusWritten: async (asked) => {
          batches.push(asked.length);
          const m = new Map<string, number>();
          for (const u of asked) {
            const d = age(Number(u.slice(-3)));
            if (d !== undefined) m.set(u, NOW - d * DAY);
          }
          return m;
        },
      }),
      cleanupQuery({ entityType: 'dataset' }),
      (u) => out.push(u),
      { now: NOW },
    );
    assert.deepEqual(batches, [100, 100, 50]);
    const recent = urns.filter((_, i) => age(i) === 2).length;
    const unread = urns.filter((_, i) => age(i) === undefined).length;
    assert.deepEqual([figures.keptForAge, figures.keptUnread, figures.count], [recent, unread, 250 - recent - unread]);
    assert.deepEqual(
      out,
      urns.filter((_, i) => (age(i) ?? 0) > 10),
      'the old ones, in the order listed',
    );
    assert.ok(!out.includes('urn:li:dataset:t000') && !out.includes('urn:li:dataset:t001'));
    const message = planMessage('prod', cleanupQuery({ entityType: 'dataset' }), figures);
    assert.match(
      message,
      new RegExp(`^Cleanup plan on "prod": ${250 - recent - unread} dataset entities soft-deleted more than 10 days ago, to delete for good`),
    );
    assert.match(message, new RegExp(`${recent} kept: soft-deleted less than 10 days ago; DataHub's GC keeps them too`));
    assert.match(message, new RegExp(`${unread} kept: when they were soft-deleted could not be read`));
    // A day's window: the ones of 2 days ago go too.
    const wide = await planCleanup(
      reads({
        softDeleted: async () => ({ urns: urns.slice(0, 11), total: 11 }),
        statusWritten: async (asked) => new Map(asked.map((u) => [u, NOW - 2 * DAY])),
      }),
      cleanupQuery({ entityType: 'dataset', olderThanDays: 1 }),
      () => undefined,
      { now: NOW },
    );
    assert.deepEqual([wide.count, wide.keptForAge, wide.keptUnread], [11, undefined, undefined]);
  });

  it('soft-deleted: the boundary, a time exactly D days ago, is kept; a failing status read fails the plan', async () => {
    const out: string[] = [];
    const figures = await planCleanup(
      reads({
        softDeleted: async () => ({ urns: ['urn:li:dataset:edge', 'urn:li:dataset:older'], total: 2 }),
        statusWritten: async () =>
          new Map([
            ['urn:li:dataset:edge', NOW - 10 * DAY],
            ['urn:li:dataset:older', NOW - 10 * DAY - 1],
          ]),
      }),
      cleanupQuery({ entityType: 'dataset' }),
      (u) => out.push(u),
      { now: NOW },
    );
    assert.deepEqual(out, ['urn:li:dataset:older']);
    assert.equal(figures.keptForAge, 1);
    await assert.rejects(
      planCleanup(
        reads({
          softDeleted: async () => ({ urns: ['urn:li:dataset:a'], total: 1 }),
          statusWritten: async () => {
            throw new Error('batch read failed');
          },
        }),
        cleanupQuery({ entityType: 'dataset' }),
        () => assert.fail('nothing is planned'),
      ),
      /batch read failed/,
    );
  });

  it('cancel stops between status batches, before the next read', async () => {
    const controller = new AbortController();
    let reads_ = 0;
    const urns = Array.from({ length: 300 }, (_, i) => `urn:li:dataset:c${i}`);
    await assert.rejects(
      planCleanup(
        reads({
          softDeleted: async () => ({ urns, total: 300 }),
          statusWritten: async (asked) => {
            if (++reads_ === 1) controller.abort();
            return new Map(asked.map((u) => [u, 1]));
          },
        }),
        cleanupQuery({ entityType: 'dataset' }),
        () => undefined,
        { signal: controller.signal },
      ),
      /cancelled; nothing was deleted/,
    );
    assert.equal(reads_, 1);
  });
});
