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

/**
 * The cost of `window` against `whole`, per call: each the median of 15 batches, the two batches taken in
 * turn so a busy machine (other test stages on the same cores) slows both alike; only their ratio is judged.
 */
function costs(window: () => void, whole: () => void, batch = 20): { window: number; whole: number } {
  const a: number[] = [];
  const b: number[] = [];
  const time = (fn: () => void) => {
    const t = performance.now();
    for (let i = 0; i < batch; i++) fn();
    return (performance.now() - t) / batch;
  };
  for (let round = 0; round < 15; round++) {
    a.push(time(window));
    b.push(time(whole));
  }
  const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  return { window: median(a), whole: median(b) };
}

test('cheap on a 1 MB line: only a window around the cursor is read', (t) => {
  const filler = 'abcdefghij '.repeat(100_000);
  const urn = 'urn:li:dataset:(urn:li:dataPlatform:kafka,orders,PROD)';
  const line = `${filler}${urn} ${filler}`;
  const onUrn = filler.length + 20;
  assert.equal(isOnUrn(line, onUrn), true);
  assert.equal(isOnUrn(line, 500_000), false);
  // What reading the whole line costs: one pass of a URN pattern over it (a check that scanned the line would pay at least this).
  const pattern = /urn:li:[A-Za-z]+:\S+/g;
  const wholeLine = () => {
    pattern.lastIndex = 0;
    while (pattern.exec(line) !== null);
  };
  for (const [what, at] of [
    ['off a URN', 500_000],
    ['on a URN', onUrn],
    ['500 chars before one', filler.length - 500],
  ] as const) {
    const c = costs(() => isOnUrn(line, at), wholeLine);
    t.diagnostic(`1.1 MB line, ${what}: ${(c.window * 1000).toFixed(1)} µs a call; the whole line read once: ${(c.whole * 1000).toFixed(0)} µs (medians)`);
    // A window-only check costs a fraction of one pass over the line (a tenth and less here), however busy the machine;
    // one that read the whole line would cost at least the pass.
    assert.ok(c.window * 3 < c.whole, `${what}: ${(c.window * 1000).toFixed(1)} µs against ${(c.whole * 1000).toFixed(0)} µs for the whole line`);
  }
});
