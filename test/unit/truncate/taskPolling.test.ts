// The task watcher: backoff 1 s -> 10 s, task id grammar, and the loop's
// stop/complete/retry rules (status supplied in-process; the HTTP path is
// covered by the integration suite against the sandbox).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TaskStatus } from '../../../src/gms/types';
import { validateTask } from '../../../src/gms/validate';
import { pollDelayMs, pollSchedule, pollTask, sleep, validateTaskId } from '../../../src/truncate/logic/taskPolling';

describe('poll backoff', () => {
  it('starts at 1 s, doubles, and stays at 10 s', () => {
    assert.deepEqual(pollSchedule(8), [1000, 2000, 4000, 8000, 10000, 10000, 10000, 10000]);
  });
  it('never exceeds the cap, even after many polls, and treats bad input as the first wait', () => {
    assert.equal(pollDelayMs(10_000), 10_000);
    assert.equal(pollDelayMs(-3), 1000);
    assert.equal(pollDelayMs(Number.NaN), 1000);
  });
  it('sums to about a minute for the first ten polls (so a 3 s task is seen within ~4 s)', () => {
    const waits = pollSchedule(10);
    assert.equal(
      waits.reduce((a, b) => a + b, 0),
      75_000,
    );
    assert.equal(waits[0] + waits[1] + waits[2], 7_000);
  });
});

describe('task ids', () => {
  it('accepts nodeId:number', () => {
    assert.equal(validateTaskId('qhxGdzytQS-pQek8CwBCZg:54654'), undefined);
    assert.equal(validateTaskId('  node_1:7 '), undefined);
  });
  it('refuses task number 0, which the server refuses too', () => {
    assert.match(validateTaskId('node_1:0') ?? '', /task number in "node_1:0" is 0/);
    assert.match(validateTaskId('node_1:000') ?? '', /is 0/);
  });
  it('refuses anything else, with an example', () => {
    for (const bad of ['', '54654', 'node:', ':12', 'node:12a', 'a b:1', 'node:1:2']) {
      assert.match(validateTaskId(bad) ?? '', /nodeId:number/, bad);
    }
    assert.match(validateTaskId('n:99999999999999999999') ?? '', /too large/);
  });
  it('accepts exactly the ids the client sends (one pattern, in src/gms/validate.ts)', () => {
    const ids = [
      'node_1:7',
      'qhxGdzytQS-pQek8CwBCZg:54654',
      'node.1:5',
      'nödé:5',
      'n/1:2',
      'n:1234567890123456789',
      'n:12345678901234567890',
      'node_1:0',
      'a:b:1',
    ];
    for (const id of ids) {
      let clientAccepts = true;
      try {
        validateTask(id);
      } catch {
        clientAccepts = false;
      }
      assert.equal(validateTaskId(id) === undefined, clientAccepts, id);
    }
  });
});

function status(completed: boolean, deleted: number, total = 100): TaskStatus {
  return { completed, task: 'n:1', runTimeNanos: 1e9, status: { total, deleted, batches: 1 } };
}

describe('pollTask', () => {
  it('polls until completed and reports every status', async () => {
    const sequence = [status(false, 10), status(false, 60), status(true, 100)];
    const seen: number[] = [];
    const result = await pollTask(async () => sequence.shift()!, {
      delayMs: () => 1,
      onStatus: (s) => seen.push(s.status.deleted ?? -1),
    });
    assert.equal(result.outcome, 'completed');
    assert.equal(result.polls, 3);
    assert.deepEqual(seen, [10, 60, 100]);
  });

  it('stops watching when aborted, keeping the last status (the task is not touched)', async () => {
    const controller = new AbortController();
    let calls = 0;
    const result = await pollTask(
      async () => {
        calls++;
        if (calls === 2) controller.abort();
        return status(false, calls * 10);
      },
      { signal: controller.signal, delayMs: (attempt) => (attempt === 0 ? 1 : 60_000) },
    );
    assert.equal(result.outcome, 'stopped');
    assert.equal(result.outcome === 'stopped' && result.last?.status.deleted, 20);
    assert.equal(calls, 2);
  });

  it('an abort during a long wait ends the watch at once', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 30);
    const result = await pollTask(async () => status(false, 1), { signal: controller.signal, delayMs: () => 60_000 });
    assert.equal(result.outcome, 'stopped');
    assert.ok(Date.now() - started < 2_000);
  });

  it('retries transient failures up to the limit, then gives up with the error', async () => {
    let calls = 0;
    const retries: number[] = [];
    await assert.rejects(
      pollTask(
        async () => {
          calls++;
          throw new Error('socket hang up');
        },
        { delayMs: () => 1, isTransient: () => true, maxTransientFailures: 2, onRetry: (_e, n) => retries.push(n) },
      ),
      /socket hang up/,
    );
    assert.equal(calls, 3);
    assert.deepEqual(retries, [1, 2]);
  });

  it('recovers after a transient failure', async () => {
    const sequence: Array<TaskStatus | Error> = [status(false, 1), new Error('blip'), status(true, 100)];
    const result = await pollTask(
      async () => {
        const next = sequence.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      { delayMs: () => 1, isTransient: () => true },
    );
    assert.equal(result.outcome, 'completed');
  });

  it('ends at once on a failure that is not transient (e.g. task not found)', async () => {
    let calls = 0;
    await assert.rejects(
      pollTask(
        async () => {
          calls++;
          throw new Error('Could not get task status');
        },
        { delayMs: () => 1 },
      ),
      /Could not get task status/,
    );
    assert.equal(calls, 1);
  });

  it('sleep resolves early on abort', async () => {
    const c = new AbortController();
    const t0 = Date.now();
    setTimeout(() => c.abort(), 20);
    await sleep(10_000, c.signal);
    assert.ok(Date.now() - t0 < 1_000);
  });
});
