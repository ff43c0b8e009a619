import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  formatBytes,
  formatClock,
  formatDateTime,
  formatDuration,
  formatExactMb,
  formatIndexCount,
  formatRows,
  formatShare,
  formatSize,
  formatUtcOffset,
} from '../../../src/shared/format';

test('sizes use decimal units with three significant digits', () => {
  assert.equal(formatSize(0.000208), '208 B');
  assert.equal(formatSize(0.208), '208 kB');
  assert.equal(formatSize(1532.771), '1.53 GB');
  assert.equal(formatSize(18342.113), '18.3 GB');
  assert.equal(formatSize(640.5), '641 MB');
  assert.equal(formatSize(12.75), '12.8 MB');
  assert.equal(formatSize(2711.05), '2.71 GB');
});

test('sizes at unit edges', () => {
  assert.equal(formatBytes(0), '0 B');
  assert.equal(formatBytes(999), '999 B');
  assert.equal(formatBytes(999.4), '999 B');
  // 999.5 B rounds to 1000 B, which is 1 kB, never "1000 B".
  assert.equal(formatBytes(999.5), '1 kB');
  assert.equal(formatBytes(1000), '1 kB');
  assert.equal(formatBytes(999_499), '999 kB');
  assert.equal(formatBytes(999_949), '1 MB');
  assert.equal(formatBytes(999_960), '1 MB');
  assert.equal(formatBytes(1e9), '1 GB');
  assert.equal(formatBytes(1.5e12), '1.5 TB');
  assert.equal(formatBytes(1e18), '1000 PB');
});

test('trailing zeros are dropped, never significant digits', () => {
  assert.equal(formatSize(1000), '1 GB');
  assert.equal(formatSize(1500), '1.5 GB');
  assert.equal(formatSize(420), '420 MB');
  assert.equal(formatSize(100), '100 MB');
});

test('unknown, negative and non-finite sizes read "unknown size"', () => {
  assert.equal(formatSize(null), 'unknown size');
  assert.equal(formatSize(undefined), 'unknown size');
  assert.equal(formatSize(-3), 'unknown size');
  assert.equal(formatSize(Number.NaN), 'unknown size');
  assert.equal(formatSize(Number.POSITIVE_INFINITY), 'unknown size');
});

test('exact megabytes and shares', () => {
  assert.equal(formatExactMb(18342.113), '18,342.113 MB');
  assert.equal(formatExactMb(0.000208), '0.000208 MB');
  assert.equal(formatExactMb(null), 'unknown size');
  assert.equal(formatShare(50, 200), '25%');
  assert.equal(formatShare(1, 3), '33.3%');
  assert.equal(formatShare(0.000208, 33188), '<0.1%');
  assert.equal(formatShare(0, 100), '0%');
  assert.equal(formatShare(10, 0), undefined);
  assert.equal(formatShare(null, 100), undefined);
});

test('counts and clock', () => {
  assert.equal(formatIndexCount(1), '1 index');
  assert.equal(formatIndexCount(0), '0 indices');
  assert.equal(formatIndexCount(9), '9 indices');
  assert.equal(formatClock(new Date(2025, 0, 1, 9, 5)), '09:05');
  assert.equal(formatClock(new Date(2025, 0, 1, 22, 42)), '22:42');
});

test('one date-time format: local date and time to the minute, with the offset', () => {
  const at = new Date(2026, 10, 23, 14, 5).getTime();
  assert.match(formatDateTime(at), /^2026-11-23 14:05 \(UTC[+-]\d\d:\d\d\)$/);
  assert.match(formatDateTime(at + 59_999), /^2026-11-23 14:05 \(UTC[+-]\d\d:\d\d\)$/);
  assert.match(formatDateTime(new Date(2026, 0, 2, 3, 4).getTime()), /^2026-01-02 03:04 \(UTC[+-]\d\d:\d\d\)$/);
  assert.equal(formatDateTime(at).endsWith(`(${formatUtcOffset(at)})`), true);
  assert.equal(formatDateTime(Number.NaN), 'unknown time');
});

test('one duration format: never "0.0 s"', () => {
  assert.equal(formatDuration(0), 'under 0.1 s');
  assert.equal(formatDuration(49), 'under 0.1 s');
  assert.equal(formatDuration(99), 'under 0.1 s');
  assert.equal(formatDuration(100), '0.1 s');
  assert.equal(formatDuration(3200), '3.2 s');
  assert.equal(formatDuration(42_400), '42 s');
  assert.equal(formatDuration(125_000), '2 min 05 s');
  assert.equal(formatDuration(3_725_000), '1 h 02 min');
  assert.equal(formatDuration(-1), 'unknown');
  assert.equal(formatDuration(Number.POSITIVE_INFINITY), 'unknown');
});

test('rows are counted as rows', () => {
  assert.equal(formatRows(1), '1 row');
  assert.equal(formatRows(0), '0 rows');
  assert.equal(formatRows(1234), '1,234 rows');
});
