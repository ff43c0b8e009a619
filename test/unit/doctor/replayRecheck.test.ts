import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { KafkaMessage } from '../../../src/gms/types';
import { listedWrite, parseReplayed, positionKey, recheckRange, replayedSince, replayedText } from '../../../src/doctor/logic/replayRecheck';
import { movedSinceDryRun } from '../../../src/doctor/logic/resetPlan';

const msg = (offset: number, urn = `urn:li:dataset:${offset}`, aspect = 'status'): KafkaMessage => ({
  partition: 0,
  offset,
  value: {},
  valueTruncated: false,
  replayable: true,
  failed: { entityUrn: urn, aspectName: aspect } as KafkaMessage['failed'],
});
const listed = new Map([3, 4, 5, 6, 7].map((o) => [positionKey(0, o), listedWrite(msg(o))]));

test('a range read again as listed is sent whole', () => {
  const r = recheckRange(
    { partition: 0, startOffset: 3, endOffset: 7, count: 5, dryRun: false },
    listed,
    [3, 4, 5, 6, 7].map((o) => msg(o)),
    new Set(),
  );
  assert.deepEqual(r.requests, [{ partition: 0, startOffset: 3, endOffset: 7, count: 5, dryRun: false }]);
  assert.deepEqual(r.leftOut, []);
});

test('gone, changed and already replayed offsets are left out with why, and the rest split into runs', () => {
  const reread = [msg(3), msg(5, 'urn:li:dataset:other'), msg(6), msg(7), { ...msg(99), partition: 1 }];
  const r = recheckRange({ partition: 0, startOffset: 3, endOffset: 7, count: 5, dryRun: true }, listed, reread, new Set([positionKey(0, 7)]));
  assert.deepEqual(
    r.requests.map((q) => [q.startOffset, q.endOffset, q.count, q.dryRun]),
    [
      [3, 3, 1, true],
      [6, 6, 1, true],
    ],
  );
  assert.deepEqual(r.leftOut, [
    { target: 'partition 0 offset 4', why: 'no longer in mcp-failed' },
    { target: 'partition 0 offset 5', why: 'now another proposal than the one listed' },
    { target: 'partition 0 offset 7', why: 'already replayed' },
  ]);
});

test('the record of replayed offsets: only its server, well-formed entries, recent ones; those since the list was read', () => {
  const text = replayedText([['0:1', 100]], ['0:2', '0:3'], 500, 'http://gms');
  const entries = parseReplayed(text, 'http://gms', 0);
  assert.deepEqual(entries, [
    ['0:1', 100],
    ['0:2', 500],
    ['0:3', 500],
  ]);
  assert.deepEqual(parseReplayed(text, 'http://other', 0), []);
  assert.deepEqual(parseReplayed(text, 'http://gms', 200).length, 2, 'older entries dropped');
  assert.deepEqual([...replayedSince(entries, 300)], ['0:2', '0:3']);
  const hostile = JSON.stringify({ gmsOrigin: 'http://gms', replayed: [['0:1', 1], ['../x', 1], ['0:2'], 'x', ['0:3', 'soon']] });
  assert.deepEqual(parseReplayed(hostile, 'http://gms', 0), [['0:1', 1]]);
  assert.deepEqual(parseReplayed('not json', 'http://gms', 0), []);
});

test('a partition whose committed offset moved since the dry run is left out', () => {
  const p = { partition: 2, from: 1000, to: 0, change: -1000 };
  assert.equal(movedSinceDryRun(p, 1000), undefined);
  assert.deepEqual(movedSinceDryRun(p, 1200), { target: 'partition 2 (1,000 → now 1,200)', why: 'offset moved since the dry run' });
  assert.deepEqual(movedSinceDryRun(p, undefined), { target: 'partition 2', why: 'no longer listed by the server' });
});
