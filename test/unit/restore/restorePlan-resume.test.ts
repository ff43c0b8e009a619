// Restore by pattern, continued: cancellation and resume, a failing page, and the
// pages of one URN (restoreWholeUrn), against the sandbox.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type GmsClient } from '../../../src/gms';
import { restoreWholeUrn } from '../../../src/restore/logic/restorePlan';
import { SAMPLE_URNS } from '../../sandbox';
import { seedRows } from '../../sandbox/data';
import { assertEachOnce, client, HIVE, plan, prefixOf, sb, usePlanSandbox } from './planSupport';

usePlanSandbox();

describe('restore plan: cancellation and resume', () => {
  for (const concurrency of [1, 4]) {
    it(`stops issuing pages when cancelled and resumes without skipping a row, concurrency ${concurrency}`, async () => {
      sb.setServiceTime(15);
      const total = sb.countRows(HIVE);
      const controller = new AbortController();
      let seen = 0;
      const first = await plan(HIVE, {
        batchSize: 10,
        concurrency,
        signal: controller.signal,
        onPage: () => {
          if (++seen === 3) controller.abort();
        },
      });
      assert.equal(first.status, 'cancelled');
      assert.equal(first.reachedEnd, false);
      // Pages in flight finished; nothing new was sent after the abort.
      assert.ok(first.requests >= 3 && first.requests <= 3 + concurrency - 1, `requests ${first.requests}`);
      assert.equal(first.nextStart % 10, 0);
      assert.ok(first.nextStart >= 30, `resume point ${first.nextStart}`);
      // Every row before the resume point is done exactly once; after it only the pages reported done.
      const doneRows = first.rowsMigrated + first.ignored;
      assert.equal(doneRows, first.nextStart + first.doneAfterNext.length * 10);

      const rest = await plan(HIVE, { batchSize: 10, concurrency, start: first.nextStart, skip: first.doneAfterNext });
      assert.equal(rest.status, 'completed');
      assert.equal(first.rowsMigrated + first.ignored + rest.rowsMigrated + rest.ignored, total);
      assertEachOnce(prefixOf(HIVE), first.rowsMigrated + rest.rowsMigrated);
    });
  }

  it('an abort before the first page sends nothing and resumes at start', async () => {
    const controller = new AbortController();
    controller.abort();
    const r = await plan(HIVE, { batchSize: 10, start: 40, signal: controller.signal });
    assert.deepEqual([r.status, r.requests, r.nextStart], ['cancelled', 0, 40]);
    assert.equal(sb.requests.length, 0);
  });
});

describe('restore plan: a failing page', () => {
  for (const concurrency of [1, 4]) {
    it(`stops at the failing start and a resume restores every remaining row once, concurrency ${concurrency}`, async () => {
      const total = sb.countRows(HIVE);
      sb.addFault({
        action: 'restoreIndices',
        start: 40,
        times: 1,
        fault: { kind: 'restliError', status: 500, message: 'java.lang.RuntimeException: database timeout' },
      });
      const first = await plan(HIVE, { batchSize: 10, concurrency });
      assert.equal(first.status, 'failed');
      assert.equal(first.failure?.start, 40);
      assert.equal(first.nextStart, 40);
      assert.match(String((first.failure?.error as Error).message), /database timeout|500/);
      // With 4 in flight, pages after 40 may have finished: they are reported, not lost.
      assert.equal(first.rowsMigrated + first.ignored, 40 + first.doneAfterNext.length * 10);
      if (concurrency === 1) assert.deepEqual(first.doneAfterNext, []);

      const rest = await plan(HIVE, { batchSize: 10, concurrency, start: first.nextStart, skip: first.doneAfterNext });
      assert.equal(rest.status, 'completed');
      assert.equal(first.rowsMigrated + first.ignored + rest.rowsMigrated + rest.ignored, total);
      assertEachOnce(prefixOf(HIVE), first.rowsMigrated + rest.rowsMigrated);
    });
  }

  it('a failure past the last page does not spoil a complete run', async () => {
    const like = SAMPLE_URNS.ordersDataset; // 8 rows: pages 0 and 5 (short); 10 and 15 are past the end
    sb.addFault({ action: 'restoreIndices', start: 15, fault: { kind: 'restliError', status: 500, message: 'boom' } });
    const r = await plan(like, { batchSize: 5, concurrency: 4 });
    assert.equal(r.status, 'completed');
    assert.equal(r.nextStart, 8);
  });
});

describe('restoreWholeUrn', () => {
  const restore = (request: Parameters<GmsClient['restoreIndices']>[0]) => client.restoreIndices(request);

  for (const version of ['newer', 'legacy'] as const) {
    it(`sends only {"urn"} and reports migrated and ignored rows (${version})`, async () => {
      sb.setVersion(version);
      const r = await restoreWholeUrn(restore, SAMPLE_URNS.ordersDataset);
      assert.deepEqual([r.rowsMigrated, r.ignored, r.results.length], [7, 1, 1]);
      assert.deepEqual(
        sb.requests.map((q) => q.body),
        [{ urn: SAMPLE_URNS.ordersDataset }],
      );
    });
  }

  it('follows a full page when the URN has more aspects than the server batch (legacy default 10)', async () => {
    sb.setVersion('legacy');
    const sizes = new Map<string, number>();
    for (const row of seedRows(42, Date.now())) sizes.set(row.urn, (sizes.get(row.urn) ?? 0) + 1);
    const big = [...sizes].find(([urn, n]) => n > 10 && !urn.includes('_'));
    assert.ok(big, 'the seeded data has a URN with more than 10 aspects');
    const [urn, n] = big;
    assert.equal(sb.countRows(urn), n);
    const r = await restoreWholeUrn(restore, urn);
    assert.equal(r.rowsMigrated + r.ignored, n);
    assert.equal(r.results.length, 2);
    assert.deepEqual(sb.requests[1].body, { urn, start: 10, batchSize: 10, limit: 10 });
    assertEachOnce(urn, r.rowsMigrated);
    sb.reset();
    const newer = await restoreWholeUrn(restore, urn);
    assert.deepEqual([newer.rowsMigrated + newer.ignored, newer.results.length], [n, 1], 'newer servers (batchSize 500) take it in one request');
  });

  it('one aspect: sends {"urn", "aspect"}; a URN with no rows restores nothing', async () => {
    const one = await restoreWholeUrn(restore, SAMPLE_URNS.jdoeUser, 'corpUserInfo');
    assert.deepEqual([one.rowsMigrated, one.ignored], [1, 0]);
    assert.deepEqual(sb.requests[0].body, { urn: SAMPLE_URNS.jdoeUser, aspect: 'corpUserInfo' });
    const none = await restoreWholeUrn(restore, 'urn:li:corpuser:nobody-here');
    assert.deepEqual([none.rowsMigrated, none.ignored, none.results.length], [0, 0, 1]);
  });
});
