// DataHub's messaging operations, whichever transport carries its events (Kafka, or the Postgres queue
// since DATAHUB_MESSAGING_TRANSPORT=pgqueue): MessagingOperationsController.java,
// MessagingTransportInfoResponse.java and ConsumerRegistrationResponse.java under
// metadata-service/openapi-servlet/.../openapi/operations/messaging/. The lag itself is
// GmsClient.getConsumerLag (health.ts). Part of types.ts, which re-exports them.

/** GET /openapi/operations/messaging/transport. */
export interface MessagingTransportInfo {
  endpoint: string;
  /** 'kafka' or 'pgqueue' as the server says it (lower-cased); another word is kept as said, capped. */
  transport: string;
  /** The primary topics' names (the same on both transports: the queue reuses Kafka's names). */
  topics: { mcp?: string; mclVersioned?: string; mclTimeseries?: string };
}

/** One consumer registered with the Postgres queue (its retention keeps what they have not read). */
export interface RegisteredConsumer {
  consumerGroup: string;
  topicName: string;
  /** Epoch ms. */
  registeredAt?: number;
  /** Epoch ms; refreshed every poll cycle of a running consumer. */
  lastHeartbeatAt?: number;
}

/** GET /openapi/operations/messaging/consumers?topicName=: at most REGISTERED_CONSUMERS_MAX, each group once. */
export interface RegisteredConsumers {
  endpoint: string;
  topicName: string;
  consumers: RegisteredConsumer[];
  /** Further registrations past the cap. */
  more: number;
}

export const REGISTERED_CONSUMERS_MAX = 50;

/**
 * DataHub's own consumer groups, the only ones its reset endpoints take (defaults of
 * KafkaAdminServiceFactory.java's @Values, and PgQueueConsumerLagPort.java's usage-event group).
 */
export const DATAHUB_CONSUMER_GROUPS = [
  'generic-mce-consumer-job-client',
  'generic-mae-consumer-job-client',
  'generic-duhe-consumer-job-client',
  'generic-pe-consumer-job-client',
  'generic-usage-event-consumer-job-client',
  'datahub-usage-event-consumer-job-client',
] as const;

/** KafkaRequests.ResetOffsetsRequest's strategies (exact, lower-case). */
export const RESET_STRATEGIES = ['earliest', 'latest', 'to-offset', 'shift-by'] as const;
export type ResetStrategy = (typeof RESET_STRATEGIES)[number];

/** One partition's move: from the committed offset to the new one (change = to − from). */
export interface PartitionReset {
  partition: number;
  from: number;
  to: number;
  change: number;
}

/** POST /openapi/operations/kafka/consumer-groups/{groupId}/offsets/reset (KafkaController.java). */
export interface KafkaResetRequest {
  groupId: string;
  /** DataHub's topic alias (DataHubTopicConvention.java): the endpoint takes aliases only. */
  topic: string;
  strategy: ResetStrategy;
  value?: string;
  partitions?: number[];
  /** Default true here (the server's default is a real reset). */
  dryRun?: boolean;
}

/** POST /openapi/operations/messaging/consumer/offsets/reset (PgQueueMessagingOperationsController.java): no dry run there. */
export interface QueueResetRequest {
  consumerGroup: string;
  topicName: string;
  partitionId: number;
}

export interface OffsetResetResult {
  endpoint: string;
  dryRun: boolean;
  partitionResets: PartitionReset[];
}

export type MessagingAction = 'messagingTransport' | 'messagingConsumers' | 'resetKafkaOffsets' | 'resetQueueOffsets';

export const MESSAGING_WORDS: Record<MessagingAction, string> = {
  messagingTransport: 'reading which messaging transport DataHub uses',
  messagingConsumers: 'listing the consumers registered with the Postgres queue',
  resetKafkaOffsets: "resetting a Kafka consumer group's offsets",
  resetQueueOffsets: "resetting a Postgres-queue consumer's offsets",
};

export interface MessagingOperations {
  /** GET /openapi/operations/messaging/transport; not offered (404) before the messaging operations. */
  transport(signal?: AbortSignal): Promise<MessagingTransportInfo>;
  /** GET /openapi/operations/messaging/consumers?topicName=: the Postgres queue only (Kafka answers 503). */
  registeredConsumers(topicName: string, signal?: AbortSignal): Promise<RegisteredConsumers>;
  /** Kafka's offsets reset of one DataHub group and topic alias; a dry run unless dryRun is false. Never retried. */
  resetKafkaOffsets(request: KafkaResetRequest, signal?: AbortSignal): Promise<OffsetResetResult>;
  /** The Postgres queue's reset of one stuck-ahead partition to its log's end (onlyStuckAhead). Never retried. */
  resetQueueOffsets(request: QueueResetRequest, signal?: AbortSignal): Promise<OffsetResetResult>;
}
