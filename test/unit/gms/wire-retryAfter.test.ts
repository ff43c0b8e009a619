// A throttling GMS (429 with Retry-After, as GlobalControllerExceptionHandler.java answers):
// a read waits it out once, bounded and with jitter, and says so in its log entry; a
// write never repeats; a wait past the bound fails at once; a cancel ends the wait.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { RequestLogEntry } from '../../../src/gms';
import { RETRY_AFTER_MAX_MS, retryAfterWait } from '../../../src/gms/wire';
import { SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

describe('Retry-After', () => {
  it('reads delta-seconds and HTTP dates, adds at most 10 % (≤ 1 s) of jitter, and refuses what it cannot or should not wait', () => {
    assert.equal(
      retryAfterWait('2', 0, () => 0),
      2000,
    );
    assert.equal(
      retryAfterWait('2', 0, () => 1),
      2300,
    );
    assert.equal(
      retryAfterWait('30', 0, () => 1),
      RETRY_AFTER_MAX_MS,
    );
    const now = Date.parse('2026-11-27T22:00:00Z');
    assert.equal(
      retryAfterWait('Fri, 27 Nov 2026 22:00:05 GMT', now, () => 0),
      5000,
    );
    assert.equal(
      retryAfterWait('Fri, 27 Nov 2026 21:59:00 GMT', now, () => 0),
      0,
    );
    for (const value of [undefined, '', 'soon', '-1', '31', '3600'])
      assert.equal(
        retryAfterWait(value, now, () => 0),
        undefined,
        String(value),
      );
  });

  it('a read waits the Retry-After out once and succeeds, the log entry saying how long', { timeout: 15_000 }, async () => {
    sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 1 } });
    const log: RequestLogEntry[] = [];
    const client = clientFor(sandbox.url, { retries: 0, onRequest: (e) => log.push(e) });
    try {
      const started = Date.now();
      const sizes = await client.getIndexSizes();
      assert.ok(sizes.indices.length > 0);
      assert.ok(Date.now() - started >= 1000, `waited only ${Date.now() - started} ms`);
    } finally {
      await client.close();
    }
    assert.deepEqual(
      log.map((e) => [e.attempt, e.status]),
      [
        [1, 429],
        [2, 200],
      ],
    );
    assert.ok(log[0].retryAfterMs !== undefined && log[0].retryAfterMs >= 1000 && log[0].retryAfterMs <= 1200, String(log[0].retryAfterMs));
  });

  it('only once: a second 429 fails; a Retry-After past 30 s fails at once; a write never waits', { timeout: 15_000 }, async () => {
    const client = clientFor(sandbox.url, { retries: 0 });
    try {
      sandbox.addFault({ action: 'getIndexSizes', times: 2, fault: { kind: 'throttled', retryAfterSeconds: 0 } });
      const twice = await rejectsWith(client.getIndexSizes(), 'server');
      assert.match(twice.message, /too many requests/);
      assert.equal(sandbox.requests.filter((r) => r.action === 'getIndexSizes').length, 2);
      sandbox.reset();
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 120 } });
      const started = Date.now();
      await rejectsWith(client.getIndexSizes(), 'server');
      assert.ok(Date.now() - started < 2000);
      sandbox.reset();
      sandbox.addFault({ action: 'restoreIndices', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 0 } });
      await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server');
      assert.equal(sandbox.requests.filter((r) => r.action === 'restoreIndices').length, 1);
    } finally {
      await client.close();
    }
  });

  it('a cancel during the wait ends it at once as cancelled', { timeout: 15_000 }, async () => {
    sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 20 } });
    const client = clientFor(sandbox.url, { retries: 0 });
    const controller = new AbortController();
    try {
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      await rejectsWith(client.getIndexSizes(controller.signal), 'cancelled');
      assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
    } finally {
      await client.close();
    }
  });
});
