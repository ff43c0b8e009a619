// The next run of a DataHub schedule (src/gc/logic/cron.ts): 5-field crons with lists, ranges, steps and names in
// their timezone, Spring's rule that both day fields must match, DST, what is not read, and the interval.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { intervalOf, nextRun, parseCron } from '../../../src/gc/logic/cron';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

describe('GC schedule', () => {
  it("DataHub's default, 0 1 * * * UTC: today at 01:00 before it, tomorrow after it", () => {
    assert.equal(iso(nextRun('0 1 * * *', 'UTC', at('2026-12-03T00:30:00Z'))), '2026-12-03T01:00:00.000Z');
    assert.equal(iso(nextRun('0 1 * * *', 'UTC', at('2026-12-03T01:00:00Z'))), '2026-12-04T01:00:00.000Z');
    assert.equal(iso(nextRun('0 1 * * *', undefined, at('2026-12-31T23:59:00Z'))), '2027-01-01T01:00:00.000Z');
    assert.equal(intervalOf('0 1 * * *', 'UTC', at('2026-12-03T00:30:00Z')), 24 * 3_600_000);
  });

  it('lists, ranges, steps and names; 7 is Sunday; both day fields must match (Spring)', () => {
    assert.equal(iso(nextRun('*/15 9-17 * * MON-FRI', 'UTC', at('2026-12-05T10:00:00Z'))), '2026-12-07T09:00:00.000Z'); // Saturday → Monday
    assert.equal(iso(nextRun('30 2 1,15 * *', 'UTC', at('2026-12-02T00:00:00Z'))), '2026-12-15T02:30:00.000Z');
    assert.equal(iso(nextRun('0 0 * JAN 7', 'UTC', at('2026-12-02T00:00:00Z'))), '2027-01-03T00:00:00.000Z');
    assert.equal(iso(nextRun('0 0 13 * FRI', 'UTC', at('2026-12-02T00:00:00Z'))), '2027-08-13T00:00:00.000Z');
    assert.equal(iso(nextRun('0 0 29 2 *', 'UTC', at('2026-12-02T00:00:00Z'))), '2028-02-29T00:00:00.000Z');
    assert.equal(intervalOf('0 1 * * 1-5', 'UTC', at('2026-12-03T00:00:00Z')), 3 * 24 * 3_600_000);
  });

  it('in its timezone, across a DST change', () => {
    // 01:00 in New York is 06:00 UTC in winter, 05:00 in summer.
    assert.equal(iso(nextRun('0 1 * * *', 'America/New_York', at('2026-12-03T12:00:00Z'))), '2026-12-04T06:00:00.000Z');
    assert.equal(iso(nextRun('0 1 * * *', 'America/New_York', at('2026-07-03T12:00:00Z'))), '2026-07-04T05:00:00.000Z');
    // The night Europe/Berlin moves from 02:00 to 03:00 (2026-03-29): 02:30 does not exist; the run moves on by the gap.
    const skipped = nextRun('30 2 * * *', 'Europe/Berlin', at('2026-03-28T12:00:00Z'));
    assert.equal(iso(skipped), '2026-03-29T01:30:00.000Z');
  });

  it('what is not read: another field count, L/W/#, out of range, an unknown timezone, a day that never comes', () => {
    assert.equal(parseCron('0 0 1 * * *'), undefined);
    assert.equal(parseCron('0 0 L * *'), undefined);
    assert.equal(parseCron('0 0 * * 5#3'), undefined);
    assert.equal(parseCron('60 0 * * *'), undefined);
    assert.equal(parseCron('0 0 0 * *'), undefined);
    assert.equal(parseCron('*/0 * * * *'), undefined);
    assert.equal(nextRun('0 1 * * *', 'Mars/Olympus', Date.now()), undefined);
    assert.equal(nextRun('0 0 31 2 *', 'UTC', Date.now()), undefined);
    assert.equal(intervalOf('0 0 31 2 *', 'UTC', Date.now()), undefined);
  });
});
