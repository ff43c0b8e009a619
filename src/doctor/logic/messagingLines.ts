// The Doctor's lines from DataHub's messaging operations (MessagingOperationsController.java), on either
// transport: which one carries the events (Kafka, or the Postgres queue since DataHub #17446), the lag
// per consumer (MessagingLagEnvelope.java; PgQueueConsumerLagPort.java reports a partition committed past
// its log's end as "STUCK_AHEAD" with a sentinel lag, said here as stuck with the way out), the Postgres
// queue's registered consumers, and what Kafka alone offers said as such on the queue, never an error.

import type { ConsumerLag, ConsumerLagTopic, MessagingTransportInfo, RegisteredConsumers } from '../../gms/types';
import { formatDuration } from '../../shared/format';
import { cap, capDetails, failedReadingLine, MANAGE_SYSTEM_OPERATIONS, type DoctorLine, type Reading } from './report';
import { consumerName, KEEPING_UP_LAG } from './kafkaLines';
import { Commands } from '../../shared/commandIds';

const TRANSPORT_SOURCE = 'GET /openapi/operations/messaging/transport';
const LAG_SOURCE = 'GET /openapi/operations/messaging/{consumer}/consumer/lag';
const CONSUMERS_SOURCE = 'GET /openapi/operations/messaging/consumers';
const MESSAGING_SINCE = "the release with DataHub's messaging operations";
/** A registered consumer whose last heartbeat is older than this is not polling (it beats every poll cycle). */
export const HEARTBEAT_STALE_MS = 5 * 60_000;
/** Registered consumers shown as lines, over every topic. */
export const REGISTERED_LINES_MAX = 20;
/** What a Postgres-queue line says of a stuck-ahead partition's way out. */
export const STUCK_WAY_OUT = "reset its offsets to the log's end: Reset Consumer Offsets (the server's dry run first)";

export type Transport = 'kafka' | 'pgqueue' | 'unknown';

/** The transport a reading names; 'unknown' when the server has no messaging operations (Kafka, then). */
export function transportOf(reading: Reading<MessagingTransportInfo> | undefined): Transport {
  if (!reading?.ok) return 'unknown';
  return reading.value.transport === 'pgqueue' ? 'pgqueue' : reading.value.transport === 'kafka' ? 'kafka' : 'unknown';
}

export function transportLine(reading: Reading<MessagingTransportInfo>): DoctorLine {
  const base = { id: 'transport', title: 'Messaging transport', source: TRANSPORT_SOURCE };
  if (!reading.ok) return failedReadingLine({ ...base, privilege: MANAGE_SYSTEM_OPERATIONS, offeredSince: MESSAGING_SINCE }, reading.error, reading.ms);
  const t = reading.value.transport;
  const said = t === 'pgqueue' ? 'the Postgres queue (pgqueue): no Kafka' : t === 'kafka' ? 'Kafka' : `"${cap(t, 40)}"`;
  return { ...base, verdict: 'ok', summary: `events go through ${said}`, figures: { transport: cap(t, 40) } };
}

function lagLine(consumer: string, t: ConsumerLagTopic, transport: Transport): DoctorLine {
  const name = consumerName(t.group);
  const id = `messagingLag:${consumer}:${cap(t.topic, 120)}`;
  const base = { id, title: `${name}: ${cap(t.topic, 80)}`, source: LAG_SOURCE.replace('{consumer}', consumer) };
  const figures: Record<string, number | string | boolean> = {
    consumer,
    groupId: cap(t.group, 200),
    topic: cap(t.topic, 200),
    totalLag: t.totalLag,
    transport,
  };
  const lag = t.totalLag.toLocaleString('en-US');
  if (t.stuck) {
    const parts = t.stuck.partitions;
    figures.stuckPartitions = parts.join(',');
    figures.aheadBy = t.stuck.aheadBy;
    const which = parts.length === 0 ? 'a partition' : `partition${parts.length === 1 ? '' : 's'} ${parts.map((p) => cap(p, 12)).join(', ')}`;
    const ahead = t.stuck.aheadBy > 0 ? ` by ${t.stuck.aheadBy.toLocaleString('en-US')}` : '';
    return {
      ...base,
      verdict: 'failing',
      summary: `stuck: ${which} committed past the log's end${ahead}; new messages there are skipped until the log catches up (lag elsewhere ${lag})`,
      figures,
      nextStep: STUCK_WAY_OUT,
      nextCommand: Commands.resetConsumerOffsets,
      details: capDetails([`group ${t.group}`, ...parts.map((p) => `partition ${p}: STUCK_AHEAD`)]),
    };
  }
  if (t.totalLag <= 0) return { ...base, verdict: 'ok', summary: 'no lag', figures };
  if (t.totalLag <= KEEPING_UP_LAG) return { ...base, verdict: 'ok', summary: `keeping up (lag ${lag})`, figures };
  return {
    ...base,
    verdict: 'warning',
    summary: `behind by ${lag} message(s)`,
    figures,
    nextStep: 'it consumes slower than writes arrive, or has stopped: look at its log and resources; read again to see it move',
  };
}

/**
 * One line per consumer and topic from the messaging lag. `readGroups` are groups another line read now
 * (Kafka's consumer-group lines): left out, they are the same group. A reading that failed is a line of its
 * own only on the Postgres queue, where nothing else tells the lag (on Kafka the consumer-group lines say it).
 */
export function messagingLagLines(
  readings: ReadonlyArray<{ consumer: string; reading: Reading<ConsumerLag> }>,
  transport: Transport,
  readGroups: ReadonlySet<string>,
): DoctorLine[] {
  const lines: DoctorLine[] = [];
  for (const { consumer, reading } of readings) {
    if (!reading.ok) {
      if (transport === 'pgqueue')
        lines.push(
          failedReadingLine(
            {
              id: `messagingLag:${consumer}`,
              title: `Lag of ${consumer}`,
              source: LAG_SOURCE.replace('{consumer}', consumer),
              privilege: MANAGE_SYSTEM_OPERATIONS,
            },
            reading.error,
            reading.ms,
          ),
        );
      continue;
    }
    for (const t of reading.value.topics) if (!readGroups.has(t.group)) lines.push(lagLine(consumer, t, transport));
  }
  return lines;
}

/** One line per consumer registered with the Postgres queue (at most REGISTERED_LINES_MAX, then "+N more"). */
export function registeredConsumerLines(readings: ReadonlyArray<Reading<RegisteredConsumers>>, now: number): DoctorLine[] {
  const lines: DoctorLine[] = [];
  let more = 0;
  for (const r of readings) {
    if (!r.ok) {
      lines.push(
        failedReadingLine({ id: 'registered', title: 'Registered consumers', source: CONSUMERS_SOURCE, privilege: MANAGE_SYSTEM_OPERATIONS }, r.error, r.ms),
      );
      continue;
    }
    more += r.value.more;
    for (const c of r.value.consumers) {
      if (lines.length >= REGISTERED_LINES_MAX) {
        more++;
        continue;
      }
      const id = `registered:${cap(c.consumerGroup, 120)}:${cap(c.topicName, 120)}`;
      const title = `Registered: ${consumerName(c.consumerGroup)} on ${cap(c.topicName, 80)}`;
      const figures: Record<string, number | string | boolean> = { groupId: cap(c.consumerGroup, 200), topic: cap(c.topicName, 200) };
      const base = { id, title, source: `${CONSUMERS_SOURCE}?topicName=`, figures };
      if (c.lastHeartbeatAt === undefined) {
        lines.push({ ...base, verdict: 'ok', summary: 'registered (no heartbeat time given)' });
        continue;
      }
      const age = Math.max(0, now - c.lastHeartbeatAt);
      figures.heartbeatAgeMs = age;
      if (age > HEARTBEAT_STALE_MS)
        lines.push({
          ...base,
          verdict: 'warning',
          summary: `last heartbeat ${formatDuration(age)} ago: not polling`,
          nextStep: `the ${consumerName(c.consumerGroup)} is down or stuck: restart it (the queue keeps what a registered consumer has not read)`,
        });
      else lines.push({ ...base, verdict: 'ok', summary: `polling (heartbeat ${formatDuration(age)} ago)` });
    }
  }
  if (more > 0)
    lines.push({
      id: 'registered:more',
      title: `+${more.toLocaleString('en-US')} more registered consumers`,
      source: CONSUMERS_SOURCE,
      verdict: 'warning',
      summary: `not shown: only the first ${REGISTERED_LINES_MAX} are lines`,
      figures: { more },
    });
  return lines;
}

/** What only Kafka offers, on the Postgres queue: said as such (not offered there), never an error. */
export function notOnQueueLines(): DoctorLine[] {
  const notOffered = (id: string, title: string, source: string, summary: string, nextStep?: string): DoctorLine => ({
    id,
    title,
    source,
    verdict: 'notOffered',
    summary,
    figures: { transport: 'pgqueue' },
    ...(nextStep ? { nextStep } : {}),
  });
  return [
    notOffered(
      'consumers',
      'Kafka consumer groups',
      'GET /openapi/operations/kafka/consumer-groups',
      'not offered on the Postgres queue: the lag and registered consumers above stand in',
    ),
    notOffered(
      'failedMcps',
      'Failed writes (mcp-failed)',
      'GET /openapi/operations/kafka/messages/mcp-failed',
      'cannot be browsed on the Postgres queue: DataHub has no HTTP endpoint for them on this transport (they stay in the queue topic FailedMetadataChangeProposal_v1 for its retention, 7 days by default)',
      "read them with SQL on the queue's schema or DataHub's Python pgqueue consumer",
    ),
  ];
}
