// Failed proposals grouped by error (counts exact, lists capped), and the replay plan: only ranges of
// offsets that were shown and chosen, never wider; an offset not shown is refused.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { GROUP_LIST_MAX, groupFailedWrites, replayPlan } from '../../../src/doctor/logic/failedWrites';
import type { FailedProposal, KafkaMessage } from '../../../src/gms/types';

const T0 = Date.UTC(2026, 10, 26, 8, 0);
const VALIDATION = 'Failed to validate record with class com.linkedin.schema.SchemaMetadata: ERROR :: /platformSchema :: field is required but not found';
const TIMEOUT = 'io.ebean.DataTimeoutException: Query timed out';

function message(offset: number, failed: FailedProposal, partition = 0): KafkaMessage {
  return { partition, offset, timestamp: T0 + offset * 1000, key: failed.entityUrn, value: {}, valueTruncated: false, replayable: true, failed };
}
const orders = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const job = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load_orders)';

describe('failed writes grouped', () => {
  it('by error summary, most frequent first, with first/last offset and time, URNs and aspects', () => {
    const messages = [
      message(10, { entityUrn: orders, aspectName: 'schemaMetadata', errorSummary: VALIDATION, errorKind: 'validation' }),
      message(11, { entityUrn: job, aspectName: 'status', errorSummary: TIMEOUT, errorKind: 'exception' }),
      message(12, { entityUrn: orders, aspectName: 'schemaMetadata', errorSummary: VALIDATION, errorKind: 'validation' }),
      message(13, { entityUrn: job, aspectName: 'dataJobInfo', errorSummary: VALIDATION, errorKind: 'validation' }),
      { partition: 0, offset: 14, value: 'not a failed proposal', valueTruncated: false, replayable: true },
      message(15, { entityUrn: orders }),
    ];
    const groups = groupFailedWrites(messages);
    assert.deepEqual(
      groups.map((g) => [g.error, g.count]),
      [
        [VALIDATION, 3],
        [TIMEOUT, 1],
        ['(no error text)', 1],
      ],
    );
    const v = groups[0];
    assert.deepEqual(v.first, { partition: 0, offset: 10, timestamp: T0 + 10_000 });
    assert.deepEqual(v.last, { partition: 0, offset: 13, timestamp: T0 + 13_000 });
    assert.deepEqual(v.urns, [orders, job]);
    assert.equal(v.urnCount, 2);
    assert.deepEqual(v.aspects, ['schemaMetadata', 'dataJobInfo']);
    assert.equal(v.errorKind, 'validation');
  });

  it('lists stop at the cap, counts do not; hostile error text is one capped line', () => {
    const messages = Array.from({ length: GROUP_LIST_MAX + 7 }, (_, i) =>
      message(i, { entityUrn: `urn:li:corpuser:u${i}`, aspectName: 'corpUserStatus', errorSummary: `boom\n[x](command:evil)${'!'.repeat(2000)}` }),
    );
    const [g] = groupFailedWrites(messages);
    assert.equal(g.count, GROUP_LIST_MAX + 7);
    assert.equal(g.urns.length, GROUP_LIST_MAX);
    assert.equal(g.urnCount, GROUP_LIST_MAX + 7);
    assert.ok(g.error.length <= 300);
    assert.ok(!g.error.includes('\n') && !g.error.includes(']('));
  });
});

describe('replay plan', () => {
  const shown = [0, 1, 2, 3, 5, 6, 9].map((offset) => ({ partition: 0, offset })).concat([{ partition: 2, offset: 40 }]);

  it('contiguous runs of chosen, shown offsets per partition, dry run by default', () => {
    const plan = replayPlan(shown, [2, 1, 3, 5, 6, 9].map((offset) => ({ partition: 0, offset })).concat([{ partition: 2, offset: 40 }]));
    assert.ok(plan.ok);
    assert.equal(plan.offsets, 7);
    assert.deepEqual(plan.requests, [
      { partition: 0, startOffset: 1, endOffset: 3, count: 3, dryRun: true },
      { partition: 0, startOffset: 5, endOffset: 6, count: 2, dryRun: true },
      { partition: 0, startOffset: 9, endOffset: 9, count: 1, dryRun: true },
      { partition: 2, startOffset: 40, endOffset: 40, count: 1, dryRun: true },
    ]);
  });

  it('never widens: offsets 3 and 5 chosen stay apart (4 was not shown), and a chosen gap splits', () => {
    const plan = replayPlan(
      shown,
      [3, 5].map((offset) => ({ partition: 0, offset })),
      { dryRun: false },
    );
    assert.ok(plan.ok);
    assert.deepEqual(
      plan.requests.map((r) => [r.startOffset, r.endOffset, r.dryRun]),
      [
        [3, 3, false],
        [5, 5, false],
      ],
    );
    const skip = replayPlan(
      shown,
      [0, 2].map((offset) => ({ partition: 0, offset })),
    );
    assert.ok(skip.ok);
    assert.equal(skip.requests.length, 2);
  });

  it('refuses an offset that was not shown, naming it, and plans nothing', () => {
    const plan = replayPlan(shown, [
      { partition: 0, offset: 1 },
      { partition: 0, offset: 4 },
    ]);
    assert.deepEqual(plan, { ok: false, message: 'Offset 4 of partition 0 was not shown: only messages on the list can be replayed; nothing replayed.' });
    const otherPartition = replayPlan(shown, [{ partition: 1, offset: 0 }]);
    assert.equal(otherPartition.ok, false);
  });

  it('refuses an empty choice and positions that are not whole numbers', () => {
    assert.equal(replayPlan(shown, []).ok, false);
    const bad = replayPlan(shown, [{ partition: 0, offset: 1.5 }]);
    assert.ok(!bad.ok);
    assert.match(bad.message, /not a message position/);
  });

  it('splits a run longer than one replay takes (100)', () => {
    const many = Array.from({ length: 250 }, (_, offset) => ({ partition: 0, offset: 1000 + offset }));
    const plan = replayPlan(many, many);
    assert.ok(plan.ok);
    assert.deepEqual(
      plan.requests.map((r) => [r.startOffset, r.endOffset, r.count]),
      [
        [1000, 1099, 100],
        [1100, 1199, 100],
        [1200, 1249, 50],
      ],
    );
  });
});
