// Load in the extension host: 200 rapid refreshes never put two index-size
// requests in flight at once (checked on the sandbox's record of when each
// request arrived and how long it was served), 50 restores at once are all
// answered, and the heap is where it started once the dust settles.
import * as assert from 'node:assert/strict';
import * as v8 from 'node:v8';
import * as vm from 'node:vm';
import { run, sandbox, useSandboxConnection } from '../../host/inHost';
import type { RecordedRequest } from '../../sandbox/api';
import type { PatternResult } from '../../../src/restore/restorePattern';
import { recordUnhandledRejections, type RejectionLog } from '../support/hardening';
import { Commands } from '../../../src/shared/commandIds';

const SERVICE_MS = 25;
const exec = <T>(command: string, arg: unknown): Promise<T> => run<T>(command, arg);

/** A full collection when one can be had: the host does not expose gc, V8 can be asked for it. */
function collect(): boolean {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as (() => void) | undefined;
    if (typeof gc !== 'function') return false;
    gc();
    gc();
    return true;
  } catch {
    return false;
  }
}

function heapMb(): number {
  return Math.round((process.memoryUsage().heapUsed / 1048576) * 10) / 10;
}

/** Pairs of requests whose [arrival, arrival + service] intervals overlap. */
function overlaps(requests: RecordedRequest[]): string[] {
  const sorted = [...requests].sort((a, b) => a.time - b.time);
  const found: string[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    assert.equal(typeof prev.durationMs, 'number', 'the sandbox records no durationMs');
    if (sorted[i].time < prev.time + (prev.durationMs ?? 0))
      found.push(`#${prev.seq} [${prev.time}+${prev.durationMs}] and #${sorted[i].seq} at ${sorted[i].time}`);
  }
  return found;
}

describe('hardening: load in the extension host', function () {
  this.timeout(120_000);
  let rejections: RejectionLog;
  let gcAvailable = false;
  const heap: Record<string, number> = {};

  before(async () => {
    rejections = recordUnhandledRejections();
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    // Warm up (JIT, the client's connection) before the first heap reading.
    for (let i = 0; i < 20; i++) await exec(Commands.refreshIndexSizes, {});
    gcAvailable = collect();
    heap.before = heapMb();
    await sandbox.control('POST', '/service-time', { ms: SERVICE_MS });
  });
  after(async () => {
    await sandbox.control('POST', '/service-time', { ms: 0 });
    rejections.dispose();
  });

  it('200 rapid refreshes: every call answered, never two index-size requests in flight', async () => {
    await sandbox.clearRequests();
    const started = Date.now();
    const calls: Array<Promise<{ indices: unknown[] }>> = [];
    // Bursts of 1 to 10 calls with pauses of 0 to 40 ms (a fixed pseudo-random series): some calls
    // join the fetch in flight, some land just as it ends, some start the next one.
    let seed = 42;
    const next = (n: number): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
    while (calls.length < 200) {
      const burst = 1 + next(10);
      for (let i = 0; i < burst && calls.length < 200; i++) calls.push(exec(Commands.refreshIndexSizes, {}));
      await new Promise((resolve) => setTimeout(resolve, next(41)));
      // Every 40 calls, all of them answered first: the next call starts a fetch of its own, so the run has
      // at least five fetches however slow the machine makes each one.
      if (calls.length % 40 < burst) await Promise.all(calls);
    }
    const results = await Promise.all(calls);
    const elapsed = Date.now() - started;
    assert.ok(results.every((r) => r.indices.length > 0));
    const requests = await sandbox.actionRequests('getIndexSizes');
    // At least one fetch per 40 calls (above); more where a burst lands after a fetch ended.
    assert.ok(requests.length >= 5, `${requests.length} requests: too few fetches to tell`);
    assert.ok(requests.every((r) => r.status === 200));
    assert.deepEqual(overlaps(requests), []);
    console.log(`    200 refreshes in ${elapsed} ms -> ${requests.length} getIndexSizes requests (${SERVICE_MS} ms service time each), none overlapping`);
  });

  it('50 restores at once: every one answered, each row restored exactly once; refreshes meanwhile still one at a time', async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/service-time', { ms: SERVICE_MS });
    const started = Date.now();
    // Fifty disjoint pages of ten rows: one batch each, all in flight together.
    const restores = Array.from({ length: 50 }, (_, i) =>
      exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:dataset:%', start: i * 10, batchSize: 10 }),
    );
    const refreshes = Array.from({ length: 20 }, () => exec(Commands.refreshIndexSizes, {}));
    const results = await Promise.all(restores);
    await Promise.all(refreshes);
    const elapsed = Date.now() - started;

    assert.equal(results.length, 50);
    assert.ok(
      results.every((r) => r.status === 'completed' && r.requests === 1 && r.rowsMigrated + r.ignored === 10),
      'a restore came back short or failed',
    );
    const sent = await sandbox.actionRequests('restoreIndices');
    assert.equal(sent.length, 50);
    assert.ok(sent.every((r) => r.status === 200));
    const counts = await sandbox.restoreCounts();
    assert.deepEqual(
      Object.values(counts).filter((n) => n !== 1),
      [],
      'a row restored twice',
    );
    assert.equal(
      Object.keys(counts).length,
      results.reduce((n, r) => n + r.rowsMigrated, 0),
    );
    // How many were in flight together at the server.
    const edges = sent
      .flatMap(
        (r) =>
          [
            [r.time, 1],
            [r.time + (r.durationMs ?? 0), -1],
          ] as const,
      )
      .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let inFlight = 0;
    let peak = 0;
    for (const [, d] of edges) peak = Math.max(peak, (inFlight += d));
    assert.deepEqual(overlaps(await sandbox.actionRequests('getIndexSizes')), []);
    console.log(`    50 restores in ${elapsed} ms, up to ${peak} in flight at the server, ${Object.keys(counts).length} rows restored once each`);
  });

  it('the heap settles back (heapUsed before and after, after a full GC when possible)', async () => {
    await sandbox.control('POST', '/service-time', { ms: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    collect();
    heap.after = heapMb();
    console.log(
      `    extension host heapUsed: ${heap.before} MB before, ${heap.after} MB after${gcAvailable ? ' (after full GCs)' : ' (no GC available: rough)'}`,
    );
    assert.ok(heap.after - heap.before < (gcAvailable ? 20 : 64), `heap grew from ${heap.before} to ${heap.after} MB`);
  });

  it('left no unhandled promise rejection in the extension host', () => {
    assert.deepEqual(rejections.reasons, []);
  });
});
