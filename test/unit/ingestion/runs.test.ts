// A run's problem (src/ingestion/logic/runs.ts): no result 10 minutes after the request (the executor is down),
// RUNNING over twice its source's median successful duration or over a day without one, failed statuses; the
// median itself; the window, which keeps runs still open whenever they were requested.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DAY_MS, median, problemOf, runningLimit, runsOf, usualDuration } from '../../../src/ingestion/logic/runs';
import type { ExecutionRequestInfo } from '../../../src/gms/types';

const H = 3_600_000;
const now = 1_800_000_000_000;
const req = (id: string, requestedAgo: number, result: ExecutionRequestInfo['result']): ExecutionRequestInfo => ({
  urn: `urn:li:dataHubExecutionRequest:${id}`,
  id,
  requestedAt: now - requestedAgo,
  result,
});
const success = (ms: number) => ({ status: 'SUCCESS', startTimeMs: now - 10 * H, durationMs: ms });

describe('ingestion runs: problems', () => {
  it('the median of odd and even counts, none for none', () => {
    assert.equal(median([5, 1, 3]), 3);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(median([]), undefined);
  });

  it('a request without a result is neverStarted only after 10 minutes', () => {
    assert.equal(problemOf(req('a', 9 * 60_000, null), now, undefined), undefined);
    assert.equal(problemOf(req('a', 2 * H, null), now, undefined), 'neverStarted');
  });

  it('RUNNING is too long past twice the usual duration, or a day without successful runs', () => {
    const usual = usualDuration([
      req('s1', 5 * H, success(20 * 60_000)),
      req('s2', 6 * H, success(22 * 60_000)),
      req('s3', 7 * H, success(30 * 60_000)),
      req('f', 8 * H, { status: 'FAILURE', durationMs: 1 }),
    ]);
    assert.equal(usual, 22 * 60_000);
    assert.equal(runningLimit(usual), 44 * 60_000);
    const running = (startedAgo: number) => req('r', startedAgo, { status: 'RUNNING', startTimeMs: now - startedAgo });
    assert.equal(problemOf(running(40 * 60_000), now, usual), undefined);
    assert.equal(problemOf(running(45 * 60_000), now, usual), 'runningTooLong');
    assert.equal(runningLimit(undefined), DAY_MS);
    assert.equal(problemOf(running(23 * H), now, undefined), undefined);
    assert.equal(problemOf(running(30 * H), now, undefined), 'runningTooLong');
  });

  it('failed statuses are failed; CANCELLED and SUCCESS are no problem', () => {
    for (const status of ['FAILURE', 'TIMEOUT', 'ABORTED', 'ROLLBACK_FAILED']) assert.equal(problemOf(req('x', H, { status }), now, undefined), 'failed');
    for (const status of ['CANCELLED', 'SUCCESS', 'ROLLED_BACK']) assert.equal(problemOf(req('x', H, { status }), now, undefined), undefined);
  });

  it('the window keeps finished runs inside it and open runs whenever requested', () => {
    const source = { urn: 'urn:li:dataHubIngestionSource:s', name: 'S', type: 'mysql' };
    const runs = runsOf(
      source,
      [
        req('new', H, success(60_000)),
        req('old', 30 * H, success(60_000)),
        req('stuck', 30 * H, { status: 'RUNNING', startTimeMs: now - 30 * H }),
        req('waiting', 40 * H, null),
      ],
      now,
      24 * H,
    );
    assert.deepEqual(
      runs.map((r) => [r.id, r.status, r.problem]),
      [
        ['new', 'SUCCESS', undefined],
        ['stuck', 'RUNNING', 'runningTooLong'],
        ['waiting', null, 'neverStarted'],
      ],
    );
    assert.equal(runs[0].sourceName, 'S');
  });
});
