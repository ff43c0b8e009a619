// The Postgres queue (DATAHUB_MESSAGING_TRANSPORT=pgqueue, DataHub PR #17446), scripted:
//   POST /__sandbox/messaging {"transport": "kafka" | "pgqueue", "stuckAhead"?: [{consumer, partition, aheadBy}],
//                              "heartbeatAgeMs"?: {"<group>": ms}}
// and `--messaging pgqueue` at start. Answered as DataHub's code does:
//   - MessagingOperationsController.java: GET /messaging/transport {"transport": "pgqueue", …Topic};
//     GET /messaging/{consumer}/consumer/lag in MessagingLagEnvelope.java, built by PgQueueConsumerLagPort.java:
//     per partition lag = max(0, maxSeq − committed), aheadBy = committed − maxSeq when positive (else null),
//     metadata "STUCK_AHEAD"; in the metrics a stuck partition counts Long.MAX_VALUE / 4 (2305843009213693951),
//     written exactly (past what a JS number holds); usage events are read like the others (not empty as on Kafka);
//     GET /messaging/consumers?topicName= (ConsumerRegistrationResponse.java): 503 {"error": "pgQueue store is
//     not available"} on Kafka, 404 "Topic not found: <name>" for a topic the queue has not.
//   - KafkaTraceReaderFactory.java is @KafkaMessagingEnabled: on pgqueue KafkaController cannot exist, so every
//     /openapi/operations/kafka/** path is unmapped: Spring's 404 (server.ts answers it).
import { CONSUMER_GROUPS, CONSUMERS, lagMetrics, type Consumer, type LagModel } from './lag';
import type { Reply } from './restli';

/** Long.MAX_VALUE / 4: PgQueueConsumerLagPort's lag for a stuck-ahead partition in the metrics. */
export const STUCK_AHEAD_LAG = '2305843009213693951';
/** A placeholder number the JSON text carries until it is swapped for the exact sentinel. */
const PLACEHOLDER = 7_777_777_777_777;

export interface StuckPartition {
  consumer: Consumer;
  partition: number;
  aheadBy: number;
}

export class PgQueueModel {
  on = false;
  stuck: StuckPartition[] = [];
  /** How long ago each group's consumer last polled (default: a second ago, running). */
  heartbeatAgeMs = new Map<string, number>();
  /** When the registrations were made (the sandbox's start). */
  private readonly registeredAt = Date.now() - 3_600_000;

  reset(on: boolean): void {
    this.on = on;
    this.stuck = [];
    this.heartbeatAgeMs.clear();
  }

  /** The lag envelope's JSON text for one consumer (the sentinel written exactly). */
  lagText(model: LagModel, consumer: Consumer, detailed: boolean, now = Date.now()): string {
    const { group, topic } = CONSUMER_GROUPS[consumer];
    const parts = model.partitions(consumer, now).map((p, i) => {
      const stuck = this.stuck.find((s) => s.consumer === consumer && s.partition === i);
      // Stuck ahead: the committed offset is past the log's end (maxSeq = offset + lag).
      if (stuck) return { offset: p.offset + p.lag + stuck.aheadBy, lag: 0, aheadBy: stuck.aheadBy, metadata: 'STUCK_AHEAD', metric: PLACEHOLDER };
      return { offset: p.offset, lag: p.lag, aheadBy: null, metadata: null, metric: p.lag };
    });
    const partitions = Object.fromEntries(parts.map(({ metric: _m, ...p }, i) => [String(i), p]));
    const anyStuck = parts.some((p) => p.metric === PLACEHOLDER);
    const metrics = anyStuck
      ? { maxLag: PLACEHOLDER, medianLag: lagMetrics(parts.map((p) => p.metric)).medianLag, totalLag: PLACEHOLDER, avgLag: PLACEHOLDER }
      : lagMetrics(parts.map((p) => p.lag));
    const body = { transport: 'pgqueue', consumerGroups: { [group]: { [topic]: { partitions: detailed ? partitions : null, metrics } } } };
    return JSON.stringify(body).replaceAll(String(PLACEHOLDER), STUCK_AHEAD_LAG);
  }

  /** GET /messaging/consumers?topicName=: the registrations of the queue's consumers on that topic. */
  consumers(topicName: string, now = Date.now()): Reply {
    const text = (value: unknown, status = 200): Reply => ({ status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) });
    if (!this.on) return text({ error: 'pgQueue store is not available' }, 503);
    const on = CONSUMERS.filter((c) => CONSUMER_GROUPS[c].topic === topicName);
    if (on.length === 0) return text({ error: `Topic not found: ${topicName}` }, 404);
    const groups = [...new Set(on.map((c) => CONSUMER_GROUPS[c].group))];
    return text(
      groups.map((consumerGroup) => ({
        consumerGroup,
        topicName,
        registeredAt: this.registeredAt,
        lastHeartbeatAt: now - (this.heartbeatAgeMs.get(consumerGroup) ?? 1000),
      })),
    );
  }

  /** POST /__sandbox/messaging: validated as a whole before anything changes; an error text or undefined. */
  set(body: Record<string, unknown>): string | undefined {
    const { transport, stuckAhead, heartbeatAgeMs } = body;
    if (transport !== undefined && transport !== 'kafka' && transport !== 'pgqueue') return 'transport must be "kafka" or "pgqueue"';
    const stuck = stuckAhead ?? [];
    const valid = (s: unknown): s is StuckPartition => {
      const o = s as StuckPartition;
      return (
        typeof s === 'object' &&
        s !== null &&
        CONSUMERS.includes(o.consumer) &&
        Number.isInteger(o.partition) &&
        o.partition >= 0 &&
        Number.isInteger(o.aheadBy) &&
        o.aheadBy > 0
      );
    };
    if (!Array.isArray(stuck) || !stuck.every(valid))
      return `stuckAhead must be a list of {consumer: ${CONSUMERS.join('|')}, partition: n >= 0, aheadBy: n > 0}`;
    const ages = heartbeatAgeMs ?? {};
    if (typeof ages !== 'object' || ages === null || !Object.values(ages).every((v) => typeof v === 'number' && v >= 0))
      return 'heartbeatAgeMs must be an object {"<group>": ms >= 0}';
    if (transport !== undefined) this.on = transport === 'pgqueue';
    if (stuckAhead !== undefined) this.stuck = stuck;
    for (const [group, ms] of Object.entries(ages as Record<string, number>)) this.heartbeatAgeMs.set(group, ms);
    return undefined;
  }

  describe(): { transport: 'kafka' | 'pgqueue'; stuckAhead: StuckPartition[] } {
    return { transport: this.on ? 'pgqueue' : 'kafka', stuckAhead: this.stuck };
  }
}
