// Consumer offsets reset in the sandbox, as DataHub's code does it:
//   POST /openapi/operations/kafka/consumer-groups/{groupId}/offsets/reset   KafkaController.java (resetConsumerGroupOffsets)
//     and KafkaAdminService.resetConsumerGroupOffsets: body {topic (alias), strategy, value, partitions, dryRun
//     (default false)}; the committed offsets of the topic's partitions, filtered; earliest (0 here: nothing is
//     deleted), latest (the end), to-offset (the value), shift-by (max(0, current + value)); every
//     KafkaAdminException is a 400 {"error"}, among them Kafka refusing to alter the offsets of a group with
//     members (an active group); a dry run works on an active group.
//   POST /openapi/operations/messaging/consumer/offsets/reset   PgQueueMessagingOperationsController.java and
//     EbeanPostgresMetadataQueueStore.resetConsumerOffsets: {consumerGroup?, topicName?, partitionId?,
//     onlyStuckAhead = true}: the committed offset set to the log's end (MAX(enqueue_seq)); no dry run;
//     a topic the queue has not: 404 "Topic not found: <name>".
// What was reset for real is kept (GET /__sandbox/messaging/resets) and the queue's stuck partitions cleared.
import { DATAHUB_GROUPS, DATAHUB_TOPICS } from './doctorData';
import { actorOf, mso, type DoctorCall } from './doctorReply';
import { CONSUMER_GROUPS, CONSUMERS } from './lag';
import type { Reply } from './restli';
import type { Runtime } from './runtime';
import { json, springError } from './spring';

export interface AppliedReset {
  transport: 'kafka' | 'pgqueue';
  group: string;
  topic: string;
  partition: number;
  from: number;
  to: number;
}

function body(raw: string): Record<string, unknown> | undefined {
  if (raw.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function kafkaReset(c: DoctorCall, groupId: string, now: number): Reply {
  if (!mso(c.caller)) return json({ error: `${actorOf(c.caller)} is not authorized to perform resetConsumerGroupOffsets` }, 403);
  const b = body(c.raw);
  if (!b) return springError(400, c.path);
  const bad = (error: string) => json({ error }, 400);
  if (typeof b.topic !== 'string' || typeof b.strategy !== 'string') return bad('Topic and strategy are required');
  const group = DATAHUB_GROUPS.find((g) => g.groupId === groupId);
  if (!group) return bad(`Consumer group is not a DataHub consumer group: ${groupId}. Valid groups: [${DATAHUB_GROUPS.map((g) => g.groupId).join(', ')}]`);
  const alias = b.topic.trim().toLowerCase();
  const topic = DATAHUB_TOPICS.find((t) => t.alias === alias);
  if (!topic) return bad(`Invalid topic alias: ${b.topic}. Must be one of: [${DATAHUB_TOPICS.map((t) => t.alias).join(', ')}]`);
  const wanted = Array.isArray(b.partitions) ? (b.partitions as unknown[]).filter((p): p is number => Number.isInteger(p)) : undefined;
  const sim = c.rt.doctor;
  sim.settle(now);
  const offsets = sim
    .groupOffsets(groupId, group.topics, now)
    .filter((o) => o.topic === topic.name && (wanted === undefined || wanted.includes(o.partition)))
    .map((o) => ({ ...o, current: c.rt.offsetOverride(groupId, o.topic, o.partition) ?? o.current }));
  if (offsets.length === 0) return bad(`No partitions found for topic '${alias}' in consumer group '${groupId}'`);
  const value = typeof b.value === 'string' ? Number(b.value) : undefined;
  const target = (current: number, end: number): number | string => {
    switch (b.strategy) {
      case 'earliest':
        return 0;
      case 'latest':
        return end;
      case 'to-offset':
        return value === undefined ? 'Value is required for to-offset strategy' : Number.isInteger(value) ? value : `For input string: "${String(b.value)}"`;
      case 'shift-by':
        return value === undefined
          ? 'Value is required for shift-by strategy'
          : Number.isInteger(value)
            ? Math.max(0, current + value)
            : `For input string: "${String(b.value)}"`;
      default:
        return `Unsupported strategy: ${String(b.strategy)}`;
    }
  };
  const partitionResets = [];
  for (const o of offsets) {
    const to = target(o.current, o.end);
    if (typeof to === 'string') return bad(`Failed to reset consumer group offsets: ${to}`);
    partitionResets.push({ partition: o.partition, previousOffset: o.current, newOffset: to, offsetChange: to - o.current });
  }
  const dryRun = b.dryRun === true;
  // Kafka refuses to alter the offsets of a group that has members (AdminClient.alterConsumerGroupOffsets).
  const active = !(groupId === CONSUMER_GROUPS.mcl.group && sim.on('consumerStopped'));
  if (!dryRun && active)
    return bad('Failed to reset consumer group offsets: org.apache.kafka.common.errors.UnknownMemberIdException: The coordinator is not aware of this member.');
  if (!dryRun)
    for (const r of partitionResets)
      c.rt.applyReset({ transport: 'kafka', group: groupId, topic: topic.name, partition: r.partition, from: r.previousOffset, to: r.newOffset });
  return json({ dryRun, groupId, topic: b.topic, partitionResets, warning: null });
}

export function queueReset(rt: Runtime, raw: string, path: string, now = Date.now()): Reply {
  const b = body(raw);
  if (!b) return springError(400, path);
  const pg = rt.pgQueue;
  const group = typeof b.consumerGroup === 'string' ? b.consumerGroup : undefined;
  const topicName = typeof b.topicName === 'string' ? b.topicName : undefined;
  const partitionId = Number.isInteger(b.partitionId) ? (b.partitionId as number) : undefined;
  const onlyStuckAhead = b.onlyStuckAhead !== false;
  if (topicName !== undefined && !CONSUMERS.some((k) => CONSUMER_GROUPS[k].topic === topicName)) return json({ error: `Topic not found: ${topicName}` }, 404);
  const resets = [];
  for (const consumer of CONSUMERS) {
    const { group: g, topic } = CONSUMER_GROUPS[consumer];
    if ((group !== undefined && g !== group) || (topicName !== undefined && topic !== topicName)) continue;
    const parts = rt.lag.partitions(consumer, now);
    for (const [i, p] of parts.entries()) {
      if (partitionId !== undefined && i !== partitionId) continue;
      const stuck = pg.stuck.find((s) => s.consumer === consumer && s.partition === i);
      const maxSeq = p.offset + p.lag;
      if (onlyStuckAhead && !stuck) continue;
      const previousOffset = stuck ? maxSeq + stuck.aheadBy : p.offset;
      resets.push({ consumerGroup: g, topicName: topic, partitionId: i, previousOffset, newOffset: maxSeq, maxSeq });
      if (stuck) pg.stuck = pg.stuck.filter((s) => s !== stuck);
      rt.applyReset({ transport: 'pgqueue', group: g, topic, partition: i, from: previousOffset, to: maxSeq });
    }
  }
  return json({ transport: 'pgqueue', partitionsUpdated: resets.length, resets });
}
