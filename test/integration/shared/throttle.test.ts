// A GMS that throttles (429 with Retry-After, as GlobalControllerExceptionHandler.java
// answers): Test Connection and Refresh Index Sizes wait it out once and say so, in
// their result's message and in the log (DataHub: Show Log).
import * as assert from 'node:assert/strict';
import { Commands } from '../../../src/shared/commandIds';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import { waitFor } from '../support/core';
import { filesUnder, readAll } from '../support/hardening';

describe('a throttling server: a read waits out its Retry-After once', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  afterEach(() => sandbox.clearFaults());

  it('Test Connection waits the 429 out and says so in its message and the log', async () => {
    await sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 1 } });
    const started = Date.now();
    const result = await run<{ message: string; indexCount: number }>(Commands.testConnection, { connection: 'sandbox' });
    assert.ok(Date.now() - started >= 1000, `took ${Date.now() - started} ms`);
    assert.ok(result.indexCount > 0);
    assert.match(result.message, /The server asked to slow down \(429\): waited 1\.\d s as its Retry-After said, then asked again\.$/);
    const { services } = await activateExtension();
    await waitFor(
      () =>
        /sandbox: getIndexSizes \S+ -> 429 in \d+ ms, .*; the server is throttling requests: waiting 1\.\d s as its Retry-After asks/.test(
          readAll(filesUnder(services.context.logUri.fsPath)),
        ),
      'the wait in the log',
      15_000,
    );
  });

  it('Refresh Index Sizes waits it out too; without a 429 nothing is said', async () => {
    await sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'throttled', retryAfterSeconds: 1 } });
    const throttled = await run<{ message: string; indices: unknown[] }>(Commands.refreshIndexSizes, {});
    assert.ok(throttled.indices.length > 0);
    assert.match(throttled.message, /waited 1\.\d s as its Retry-After said/);
    const calm = await run<{ message: string }>(Commands.refreshIndexSizes, {});
    assert.doesNotMatch(calm.message, /429/);
  });

  it('a Retry-After past 30 s is not waited: the refresh fails at once, saying the server is busy', async () => {
    await sandbox.addFault({ action: 'getIndexSizes', fault: { kind: 'throttled', retryAfterSeconds: 300 } });
    const started = Date.now();
    await assert.rejects(run(Commands.refreshIndexSizes, {}), /too many requests; wait a moment and retry/);
    assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
  });
});
