import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkPlan, FRESHNESS_MS, LeftOutTally, planOrigin, walkListing, type ListingPage } from '../../../src/shared/writePlan';

const prod = { name: 'prod', gmsUrl: 'https://gms.example/api/gms' };
const T0 = Date.UTC(2026, 11, 3, 12);

test('a plan made on the same connection and server within its window may be applied', () => {
  const origin = planOrigin('entityCleanup', prod, T0);
  assert.equal(checkPlan(origin, 'entityCleanup', prod, T0 + 60_000), undefined);
  // A trailing slash or the host's case is the same server.
  assert.equal(checkPlan(origin, 'entityCleanup', { name: 'prod', gmsUrl: 'https://GMS.example/api/gms/' }, T0), undefined);
});

test('a plan from another connection, another server, of another kind or past its window is refused with the way out', () => {
  const origin = planOrigin('entityCleanup', prod, T0);
  const other = checkPlan(origin, 'entityCleanup', { name: 'staging', gmsUrl: prod.gmsUrl }, T0);
  assert.equal(other?.reason, 'otherConnection');
  assert.match(other!.message, /made on "prod", not on "staging".*Plan again on "staging"; nothing was sent\./);
  const moved = checkPlan(origin, 'entityCleanup', { name: 'prod', gmsUrl: 'https://new-gms.example/api/gms' }, T0);
  assert.equal(moved?.reason, 'otherServer');
  assert.match(moved!.message, /made against https:\/\/gms\.example\/api\/gms, but "prod" now points at https:\/\/new-gms\.example\/api\/gms/);
  const stale = checkPlan(origin, 'entityCleanup', prod, T0 + FRESHNESS_MS.entityCleanup + 1);
  assert.equal(stale?.reason, 'stale');
  assert.match(stale!.message, /made 24 hours ago; .* applied within 24 hours\./);
  assert.equal(checkPlan(origin, 'offsetReset', prod, T0)?.reason, 'unreadable');
  assert.equal(checkPlan({ kind: 'entityCleanup' }, 'entityCleanup', prod, T0)?.reason, 'unreadable');
  assert.equal(checkPlan(undefined, 'entityCleanup', prod, T0)?.reason, 'unreadable');
  assert.equal(checkPlan(origin, 'entityCleanup', prod, T0 - 3_600_000)?.reason, 'unreadable');
});

test('left-out targets are counted per reason with a bounded sample and one sentence', () => {
  const tally = new LeftOutTally(2);
  assert.equal(tally.sentence(), '');
  tally.add([
    { target: 'urn:a', why: 'no longer soft-deleted' },
    { target: 'urn:b', why: 'no longer soft-deleted' },
    { target: 'urn:c', why: 'no longer soft-deleted' },
    { target: 'urn:d', why: 'gone' },
  ]);
  assert.equal(tally.count, 4);
  assert.deepEqual(tally.toJSON(), [
    { why: 'no longer soft-deleted', count: 3, sample: ['urn:a', 'urn:b'] },
    { why: 'gone', count: 1, sample: ['urn:d'] },
  ]);
  assert.equal(
    tally.sentence('entity', 'entities'),
    '4 entities left out, read again right before sending: 3 no longer soft-deleted (urn:a, urn:b, …); 1 gone (urn:d).',
  );
});

function pages(list: Array<ListingPage<number>>) {
  let calls = 0;
  return {
    read: async () => list[Math.min(calls++, list.length - 1)] ?? { items: [] },
    calls: () => calls,
  };
}

test('a listing ends at the server end, its total, our limit, our page limit, or a cursor that repeats', async () => {
  const seen: number[] = [];
  const end = pages([{ items: [1, 2], next: 'a' }, { items: [3] }]);
  assert.deepEqual(await walkListing(end.read, (i) => void seen.push(...i), { limit: 100 }), { ended: 'end', seen: 3, pages: 2 });
  assert.deepEqual(seen, [1, 2, 3]);
  const total = pages([{ items: [1, 2], next: 'a', total: 2 }]);
  assert.equal((await walkListing(total.read, () => {}, { limit: 100 })).ended, 'total');
  const limit = pages([
    { items: [1, 2, 3], next: 'a' },
    { items: [4, 5, 6], next: 'b' },
  ]);
  const got: number[] = [];
  assert.deepEqual(await walkListing(limit.read, (i) => void got.push(...i), { limit: 4 }), { ended: 'limit', seen: 4, pages: 2 });
  assert.deepEqual(got, [1, 2, 3, 4]);
  // A server that hands the same cursor back for ever, or empty pages with a cursor, or a total it never reaches.
  const loop = pages([{ items: [1], next: 'same', total: 1_000_000 }]);
  assert.equal((await walkListing(loop.read, () => {}, { limit: 1_000_000 })).ended, 'stuck');
  assert.equal(loop.calls(), 2);
  const empty = pages([{ items: [], next: 'x' }]);
  assert.equal((await walkListing(empty.read, () => {}, { limit: 10 })).ended, 'stuck');
  let n = 0;
  const endless = async () => ({ items: [n], next: `c${n++}` });
  assert.deepEqual(await walkListing(endless, () => {}, { limit: 1_000, maxPages: 7 }), { ended: 'pages', seen: 7, pages: 7 });
});

test('a listing takes a cancel signal between pages', async () => {
  const controller = new AbortController();
  let n = 0;
  const read = async () => {
    if (++n === 3) controller.abort(new Error('stopped'));
    return { items: [n], next: `c${n}` };
  };
  await assert.rejects(
    walkListing(read, () => {}, { limit: 100, signal: controller.signal }),
    /stopped/,
  );
  assert.equal(n, 3);
});
