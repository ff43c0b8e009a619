// Restore commands inside VS Code, driven through their programmatic contract
// against the sandbox: what went over the wire, what was restored, the resume point.
import * as assert from 'node:assert/strict';
import { run, sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';
import type { RestoreUrnResult as UrnResult } from '../../../src/restore/restore';
import type { PatternResult } from '../../../src/restore/restorePattern';
import { Commands } from '../../../src/shared/commandIds';
import { assertRestoredOnce } from '../support/restore';

const exec = <T>(command: string, arg?: unknown): Promise<T> => run<T>(command, arg);

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  assert.fail('expected the command to reject');
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const rowCount = async (urnLike: string): Promise<number> =>
  (await sandbox.control<{ count: number }>('GET', `/rows?urnLike=${encodeURIComponent(urnLike)}`)).count;

const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const HIVE_PREFIX = 'urn:li:dataset:(urn:li:dataPlatform:hive,';

describe('restore: datahub.restoreIndices', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());

  it('restores one URN: body {"urn"}, bearer token, rows and raw answer returned', async () => {
    const result = await exec<UrnResult>(Commands.restoreIndices, { urn: SAMPLE_URNS.ordersDataset });
    assert.equal(result.urn, SAMPLE_URNS.ordersDataset);
    assert.equal(result.rowsMigrated, 7);
    assert.equal(result.ignored, 1);
    // The server's own text: Rest.li's Map.toString(), or OpenAPI's JSON.
    assert.match(result.raw, /rowsMigrated=7|"rowsMigrated":7/);
    const requests = await sandbox.actionRequests('restoreIndices');
    assert.equal(requests.length, 1);
    assert.deepEqual(requests[0].params, { urn: SAMPLE_URNS.ordersDataset });
    assert.equal(requests[0].tokenName, 'admin');
    assert.equal(requests[0].headers.authorization, 'Bearer <redacted>');
    assert.equal(requests[0].status, 200);
    assert.equal((await sandbox.restoreCounts())[`${SAMPLE_URNS.ordersDataset}|status`], 1);
  });

  it('accepts a URL-encoded URN (from a DataHub link) and one aspect', async () => {
    const result = await exec<UrnResult>(Commands.restoreIndices, {
      urn: encodeURIComponent(SAMPLE_URNS.loadOrdersJob),
      aspect: 'dataJobInfo',
    });
    assert.deepEqual([result.urn, result.rowsMigrated, result.ignored], [SAMPLE_URNS.loadOrdersJob, 1, 0]);
    const [request] = await sandbox.actionRequests('restoreIndices');
    assert.deepEqual(request.params, { urn: SAMPLE_URNS.loadOrdersJob, aspect: 'dataJobInfo' });
  });

  it('rejects an invalid URN with the reason, sending nothing', async () => {
    const error = await rejection(exec(Commands.restoreIndices, { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t' }));
    assert.match(error.message, /"urn" is not a URN: the parentheses in the key do not balance/);
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
  });

  it('a token without the privilege: the message names the privilege and the server', async () => {
    await useSandboxConnection({ token: 'reader' });
    try {
      const error = await rejection(exec(Commands.restoreIndices, { urn: SAMPLE_URNS.jdoeUser }));
      assert.match(error.message, /403/);
      assert.match(error.message, /Restore Indices API/);
      assert.ok(error.message.includes(new URL(sandboxUrl()).host), error.message);
      assert.ok(!error.message.includes('sandbox-reader-token'), 'no token in the message');
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });
});

describe('restore: datahub.restoreIndicesByPattern', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  afterEach(() => sandbox.control('POST', '/service-time', { ms: 0 }));

  it('one batch by default: start 0, batchSize 10, limit 10; says where the next batch starts', async () => {
    const result = await exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE });
    assert.deepEqual([result.requests, result.nextStart, result.status, result.reachedEnd], [1, 10, 'completed', false]);
    assert.equal(result.rowsMigrated + result.ignored, 10);
    const [request] = await sandbox.actionRequests('restoreIndices');
    assert.deepEqual(request.params, { urnLike: HIVE, start: 0, batchSize: 10, limit: 10 });
    assert.equal(request.tokenName, 'admin');
  });

  it('all rows, 4 pages at once: every matching row restored exactly once, nextStart past the last row', async () => {
    const total = await rowCount(HIVE);
    const result = await exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 25, all: true, concurrency: 4 });
    assert.equal(result.status, 'completed');
    assert.equal(result.reachedEnd, true);
    assert.equal(result.rowsMigrated + result.ignored, total);
    assert.equal(result.nextStart, total);
    assert.equal(await assertRestoredOnce(HIVE_PREFIX), result.rowsMigrated);
    const starts = (await sandbox.actionRequests('restoreIndices')).map((r) => (r.params as { start: number }).start).sort((a, b) => a - b);
    assert.deepEqual(starts.slice(0, 3), [0, 25, 50]);
  });

  it('cancelling with datahub.cancelRestore stops between pages; resuming restores the rest once', async () => {
    await sandbox.control('POST', '/service-time', { ms: 120 });
    const total = await rowCount(HIVE);
    const running = exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true });
    await waitFor(async () => (await sandbox.actionRequests('restoreIndices')).length >= 3, 'three pages');
    // The next page's answer waits in the sandbox: the cancel surely comes while the run is in flight.
    await sandbox.control('POST', '/hold', { action: 'restoreIndices' });
    let first: PatternResult;
    try {
      await waitFor(async () => (await sandbox.control<{ held: unknown[] }>('GET', '/hold')).held.length === 1, 'a page, held');
      const cancelled = await exec<{ cancelled: number }>(Commands.cancelRestore, {});
      assert.equal(cancelled.cancelled, 1);
    } finally {
      await sandbox.control('POST', '/release', {});
      first = await running;
    }
    assert.equal(first.status, 'cancelled');
    assert.ok(first.nextStart >= 30 && first.nextStart < total, `resume point ${first.nextStart}`);
    assert.equal(first.nextStart, first.requests * 10, 'one page at a time: every answered page is before the resume point');
    assert.equal(first.rowsMigrated + first.ignored, first.nextStart);
    // Nothing was sent after the cancel (the page in flight finished).
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, first.requests);

    await sandbox.control('POST', '/service-time', { ms: 0 });
    const rest = await exec<PatternResult>(Commands.restoreIndicesByPattern, {
      urnLike: HIVE,
      batchSize: 10,
      all: true,
      start: first.nextStart,
      skip: first.doneAfterNext,
    });
    assert.equal(rest.status, 'completed');
    assert.equal(first.rowsMigrated + first.ignored + rest.rowsMigrated + rest.ignored, total);
    assert.equal(await assertRestoredOnce(HIVE_PREFIX), first.rowsMigrated + rest.rowsMigrated);
  });

  it('a failing page stops the run with the failing start and the resume point; the resume restores the rest once', async () => {
    const total = await rowCount(HIVE);
    await sandbox.addFault({
      action: 'restoreIndices',
      start: 20,
      times: 1,
      fault: { kind: 'restliError', status: 500, message: 'java.sql.SQLTransientConnectionException: pool exhausted' },
    });
    const error = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true }));
    assert.match(error.message, /^Stopped at start=20: .*pool exhausted.* Restored \d+ rows( \(\d+ ignored\))? in 3 requests\. Resume from start=20\.$/);
    // What the message says was restored is what the server saw, each row once.
    const said = Number(/Restored (\d+) rows/.exec(error.message)?.[1]);
    assert.equal(await assertRestoredOnce(HIVE_PREFIX), said);
    const rest = await exec<PatternResult>(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 10, all: true, start: 20 });
    assert.equal(rest.status, 'completed');
    assert.equal(rest.nextStart, total);
    const migrated = await assertRestoredOnce(HIVE_PREFIX);
    assert.ok(migrated > 0 && migrated <= total);
  });

  it('refuses a regular expression with the LIKE form to use, and bad paging values', async () => {
    const regex = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:dataset:.*' }));
    assert.match(regex.message, /looks like a regular expression; urnLike is a SQL LIKE pattern .*try urn:li:dataset:%/);
    const batch = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: HIVE, batchSize: 0 }));
    assert.match(batch.message, /batchSize.*1 to 10000/);
    const start = await rejection(exec(Commands.restoreIndicesByPattern, { urnLike: HIVE, start: -5 }));
    assert.match(start.message, /start.*0 or more/);
    assert.equal((await sandbox.actionRequests('restoreIndices')).length, 0);
  });
});
