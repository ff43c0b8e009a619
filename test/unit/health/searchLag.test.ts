// The indexing lag from readings of the consumer-lag operations: rate and time to catch up
// from the committed offsets (or the fall of the lag), a stalled consumer only after a
// quiet time, and the confirmation wait's budget and stop.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { ConsumerLag } from '../../../src/gms/types';
import { compareTopic, describeLag, LagHistory, searchLagSummary, STALL_AFTER_MS } from '../../../src/shared/searchLag';
import { budgetFor, lagProgress, MAX_WAIT_MS, SearchLagWatch, stalledReason } from '../../../src/shared/searchLagWatch';
import { GmsError } from '../../../src/gms/errors';

const GROUP = 'generic-mae-consumer-job-client';
const TOPIC = 'MetadataChangeLog_Versioned_v1';
const reading = (at: number, totalLag: number, offsets?: Record<string, number>): ConsumerLag => ({
  consumer: 'mcl',
  endpoint: 'messaging',
  at,
  topics: [{ group: GROUP, topic: TOPIC, totalLag, offsets }],
});

describe('consumer lag between two readings', () => {
  it('offsets that moved give the rate; the fall of the lag gives the time to catch up', () => {
    const v = compareTopic(reading(0, 13_000, { 0: 100 }).topics[0], reading(2000, 12_400, { 0: 700 }).topics[0], 2000);
    assert.equal(v.state, 'catchingUp');
    assert.equal(v.ratePerSecond, 300);
    assert.equal(v.etaMs, 41_333);
    assert.equal(describeLag(v), '12,400 events behind, about 41 s');
  });

  it('offsets that did not move for the stall time: stalled; for less, not yet', () => {
    const before = reading(0, 12_400, { 0: 5, 1: 7 }).topics[0];
    const still = reading(STALL_AFTER_MS, 12_400, { 0: 5, 1: 7 }).topics[0];
    assert.equal(compareTopic(before, still, STALL_AFTER_MS).state, 'stalled');
    assert.equal(compareTopic(before, still, 3000).state, 'unknown');
    assert.match(describeLag(compareTopic(before, still, STALL_AFTER_MS)), /^stalled: 12,400 events behind, not moving for 10 s$/);
  });

  it('without offsets the lag itself: falling is catching up, rising is falling behind, flat for long is stalled', () => {
    assert.equal(compareTopic(reading(0, 1000).topics[0], reading(2000, 800).topics[0], 2000).state, 'catchingUp');
    assert.equal(compareTopic(reading(0, 1000).topics[0], reading(2000, 1200).topics[0], 2000).state, 'falling behind');
    assert.equal(compareTopic(reading(0, 1000).topics[0], reading(20_000, 1000).topics[0], 20_000).state, 'stalled');
  });

  it('consuming but producers add faster: falling behind, with the rate it works at', () => {
    const v = compareTopic(reading(0, 1000, { 0: 0 }).topics[0], reading(1000, 1500, { 0: 400 }).topics[0], 1000);
    assert.equal(v.state, 'falling behind');
    assert.equal(v.ratePerSecond, 400);
  });

  it('caught up whatever the history; one reading alone says how far behind but not how fast', () => {
    assert.equal(compareTopic(undefined, reading(0, 0).topics[0], 0).state, 'caughtUp');
    const first = compareTopic(undefined, reading(0, 50).topics[0], 0);
    assert.equal(first.state, 'unknown');
    assert.match(describeLag(first), /50 events behind \(refresh again/);
  });

  it('the history takes the rate from the newest reading a second old, a stall from the newest ten seconds old', () => {
    const h = new LagHistory();
    assert.equal(h.add(reading(0, 1000, { 0: 0 }))[0].state, 'unknown');
    assert.equal(h.add(reading(500, 900, { 0: 100 }))[0].state, 'unknown');
    const third = h.add(reading(2000, 600, { 0: 400 }))[0];
    assert.equal(third.state, 'catchingUp');
    assert.equal(third.ratePerSecond, 200);
    // A reading more than a minute later starts again.
    assert.equal(h.add(reading(70_000, 600, { 0: 400 }))[0].state, 'unknown');
    // Still: unknown after 5 s, stalled once 10 s have passed without movement, even with readings in between.
    assert.equal(h.add(reading(75_000, 600, { 0: 400 }))[0].state, 'unknown');
    const still = h.add(reading(81_000, 600, { 0: 400 }))[0];
    assert.equal(still.state, 'stalled');
    assert.equal(still.overSeconds, 11);
    // A jump from an earlier backlog does not hide the rate now.
    const j = new LagHistory();
    j.add(reading(0, 0, { 0: 0 }));
    j.add(reading(20_000, 30_000, { 0: 0 }));
    assert.equal(j.add(reading(22_000, 28_000, { 0: 2000 }))[0].state, 'catchingUp');
  });

  it('the summary for search is the worst topic; budgets follow the estimate within 30 s .. 10 min', () => {
    const views = [
      { group: GROUP, topic: 'a', events: 10, state: 'catchingUp' as const, etaMs: 1000 },
      { group: GROUP, topic: 'b', events: 99, state: 'stalled' as const, overSeconds: 12 },
    ];
    assert.equal(searchLagSummary(views)?.topic, 'b');
    assert.match(
      stalledReason(searchLagSummary(views)) ?? '',
      /^search indexing is stalled: generic-mae-consumer-job-client on b is 99 events behind, not moving for 12 s$/,
    );
    assert.equal(budgetFor({ ...views[0], etaMs: 40_000 }, 2000), 2000 + 60_000 + 5000);
    assert.equal(budgetFor({ ...views[0], etaMs: 1000 }, 0), 30_000);
    assert.equal(budgetFor({ ...views[0], etaMs: 3_600_000 }, 0), MAX_WAIT_MS);
    assert.equal(budgetFor(undefined, 0), 30_000);
    assert.equal(lagProgress({ ...views[0], events: 12_400, etaMs: 40_000 }), 'search is 12,400 events behind, about 40 s');
    assert.equal(lagProgress({ ...views[0], events: 0, state: 'caughtUp' }), undefined);
  });
});

describe('the wait reads the lag at most once a second and stops asking a server without it', () => {
  it('a 404 is asked once', async () => {
    let calls = 0;
    const watch = new SearchLagWatch({
      getConsumerLag: () => {
        calls++;
        return Promise.reject(new GmsError({ kind: 'notFound', status: 404, message: 'no lag here' }));
      },
    });
    assert.equal(await watch.read(), undefined);
    await new Promise((r) => setTimeout(r, 1100));
    assert.equal(await watch.read(), undefined);
    assert.equal(calls, 1);
    assert.equal(watch.unavailable, 'no lag here');
  });

  it('readings within a second are shared', async () => {
    let calls = 0;
    const watch = new SearchLagWatch({ getConsumerLag: () => Promise.resolve(reading(Date.now(), 5 + calls++)) });
    const [a, b] = await Promise.all([watch.read(), watch.read()]);
    assert.equal(await watch.read(), a);
    assert.equal(a, b);
    assert.equal(calls, 1);
  });
});
