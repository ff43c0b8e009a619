// A restore's resume under the write discipline (src/shared/writePlan.ts), against the sandbox: the saved
// run records where and when its pages were read; a resume of a run too old, read on another server, or
// carrying a page outside the run is refused before any request; two resumes at once run once.
import * as assert from 'node:assert/strict';
import { activateExtension, run, sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import type { PatternResult } from '../../../src/restore/restorePattern';
import { Commands } from '../../../src/shared/commandIds';
import { assertRestoredOnce } from '../support/restore';
import { pointSandboxAt } from '../support/core';

const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const HIVE_PREFIX = 'urn:li:dataset:(urn:li:dataPlatform:hive,';
const KEY = 'datahub.restore.run.v1';
const DAY = 24 * 60 * 60_000;

type Saved = Record<string, { nextStart: number; doneAfterNext: number[]; origin?: { readAt: number; gmsOrigin: string; connection: string } }>;

async function savedRuns(): Promise<{ get(): Saved; set(value: Saved): Thenable<void> }> {
  const state = (await activateExtension()).services.context.globalState;
  return { get: () => structuredClone(state.get<Saved>(KEY) ?? {}), set: (value) => state.update(KEY, value) };
}

/** A run of HIVE stopped by a failing page at start=20: its resume point is saved. */
async function stoppedRun(): Promise<void> {
  await sandbox.addFault({ action: 'restoreIndices', start: 20, times: 1, fault: { kind: 'restliError', status: 500, message: 'pool exhausted' } });
  await run(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true }).catch(() => undefined);
}

const resume = () => run<PatternResult>(Commands.restoreIndicesByPattern, { resume: true });

describe('restore: a resume under the write discipline', function () {
  this.timeout(30_000);
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    await stoppedRun();
  });
  after(() => sandbox.reset());

  it('the saved run records its connection, server and when its pages were read', async () => {
    const saved = (await savedRuns()).get().sandbox;
    assert.equal(saved.nextStart, 20);
    assert.equal(saved.origin?.connection, 'sandbox');
    assert.equal(saved.origin?.gmsOrigin, new URL(sandboxUrl()).origin);
    assert.ok(saved.origin && Date.now() - saved.origin.readAt < 60_000);
  });

  it('a resume of a run read longer ago than a restore waits is refused before any request', async () => {
    const runs = await savedRuns();
    const all = runs.get();
    all.sandbox.origin!.readAt = Date.now() - 8 * DAY;
    await runs.set(all);
    await sandbox.clearRequests();
    const r = await resume();
    assert.deepEqual(r.notDone, { reason: 'stale' });
    assert.match(
      r.message,
      /^The saved run was made 8 days ago; .* within 7 days\. Start a new run of urn:li:dataset:\(urn:li:dataPlatform:hive,% on "sandbox"; nothing was sent\.$/,
    );
    assert.equal((await sandbox.requests()).length, 0);
  });

  it('a resume on a connection that now points at another address is refused before any request', async () => {
    await pointSandboxAt(`${sandboxUrl()}/api/gms`);
    try {
      await sandbox.clearRequests();
      const r = await resume();
      assert.deepEqual(r.notDone, { reason: 'otherServer' });
      assert.match(r.message, /^The saved run was made against .* but "sandbox" now points at .*\/api\/gms\. Start a new run/);
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a saved run carrying a page outside the run itself is refused before any request', async () => {
    const runs = await savedRuns();
    const all = runs.get();
    all.sandbox.doneAfterNext = [0];
    await runs.set(all);
    await sandbox.clearRequests();
    const r = await resume();
    assert.deepEqual(r.notDone, { reason: 'unreadable' });
    assert.match(r.message, /^The saved run carries a page done at start=0, outside the run itself\./);
    assert.equal((await sandbox.requests()).length, 0);
  });

  it('two resumes at once run once: the second is refused as busy and sends nothing; every row restored once', async () => {
    await sandbox.addFault({ action: 'restoreIndices', start: 20, times: 1, fault: { kind: 'latency', ms: 1500 } });
    const both = await Promise.all([resume(), resume()]);
    const busy = both.filter((r) => r.notDone?.reason === 'busy');
    assert.equal(busy.length, 1, both.map((r) => r.message).join(' | '));
    assert.match(busy[0].message, /^Another apply of a restore by pattern on "sandbox" is running in this window/);
    assert.equal(busy[0].requests, 0);
    const done = both.find((r) => r.notDone === undefined);
    assert.equal(done?.status, 'completed');
    await assertRestoredOnce(HIVE_PREFIX);
  });
});
