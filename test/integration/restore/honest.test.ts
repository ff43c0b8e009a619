// Restores that stay right on real servers, inside VS Code against the sandbox:
// pages the server partly failed are reported and re-run, an interrupted run is
// resumed from global state, and the time window is checked before a row moves.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, rejection } from '../support/core';
import type { PatternResult } from '../../../src/restore/restorePattern';
import { Commands } from '../../../src/shared/commandIds';
import { assertRestoredOnce } from '../support/restore';

const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const HIVE_PREFIX = 'urn:li:dataset:(urn:li:dataPlatform:hive,';
const DAY = 86_400_000;

const rowCount = async (urnLike: string): Promise<number> =>
  (await sandbox.control<{ count: number }>('GET', `/rows?urnLike=${encodeURIComponent(urnLike)}`)).count;

/** Each test starts from the seeded sandbox, connected with the admin token. */
function freshSandbox(): void {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
}

describe('restore: incomplete pages and resume', () => {
  freshSandbox();

  it('a page the server partly failed does not end the run: it is reported, and re-running exactly it completes', async () => {
    await sandbox.addFault({ fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start: 30, times: 1 });
    const total = await rowCount(HIVE);
    const result = await exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true });
    assert.equal(result.status, 'completed');
    assert.equal(result.reachedEnd, true);
    assert.deepEqual(result.incompletePages, [{ start: 30, read: 0 }]);
    assert.equal(result.rowsMigrated + result.ignored, total - 10);
    const again = await exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, pages: [30] });
    assert.deepEqual([again.status, again.requests, again.incompletePages], ['completed', 1, []]);
    const bodies = (await sandbox.actionRequests('restoreIndices')).map((r) => r.params as { start: number });
    assert.equal(bodies.at(-1)?.start, 30, 'the re-run sent exactly that page');
    assert.equal(await assertRestoredOnce(HIVE_PREFIX), result.rowsMigrated + again.rowsMigrated);
  });

  it('an interrupted run is kept per connection and resumed with { resume: true }, each row once', async () => {
    await sandbox.addFault({
      fault: { kind: 'restliError', status: 500, message: 'java.lang.RuntimeException: database timeout' },
      action: 'restoreIndices',
      start: 50,
      times: 1,
    });
    const stopped = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true }));
    assert.match(stopped.message, /Stopped at start=50/);
    const resumed = await exec<PatternResult>(Commands.restoreIndicesByPattern, { resume: true });
    assert.equal(resumed.status, 'completed');
    assert.equal(resumed.reachedEnd, true);
    const first = (await sandbox.actionRequests('restoreIndices')).find((r) => (r.params as { start: number }).start === 50 && r.status === 200);
    assert.ok(first, 'the resume began at the failed page');
    const before = (stopped.cause as { result?: PatternResult } | undefined)?.result;
    assert.ok(before, 'the stopped run carries its numbers');
    assert.equal(await assertRestoredOnce(HIVE_PREFIX), before.rowsMigrated + resumed.rowsMigrated);
    assert.equal(before.rowsMigrated + before.ignored + resumed.rowsMigrated + resumed.ignored, await rowCount(HIVE));
    const none = await rejection(exec(Commands.restoreIndicesByPattern, { resume: true }));
    assert.match(none.message, /no interrupted run is saved/, 'a completed run is forgotten');
  });
});

describe('restore: time window', () => {
  freshSandbox();
  // The older server below taught the connection Rest.li: one call against today's server
  // teaches it back, so the next suite starts with the connection as it found it.
  after(async () => {
    await sandbox.reset();
    await exec(Commands.refreshIndexSizes, {});
  });

  it('restores only rows written in the window; a probe that matches nothing goes first', async () => {
    const since = Date.now() - DAY;
    const result = await exec<PatternResult>(Commands.restoreIndicesChangedBetween, { gePitEpochMs: since });
    const requests = await sandbox.actionRequests('restoreIndices');
    const probe = requests[0].params as Record<string, unknown>;
    assert.equal(probe.start, 2_147_483_647, 'the first request cannot match a row');
    assert.equal(probe.gePitEpochMs, since);
    const pages = requests.slice(1).map((r) => r.params as Record<string, unknown>);
    assert.ok(pages.length >= 2, 'at least a page and the probe after the short one');
    for (const body of pages) {
      assert.equal(body.urnLike, 'urn:li:%', 'the default pattern');
      assert.equal(body.gePitEpochMs, since);
      assert.equal(typeof body.lePitEpochMs, 'number', 'a lower bound alone still sends the upper bound');
    }
    const total = await rowCount('%');
    assert.ok(result.rowsMigrated > 0 && result.rowsMigrated + result.ignored < total / 10, `rows of the last day only (${result.rowsMigrated} of ${total})`);
  });

  it('an upper bound alone goes out with gePitEpochMs 1', async () => {
    const until = Date.now() - 399 * DAY;
    await exec<PatternResult>(Commands.restoreIndicesChangedBetween, { urnLike: 'urn:li:corpuser:%', lePitEpochMs: until });
    const bodies = (await sandbox.actionRequests('restoreIndices')).map((r) => r.params as Record<string, unknown>);
    assert.ok(bodies.every((b) => b.gePitEpochMs === 1 && b.lePitEpochMs === until));
    const restored = Object.keys(await sandbox.restoreCounts()).length;
    assert.ok(restored < (await rowCount('urn:li:corpuser:%')) / 10, `the window filtered (${restored} rows)`);
  });

  it('a server that does not read the window restores nothing and says so', async () => {
    await sandbox.setVersion('legacy');
    const error = await rejection(exec(Commands.restoreIndicesChangedBetween, { gePitEpochMs: Date.now() - DAY }));
    assert.match(error.message, /This DataHub version does not support a time window/);
    // An older server has no OpenAPI operations: where the connection knew OpenAPI, one 404 tells it so (nothing done there).
    const answered = (await sandbox.actionRequests('restoreIndices')).filter((r) => r.status !== 404);
    assert.equal(answered.length, 1, 'only the probe was sent');
    assert.deepEqual(await sandbox.restoreCounts(), {});
  });

  it('a window without a bound, or an empty one, is refused before sending', async () => {
    const none = await rejection(exec(Commands.restoreIndicesChangedBetween, { urnLike: 'urn:li:%' }));
    assert.match(none.message, /give gePitEpochMs and\/or lePitEpochMs/);
    const empty = await rejection(exec(Commands.restoreIndicesChangedBetween, { gePitEpochMs: Date.now() - DAY, lePitEpochMs: Date.now() - 2 * DAY }));
    assert.match(empty.message, /The window is empty/);
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
  });
});
