import { test } from 'node:test';
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import { isOnUrn, urnSpanAt } from '../../../src/restore/logic/cursorOnUrn';

const LINE = 'owner: urn:li:corpuser:jdoe, dataset "urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)" end';

test('on a URN: anywhere inside it, at its ends, and for a selection overlapping it', () => {
  const start = LINE.indexOf('urn:li:corpuser');
  assert.equal(isOnUrn(LINE, start), true);
  assert.equal(isOnUrn(LINE, start + 10), true);
  assert.equal(isOnUrn(LINE, start + 'urn:li:corpuser:jdoe'.length), true, 'right after its last character');
  const hive = LINE.indexOf('hive');
  assert.equal(isOnUrn(LINE, hive), true, 'inside the nested URN of a tuple key');
  assert.equal(isOnUrn(LINE, 0, 0, LINE.length), true, 'a selection over the line');
});

test('off a URN: plain words, the gap between URNs, a line without one', () => {
  assert.equal(isOnUrn(LINE, 2), false);
  assert.equal(isOnUrn(LINE, LINE.indexOf('dataset "') + 2), false);
  assert.equal(isOnUrn(LINE, LINE.length), false);
  assert.equal(isOnUrn('no identifiers here at all', 5), false);
  assert.equal(isOnUrn('', 0), false);
  assert.equal(isOnUrn('turn left', 2), false, '"urn" inside a word is not a URN');
  assert.equal(isOnUrn('urn:li:', 3), false, 'a prefix without a key');
});

test('a URL-encoded URN in a DataHub link counts', () => {
  const link = 'see https://datahub.example.com/dataset/urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.t%2CPROD%29/Schema';
  assert.equal(isOnUrn(link, link.indexOf('urn%3A') + 12), true);
  assert.equal(isOnUrn(link, 2), false);
});

test('the highlighted span is the whole outer URN', () => {
  const hive = LINE.indexOf('hive');
  const span = urnSpanAt(LINE, hive);
  assert.ok(span);
  assert.equal(LINE.slice(...span), 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)');
  assert.equal(urnSpanAt(LINE, 2), undefined);
});

/** Median cost of one call in microseconds over `rounds` calls. */
function medianMicros(run: () => void, rounds = 400): number {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    run();
    times.push((performance.now() - t) * 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

test('cheap on a 1 MB line: only a window around the cursor is read', (t) => {
  const filler = 'abcdefghij '.repeat(100_000);
  const urn = 'urn:li:dataset:(urn:li:dataPlatform:kafka,orders,PROD)';
  const line = `${filler}${urn} ${filler}`;
  const onUrn = filler.length + 20;
  assert.equal(isOnUrn(line, onUrn), true);
  assert.equal(isOnUrn(line, 500_000), false);
  const offCost = medianMicros(() => isOnUrn(line, 500_000));
  const onCost = medianMicros(() => isOnUrn(line, onUrn));
  const nearCost = medianMicros(() => isOnUrn(line, filler.length - 500));
  t.diagnostic(`1.1 MB line: off a URN ${offCost.toFixed(1)} µs, on a URN ${onCost.toFixed(1)} µs, 500 chars before one ${nearCost.toFixed(1)} µs (medians)`);
  // Scanning the whole line takes milliseconds; a window-only check stays far below one.
  assert.ok(offCost < 200, `off a URN: ${offCost} µs`);
  assert.ok(onCost < 1000, `on a URN: ${onCost} µs`);
  assert.ok(nearCost < 1000, `near a URN: ${nearCost} µs`);
});
