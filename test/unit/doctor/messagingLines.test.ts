// The Doctor's messaging lines (src/doctor/logic/messagingLines.ts) and the lag answer they read
// (lagTopics in src/gms/openapi/health.ts): the Postgres queue's stuck-ahead partition (its sentinel lag,
// 2305843009213693951 per PgQueueConsumerLagPort.java, arriving rounded) said as stuck and kept out of
// the totals, registered consumers as lines (capped), and Kafka-only lines said as not offered there.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { lagTopics } from '../../../src/gms/openapi/health';
import { compareTopic, describeLag } from '../../../src/shared/searchLag';
import {
  messagingLagLines,
  notOnQueueLines,
  REGISTERED_LINES_MAX,
  registeredConsumerLines,
  transportLine,
  transportOf,
} from '../../../src/doctor/logic/messagingLines';
import type { Reading } from '../../../src/doctor/logic/report';
import type { ConsumerLag, RegisteredConsumers } from '../../../src/gms/types';

const MAE = 'generic-mae-consumer-job-client';
const MCL = 'MetadataChangeLog_Versioned_v1';
const ok = <T>(value: T): Reading<T> => ({ ok: true, value, ms: 5 });
const NOW = Date.UTC(2026, 10, 27, 12);

/** The envelope's consumerGroups as DataHub's text parses in JavaScript (the sentinel rounded to 2^61). */
const queueAnswer = JSON.parse(
  `{"${MAE}":{"${MCL}":{"partitions":{"0":{"offset":100,"lag":40,"aheadBy":null,"metadata":null},"1":{"offset":900,"lag":0,"aheadBy":228,"metadata":"STUCK_AHEAD"},"2":{"offset":50,"lag":10}},"metrics":{"maxLag":2305843009213693951,"medianLag":40,"totalLag":2305843009213694001,"avgLag":768614336404564650}}}}`,
) as Record<string, Record<string, { metrics?: unknown; partitions?: unknown }>>;

describe('the messaging lag on the Postgres queue', () => {
  it('a stuck-ahead partition is apart: named with how far ahead, its sentinel in no total', () => {
    const [t] = lagTopics(queueAnswer);
    assert.deepEqual(t.stuck, { partitions: ['1'], aheadBy: 228, ahead: { '1': 228 } });
    assert.equal(t.totalLag, 50);
    assert.equal(t.maxLag, 40);
    // Metrics alone (detailed=false): the sentinel (or an overflowed sum below 0) still says stuck, without the partition.
    const [m] = lagTopics({ g: { t: { metrics: { maxLag: 2 ** 61, totalLag: -4611686018427387904 } } } });
    assert.deepEqual(m.stuck, { partitions: [], aheadBy: 0, ahead: {} });
    assert.equal(m.totalLag, 0);
    const [kafka] = lagTopics({ g: { t: { metrics: { maxLag: 7, totalLag: 12 } } } });
    assert.equal(kafka.stuck, undefined);
    assert.equal(kafka.totalLag, 12);
  });

  it('Search Health says it as stuck with the way out', () => {
    const view = compareTopic(undefined, lagTopics(queueAnswer)[0], 0);
    assert.equal(view.state, 'stuck');
    assert.match(describeLag(view), /^stuck: partition 1 committed past the log's end .*Reset Consumer Offsets/);
  });

  it("the Doctor's line: failing, stuck, the way out, never the sentinel", () => {
    const lag: ConsumerLag = { consumer: 'mcl', endpoint: 'messaging', transport: 'pgqueue', topics: lagTopics(queueAnswer), at: NOW };
    const [line] = messagingLagLines([{ consumer: 'mcl', reading: ok(lag) }], 'pgqueue', new Set());
    assert.equal(line.id, `messagingLag:mcl:${MCL}`);
    assert.equal(line.verdict, 'failing');
    assert.match(line.summary, /^stuck: partition 1 committed past the log's end by 228; .*\(lag elsewhere 50\)$/);
    assert.match(line.nextStep ?? '', /Reset Consumer Offsets/);
    assert.ok(!JSON.stringify(line).includes('2305843'));
    assert.deepEqual(messagingLagLines([{ consumer: 'mcl', reading: ok(lag) }], 'kafka', new Set([MAE])), [], 'a group a Kafka line read is left out');
  });

  it('a failed reading is a line only on the queue', () => {
    const failed: Reading<ConsumerLag> = { ok: false, error: new Error('boom'), ms: 3 };
    assert.equal(messagingLagLines([{ consumer: 'mcp', reading: failed }], 'kafka', new Set()).length, 0);
    assert.equal(messagingLagLines([{ consumer: 'mcp', reading: failed }], 'pgqueue', new Set())[0].verdict, 'unreadable');
  });
});

describe('the transport, registered consumers and what only Kafka offers', () => {
  it('the transport in words', () => {
    const queue = ok({ endpoint: 'GET /x', transport: 'pgqueue', topics: {} });
    assert.equal(transportOf(queue), 'pgqueue');
    assert.match(transportLine(queue).summary, /Postgres queue/);
    assert.equal(transportOf({ ok: false, error: new Error('x'), ms: 1 }), 'unknown');
  });

  it('registered consumers: a line each (stale heartbeat a warning), capped with "+N more"', () => {
    const many: RegisteredConsumers = {
      endpoint: 'GET /c',
      topicName: MCL,
      consumers: Array.from({ length: REGISTERED_LINES_MAX + 3 }, (_, i) => ({
        consumerGroup: `g${i}`,
        topicName: MCL,
        lastHeartbeatAt: NOW - (i === 0 ? 600_000 : 1000),
      })),
      more: 2,
    };
    const lines = registeredConsumerLines([ok(many)], NOW);
    assert.equal(lines.length, REGISTERED_LINES_MAX + 1);
    assert.equal(lines[0].verdict, 'warning');
    assert.match(lines[0].summary, /not polling/);
    assert.equal(lines[1].verdict, 'ok');
    assert.equal(lines.at(-1)?.title, '+5 more registered consumers');
    assert.equal(new Set(lines.map((l) => l.id)).size, lines.length);
  });

  it('Kafka-only lines on the queue: not offered there, never an error', () => {
    const lines = notOnQueueLines();
    assert.deepEqual(
      lines.map((l) => [l.id, l.verdict]),
      [
        ['consumers', 'notOffered'],
        ['failedMcps', 'notOffered'],
      ],
    );
    assert.match(lines[0].summary, /not offered on the Postgres queue/);
    assert.match(lines[1].summary, /cannot be browsed on the Postgres queue/);
  });
});
