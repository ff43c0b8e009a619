// The Kafka side of the Doctor's types (doctorTypes.ts re-exports them): DataHub's consumer groups,
// topics, messages and the replay of failed proposals, as operations/kafka/KafkaController.java,
// KafkaAdminService.java and models/*.java (metadata-service/openapi-servlet) answer them.

/** A consumer group as the list names it (ConsumerGroupSummary). */
export interface ConsumerGroupSummary {
  groupId: string;
  /** Stable, Empty, Dead, PreparingRebalance, CompletingRebalance, Unknown. */
  state: string;
  isDataHubGroup?: boolean;
  isSimpleConsumerGroup?: boolean;
}

/** GET /openapi/operations/kafka/consumer-groups: DataHub's consumer groups only. */
export interface ConsumerGroupList {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  /** Each group id once, sorted, at most CONSUMER_GROUPS_MAX. */
  groups: ConsumerGroupSummary[];
  /** Further distinct groups the server listed past the cap (0 when all are in `groups`). */
  more: number;
}

/** Consumer groups one list keeps (DataHub has five; a listing this long is not DataHub's alone). */
export const CONSUMER_GROUPS_MAX = 50;

export interface ConsumerGroupPartition {
  topic: string;
  partition: number;
  currentOffset?: number;
  endOffset?: number;
  lag?: number;
}

export interface ConsumerGroupMember {
  memberId?: string;
  clientId?: string;
  clientHost?: string;
  /** "topic-partition" pairs assigned to the member. */
  assignments: Array<{ topic: string; partition: number }>;
}

/** GET /openapi/operations/kafka/consumer-groups/{groupId} (KafkaConsumerGroupResponse). */
export interface ConsumerGroupDetail {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  groupId: string;
  state: string;
  /** members.length; an Empty group with 0 members consumes nothing at all. */
  memberCount: number;
  members: ConsumerGroupMember[];
  coordinator?: { id?: number; host?: string; port?: number };
  partitionAssignor?: string;
  /** Sorted by topic, then partition. */
  partitions: ConsumerGroupPartition[];
  /** Per topic (topicLag, else the partitions' sum). */
  topicLag: Record<string, number>;
  /** The server's totalLag, else the partitions' sum. */
  totalLag: number;
}

/** DataHub's topic aliases (DataHubTopicConvention.java). */
export type DataHubTopicAlias = 'mcp' | 'mcp-failed' | 'mcl-versioned' | 'mcl-timeseries' | 'platform-event' | 'upgrade-history';

export interface TopicPartitionInfo {
  partition: number;
  leader?: number;
  replicas: number[];
  isr: number[];
  /** Only when the server sends them (KafkaAdminService.describeTopic does not fill them in every release). */
  beginningOffset?: number;
  endOffset?: number;
  /** endOffset - beginningOffset when both are sent. */
  messageCount?: number;
}

/** GET /openapi/operations/kafka/topics/{topicName} (KafkaTopicResponse). */
export interface TopicDetail {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  name: string;
  alias?: string;
  partitionCount: number;
  replicationFactor?: number;
  internal?: boolean;
  partitions: TopicPartitionInfo[];
  /** Topic configs as the server lists them (sensitive ones "***"); e.g. retention.ms. */
  configs: Record<string, string>;
  /** Sum over partitions, when every partition says it. */
  messageCount?: number;
}

/** GET /openapi/operations/kafka/topics (names only on the wire), each described by GET topics/{name}. */
export interface TopicList {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  /** The DataHub topic names the server listed. */
  names: string[];
  /** Each listed topic described (at most 16), with its alias. */
  topics: TopicDetail[];
}

export interface MessagePageRequest {
  /** Default 0. */
  partition?: number;
  /** Default 0 (the server starts at the first retained offset at or after it). */
  offset?: number;
  /** 1..100 (default 20): the server's default is 100, the client caps it. */
  count?: number;
  /**
   * Only the positions (partition, offset, timestamp): values, headers and the failed proposal are not
   * decoded (each value is JSON text inside the answer). For counting, e.g. the Doctor's report.
   */
  positionsOnly?: boolean;
}

/** The failed proposal inside an mcp-failed message (FailedMetadataChangeProposal), as far as it could be read. */
export interface FailedProposal {
  entityUrn?: string;
  entityType?: string;
  aspectName?: string;
  changeType?: string;
  /**
   * The value's `error` field: for validation failures a JSON list (then `errorList` holds it),
   * otherwise a stack trace. Capped (errorTruncated says so).
   */
  error?: string;
  errorList?: unknown[];
  errorTruncated?: boolean;
  /** 'validation' when the error is a JSON list, 'exception' for a stack trace or other text. */
  errorKind?: 'validation' | 'exception';
  /** The first line of the error, for a list view. */
  errorSummary?: string;
}

export interface KafkaMessage {
  partition: number;
  offset: number;
  timestamp?: number;
  key?: string;
  /** Parsed JSON when the value is JSON text, else the text (capped). */
  value: unknown;
  /** true when the value text was longer than the cap and was cut (then `value` is the cut text). */
  valueTruncated: boolean;
  format?: string;
  /** The server's `replayable` flag (true for every mcp-failed message). */
  replayable: boolean;
  headers?: Array<{ key: string; value?: string }>;
  /** mcp-failed only. */
  failed?: FailedProposal;
}

/** GET /openapi/operations/kafka/messages/{alias}?partition&offset&count (KafkaMessageResponse). */
export interface MessagePage {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  topic?: string;
  alias: string;
  messages: KafkaMessage[];
  /**
   * The server's hasMore, or true for a full page: DataHub's getMessages cannot tell more from none when a
   * page fills at a poll batch's end, so the last page of a topic may come back empty.
   */
  hasMore: boolean;
  /** Where the next page starts, when the server says. */
  nextOffset?: number;
  /** The count sent (after the client's cap). */
  requested: number;
}

/** POST /openapi/operations/kafka/messages/mcp-failed/replay (KafkaRequests.ReplayRequest). */
export interface ReplayRequest {
  partition: number;
  /** Inclusive. */
  startOffset: number;
  /** Inclusive; default startOffset (one message). */
  endOffset?: number;
  /** At most this many messages (1..100, the server's default 100). */
  count?: number;
  /** Default true here (the server's default is false): nothing is re-published unless the caller says false. */
  dryRun?: boolean;
}

export interface ReplayedMessage {
  sourceOffset: number;
  destinationOffset?: number;
  key?: string;
  success: boolean;
  error?: string;
}

/** The replay's answer (KafkaMessageResponse.ReplayResponse). */
export interface ReplayResult {
  /** The endpoint read, e.g. "GET /openapi/operations/kafka/topics". */
  endpoint: string;
  dryRun: boolean;
  sourceTopic?: string;
  destinationTopic?: string;
  partition: number;
  startOffset: number;
  endOffset: number;
  successCount: number;
  failureCount: number;
  messages: ReplayedMessage[];
  errors: string[];
}

/** DataHub's topic aliases, in DataHubTopicConvention's order. */
export const DATAHUB_TOPIC_ALIASES: readonly DataHubTopicAlias[] = [
  'mcp',
  'mcp-failed',
  'mcl-versioned',
  'mcl-timeseries',
  'platform-event',
  'upgrade-history',
];

/** The most messages one page asks for. */
export const MESSAGE_PAGE_MAX = 100;
/** The most of one message value (or error text) kept, in characters. */
export const MESSAGE_TEXT_MAX = 64 * 1024;
