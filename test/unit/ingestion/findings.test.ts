// The findings of a listing (src/ingestion/logic/findings.ts): the executor down, runs stuck RUNNING, failed runs,
// each with its next step, and the one-line message.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { findingsOf, listingMessage } from '../../../src/ingestion/logic/findings';
import type { IngestionRun } from '../../../src/ingestion/logic/runs';

const H = 3_600_000;
const now = 1_800_000_000_000;
const source = { urn: 'urn:li:dataHubIngestionSource:s', name: 'S', type: 'mysql', system: false };
const run = (id: string, problem: IngestionRun['problem'], ago: number): IngestionRun => ({
  urn: `urn:li:dataHubExecutionRequest:${id}`,
  id,
  sourceUrn: source.urn,
  sourceName: 'S',
  status: problem === 'neverStarted' ? null : 'RUNNING',
  requestedAt: now - ago,
  ...(problem ? { problem } : {}),
});

describe('ingestion findings', () => {
  it('a request without a result for two hours is said as an executor that is down, with its next step', () => {
    const f = findingsOf([source], [run('a', 'neverStarted', 2 * H)], now);
    assert.equal(f[0].id, 'executorDown');
    assert.match(f[0].summary, /never started \(no result for up to 2 h.*the ingestion executor \(datahub-actions\) is not picking requests up/);
    assert.match(f[0].nextStep ?? '', /datahub-actions/);
  });

  it('a run stuck RUNNING is named; no problem says so; the message carries the problems', () => {
    const stuck = findingsOf([source], [run('b', 'runningTooLong', 30 * H)], now);
    assert.equal(stuck[0].id, 'runningTooLong');
    assert.match(listingMessage('prod', 24, [source], [run('b', 'runningTooLong', 30 * H)], stuck, false), /RUNNING far longer than usual/);
    const fine = findingsOf([source], [run('c', undefined, H)], now);
    assert.deepEqual(
      fine.map((f) => f.id),
      ['allGood'],
    );
    assert.equal(findingsOf([], [], now)[0].id, 'noSources');
  });
});
