// Bulk restore under transport faults, through datahub.restoreIndicesByPattern:
// a page in the middle of an all-rows run fails (reset, cut short, a proxy's
// 502 page) while four pages are in flight; the run stops, says where and what
// was done, and resuming from there (skipping the pages already done after it)
// restores every remaining row exactly once, as the sandbox counts them.
// restore.test.ts covers a Rest.li 500 with one page at a time.
import * as assert from 'node:assert/strict';
import { run, sandbox, useSandboxConnection } from '../../host/inHost';
import type { FaultKind } from '../../sandbox/api';
import type { PatternResult } from '../../../src/restore/restorePattern';
import { recordUnhandledRejections, type RejectionLog } from '../support/hardening';
import { Commands } from '../../../src/shared/commandIds';

const PATTERN = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const PREFIX = 'urn:li:dataset:(urn:li:dataPlatform:hive,';
const BATCH = 10;
const FAILING_START = 60;

const exec = <T>(command: string, arg: unknown): Promise<T> => run<T>(command, arg);

/** What a stopped run rejects with: the message, and (as its cause) the numbers to resume with. */
interface Stopped extends Error {
  cause?: { result?: PatternResult & { failedStart: number } };
}

async function stoppedRun(arg: unknown): Promise<Stopped> {
  try {
    await exec(Commands.restoreIndicesByPattern, arg);
  } catch (error) {
    return error as Stopped;
  }
  assert.fail('the run did not stop');
}

describe('hardening: bulk restore under faults', function () {
  this.timeout(60_000);
  let rejections: RejectionLog;
  let matching = 0;

  before(async () => {
    rejections = recordUnhandledRejections();
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    matching = (await sandbox.control<{ count: number }>('GET', `/rows?urnLike=${encodeURIComponent(PATTERN)}`)).count;
    assert.ok(matching > FAILING_START + 4 * BATCH, `only ${matching} rows match`);
  });
  beforeEach(() => sandbox.reset());
  after(async () => {
    await sandbox.control('POST', '/service-time', { ms: 0 });
    rejections.dispose();
  });

  const faults: Array<[string, FaultKind, RegExp]> = [
    ['a connection reset before the answer', { kind: 'reset' }, /could not be reached \((ECONNRESET|UND_ERR_SOCKET)\)/],
    ['an answer cut short mid-body', { kind: 'resetMidBody' }, /was cut short/],
    ["a proxy's 502 HTML page", { kind: 'html', status: 502 }, /^502 from .*unavailable/],
  ];

  for (const [name, fault, why] of faults) {
    it(`${name} at start=${FAILING_START}, 4 pages at once: stops there, resuming restores every remaining row once`, async () => {
      // Service time keeps four pages in flight when the fault hits.
      await sandbox.control('POST', '/service-time', { ms: 30 });
      await sandbox.addFault({ action: 'restoreIndices', start: FAILING_START, times: 1, fault });
      const arg = { urnLike: PATTERN, batchSize: BATCH, all: true, concurrency: 4 };
      const error = await stoppedRun(arg);

      // The message: where it stopped, why, what was done, where to resume.
      const [, reason] = /^Stopped at start=60: (.*) Restored \d+ rows/.exec(error.message) ?? [];
      assert.ok(reason, error.message);
      assert.match(reason, why);
      assert.match(
        error.message,
        /Restored \d+ rows( \(\d+ ignored\))? in \d+ requests\. Resume from start=60(, skipping the batches at start=[\d, ]+ \(already done; "Resume" skips them\))?\.$/,
      );
      const result = error.cause?.result;
      assert.ok(result, 'the rejection carries the resume numbers');
      assert.deepEqual([result.failedStart, result.nextStart], [FAILING_START, FAILING_START]);
      assert.ok(
        result.doneAfterNext.every((s) => s > FAILING_START && s % BATCH === 0),
        `doneAfterNext ${result.doneAfterNext.join(',')}`,
      );
      if (result.doneAfterNext.length > 0) {
        assert.ok(error.message.includes(`skipping the batches at start=${result.doneAfterNext.slice(0, 5).join(', ')}`), error.message);
      }

      // What it says was done is what the server did: every row before the failing page, and the pages after it it lists.
      const before = await sandbox.restoreCounts();
      assert.ok(
        Object.values(before).every((n) => n === 1),
        'a row restored twice by the first run',
      );
      assert.equal(Object.keys(before).length, result.rowsMigrated);

      await sandbox.control('POST', '/service-time', { ms: 0 });
      const rest = await exec<PatternResult>(Commands.restoreIndicesByPattern, { ...arg, start: result.nextStart, skip: result.doneAfterNext });
      assert.equal(rest.status, 'completed');
      assert.equal(rest.reachedEnd, true);

      // Every matching row was covered once: restored once, or ignored by the server (its aspect is unknown).
      const counts = await sandbox.restoreCounts();
      const keys = Object.keys(counts);
      assert.deepEqual(
        keys.filter((k) => !k.startsWith(PREFIX)),
        [],
      );
      assert.deepEqual(
        keys.filter((k) => counts[k] !== 1),
        [],
        'rows restored more than once',
      );
      assert.equal(keys.length, result.rowsMigrated + rest.rowsMigrated);
      assert.equal(result.rowsMigrated + result.ignored + rest.rowsMigrated + rest.ignored, matching, 'rows missed');
    });
  }

  it('left no unhandled promise rejection in the extension host', async () => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(rejections.reasons, []);
  });
});
