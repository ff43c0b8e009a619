// The Kafka answers the Doctor reads, parsed into doctorKafkaTypes.ts: operations/kafka/KafkaController.java,
// KafkaAdminService.java and models/*.java (metadata-service/openapi-servlet/.../openapi/). Tolerant as
// doctorAnswers.ts is; message values and error texts capped at MESSAGE_TEXT_MAX.
import { invalidResponse } from '../errorMapping';
import {
  CONSUMER_GROUPS_MAX,
  MESSAGE_TEXT_MAX,
  type ConsumerGroupDetail,
  type ConsumerGroupList,
  type ConsumerGroupMember,
  type ConsumerGroupPartition,
  type ConsumerGroupSummary,
  type FailedProposal,
  type KafkaMessage,
  type MessagePage,
  type ReplayedMessage,
  type ReplayResult,
  type TopicDetail,
  type TopicPartitionInfo,
} from '../doctorTypes';
import { bool, capText, defined, expectObject, int, isObj, obj, setKey, shortLine, str, type Obj } from './doctorShapes';
import { failedProposalOf } from './failedProposal';

// ---------------------------------------------------------------------------------------------
// operations/kafka/KafkaController.java, KafkaAdminService.java, models/KafkaConsumerGroupResponse.java
// ---------------------------------------------------------------------------------------------

/**
 * GET consumer-groups: ConsumerGroupListResponse {groups: [ConsumerGroupSummary], count}. Each group id
 * once (the first listing wins), the first CONSUMER_GROUPS_MAX in order, the rest counted in `more`.
 */
export function parseConsumerGroups(value: unknown, raw: string): Omit<ConsumerGroupList, 'endpoint'> {
  const o = expectObject('doctorConsumerGroups', value, 'a consumer group list {groups, count}', raw);
  if (!Array.isArray(o.groups)) throw invalidResponse('doctorConsumerGroups', 'expected a consumer group list {groups, count}', raw);
  const groups: ConsumerGroupSummary[] = [];
  const seen = new Set<string>();
  for (const g of o.groups) {
    const groupId = str(obj(g).groupId);
    if (groupId === undefined || seen.has(groupId)) continue;
    seen.add(groupId);
    groups.push(
      defined({ groupId, state: str(obj(g).state) ?? 'Unknown' } as ConsumerGroupSummary, {
        isDataHubGroup: bool(obj(g).isDataHubGroup),
        isSimpleConsumerGroup: bool(obj(g).isSimpleConsumerGroup),
      }),
    );
  }
  groups.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0));
  return { groups: groups.slice(0, CONSUMER_GROUPS_MAX), more: Math.max(0, groups.length - CONSUMER_GROUPS_MAX) };
}

/** GET consumer-groups/{groupId}: KafkaConsumerGroupResponse (offsets: topic -> {partitions: {id: PartitionOffsetInfo}, topicLag}). */
export function parseConsumerGroup(value: unknown, raw: string): Omit<ConsumerGroupDetail, 'endpoint'> {
  const o = expectObject('doctorConsumerGroup', value, 'a consumer group', raw);
  const groupId = str(o.groupId);
  if (groupId === undefined) throw invalidResponse('doctorConsumerGroup', 'a consumer group without groupId', raw);
  const members: ConsumerGroupMember[] = [];
  for (const m of Array.isArray(o.members) ? o.members : []) {
    const mo = obj(m);
    const assignments: Array<{ topic: string; partition: number }> = [];
    for (const a of Array.isArray(mo.assignments) ? mo.assignments : []) {
      const topic = str(obj(a).topic);
      const partition = int(obj(a).partition);
      if (topic !== undefined && partition !== undefined) assignments.push({ topic, partition });
    }
    members.push(defined({ assignments } as ConsumerGroupMember, { memberId: str(mo.memberId), clientId: str(mo.clientId), clientHost: str(mo.clientHost) }));
  }
  const partitions: ConsumerGroupPartition[] = [];
  const topicLag: Record<string, number> = {};
  let sum = 0;
  for (const [topic, t] of Object.entries(obj(o.offsets))) {
    let lagOfTopic = 0;
    for (const [id, p] of Object.entries(obj(obj(t).partitions))) {
      const partition = int(id);
      if (partition === undefined) continue;
      const po = obj(p);
      const lag = int(po.lag);
      lagOfTopic += lag ?? 0;
      partitions.push(defined({ topic, partition } as ConsumerGroupPartition, { currentOffset: int(po.currentOffset), endOffset: int(po.endOffset), lag }));
    }
    const stated = int(obj(t).topicLag);
    setKey(topicLag, topic, stated ?? lagOfTopic);
    sum += stated ?? lagOfTopic;
  }
  partitions.sort((a, b) => (a.topic === b.topic ? a.partition - b.partition : a.topic < b.topic ? -1 : 1));
  const coordinator = isObj(o.coordinator)
    ? defined({} as { id?: number; host?: string; port?: number }, { id: int(o.coordinator.id), host: str(o.coordinator.host), port: int(o.coordinator.port) })
    : undefined;
  return defined(
    {
      groupId,
      state: str(o.state) ?? 'Unknown',
      memberCount: members.length,
      members,
      partitions,
      topicLag,
      totalLag: int(o.totalLag) ?? sum,
    } as Omit<ConsumerGroupDetail, 'endpoint'>,
    { coordinator, partitionAssignor: str(o.partitionAssignor) || undefined },
  );
}

// ---------------------------------------------------------------------------------------------
// models/KafkaTopicResponse.java
// ---------------------------------------------------------------------------------------------

/** GET topics: TopicListResponse {topics: [names], count, includeInternal}. */
export function parseTopicNames(value: unknown, raw: string): string[] {
  const o = expectObject('doctorTopics', value, 'a topic list {topics, count}', raw);
  if (!Array.isArray(o.topics)) throw invalidResponse('doctorTopics', 'expected a topic list {topics, count}', raw);
  return o.topics.filter((t): t is string => typeof t === 'string');
}

const intList = (v: unknown): number[] => (Array.isArray(v) ? v.map(int).filter((n): n is number => n !== undefined) : []);

/** GET topics/{topicName}: KafkaTopicResponse (beginningOffset/endOffset per partition only where the release fills them). */
export function parseTopic(value: unknown, raw: string): Omit<TopicDetail, 'endpoint'> {
  const o = expectObject('doctorTopic', value, 'a topic', raw);
  const name = str(o.name);
  if (name === undefined) throw invalidResponse('doctorTopic', 'a topic without name', raw);
  const partitions: TopicPartitionInfo[] = [];
  let messages: number | undefined = 0;
  for (const p of Array.isArray(o.partitions) ? o.partitions : []) {
    const po = obj(p);
    const partition = int(po.partition);
    if (partition === undefined) continue;
    const beginningOffset = int(po.beginningOffset);
    const endOffset = int(po.endOffset);
    const messageCount = beginningOffset !== undefined && endOffset !== undefined ? Math.max(0, endOffset - beginningOffset) : undefined;
    messages = messages === undefined || messageCount === undefined ? undefined : messages + messageCount;
    partitions.push(
      defined({ partition, replicas: intList(po.replicas), isr: intList(po.isr) } as TopicPartitionInfo, {
        leader: int(po.leader),
        beginningOffset,
        endOffset,
        messageCount,
      }),
    );
  }
  partitions.sort((a, b) => a.partition - b.partition);
  const configs: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(o.configs))) if (typeof v === 'string') setKey(configs, k, v);
  return defined({ name, partitionCount: int(o.partitionCount) ?? partitions.length, partitions, configs } as Omit<TopicDetail, 'endpoint'>, {
    alias: str(o.dataHubAlias),
    replicationFactor: int(o.replicationFactor),
    internal: bool(o.internal),
    messageCount: partitions.length > 0 ? messages : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// models/KafkaMessageResponse.java; the value of an mcp-failed message is a FailedMetadataChangeProposal
// (metadata-models .../mxe/FailedMetadataChangeProposal.pdl: {metadataChangeProposal, error}) printed as
// JSON by Avro's GenericRecord.toString() (format=json), bytes fields as {"bytes": "..."}.
// ---------------------------------------------------------------------------------------------

/** The text of a value: JSON parsed when it is JSON, else kept as text; cut at the cap either way. */
function messageValue(value: unknown): { value: unknown; truncated: boolean; parsed?: Obj } {
  if (value === null || value === undefined) return { value: null, truncated: false };
  if (typeof value !== 'string') {
    // format=avro answers {schema, data} already as JSON: kept when small, else as cut text.
    const text = JSON.stringify(value);
    if (text.length <= MESSAGE_TEXT_MAX) return { value, truncated: false, ...(isObj(value) ? { parsed: value } : {}) };
    return { value: text.slice(0, MESSAGE_TEXT_MAX), truncated: true };
  }
  const cut = capText(value);
  if (cut.truncated) return { value: cut.text, truncated: true };
  const t = value.trim();
  if (t.startsWith('{') || t.startsWith('[')) {
    try {
      const json: unknown = JSON.parse(t);
      return { value: json, truncated: false, ...(isObj(json) ? { parsed: json } : {}) };
    } catch {
      // Not JSON after all: kept as text.
    }
  }
  return { value, truncated: false };
}

function parseMessage(alias: string, m: unknown, positionsOnly: boolean): KafkaMessage | undefined {
  const mo = obj(m);
  const partition = int(mo.partition);
  const offset = int(mo.offset);
  if (partition === undefined || offset === undefined) return undefined;
  if (positionsOnly)
    return defined({ partition, offset, value: undefined, valueTruncated: false, replayable: mo.replayable === true } as KafkaMessage, {
      timestamp: int(mo.timestamp),
    });
  const { value, truncated, parsed } = messageValue(mo.value);
  const headers: Array<{ key: string; value?: string }> = [];
  for (const h of Array.isArray(mo.headers) ? mo.headers : []) {
    const key = str(obj(h).key);
    if (key !== undefined) headers.push(defined({ key } as { key: string; value?: string }, { value: shortLine(str(obj(h).value), 1000) }));
  }
  let failed: FailedProposal | undefined;
  if (alias === 'mcp-failed') {
    if (parsed !== undefined) failed = failedProposalOf(parsed);
    // A value cut at the cap: the error field cannot be read; the URN may still be found in the text.
    else if (typeof value === 'string') failed = defined({} as FailedProposal, { entityUrn: /"entityUrn"\s*:\s*"([^"]{1,512})"/.exec(value)?.[1] });
  }
  return defined({ partition, offset, value, valueTruncated: truncated, replayable: mo.replayable === true } as KafkaMessage, {
    timestamp: int(mo.timestamp),
    key: str(mo.key),
    format: str(mo.format),
    headers: headers.length > 0 ? headers : undefined,
    failed,
  });
}

/** GET messages/{topic}: {topic, dataHubAlias, messages, count, hasMore, nextOffset}. */
export function parseMessagePage(alias: string, value: unknown, raw: string, requested: number, positionsOnly = false): Omit<MessagePage, 'endpoint'> {
  const o = expectObject('doctorMessages', value, 'a message batch {messages, hasMore, nextOffset}', raw);
  if (!Array.isArray(o.messages)) throw invalidResponse('doctorMessages', 'expected a message batch {messages, hasMore, nextOffset}', raw);
  const messages: KafkaMessage[] = [];
  // Never more than asked for: a server that ignores count does not fill memory.
  for (const m of o.messages.slice(0, requested)) {
    const parsed = parseMessage(alias, m, positionsOnly);
    if (parsed !== undefined) messages.push(parsed);
  }
  const cut = o.messages.length > requested;
  const last = messages[messages.length - 1];
  // getMessages sets nextOffset only when the poll batch that filled the page holds one more record: a page
  // that fills exactly at a batch's end says hasMore false with more to come. A full page is taken as "maybe more".
  const full = !cut && o.hasMore !== true && o.messages.length === requested && last !== undefined;
  const hasMore = o.hasMore === true || cut || full;
  const nextOffset = (cut || full) && last !== undefined ? last.offset + 1 : int(o.nextOffset);
  return defined({ alias: str(o.dataHubAlias) ?? alias, messages, hasMore, requested } as Omit<MessagePage, 'endpoint'>, {
    topic: str(o.topic),
    nextOffset,
  });
}

/** POST messages/mcp-failed/replay: KafkaMessageResponse.ReplayResponse. */
export function parseReplay(value: unknown, raw: string): Omit<ReplayResult, 'endpoint'> {
  const o = expectObject('doctorReplay', value, 'a replay result', raw);
  const dryRun = bool(o.dryRun);
  const partition = int(o.partition);
  const startOffset = int(o.startOffset);
  if (dryRun === undefined || partition === undefined || startOffset === undefined) {
    throw invalidResponse('doctorReplay', 'expected a replay result {dryRun, partition, startOffset, messages...}', raw);
  }
  const messages: ReplayedMessage[] = [];
  for (const m of Array.isArray(o.messages) ? o.messages : []) {
    const mo = obj(m);
    const sourceOffset = int(mo.sourceOffset);
    if (sourceOffset === undefined) continue;
    messages.push(
      defined({ sourceOffset, success: mo.success === true } as ReplayedMessage, {
        destinationOffset: int(mo.destinationOffset),
        key: str(mo.key),
        error: shortLine(str(mo.error), 1000),
      }),
    );
  }
  const errors = (Array.isArray(o.errors) ? o.errors : []).map((e) => shortLine(str(e), 1000)).filter((e): e is string => e !== undefined);
  return defined(
    {
      dryRun,
      partition,
      startOffset,
      endOffset: int(o.endOffset) ?? startOffset,
      successCount: int(o.successCount) ?? messages.filter((m) => m.success).length,
      failureCount: int(o.failureCount) ?? messages.filter((m) => !m.success).length,
      messages,
      errors,
    } as Omit<ReplayResult, 'endpoint'>,
    { sourceTopic: str(o.sourceTopic), destinationTopic: str(o.destinationTopic) },
  );
}
