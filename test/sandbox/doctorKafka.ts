// The Kafka admin answers of the Doctor's sandbox: operations/kafka/KafkaController.java,
// KafkaAdminService.java and models/*.java (metadata-service/openapi-servlet/.../openapi/), from the
// scripted state in doctor.ts: DataHub's consumer groups (the MAE group Empty or behind as scripted),
// its topics, the messages of mcp-failed (failed proposals as Avro prints them) and their replay.
import { DATAHUB_GROUPS, DATAHUB_TOPICS, FAILURE_KINDS, MCL_GROUP, type DoctorSim, type FailedRecord } from './doctor';
import { actorOf, mso, type DoctorCall } from './doctorReply';
import type { Reply } from './restli';
import type { Caller } from './runtime';
import { json, springError } from './spring';

const GROUP_IDS = DATAHUB_GROUPS.map((g) => g.groupId);
const TOPIC_NAMES = DATAHUB_TOPICS.map((t) => t.name);

function kafkaForbidden(caller: Caller, operation: string): Reply {
  // checkAuthorization throws UnauthorizedOperationException; its @ExceptionHandler answers 403.
  return json({ error: `${actorOf(caller)} is not authorized to perform ${operation}` }, 403);
}

function groupState(sim: DoctorSim, groupId: string): string {
  // A group whose members all left is Empty (Kafka's ConsumerGroupState); Stable while they consume.
  return groupId === MCL_GROUP && sim.on('consumerStopped') ? 'Empty' : 'Stable';
}

function describeGroup(sim: DoctorSim, groupId: string, now: number): Record<string, unknown> {
  const g = DATAHUB_GROUPS.find((x) => x.groupId === groupId);
  const offsets = sim.groupOffsets(groupId, g?.topics ?? [], now);
  const state = groupState(sim, groupId);
  const byTopic: Record<string, { partitions: Record<string, unknown>; topicLag: number }> = {};
  let totalLag = 0;
  for (const o of offsets) {
    const lag = Math.max(0, o.end - o.current);
    totalLag += lag;
    const t = (byTopic[o.topic] ??= { partitions: {}, topicLag: 0 });
    t.partitions[String(o.partition)] = { currentOffset: o.current, endOffset: o.end, lag, metadata: '' };
    t.topicLag += lag;
  }
  const members =
    state === 'Empty'
      ? []
      : [
          {
            memberId: `consumer-${groupId}-1-3f6c2a1e-8d4b-4e1f-9b7a-1c2d3e4f5a6b`,
            groupInstanceId: null,
            clientId: `consumer-${groupId}-1`,
            clientHost: '/10.42.0.17',
            assignments: offsets.map((o) => ({ topic: o.topic, partition: o.partition })),
          },
        ];
  return {
    groupId,
    state,
    isSimpleConsumerGroup: false,
    coordinator: { id: 1, host: 'broker', port: 29092 },
    // An Empty group has no protocol: Kafka reports an empty assignor.
    partitionAssignor: state === 'Empty' ? '' : 'range',
    members,
    offsets: byTopic,
    totalLag,
  };
}

function describeTopic(name: string): Record<string, unknown> | undefined {
  const t = DATAHUB_TOPICS.find((x) => x.name === name);
  if (!t) return undefined;
  // describeTopic fills partition, leader, replicas and isr; beginningOffset/endOffset stay null (the model has them, the service does not set them).
  return {
    name: t.name,
    partitionCount: t.partitions,
    replicationFactor: 1,
    internal: false,
    dataHubAlias: t.alias,
    partitions: Array.from({ length: t.partitions }, (_, p) => ({ partition: p, leader: 1, replicas: [1], isr: [1], beginningOffset: null, endOffset: null })),
    configs: {
      'cleanup.policy': 'delete',
      'retention.ms': t.alias === 'mcp-failed' ? '7776000000' : '604800000',
      'max.message.bytes': '5242880',
      'min.insync.replicas': '1',
    },
  };
}

/** Avro's GenericData.toString: JSON with ": " and ", ", bytes as {"bytes": "..."}. */
function avroText(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(avroText).join(', ')}]`;
  return `{${Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${JSON.stringify(k)}: ${avroText(v)}`)
    .join(', ')}}`;
}

/** A failed proposal's value as format=json gives it: FailedMetadataChangeProposal as Avro prints it. */
function failedValue(r: FailedRecord): string {
  const k = FAILURE_KINDS[r.kind];
  return avroText({
    metadataChangeProposal: {
      auditHeader: null,
      entityType: k.entityType,
      entityUrn: k.urn,
      entityKeyAspect: null,
      changeType: 'UPSERT',
      aspectName: k.aspect,
      aspect: { value: { bytes: JSON.stringify(k.value) }, contentType: 'application/json' },
      systemMetadata: {
        lastObserved: r.timestamp,
        runId: 'no-run-id-provided',
        lastRunId: 'no-run-id-provided',
        registryName: null,
        registryVersion: null,
        properties: null,
        version: null,
      },
      headers: null,
    },
    error: k.error(k.urn),
  });
}

const MAX_POLL_RECORDS = 500;

/**
 * KafkaAdminService.getMessages: seek to the offset, poll batches (max.poll.records 500) until count.
 * nextOffset is the record after the page when the same poll batch holds one, else the position when
 * the topic ran out; a page that fills exactly at a batch's end has no nextOffset (hasMore false, more or not).
 */
function messagesPage(
  sim: DoctorSim,
  alias: string,
  topicName: string,
  partition: number,
  offset: number,
  count: number,
  format: string,
  headers: boolean,
): Record<string, unknown> {
  const records = alias === 'mcp-failed' && partition === 0 ? sim.failed : [];
  // Offsets below the first retained one start at it (auto.offset.reset after an out-of-range seek).
  const from = Math.max(0, offset);
  const available = records.filter((r) => r.offset >= from);
  const page = available.slice(0, count);
  let nextOffset: number | null;
  if (page.length < count) nextOffset = page.length > 0 ? page[page.length - 1].offset + 1 : Math.max(from, records.length);
  else {
    const batchEnd = Math.ceil(count / MAX_POLL_RECORDS) * MAX_POLL_RECORDS;
    nextOffset = available.length > count && count < batchEnd ? available[count].offset : null;
  }
  const value = (r: FailedRecord) =>
    format === 'raw'
      ? Buffer.from(failedValue(r)).toString('base64')
      : format === 'avro'
        ? { schema: '{"type":"record","name":"FailedMetadataChangeProposal"}', data: failedValue(r) }
        : failedValue(r);
  return {
    topic: topicName,
    dataHubAlias: alias,
    messages: page.map((r) => ({
      partition,
      offset: r.offset,
      timestamp: r.timestamp,
      timestampType: 'CreateTime',
      key: FAILURE_KINDS[r.kind].urn,
      value: value(r),
      format,
      // Open-source DataHub writes no headers on failed proposals.
      headers: headers ? [] : null,
      replayable: alias === 'mcp-failed',
    })),
    count: page.length,
    hasMore: nextOffset !== null && page.length === count,
    nextOffset,
  };
}

function intParam(query: URLSearchParams, name: string): number | undefined | 'bad' {
  const v = query.get(name);
  if (v === null) return undefined;
  return /^-?\d{1,18}$/.test(v.trim()) ? Number(v) : 'bad';
}

export function kafka(c: DoctorCall, now: number): Reply {
  const { route, caller, rt } = c;
  const sim = rt.doctor;
  const operation = {
    'kafka/consumer-groups': 'listConsumerGroups',
    'kafka/consumer-groups/{groupId}': 'describeConsumerGroup',
    'kafka/topics': 'listTopics',
    'kafka/topics/{topicName}': 'describeTopic',
    'kafka/messages/{topic}': 'getMessages',
    'kafka/messages/mcp-failed/replay': 'replayFailedMCPs',
  }[route.action];
  if (!mso(caller)) return kafkaForbidden(caller, operation ?? route.action);
  sim.settle(now);
  switch (route.action) {
    case 'kafka/consumer-groups': {
      // listConsumerGroups: only the groups DataHub knows (DataHubTopicConvention.isDataHubConsumerGroup).
      const groups = GROUP_IDS.map((groupId) => ({ groupId, state: groupState(sim, groupId), isDataHubGroup: true, isSimpleConsumerGroup: false }));
      return json({ groups, count: groups.length });
    }
    case 'kafka/consumer-groups/{groupId}': {
      const id = route.vars.groupId;
      // InvalidConsumerGroupException is a KafkaAdminException: the controller's 500.
      if (!GROUP_IDS.includes(id))
        return json({ error: `Consumer group is not a DataHub consumer group: ${id}. Valid groups: [${GROUP_IDS.join(', ')}]` }, 500);
      return json(describeGroup(sim, id, now));
    }
    case 'kafka/topics': {
      const names = [...TOPIC_NAMES].sort();
      return json({ topics: names, count: names.length, includeInternal: c.query.get('includeInternal') === 'true' });
    }
    case 'kafka/topics/{topicName}': {
      const name = route.vars.topicName;
      // InvalidTopicException (not a DataHub topic): a KafkaAdminException, 500.
      const t = describeTopic(name);
      if (!t) return json({ error: `Topic is not a DataHub topic: ${name}. Valid topics: [${TOPIC_NAMES.join(', ')}]` }, 500);
      return json(t);
    }
    case 'kafka/messages/{topic}': {
      const partition = intParam(c.query, 'partition');
      const offset = intParam(c.query, 'offset');
      const count = intParam(c.query, 'count') ?? 100;
      // Required @RequestParams missing or not numbers: Spring's 400 before the controller.
      if (partition === undefined || offset === undefined || partition === 'bad' || offset === 'bad' || count === 'bad') return springError(400, c.path);
      const format = (c.query.get('format') ?? 'json').toLowerCase();
      if (!['json', 'avro', 'raw'].includes(format)) return json({ error: 'Invalid format. Allowed values: json, avro, raw' }, 400);
      const alias = route.vars.topic.toLowerCase().trim();
      const topic = DATAHUB_TOPICS.find((t) => t.alias === alias);
      if (!topic) return json({ error: `Invalid topic alias: ${route.vars.topic}. Must be one of: [${DATAHUB_TOPICS.map((t) => t.alias).join(', ')}]` }, 400);
      if (partition < 0 || partition >= topic.partitions)
        return json({ error: `Failed to retrieve messages: No current assignment for partition ${topic.name}-${partition}` }, 500);
      return json(messagesPage(sim, alias, topic.name, partition, offset, Math.max(0, count), format, c.query.get('includeHeaders') === 'true'));
    }
    case 'kafka/messages/mcp-failed/replay': {
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = JSON.parse(c.raw);
        if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return springError(400, c.path);
        body = parsed as Record<string, unknown>;
      } catch {
        return springError(400, c.path);
      }
      const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);
      const partition = num(body.partition);
      const startOffset = num(body.startOffset);
      if (partition === undefined || startOffset === undefined) return json({ error: 'Partition and startOffset are required' }, 400);
      const endOffset = num(body.endOffset) ?? startOffset;
      const maxCount = num(body.count) ?? 100;
      // The server's default is a real replay.
      const dryRun = body.dryRun === true;
      const picked = (partition === 0 ? sim.failed : []).filter((r) => r.offset >= startOffset && r.offset <= endOffset).slice(0, Math.max(0, maxCount));
      if (!dryRun) sim.replay(picked, now);
      const topic = (alias: string) => DATAHUB_TOPICS.find((t) => t.alias === alias)?.name;
      // Publishing succeeded for each (success is about the MCP topic, not the ingestion that follows).
      return json({
        dryRun,
        sourceTopic: topic('mcp-failed'),
        destinationTopic: topic('mcp'),
        partition,
        startOffset,
        endOffset,
        successCount: picked.length,
        failureCount: 0,
        messages: picked.map((r) => ({ sourceOffset: r.offset, destinationOffset: null, key: FAILURE_KINDS[r.kind].urn, success: true, error: null })),
        errors: null,
      });
    }
    default:
      return springError(404, c.path);
  }
}
