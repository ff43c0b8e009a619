// Cutoff parsing: local midnight, real dates, the future, epoch ms vs seconds.
// A fixed zone with DST makes "local midnight" testable anywhere.
process.env.TZ = 'America/New_York';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { daysAgo, formatCutoffTime, parseCutoff, presetCutoff, validateEndTimeMillis } from '../../../src/truncate/logic/cutoff';

const now = new Date('2025-06-01T16:00:00Z'); // 12:00 in New York (EDT)

function ok(text: string): number {
  const r = parseCutoff(text, now);
  assert.ok(r.ok, `expected "${text}" to parse, got: ${r.ok ? '' : r.message}`);
  return r.cutoff.endTimeMillis;
}
function fails(text: string): string {
  const r = parseCutoff(text, now);
  assert.ok(!r.ok, `expected "${text}" to be refused`);
  return r.message;
}

describe('parseCutoff: dates are local midnight', () => {
  it('reads YYYY-MM-DD as the start of that day in the local zone, in winter and summer time', () => {
    assert.equal(new Date(ok('2025-01-15')).toISOString(), '2025-01-15T05:00:00.000Z'); // EST, UTC-5
    assert.equal(new Date(ok('2025-05-15')).toISOString(), '2025-05-15T04:00:00.000Z'); // EDT, UTC-4
  });
  it('handles the day DST starts (midnight still exists, offset changes later that day)', () => {
    assert.equal(new Date(ok('2025-03-09')).toISOString(), '2025-03-09T05:00:00.000Z');
    assert.equal(new Date(ok('2025-03-10')).toISOString(), '2025-03-10T04:00:00.000Z');
  });
  it('shows the resulting local date, time and offset', () => {
    assert.equal(formatCutoffTime(ok('2025-03-10')), '2025-03-10 00:00 (UTC-04:00)');
    assert.equal(formatCutoffTime(ok('2025-01-15')), '2025-01-15 00:00 (UTC-05:00)');
  });
  it('refuses dates that do not exist, accepts 29 February of a leap year', () => {
    assert.match(fails('2025-02-29'), /not a real date/);
    assert.match(fails('2025-13-01'), /not a real date/);
    assert.match(fails('2025-04-31'), /not a real date/);
    assert.equal(new Date(ok('2024-02-29')).toISOString(), '2024-02-29T05:00:00.000Z');
  });
  it('asks for two-digit month and day', () => {
    assert.match(fails('2025-1-5'), /YYYY-MM-DD/);
  });
});

describe('parseCutoff: nothing in the future', () => {
  it('refuses tomorrow, accepts today (its midnight has passed)', () => {
    assert.match(fails('2025-06-02'), /in the future/);
    assert.equal(new Date(ok('2025-06-01')).toISOString(), '2025-06-01T04:00:00.000Z');
  });
  it('refuses epoch milliseconds one ms after now, accepts now itself', () => {
    assert.match(fails(String(now.getTime() + 1)), /in the future/);
    assert.equal(ok(String(now.getTime())), now.getTime());
  });
  it('checks program-given numbers the same way', () => {
    assert.equal(validateEndTimeMillis(now.getTime() - 1, now), undefined);
    assert.match(validateEndTimeMillis(now.getTime() + 60_000, now) ?? '', /in the future/);
    assert.match(validateEndTimeMillis(1.5, now) ?? '', /whole number/);
    assert.match(validateEndTimeMillis('1735689600000', now) ?? '', /whole number/);
    assert.match(validateEndTimeMillis(-1, now) ?? '', /whole number/);
  });
});

describe('parseCutoff: epoch milliseconds and days', () => {
  it('takes epoch milliseconds as they are', () => {
    assert.equal(ok(' 1735689600000 '), 1735689600000);
  });
  it('spots epoch seconds and offers the millisecond form', () => {
    const message = fails('1735689600');
    assert.match(message, /epoch seconds/);
    assert.match(message, /1735689600000/);
  });
  it('refuses numbers beyond safe integers', () => {
    assert.match(fails('99999999999999999999'), /too large/);
  });
  it('reads "45d" and "45 days" as that many calendar days ago', () => {
    assert.equal(ok('45d'), daysAgo(45, now));
    assert.equal(ok('45 days'), daysAgo(45, now));
    assert.match(fails('0d'), /1 to 36500/);
  });
  it('explains the accepted forms for anything else', () => {
    for (const text of ['', 'last week', '2025/01/01', '-5']) assert.match(fails(text), /YYYY-MM-DD/);
  });
});

describe('presets', () => {
  it('keep the local time of day across a DST change (calendar days, not 24 h blocks)', () => {
    const march = new Date('2025-03-20T16:00:00Z'); // 12:00 EDT
    const c = presetCutoff(30, march);
    assert.equal(formatCutoffTime(c.endTimeMillis), '2025-02-18 12:00 (UTC-05:00)');
    assert.equal(march.getTime() - c.endTimeMillis, 30 * 86_400_000 - 3_600_000);
    assert.equal(c.label, '30 days ago');
  });
  it('365 days before 2025-06-01 is 2024-06-01', () => {
    assert.equal(formatCutoffTime(presetCutoff(365, now).endTimeMillis), '2024-06-01 12:00 (UTC-04:00)');
  });
});
