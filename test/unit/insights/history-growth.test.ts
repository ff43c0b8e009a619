// Growth figures: what the tooltip and the chart say about an index's trend.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  DAY_MS,
  HOUR_MS,
  describeGrowth,
  emptyHistory,
  fastestGrowing,
  formatDelta,
  growthFor,
  recordFetch,
  seriesFor,
  type History,
} from '../../../src/insights/logic/history';

const T0 = Date.UTC(2025, 2, 1, 12, 0, 0);
const URL = 'http://127.0.0.1:8080';

/** One fetch per [dayOffset, sizes]; `now` is the last fetch. */
function build(fetches: Array<[number, Record<string, number | null>]>): { history: History; now: number } {
  let history = emptyHistory();
  let now = T0;
  for (const [day, sizes] of fetches) {
    now = T0 + day * DAY_MS;
    const indices = Object.entries(sizes).map(([indexName, sizeMb]) => ({ indexName, sizeMb }));
    history = recordFetch(history, { connection: 'local', gmsUrl: URL, fetchedAt: now, indices }, now);
  }
  return { history, now };
}

describe('growth', () => {
  it('is unknown for an index the history has never seen', () => {
    const { history, now } = build([[0, { a: 1 }]]);
    assert.equal(growthFor(history.connections.get('local'), 'b', now), undefined);
    assert.equal(growthFor(undefined, 'a', now), undefined);
  });

  it('after one fetch knows only the size, not a change', () => {
    const { history, now } = build([[0, { a: 10 }]]);
    assert.deepEqual(growthFor(history.connections.get('local'), 'a', now), { latestMb: 10, latestAt: now });
  });

  it('gives the change since the previous fetch, with a percentage', () => {
    const { history, now } = build([
      [0, { a: 1000 }],
      [0.5, { a: 1250 }],
    ]);
    const g = growthFor(history.connections.get('local'), 'a', now)!;
    assert.equal(g.sincePrevious?.deltaMb, 250);
    assert.equal(g.sincePrevious?.percent, 25);
    assert.equal(g.d7, undefined, 'half a day of history says nothing about a week');
    assert.equal(g.d30, undefined);
  });

  it('gives 7- and 30-day growth against the snapshot from that long ago', () => {
    const fetches: Array<[number, Record<string, number>]> = [];
    for (let day = 0; day <= 40; day++) fetches.push([day, { a: 100 + day * 10, flat: 50 }]);
    const { history, now } = build(fetches);
    const g = growthFor(history.connections.get('local'), 'a', now)!;
    assert.equal(g.latestMb, 500);
    assert.equal(g.sincePrevious?.deltaMb, 10);
    assert.equal(g.d7?.deltaMb, 70);
    assert.equal(g.d7?.fromAt, now - 7 * DAY_MS);
    assert.equal(g.d30?.deltaMb, 300);
    assert.equal(growthFor(history.connections.get('local'), 'flat', now)?.d30?.deltaMb, 0);
  });

  it('does not call a much older snapshot "7 days ago"', () => {
    // Fetched 20 days ago and today: too far apart for a 7-day figure, fine for neither.
    const { history, now } = build([
      [0, { a: 100 }],
      [20, { a: 300 }],
    ]);
    const g = growthFor(history.connections.get('local'), 'a', now)!;
    assert.equal(g.sincePrevious?.deltaMb, 200);
    assert.equal(g.d7, undefined);
    assert.equal(g.d30, undefined);
  });

  it('uses a nearby snapshot when there is none exactly a week before', () => {
    const { history, now } = build([
      [0, { a: 100 }],
      [9, { a: 190 }],
    ]);
    const g = growthFor(history.connections.get('local'), 'a', now)!;
    assert.equal(g.d7?.deltaMb, 90);
  });

  it('skips fetches where the index was missing or its size unknown', () => {
    const { history, now } = build([
      [0, { a: 100 }],
      [1, { a: null }],
      [2, { b: 5 }],
      [3, { a: 130 }],
    ]);
    const g = growthFor(history.connections.get('local'), 'a', now)!;
    assert.equal(g.sincePrevious?.deltaMb, 30);
    assert.equal(g.sincePrevious?.fromAt, T0);
    assert.deepEqual(
      seriesFor(history.connections.get('local'), 'a', now).map((p) => p.mb),
      [100, 130],
    );
  });

  it('reports a shrink as negative and growth from zero without a percentage', () => {
    const { history, now } = build([
      [0, { a: 500, z: 0 }],
      [1, { a: 400, z: 3 }],
    ]);
    const h = history.connections.get('local');
    assert.equal(growthFor(h, 'a', now)?.sincePrevious?.deltaMb, -100);
    assert.equal(growthFor(h, 'a', now)?.sincePrevious?.percent, -20);
    assert.equal(growthFor(h, 'z', now)?.sincePrevious?.percent, null);
  });

  it('ignores snapshots after `now`', () => {
    const { history } = build([
      [0, { a: 1 }],
      [1, { a: 2 }],
    ]);
    assert.equal(growthFor(history.connections.get('local'), 'a', T0 + HOUR_MS)?.latestMb, 1);
  });

  it('names the three indices that grew most over 7 days, largest growth first', () => {
    const fetches: Array<[number, Record<string, number>]> = [];
    for (let day = 0; day <= 8; day++) {
      fetches.push([day, { slow: 1000 + day, fast: 10 + day * 100, shrinking: 900 - day * 50, medium: day * 20, tiny: day * 2, flat: 7 }]);
    }
    const { history, now } = build(fetches);
    assert.deepEqual(fastestGrowing(history.connections.get('local'), now), ['fast', 'medium', 'tiny']);
    assert.deepEqual(fastestGrowing(history.connections.get('local'), now, 1), ['fast']);
  });

  it('names none without a week of history', () => {
    const { history, now } = build([
      [0, { a: 1 }],
      [3, { a: 100 }],
    ]);
    assert.deepEqual(fastestGrowing(history.connections.get('local'), now), []);
  });
});

describe('growth text', () => {
  it('signs sizes in decimal units', () => {
    assert.equal(formatDelta(1200), '+1.2 GB');
    assert.equal(formatDelta(-0.34), '−340 kB');
    assert.equal(formatDelta(0), '±0 B');
  });

  it('says one line per known period', () => {
    const fetches: Array<[number, Record<string, number>]> = [];
    for (let day = 0; day <= 30; day++) fetches.push([day, { a: 1000 + day * 100 }]);
    const { history, now } = build(fetches);
    assert.deepEqual(describeGrowth(growthFor(history.connections.get('local'), 'a', now)), [
      'Since previous fetch: +100 MB (+2.6%)',
      '7 days: +700 MB (+21%)',
      '30 days: +3 GB (+300%)',
    ]);
    assert.deepEqual(describeGrowth(undefined), []);
    const flat = build([
      [0, { a: 5 }],
      [1, { a: 5 }],
    ]);
    assert.deepEqual(describeGrowth(growthFor(flat.history.connections.get('local'), 'a', flat.now)), ['Since previous fetch: ±0 B']);
  });
});
