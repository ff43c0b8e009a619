// The entity cleanup's second read, right before each batch of deletes: plan-file lines that are not a URN of
// the plan's type are never sent; a soft-deleted entity is deleted only while still removed and soft-deleted
// before the cutoff (as DataHub's GC's delete_soft_deleted_entity checks it), a run only while it exists and is
// not soft-deleted yet; and the plan's listing stops at our own limit, saying so.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { cutoffOf, lineProblem, recheckBatch } from '../../../src/entities/logic/cleanupRecheck';
import { planCleanup, type CleanupReads } from '../../../src/entities/logic/cleanupPlan';
import { cleanupQuery, planMessage } from '../../../src/entities/logic/cleanupText';
import type { StatusNow } from '../../../src/gms/cleanupTypes';
import { LeftOutTally } from '../../../src/shared/writePlan';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 1);
const ds = (n: number) => `urn:li:dataset:(urn:li:dataPlatform:hive,t${n},PROD)`;

describe('cleanup recheck', () => {
  it('a plan-file line must be a URN of the plan type', () => {
    assert.equal(lineProblem(ds(1), 'dataset'), undefined);
    assert.equal(lineProblem('urn:li:chart:(looker,a)', 'dataset')?.why, 'not a dataset URN (a line of the plan file)');
    assert.ok(lineProblem('not a urn', 'dataset'));
    assert.ok(lineProblem('urn:li:dataset:', 'dataset'), 'no key');
    const long = lineProblem(`x${'y'.repeat(500)}`, 'dataset');
    assert.ok(long && long.target.length <= 201 && long.target.endsWith('…'));
  });

  it('soft-deleted: kept only while removed and written before the cutoff', () => {
    const cutoff = cutoffOf(NOW, 10);
    assert.equal(cutoff, NOW - 10 * DAY);
    const now = new Map<string, StatusNow>([
      [ds(1), { removed: true, writtenAt: NOW - 30 * DAY }],
      [ds(2), { removed: false, writtenAt: NOW - DAY }],
      [ds(3), { removed: true, writtenAt: NOW - 2 * DAY }],
      [ds(4), { removed: true }],
    ]);
    const r = recheckBatch('softDeleted', [ds(1), ds(2), ds(3), ds(4), ds(5)], now, cutoff, 10);
    assert.deepEqual(r.keep, [ds(1)]);
    assert.deepEqual(
      r.leftOut.map((l) => [l.target, l.why]),
      [
        [ds(2), 'no longer soft-deleted (ingested or restored again)'],
        [ds(3), 'soft-deleted again less than 10 days ago'],
        [ds(4), 'soft-deleted, with no time to read'],
        [ds(5), 'no longer on the server'],
      ],
    );
    const tally = new LeftOutTally();
    tally.add(r.leftOut);
    assert.match(tally.sentence('planned URN'), /^4 planned URNs left out, read again right before sending: 1 no longer soft-deleted/);
  });

  it('runs: kept only while present and not soft-deleted', () => {
    const run = (n: number) => `urn:li:dataProcessInstance:r${n}`;
    const now = new Map<string, StatusNow>([
      [run(1), { removed: false, writtenAt: 1 }],
      [run(2), { removed: true, writtenAt: NOW }],
      [run(4), { removed: false }],
    ]);
    const r = recheckBatch('runs', [run(1), run(2), run(3), run(4)], now, cutoffOf(NOW, 10), 10);
    assert.deepEqual(r.keep, [run(1), run(4)]);
    assert.deepEqual(
      r.leftOut.map((l) => l.why),
      ['already soft-deleted', 'no longer on the server'],
    );
  });

  it('the plan listing stops at our own limit, whatever the server total says, and says so', async () => {
    let pagesRead = 0;
    const reads: CleanupReads = {
      // A server that always has a next page and claims a huge total.
      softDeleted: async (_type, scrollId) => {
        pagesRead++;
        const from = Number(scrollId ?? 0);
        return { urns: Array.from({ length: 10 }, (_, i) => ds(from + i)), total: 1e12, nextScrollId: String(from + 10) };
      },
      dataJobs: async () => ({ jobs: [], total: 0 }),
      jobRuns: async () => ({ total: 0, runs: [] }),
      statusWritten: async (urns) => new Map(urns.map((u) => [u, 1])),
    };
    const out: string[] = [];
    const q = cleanupQuery({ entityType: 'dataset' });
    const figures = await planCleanup(reads, q, (u) => out.push(u), { now: NOW, pageSize: 10, limit: 35 });
    assert.equal(out.length, 35);
    assert.equal(figures.cutAt, 35);
    assert.equal(pagesRead, 4);
    assert.match(planMessage('prod', q, figures), /the listing stopped at our limit of 35 URNs read/);
  });
});
