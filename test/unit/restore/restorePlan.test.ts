// The restore-by-pattern plan and the whole-URN restore, over real HTTP to the
// sandbox: every matching row restored exactly once, whatever the concurrency,
// a cancellation or a failing page; resume points that skip nothing.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { patternPageRequest, runRestorePlan } from '../../../src/restore/logic/restorePlan';
import { PageLog } from '../../../src/restore/logic/restoreLog';
import { rerunPages } from '../../../src/restore/logic/restoreRerun';
import { SAMPLE_URNS } from '../../sandbox';
import { assertEachOnce, client, HIVE, plan, prefixOf, sb, usePlanSandbox } from './planSupport';

usePlanSandbox();

describe('restore plan: all rows', () => {
  for (const concurrency of [1, 4]) {
    it(`restores every matching row exactly once, concurrency ${concurrency}`, async () => {
      const total = sb.countRows(HIVE);
      assert.ok(total > 100, `the pattern matches enough rows (${total})`);
      const r = await plan(HIVE, { batchSize: 7, concurrency });
      assert.equal(r.status, 'completed');
      assert.equal(r.reachedEnd, true);
      assert.equal(r.rowsMigrated + r.ignored, total);
      assert.ok(r.ignored > 0, 'the data has ignored rows, which must count towards a full page');
      assert.equal(r.nextStart, total, 'a completed run resumes past the last row');
      assert.deepEqual(r.doneAfterNext, []);
      assertEachOnce(prefixOf(HIVE), r.rowsMigrated);
      // ceil(total/7) pages and the empty probe after the short last one; with 4 in flight at most 3 more.
      const pages = Math.ceil((total + 1) / 7) + 1;
      assert.ok(r.requests >= pages && r.requests <= pages + concurrency - 1, `requests ${r.requests} for ${total} rows`);
      assert.deepEqual(r.incompletePages, []);
      assert.ok(
        r.lastPages.length <= 5 && r.lastPages.some((p) => p.start === Math.floor(total / 7) * 7 + 7),
        'the last answers are kept, the empty probe among them',
      );
    });
  }

  it('counts ignored rows towards a full page (rowsMigrated alone would stop early)', async () => {
    // db.orders: 8 rows, the last one ignored. With pages of 4, page 2 migrates 3 rows but covers 4.
    const like = SAMPLE_URNS.ordersDataset;
    assert.equal(sb.countRows(like), 8);
    const r = await plan(like, { batchSize: 4 });
    assert.equal(r.status, 'completed');
    // Pages 0 and 4 are full, 8 is empty: short, so 12 is probed before calling it the end.
    assert.deepEqual([r.rowsMigrated, r.ignored, r.requests, r.nextStart], [7, 1, 4, 8]);
  });

  it('ends with an empty page when the rows are an exact multiple of the batch size', async () => {
    const like = 'urn:li:corpuser:%';
    const total = sb.countRows(like);
    const batchSize = [8, 7, 6, 5, 4, 3, 2].find((b) => total % b === 0) ?? 1;
    const r = await plan(like, { batchSize, concurrency: 2 });
    assert.equal(r.rowsMigrated + r.ignored, total);
    assert.equal(r.nextStart, total);
    assertEachOnce('urn:li:corpuser:', r.rowsMigrated);
  });

  it('one batch covers exactly batchSize rows from start and says where the next one starts', async () => {
    const r = await plan(HIVE, { batchSize: 10, start: 20, all: false, concurrency: 4 });
    assert.equal(r.status, 'completed');
    assert.equal(r.requests, 1);
    assert.equal(r.rowsMigrated + r.ignored, 10);
    assert.equal(r.nextStart, 30);
    assert.equal(r.reachedEnd, false);
    const body = sb.requests.at(-1)?.body as Record<string, unknown>;
    assert.deepEqual(body, { urnLike: HIVE, start: 20, batchSize: 10, limit: 10 });
  });

  it('works the same against a legacy server (no limit, curly result)', async () => {
    sb.setVersion('legacy');
    const total = sb.countRows(HIVE);
    const r = await plan(HIVE, { batchSize: 25, concurrency: 3 });
    assert.equal(r.rowsMigrated + r.ignored, total);
    assertEachOnce(prefixOf(HIVE), r.rowsMigrated);
  });
});

describe('restore plan: pages the server partly failed', () => {
  for (const concurrency of [1, 3]) {
    it(`a short page with rows after it is recorded, the run goes on and ends only after an empty probe, concurrency ${concurrency}`, async () => {
      const total = sb.countRows(HIVE);
      // The pages at 30 and 60 lose their only internal batch: they come back with result= empty.
      sb.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 30, times: 1 });
      sb.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 60, times: 1 });
      const r = await plan(HIVE, { batchSize: 10, concurrency });
      assert.equal(r.status, 'completed');
      assert.equal(r.reachedEnd, true);
      assert.deepEqual(r.incompletePages, [
        { start: 30, read: 0 },
        { start: 60, read: 0 },
      ]);
      assert.equal(r.rowsMigrated + r.ignored, total - 20, 'the two failed pages are missing, nothing else');
      assert.equal(r.nextStart, total);
      // Re-running exactly those pages completes the restore: every row once.
      let again = 0;
      for (const page of r.incompletePages) {
        const answer = await client.restoreIndices(patternPageRequest({ urnLike: HIVE, batchSize: 10 }, page.start));
        assert.equal(answer.rowsMigrated + answer.ignored, 10);
        again += answer.rowsMigrated;
      }
      assertEachOnce(prefixOf(HIVE), r.rowsMigrated + again);
    });
  }

  it('a partly failed page (fewer result lines) is recorded with what it read', async () => {
    // Pages of 10 in internal batches of 5: the second half of the page at 20 fails.
    sb.addFault({ fault: { kind: 'failedBatches', batches: [1] }, action: 'restoreIndices', start: 20, times: 1 });
    const r = await runRestorePlan({
      start: 0,
      batchSize: 10,
      all: true,
      restorePage: (start, rows) => client.restoreIndices({ urnLike: HIVE, start, batchSize: 5, limit: rows }),
    });
    assert.deepEqual(r.incompletePages, [{ start: 20, read: 5 }]);
    assert.equal(r.reachedEnd, true);
  });

  it('a run stopped right after a short page lists it (not known whether it was the end)', async () => {
    sb.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 20, times: 1 });
    const controller = new AbortController();
    const r = await plan(HIVE, { batchSize: 10, signal: controller.signal, onPage: (page) => page.start === 20 && controller.abort() });
    assert.equal(r.status, 'cancelled');
    assert.deepEqual(r.incompletePages, [{ start: 20, read: 0 }]);
    assert.equal(r.nextStart, 30);
  });

  it('maxRows stops after that many rows; the last page asks for the rest only', async () => {
    const r = await plan(HIVE, { batchSize: 10, maxRows: 25 });
    assert.deepEqual([r.status, r.reachedEnd, r.rowsMigrated + r.ignored, r.nextStart, r.requests], ['completed', true, 25, 25, 3]);
    assert.deepEqual(sb.requests.at(-1)?.body, { urnLike: HIVE, start: 20, batchSize: 5, limit: 5 });
  });
});

describe('re-running incomplete pages', () => {
  const rerun = (starts: number[]) =>
    rerunPages({
      starts,
      batchSize: 10,
      restorePage: (start, rows) => client.restoreIndices(patternPageRequest({ urnLike: HIVE, batchSize: 10 }, start, rows)),
    });

  it('restores exactly those pages; one that fails again inside the server stays incomplete', async () => {
    sb.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 60, times: 1 });
    const r = await rerun([60, 30]);
    assert.deepEqual(
      sb.requests.map((q) => (q.body as { start: number }).start),
      [30, 60],
      'in start order, nothing else',
    );
    assert.equal(r.status, 'completed');
    assert.deepEqual(r.incompletePages, [{ start: 60, read: 0 }]);
    assert.equal(r.rowsMigrated + r.ignored, 10);
  });

  it('a failing page stops the re-run; it and the pages not reached stay listed', async () => {
    sb.addFault({ fault: { kind: 'restliError', status: 500, message: 'boom' }, action: 'restoreIndices', start: 30, times: 1 });
    const r = await rerun([10, 30, 50]);
    assert.equal(r.status, 'failed');
    assert.equal(r.failure?.start, 30);
    assert.deepEqual(r.incompletePages, [
      { start: 30, read: 0 },
      { start: 50, read: 0 },
    ]);
    assert.equal(r.pagesDone, 1);
  });
});

describe('restore plan: bounded over long runs', () => {
  it('a run of ~1,500 pages logs about as much as one of 20, and keeps only the last answers', async () => {
    const count = (pattern: string, batchSize: number) => async () => {
      const lines: string[] = [];
      const sink = { info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m), trace: (m: string) => lines.push(m) };
      const log = new PageLog(sink, batchSize);
      const r = await plan(pattern, { batchSize, concurrency: 4, onPage: (page) => log.page(page) });
      log.end(r, '1 s');
      return { lines: lines.length, r };
    };
    const long = await count(HIVE, 1)();
    sb.reset();
    const short = await count(HIVE, 100)();
    assert.ok(long.r.requests > 1400 && short.r.requests < 30, `${long.r.requests} and ${short.r.requests} requests`);
    assert.ok(long.lines <= short.lines + 12, `${long.lines} log lines for ${long.r.requests} pages, ${short.lines} for ${short.r.requests}`);
    assert.ok(long.r.lastPages.length <= 5);
  });
});

describe('restore plan: no page past a short page until its follower answers', () => {
  // 100 rows in pages of 10: pages 0-90 full, page 100 empty (short), page 110 empty (the end confirmed).
  // At concurrency 4, pages 110-130 are already in flight when page 100 answers; page 140 is not sent.
  it('an end on a page boundary costs the pages in flight, not one more round', async () => {
    const sent: number[] = [];
    const r = await runRestorePlan({
      start: 0,
      all: true,
      concurrency: 4,
      batchSize: 10,
      restorePage: async (start, rows) => {
        sent.push(start);
        await new Promise((resolve) => setTimeout(resolve, 5));
        const n = Math.max(0, Math.min(rows, 100 - start));
        return { rowsMigrated: n, ignored: 0 } as never;
      },
    });
    assert.equal(r.status, 'completed');
    assert.equal(r.reachedEnd, true);
    assert.equal(r.rowsMigrated, 100);
    assert.deepEqual(
      sent.sort((a, b) => a - b),
      [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130],
    );
  });
});
