// The bounded runner: never more than `concurrency` in flight, in order, results
// reported as they settle, cancellation of one job, of all, or by a signal; and
// its scheduling with a fake clock (no wall-clock timing is checked).
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { runBounded } from '../../../src/retention/logic/runner';

/** A manual clock: sleep(ms) resolves when advance() passes its time. */
function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; resolve: () => void }> = [];
  return {
    now: () => now,
    sleep(ms: number, signal?: AbortSignal): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = { at: now + ms, resolve };
        timers.push(timer);
        signal?.addEventListener('abort', () => {
          timers.splice(timers.indexOf(timer), 1);
          reject(new Error('aborted'));
        });
      });
    },
    /** Runs every timer due up to `until`, in time order, letting promise chains run between them. */
    async runUntilIdle(): Promise<void> {
      for (;;) {
        await new Promise((r) => setImmediate(r));
        if (!timers.length) return;
        timers.sort((a, b) => a.at - b.at);
        const next = timers.shift() as { at: number; resolve: () => void };
        now = next.at;
        next.resolve();
      }
    },
  };
}

test('50 jobs of 100 ms at concurrency 2 finish at ceil(50/2) × 100 ms on a fake clock, never more than 2 in flight', async () => {
  const clock = fakeClock();
  let inFlight = 0;
  let peak = 0;
  const starts: number[] = [];
  const run = runBounded(
    Array.from({ length: 50 }, (_, i) => i),
    async (i, _index, signal) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      starts[i] = clock.now();
      await clock.sleep(100, signal);
      inFlight--;
      return i * 2;
    },
    { concurrency: 2 },
  );
  await clock.runUntilIdle();
  const results = await run.done;
  assert.equal(clock.now(), Math.ceil(50 / 2) * 100);
  assert.equal(peak, 2);
  assert.deepEqual(
    results.map((r) => (r.status === 'fulfilled' ? r.value : -1)),
    Array.from({ length: 50 }, (_, i) => i * 2),
  );
  // In order: jobs 2k and 2k+1 start together at k × 100 ms.
  assert.deepEqual(starts.slice(0, 6), [0, 0, 100, 100, 200, 200]);
});

test('a slow job does not hold the others back: the free slot takes the next job at once', async () => {
  const clock = fakeClock();
  const starts: number[] = [];
  const run = runBounded(
    [500, 100, 100, 100, 100],
    async (ms, i, signal) => {
      starts[i] = clock.now();
      await clock.sleep(ms, signal);
    },
    { concurrency: 2 },
  );
  await clock.runUntilIdle();
  await run.done;
  assert.deepEqual(starts, [0, 0, 100, 200, 300]);
  assert.equal(clock.now(), 500);
});

test('results are reported as they settle, failures included, and done never rejects', async () => {
  const clock = fakeClock();
  const order: Array<[number, string]> = [];
  const run = runBounded(
    [300, 100, 200],
    async (ms, i, signal) => {
      await clock.sleep(ms, signal);
      if (i === 2) throw new Error('boom');
      return ms;
    },
    { concurrency: 3, onSettled: (i, r) => order.push([i, r.status]) },
  );
  await clock.runUntilIdle();
  const results = await run.done;
  assert.deepEqual(order, [
    [1, 'fulfilled'],
    [2, 'rejected'],
    [0, 'fulfilled'],
  ]);
  assert.equal(results[2].status, 'rejected');
  assert.match(String((results[2] as { reason: Error }).reason.message), /boom/);
});

test('cancel(i): a waiting job never starts, a running one is aborted; the others go on', async () => {
  const clock = fakeClock();
  const started: number[] = [];
  const run = runBounded(
    [0, 1, 2, 3],
    async (i, _index, signal) => {
      started.push(i);
      await clock.sleep(100, signal);
      return i;
    },
    { concurrency: 2 },
  );
  run.cancel(3); // waiting
  run.cancel(0); // running
  await clock.runUntilIdle();
  const results = await run.done;
  assert.deepEqual(
    results.map((r) => r.status),
    ['cancelled', 'fulfilled', 'fulfilled', 'cancelled'],
  );
  assert.deepEqual(started, [0, 1, 2]);
});

test('an aborted signal cancels everything left; nothing new starts', async () => {
  const clock = fakeClock();
  const controller = new AbortController();
  const started: number[] = [];
  const run = runBounded(
    [0, 1, 2, 3, 4],
    async (i, _index, signal) => {
      started.push(i);
      await clock.sleep(100, signal);
      return i;
    },
    { concurrency: 2, signal: controller.signal },
  );
  controller.abort();
  await clock.runUntilIdle();
  const results = await run.done;
  assert.deepEqual(
    results.map((r) => r.status),
    ['cancelled', 'cancelled', 'cancelled', 'cancelled', 'cancelled'],
  );
  assert.deepEqual(started, [0, 1]);
});

test('no jobs: done resolves empty', async () => {
  assert.deepEqual(await runBounded([], async () => 1, { concurrency: 2 }).done, []);
});
