// The answers of DataHub's health and operations endpoints, parsed into doctorTypes.ts. Each parser
// names the DataHub file whose answer it reads (metadata-service/openapi-servlet/src/main/java/
// io/datahubproject/openapi/...). Parsed by hand, tolerant of what a release leaves out or adds:
// only the fields the Doctor reads are checked, and a field of the wrong type is left out rather
// than failing the whole answer; an answer of the wrong shape altogether is an invalidResponse.
// Texts the server chose (message values, errors, stack traces) are capped (MESSAGE_TEXT_MAX).
import { GmsError } from '../errors';
import { bodyForLog, invalidResponse, looksLikeHtml } from '../errorMapping';
import {
  MESSAGE_TEXT_MAX,
  type ActiveThrottle,
  type ConsumerGroupDetail,
  type ConsumerGroupList,
  type ConsumerGroupMember,
  type ConsumerGroupPartition,
  type ConsumerGroupSummary,
  type FailedProposal,
  type KafkaMessage,
  type MaintenanceStatus,
  type MessagePage,
  type RateLimitStatus,
  type ReplayedMessage,
  type ReplayResult,
  type SearchClusterHealth,
  type SystemComponent,
  type SystemInfo,
  type ThrottleState,
  type TopicDetail,
  type TopicPartitionInfo,
  type TraceAspectStatus,
  type TraceStorageStatus,
  type TraceWriteResult,
  type WriteCanaryResult,
} from '../doctorTypes';
import type { GmsAction } from '../types';

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Obj => (isObj(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** A finite number, or a string of one (Jackson writes longs as numbers, but maps keyed by number arrive as strings). */
const num = (v: unknown): number | undefined => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v.trim())) return Number(v);
  return undefined;
};
const int = (v: unknown): number | undefined => {
  const n = num(v);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
};

/** Own enumerable entries, "__proto__" included as an ordinary key. */
function setKey<T>(target: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  else target[key] = value;
}

/** Adds only the defined fields (the result types leave unknown figures out rather than holding undefined). */
function defined<T extends object>(base: T, extra: Record<string, unknown>): T {
  const out = base as Record<string, unknown>;
  for (const [k, v] of Object.entries(extra)) if (v !== undefined) out[k] = v;
  return base;
}

/** Text cut to `max` characters; says whether it was cut. */
export function capText(text: string, max = MESSAGE_TEXT_MAX): { text: string; truncated: boolean } {
  return text.length > max ? { text: text.slice(0, max), truncated: true } : { text, truncated: false };
}

const shortLine = (text: string | undefined, max = 300): string | undefined => {
  if (text === undefined) return undefined;
  const first = text.trim().split(/\r?\n/)[0]?.trim() ?? '';
  if (first === '') return undefined;
  return first.length > max ? `${first.slice(0, max)}…` : first;
};

function expectObject(action: GmsAction, value: unknown, what: string, raw: string): Obj {
  if (!isObj(value)) throw invalidResponse(action, `expected ${what}`, raw);
  return value;
}

// ---------------------------------------------------------------------------------------------
// health/HealthCheckController.java
// ---------------------------------------------------------------------------------------------

/** A 503 that is not GMS's own answer (a proxy's or ingress's page while GMS is away): retried as any 503 read. */
function unavailable(action: GmsAction, status: number, text: string, origin: string): GmsError {
  return new GmsError({
    kind: 'server',
    action,
    status,
    body: bodyForLog(text),
    message: `${status} from ${origin}: the server (or a proxy in front of it) is unavailable; retry in a moment, or check the GMS logs.`,
  });
}

/** GET /health: 200 or 503, both with an empty body (getBootstrapAwareHealth); older GMS's servlet answered 200 with text. */
export function parseHealth(status: number, text: string, origin: string): { ready: boolean; status: number } {
  if (status >= 200 && status < 300) return { ready: true, status };
  if (status === 503 && text.trim() === '') return { ready: false, status };
  throw unavailable('doctorHealth', status, text, origin);
}

/** GET /check/ready: the JSON boolean true (200) or false (503) (getCombinedHealthCheck). */
export function parseReady(status: number, text: string, origin: string): { ready: boolean; status: number } {
  const body = text.trim();
  if (status >= 200 && status < 300 && body === 'true') return { ready: true, status };
  if (body === 'false' && (status === 503 || (status >= 200 && status < 300))) return { ready: false, status };
  if (status === 503) throw unavailable('doctorReady', status, text, origin);
  throw invalidResponse('doctorReady', 'expected true or false', text, status);
}

const CLUSTER_STATUS = new Set(['green', 'yellow', 'red']);

/** active_shards_percent_as_number (a number), or an older "100.0%" active_shards_percent. */
function percent(o: Obj): number | undefined {
  const n = num(o.active_shards_percent_as_number);
  if (n !== undefined) return n;
  const s = str(o.active_shards_percent);
  return s !== undefined && /^\d+(\.\d+)?%$/.test(s.trim()) ? Number(s.trim().slice(0, -1)) : undefined;
}

/**
 * GET /debug/elastic (getElasticHealth): OpenSearch's ClusterHealthResponse.toString(), its JSON; 200 when
 * not red and not timed out, else 503 with the same body. When GMS could not ask the cluster at all, a 503
 * whose body is the exception's message (text): 'unreachable'.
 */
export function parseSearchCluster(status: number, text: string, contentType: string | undefined, origin: string): Omit<SearchClusterHealth, 'endpoint'> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const o = isObj(json) ? json : undefined;
  const colour = o === undefined ? undefined : str(o.status)?.toLowerCase();
  if (o !== undefined && colour !== undefined && CLUSTER_STATUS.has(colour)) {
    return defined({ status: colour as 'green' | 'yellow' | 'red', httpStatus: status } as Omit<SearchClusterHealth, 'endpoint'>, {
      clusterName: str(o.cluster_name),
      timedOut: bool(o.timed_out),
      nodes: int(o.number_of_nodes),
      dataNodes: int(o.number_of_data_nodes),
      activePrimaryShards: int(o.active_primary_shards),
      activeShards: int(o.active_shards),
      relocatingShards: int(o.relocating_shards),
      initializingShards: int(o.initializing_shards),
      unassignedShards: int(o.unassigned_shards),
      delayedUnassignedShards: int(o.delayed_unassigned_shards),
      pendingTasks: int(o.number_of_pending_tasks),
      inFlightFetches: int(o.number_of_in_flight_fetch),
      taskMaxWaitingInQueueMillis: int(o.task_max_waiting_in_queue_millis),
      activeShardsPercent: percent(o),
    });
  }
  if (status === 503) {
    if (text.trim() === '' || looksLikeHtml(contentType, text) || o !== undefined) throw unavailable('doctorSearchCluster', status, text, origin);
    return { status: 'unreachable', httpStatus: status, error: capText(text.trim(), 2000).text };
  }
  throw invalidResponse('doctorSearchCluster', "expected the search cluster's health (cluster_name, status...)", text, status);
}

// ---------------------------------------------------------------------------------------------
// operations/v1/SystemInfoController.java (SystemInfoResponse, SpringComponentsInfo, ComponentInfo)
// ---------------------------------------------------------------------------------------------

const COMPONENT_KEYS = ['gms', 'maeConsumer', 'mceConsumer'];

export function parseSystemInfo(value: unknown, raw: string): Omit<SystemInfo, 'endpoint'> {
  const o = expectObject('doctorSystemInfo', value, 'the system info object', raw);
  // GET /system-info wraps the components in springComponents; /system-info/spring-components is them.
  const spring = isObj(o.springComponents) ? o.springComponents : COMPONENT_KEYS.some((k) => isObj(o[k])) ? o : undefined;
  if (spring === undefined) throw invalidResponse('doctorSystemInfo', 'expected springComponents {gms, maeConsumer, mceConsumer}', raw);
  const components: SystemComponent[] = [];
  for (const [id, c] of Object.entries(spring)) {
    if (!isObj(c)) continue;
    const properties = obj(c.properties);
    components.push(
      defined({ id } as SystemComponent, {
        name: str(c.name),
        status: str(c.status),
        version: str(c.version),
        enabled: bool(properties.enabled) ?? bool(c.enabled),
        errorMessage: shortLine(str(c.errorMessage), 1000),
      }),
    );
  }
  return defined({ components } as Omit<SystemInfo, 'endpoint'>, { gmsVersion: str(obj(spring.gms).version) });
}

// ---------------------------------------------------------------------------------------------
// operations/kafka/KafkaController.java, KafkaAdminService.java, models/KafkaConsumerGroupResponse.java
// ---------------------------------------------------------------------------------------------

/** GET consumer-groups: ConsumerGroupListResponse {groups: [ConsumerGroupSummary], count}. */
export function parseConsumerGroups(value: unknown, raw: string): Omit<ConsumerGroupList, 'endpoint'> {
  const o = expectObject('doctorConsumerGroups', value, 'a consumer group list {groups, count}', raw);
  if (!Array.isArray(o.groups)) throw invalidResponse('doctorConsumerGroups', 'expected a consumer group list {groups, count}', raw);
  const groups: ConsumerGroupSummary[] = [];
  for (const g of o.groups) {
    const groupId = str(obj(g).groupId);
    if (groupId === undefined) continue;
    groups.push(
      defined({ groupId, state: str(obj(g).state) ?? 'Unknown' } as ConsumerGroupSummary, {
        isDataHubGroup: bool(obj(g).isDataHubGroup),
        isSimpleConsumerGroup: bool(obj(g).isSimpleConsumerGroup),
      }),
    );
  }
  return { groups: groups.sort((a, b) => (a.groupId < b.groupId ? -1 : a.groupId > b.groupId ? 1 : 0)) };
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

/** A union branch of Avro's JSON ({"string": "x"} in some encoders) or the plain value. */
const avroString = (v: unknown): string | undefined => str(v) ?? str(obj(v).string);

/** An error text that cannot be read whole: what can be said from its start (the type of a validation list, the first line). */
function errorFromText(error: string): Pick<FailedProposal, 'error' | 'errorList' | 'errorTruncated' | 'errorKind' | 'errorSummary'> {
  const cut = capText(error);
  const t = error.trim();
  if (t.startsWith('[')) {
    try {
      const list: unknown = JSON.parse(t);
      if (Array.isArray(list)) {
        const first = list[0];
        const summary = typeof first === 'string' ? first : isObj(first) ? (str(first.message) ?? JSON.stringify(first)) : undefined;
        return {
          error: cut.text,
          ...(cut.truncated ? { errorTruncated: true } : {}),
          ...(cut.truncated ? {} : { errorList: list }),
          errorKind: 'validation',
          ...(shortLine(summary) ? { errorSummary: shortLine(summary) } : {}),
        };
      }
    } catch {
      // A cut or broken list: still a validation failure by its look.
    }
    return { error: cut.text, ...(cut.truncated ? { errorTruncated: true } : {}), errorKind: 'validation', errorSummary: shortLine(t) };
  }
  return {
    error: cut.text,
    ...(cut.truncated ? { errorTruncated: true } : {}),
    errorKind: 'exception',
    ...(shortLine(t) ? { errorSummary: shortLine(t) } : {}),
  };
}

/** The failed proposal of an mcp-failed value: the MCP's URN, aspect and change type, and the error. */
export function failedProposalOf(value: Obj): FailedProposal {
  const mcp = obj(value.metadataChangeProposal ?? value.mcp);
  const error = avroString(value.error);
  return defined({} as FailedProposal, {
    entityUrn: avroString(mcp.entityUrn),
    entityType: avroString(mcp.entityType),
    aspectName: avroString(mcp.aspectName),
    changeType: avroString(mcp.changeType),
    ...(error !== undefined ? errorFromText(error) : {}),
  });
}

function parseMessage(alias: string, m: unknown): KafkaMessage | undefined {
  const mo = obj(m);
  const partition = int(mo.partition);
  const offset = int(mo.offset);
  if (partition === undefined || offset === undefined) return undefined;
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
export function parseMessagePage(alias: string, value: unknown, raw: string, requested: number): Omit<MessagePage, 'endpoint'> {
  const o = expectObject('doctorMessages', value, 'a message batch {messages, hasMore, nextOffset}', raw);
  if (!Array.isArray(o.messages)) throw invalidResponse('doctorMessages', 'expected a message batch {messages, hasMore, nextOffset}', raw);
  const messages: KafkaMessage[] = [];
  // Never more than asked for: a server that ignores count does not fill memory.
  for (const m of o.messages.slice(0, requested)) {
    const parsed = parseMessage(alias, m);
    if (parsed !== undefined) messages.push(parsed);
  }
  const cut = o.messages.length > requested;
  const last = messages[messages.length - 1];
  const hasMore = o.hasMore === true || cut;
  const nextOffset = cut && last !== undefined ? last.offset + 1 : int(o.nextOffset);
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

// ---------------------------------------------------------------------------------------------
// operations/throttle/ThrottleController.java: EntityServiceImpl.getThrottleEvents() through Jackson, a map
// of ThrottleEvent (metadata-io .../dao/throttle/ThrottleEvent.java). Its fields are fluent accessors, so
// what Jackson writes differs by release: the getters (activeThrottles, disabledThrottles, throttled), or
// the fields (backoffWaitMs: {TYPE: ms}, older throttled: {TYPE: bool}). All are read.
// ---------------------------------------------------------------------------------------------

export function parseThrottle(value: unknown, raw: string): Omit<ThrottleState, 'endpoint'> {
  const o = expectObject('doctorThrottle', value, 'the throttle map', raw);
  const active = new Map<string, ActiveThrottle>();
  const inactive = new Set<string>();
  const mark = (kind: string, on: boolean, wait?: number): void => {
    if (on) {
      const before = active.get(kind);
      active.set(kind, wait !== undefined ? { kind, backoffWaitMs: wait } : (before ?? { kind }));
    } else inactive.add(kind);
  };
  for (const [key, event] of Object.entries(o)) {
    if (!isObj(event)) {
      if (typeof event === 'boolean') mark(key, event);
      continue;
    }
    const waits = obj(event.backoffWaitMs);
    for (const [kind, w] of Object.entries(waits)) {
      const wait = int(w);
      if (wait !== undefined) mark(kind, wait > 0 || wait === -1, wait);
    }
    const throttled = event.throttled;
    if (isObj(throttled)) for (const [kind, on] of Object.entries(throttled)) if (typeof on === 'boolean') mark(kind, on);
    for (const kind of Array.isArray(event.activeThrottles) ? event.activeThrottles : []) if (typeof kind === 'string') mark(kind, true);
    for (const kind of Array.isArray(event.disabledThrottles) ? event.disabledThrottles : []) if (typeof kind === 'string') mark(kind, false);
    // A key with nothing inside but "throttled": true is the key's own kind (the map is keyed by ThrottleType).
    if (throttled === true && active.size === 0) mark(key, true);
  }
  for (const kind of active.keys()) inactive.delete(kind);
  const list = [...active.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1));
  return { throttled: list.length > 0, active: list, inactive: [...inactive].sort() };
}

// ---------------------------------------------------------------------------------------------
// operations/ratelimit/RateLimitController.java: RateLimitEngine.statusSnapshot(), whatever it holds.
// ---------------------------------------------------------------------------------------------

const LIMITING_KEYS = /^(limited|limiting|throttled|rejecting|active|exceeded)$/i;

function anyLimiting(v: unknown, depth: number): boolean {
  if (depth > 4) return false;
  if (Array.isArray(v)) return v.some((x) => anyLimiting(x, depth + 1));
  if (!isObj(v)) return false;
  for (const [k, x] of Object.entries(v)) {
    if (LIMITING_KEYS.test(k) && x === true) return true;
    if (/^(rejected|rejections|rejectedCount|throttledCount|limitedCount)$/i.test(k) && (num(x) ?? 0) > 0 && /current|now/i.test(k)) return true;
    if (anyLimiting(x, depth + 1)) return true;
  }
  return false;
}

export function parseRateLimits(value: unknown, raw: string): Omit<RateLimitStatus, 'endpoint'> {
  const o = expectObject('doctorRateLimits', value, 'the rate limit status object', raw);
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const text = JSON.stringify(v) ?? 'null';
    setKey(fields, k, text.length <= 1024 ? v : `${text.slice(0, 1024)}…`);
  }
  return defined({ limiting: anyLimiting(o, 0), fields } as Omit<RateLimitStatus, 'endpoint'>, { enabled: bool(o.enabled) });
}

// ---------------------------------------------------------------------------------------------
// operations/maintenance/MaintenanceController.java, models/MaintenanceWindowStatus.java
// ---------------------------------------------------------------------------------------------

export function parseMaintenance(value: unknown, raw: string): Omit<MaintenanceStatus, 'endpoint'> {
  const o = expectObject('doctorMaintenance', value, 'the maintenance window status', raw);
  const enabled = bool(o.enabled);
  if (enabled === undefined) throw invalidResponse('doctorMaintenance', 'expected {enabled, message, severity...}', raw);
  return defined({ enabled } as Omit<MaintenanceStatus, 'endpoint'>, {
    message: capText(str(o.message) ?? '', 4000).text || undefined,
    severity: str(o.severity),
    linkUrl: str(o.linkUrl),
    linkText: str(o.linkText),
    enabledAt: int(o.enabledAt),
    enabledBy: str(o.enabledBy),
  });
}

// ---------------------------------------------------------------------------------------------
// operations/v1/TraceController.java: TraceResponseV1 {urn: {aspect: TraceStatus {success, primaryStorage,
// searchStorage: TraceStorageStatus {writeStatus, writeMessage, writeExceptions}}}}
// ---------------------------------------------------------------------------------------------

function storage(v: unknown): TraceStorageStatus | undefined {
  if (!isObj(v)) return undefined;
  const writeStatus = str(v.writeStatus);
  if (writeStatus === undefined) return undefined;
  const exceptions = (Array.isArray(v.writeExceptions) ? v.writeExceptions : [])
    .map((e) => shortLine(str(obj(e).message) ?? str(e), 1000))
    .filter((e): e is string => e !== undefined);
  return defined({ writeStatus } as TraceStorageStatus, {
    writeMessage: shortLine(str(v.writeMessage), 1000),
    writeExceptions: exceptions.length > 0 ? exceptions : undefined,
  });
}

export function parseTrace(traceId: string, value: unknown, raw: string): Omit<TraceWriteResult, 'endpoint'> {
  const o = expectObject('doctorTraceWrite', value, 'a trace result {urn: {aspect: status}}', raw);
  const urns: Record<string, Record<string, TraceAspectStatus>> = {};
  for (const [urn, aspects] of Object.entries(o)) {
    if (!isObj(aspects)) throw invalidResponse('doctorTraceWrite', `expected {aspect: status} for ${urn.slice(0, 200)}`, raw);
    const out: Record<string, TraceAspectStatus> = {};
    for (const [aspect, s] of Object.entries(aspects)) {
      const so = obj(s);
      setKey(
        out,
        aspect,
        defined({ success: so.success === true } as TraceAspectStatus, {
          primaryStorage: storage(so.primaryStorage),
          searchStorage: storage(so.searchStorage),
        }),
      );
    }
    setKey(urns, urn, out);
  }
  return { traceId, urns };
}

// ---------------------------------------------------------------------------------------------
// The canary write: the v3 EntityController's createAspect answer (GenericEntityV3 {urn, <aspect>: {value,
// systemMetadata}}) and the traceparent header every controller answer carries.
// ---------------------------------------------------------------------------------------------

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const TRACE_ID = /^[0-9a-f]{32}$/;

/** DataHub's trace ids start with the time of the write in ms, hex (TraceIdGenerator); kept when plausible (2015..2100). */
export function traceTime(traceId: string): number | undefined {
  const ms = Number.parseInt(traceId.slice(0, 16), 16);
  return Number.isSafeInteger(ms) && ms > 1_420_070_400_000 && ms < 4_102_444_800_000 ? ms : undefined;
}

export function parseCanary(
  urn: string,
  aspectName: string,
  status: number,
  traceparent: string | undefined,
  value: unknown,
  raw: string,
): Omit<WriteCanaryResult, 'endpoint'> {
  const header = traceparent?.trim().toLowerCase();
  const fromHeader = header !== undefined ? TRACEPARENT.exec(header)?.[1] : undefined;
  const o = isObj(value) ? value : {};
  const metadata = obj(obj(o[aspectName]).systemMetadata);
  const fromBody = str(obj(metadata.properties).telemetryTraceId)?.toLowerCase();
  const traceId = [fromHeader, fromBody].find((t): t is string => t !== undefined && TRACE_ID.test(t) && !/^0+$/.test(t));
  if (traceId === undefined) {
    throw invalidResponse(
      'doctorWriteCanary',
      'the write answered without a trace id (no traceparent header, no systemMetadata.properties.telemetryTraceId)',
      raw,
      status,
    );
  }
  return defined({ urn, aspectName, traceId, status } as Omit<WriteCanaryResult, 'endpoint'>, {
    traceparent: header !== undefined && TRACEPARENT.test(header) ? header : undefined,
    tracedAt: traceTime(traceId),
  });
}
