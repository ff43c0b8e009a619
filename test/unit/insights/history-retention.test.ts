// History bounds: what stays on disk after months of fetches.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DAY_MS, HOUR_MS, clearHistory, decodeHistory, emptyHistory, encodeHistory, recordFetch, type History } from '../../../src/insights/logic/history';

const T0 = Date.UTC(2025, 0, 1, 0, 0, 0);
const URL = 'http://127.0.0.1:8080';

function fetchAt(t: number, sizes: Record<string, number | null>, connection = 'local', gmsUrl = URL) {
  return {
    connection,
    gmsUrl,
    fetchedAt: t,
    indices: Object.entries(sizes).map(([indexName, sizeMb]) => ({ indexName, sizeMb })),
  };
}

/** Fetches every `stepMs` from T0 for `days` days; sizes grow 1 MB per fetch. */
function simulate(days: number, stepMs: number, indexCount = 3): { history: History; end: number } {
  let history = emptyHistory();
  let t = T0;
  let n = 0;
  const end = T0 + days * DAY_MS;
  for (; t <= end; t += stepMs, n++) {
    const sizes: Record<string, number> = {};
    for (let i = 0; i < indexCount; i++) sizes[`dataset_aspect${i}aspect_v1`] = 100 * i + n;
    history = recordFetch(history, fetchAt(t, sizes), t);
  }
  return { history, end: t - stepMs };
}

describe('history retention', () => {
  it('stores one compact snapshot per fetch, leaving out unknown sizes', () => {
    const h = recordFetch(emptyHistory(), fetchAt(T0, { a: 1532.7714, b: null, c: 0.208 }), T0);
    const snaps = h.connections.get('local')!.snapshots;
    assert.equal(snaps.length, 1);
    assert.equal(snaps[0].t, T0);
    assert.deepEqual(
      [...snaps[0].sizes],
      [
        ['a', 1532.771],
        ['c', 0.208],
      ],
    );
  });

  it('keeps 90 days, one snapshot a day after a week, and stays bounded under a 10-minute refresh', () => {
    const { history, end } = simulate(120, 10 * 60_000, 2);
    const snaps = history.connections.get('local')!.snapshots;
    const ages = snaps.map((s) => end - s.t);
    assert.ok(Math.max(...ages) <= 90 * DAY_MS, `oldest snapshot is ${Math.max(...ages) / DAY_MS} days old`);
    assert.ok(Math.max(...ages) >= 89 * DAY_MS, 'history reaches back close to 90 days');
    const days = snaps.filter((s) => end - s.t > 7 * DAY_MS).map((s) => Math.floor(s.t / DAY_MS));
    assert.equal(new Set(days).size, days.length, 'at most one snapshot per day after a week');
    const hours = snaps.filter((s) => end - s.t > DAY_MS && end - s.t <= 7 * DAY_MS).map((s) => Math.floor(s.t / HOUR_MS));
    assert.equal(new Set(hours).size, hours.length, 'at most one snapshot per hour within the week');
    // 83 days + 6 days of hours + a day of 10-minute fetches + the two newest.
    assert.ok(snaps.length <= 83 + 6 * 24 + 144 + 2 + 2, `${snaps.length} snapshots`);
    assert.deepEqual(
      snaps.map((s) => s.t),
      [...snaps.map((s) => s.t)].sort((a, b) => a - b),
      'oldest first',
    );
  });

  it('keeps the last snapshot of each day, so a day shows where it ended', () => {
    const { history } = simulate(20, 6 * HOUR_MS, 1);
    const snaps = history.connections.get('local')!.snapshots;
    const old = snaps.filter((s) => s.t < T0 + 10 * DAY_MS);
    assert.ok(old.length > 0);
    for (const s of old) assert.equal(s.t % DAY_MS, 18 * HOUR_MS, `kept ${new Date(s.t).toISOString()}`);
  });

  it('never thins the two newest snapshots, even a minute apart', () => {
    let h = emptyHistory();
    h = recordFetch(h, fetchAt(T0, { a: 1 }), T0);
    h = recordFetch(h, fetchAt(T0 + 60_000, { a: 2 }), T0 + 60_000);
    h = recordFetch(h, fetchAt(T0 + 120_000, { a: 3 }), T0 + 120_000);
    const sizes = h.connections.get('local')!.snapshots.map((s) => s.sizes.get('a'));
    // The first is in the same 5-minute bucket as the second and gives way; the newest two stay.
    assert.deepEqual(sizes, [2, 3]);
  });

  it('replaces a snapshot fetched at the same instant instead of duplicating it', () => {
    let h = recordFetch(emptyHistory(), fetchAt(T0, { a: 1 }), T0);
    h = recordFetch(h, fetchAt(T0, { a: 5 }), T0);
    const snaps = h.connections.get('local')!.snapshots;
    assert.equal(snaps.length, 1);
    assert.equal(snaps[0].sizes.get('a'), 5);
  });

  it('keeps connections apart and starts over when a connection points at another server', () => {
    let h = recordFetch(emptyHistory(), fetchAt(T0, { a: 1 }, 'prod'), T0);
    h = recordFetch(h, fetchAt(T0 + DAY_MS, { a: 2 }, 'prod'), T0 + DAY_MS);
    h = recordFetch(h, fetchAt(T0 + DAY_MS, { a: 9 }, 'dev'), T0 + DAY_MS);
    assert.equal(h.connections.get('prod')!.snapshots.length, 2);
    assert.equal(h.connections.get('dev')!.snapshots.length, 1);
    h = recordFetch(h, fetchAt(T0 + 2 * DAY_MS, { a: 3 }, 'prod', 'https://other.example/gms'), T0 + 2 * DAY_MS);
    assert.equal(h.connections.get('prod')!.snapshots.length, 1);
    assert.equal(h.connections.get('prod')!.gmsUrl, 'https://other.example/gms');
  });

  it('clears one connection or all of them', () => {
    let h = recordFetch(emptyHistory(), fetchAt(T0, { a: 1 }, 'prod'), T0);
    h = recordFetch(h, fetchAt(T0, { a: 1 }, 'dev'), T0);
    assert.deepEqual([...clearHistory(h, 'prod').connections.keys()], ['dev']);
    assert.equal(clearHistory(h).connections.size, 0);
    assert.equal(clearHistory(h, 'missing').connections.size, 2);
  });
});

describe('history file', () => {
  it('round-trips, including index names that are not safe object keys', () => {
    let h = recordFetch(emptyHistory(), fetchAt(T0, { __proto__x: 1, ['__proto__']: 2, 'a"<b>|,c': 3 }), T0);
    h = recordFetch(h, fetchAt(T0 + DAY_MS, { ['__proto__']: 4, 'new one': 0.001 }), T0 + DAY_MS);
    h = recordFetch(h, fetchAt(T0, { constructor: 7 }, 'second'), T0);
    const back = decodeHistory(encodeHistory(h));
    assert.deepEqual(back, h);
    assert.equal(back.connections.get('local')!.snapshots[1].sizes.get('__proto__'), 4);
    assert.equal(back.connections.get('local')!.snapshots[1].sizes.has('__proto__x'), false);
  });

  it('reads a damaged or foreign file as empty, and skips bad entries', () => {
    assert.equal(decodeHistory('').connections.size, 0);
    assert.equal(decodeHistory('{"version":1,"connections":[').connections.size, 0);
    assert.equal(decodeHistory('{"version":99,"connections":[]}').connections.size, 0);
    assert.equal(decodeHistory('[]').connections.size, 0);
    const h = decodeHistory(
      JSON.stringify({
        version: 1,
        connections: [
          {
            name: 'ok',
            gmsUrl: URL,
            indices: ['a', 'b'],
            snapshots: [
              [T0, 1, null],
              ['x', 1, 2],
              [T0 + 1, -5, 'big'],
            ],
          },
          { name: 'bad', gmsUrl: URL, indices: [1], snapshots: [] },
          { gmsUrl: URL, indices: [], snapshots: [] },
        ],
      }),
    );
    assert.deepEqual([...h.connections.keys()], ['ok']);
    const snaps = h.connections.get('ok')!.snapshots;
    assert.equal(snaps.length, 2);
    assert.deepEqual([...snaps[0].sizes], [['a', 1]]);
    assert.equal(snaps[1].sizes.size, 0, 'negative and non-numeric sizes are dropped');
  });

  it('stays small: 200 indices over 90 days of hourly fetches is well under a megabyte', () => {
    const { history } = simulate(95, HOUR_MS, 200);
    const bytes = Buffer.byteLength(encodeHistory(history));
    const count = history.connections.get('local')!.snapshots.length;
    assert.ok(count <= 83 + 6 * 24 + 24 + 4, `${count} snapshots`);
    assert.ok(bytes < 1_000_000, `${bytes} bytes`);
  });
});
