// What the client offers of DataHub's health and operations endpoints for "DataHub Doctor":
// GMS health and readiness and the search cluster's health (health/HealthCheckController.java),
// the system info (operations/v1/SystemInfoController.java), the Kafka admin operations
// (operations/kafka/KafkaController.java, KafkaAdminService.java, models/*.java), the throttles
// (operations/throttle/ThrottleController.java), the rate limits
// (operations/ratelimit/RateLimitController.java), the maintenance window
// (operations/maintenance/MaintenanceController.java) and write tracing
// (operations/v1/TraceController.java), all under metadata-service/openapi-servlet/.../openapi/.
// Part of types.ts, which re-exports them.
//
// Every result names the endpoint it read (`endpoint`, e.g. "GET /openapi/operations/kafka/topics").
// A server without an endpoint (older release, OpenAPI servlet off, a frontend that does not pass
// it on) fails with GmsError kind 'notFound' and code 'openapiMissing' (isNotOffered() tells it);
// every other failure is a GmsError of its own kind. 401/403 name MANAGE_SYSTEM_OPERATIONS where
// the controller checks it.

import type {
  ConsumerGroupDetail,
  ConsumerGroupList,
  DataHubTopicAlias,
  MessagePage,
  MessagePageRequest,
  ReplayRequest,
  ReplayResult,
  TopicDetail,
  TopicList,
} from './doctorKafkaTypes';

export type * from './doctorKafkaTypes';
export { CONSUMER_GROUPS_MAX, DATAHUB_TOPIC_ALIASES, MESSAGE_PAGE_MAX, MESSAGE_TEXT_MAX } from './doctorKafkaTypes';

/** The endpoint a result came from: method and path under the GMS base, e.g. "GET /health". */
export interface DoctorEndpoint {
  endpoint: string;
}

/** GET /health (bootstrap-aware, no token needed): 503 while GMS runs its blocking bootstrap steps. */
export interface GmsHealthState extends DoctorEndpoint {
  /** true on 200; false on 503 (still bootstrapping: a normal answer, not an error). */
  ready: boolean;
  /** 200 or 503. */
  status: number;
}

/** GET /check/ready: true/false, 200/503 (the search cluster's health is what it checks). */
export interface GmsReadyState extends DoctorEndpoint {
  ready: boolean;
  status: number;
}

/** green/yellow/red as the search cluster says; 'unreachable' when GMS could not ask it (503 with the exception's text). */
export type SearchClusterStatus = 'green' | 'yellow' | 'red' | 'unreachable';

/**
 * GET /debug/elastic: the search cluster's health (OpenSearch/Elasticsearch ClusterHealthResponse as
 * JSON); 503 when red or timed out, the body still the cluster health. Figures absent from the answer
 * are left out.
 */
export interface SearchClusterHealth extends DoctorEndpoint {
  status: SearchClusterStatus;
  /** The HTTP status of the answer (200 or 503). */
  httpStatus: number;
  clusterName?: string;
  timedOut?: boolean;
  nodes?: number;
  dataNodes?: number;
  activePrimaryShards?: number;
  activeShards?: number;
  relocatingShards?: number;
  initializingShards?: number;
  unassignedShards?: number;
  delayedUnassignedShards?: number;
  pendingTasks?: number;
  inFlightFetches?: number;
  taskMaxWaitingInQueueMillis?: number;
  /** 0..100 */
  activeShardsPercent?: number;
  /** 'unreachable': why, in GMS's words (capped). */
  error?: string;
}

/** One Spring component in the system info (gms, maeConsumer, mceConsumer). */
export interface SystemComponent {
  /** The key in springComponents, e.g. "gms", "maeConsumer", "mceConsumer". */
  id: string;
  name?: string;
  /** e.g. AVAILABLE, UNAVAILABLE, ERROR (ComponentStatus). */
  status?: string;
  version?: string;
  /** The component's own properties that say whether it runs, when sent (e.g. enabled/consumerGroupId). */
  enabled?: boolean;
  errorMessage?: string;
}

/** GET /openapi/v1/system-info (MANAGE_SYSTEM_OPERATIONS): only what the Doctor reads. */
export interface SystemInfo extends DoctorEndpoint {
  /** The GMS component's version, when the server says it. */
  gmsVersion?: string;
  components: SystemComponent[];
}

export interface ActiveThrottle {
  /** e.g. MCL_VERSIONED_LAG, MCL_TIMESERIES_LAG, MANUAL (ThrottleType). */
  kind: string;
  /** The wait the sensor asks for in ms, when the answer carries it; -1 means until cleared. */
  backoffWaitMs?: number;
}

/** GET /openapi/operations/throttle/requests: {} when nothing throttles. */
export interface ThrottleState extends DoctorEndpoint {
  throttled: boolean;
  active: ActiveThrottle[];
  /** The throttle kinds the server knows but that are not throttling now. */
  inactive: string[];
}

/** GET /openapi/v1/rate-limits/status (RateLimitEngine.statusSnapshot): kept small and tolerant. */
export interface RateLimitStatus extends DoctorEndpoint {
  /** When the answer says whether rate limiting is on. */
  enabled?: boolean;
  /** true when any entry of the answer says it is limiting/throttled/rejecting now. */
  limiting: boolean;
  /** The answer's top-level fields, values cut to 1 KB of JSON each (for a details view). */
  fields: Record<string, unknown>;
}

/** GET /openapi/operations/maintenance/status (MaintenanceWindowStatus; nulls may be left out). */
export interface MaintenanceStatus extends DoctorEndpoint {
  enabled: boolean;
  message?: string;
  /** INFO, WARNING, CRITICAL. */
  severity?: string;
  linkUrl?: string;
  linkText?: string;
  /** Epoch ms. */
  enabledAt?: number;
  /** The actor's URN. */
  enabledBy?: string;
}

/** PENDING, ACTIVE_STATE, HISTORIC_STATE, NO_OP, ERROR, UNKNOWN, TRACE_NOT_IMPLEMENTED (TraceWriteStatus). */
export type TraceWriteStatus = string;

export interface TraceStorageStatus {
  writeStatus: TraceWriteStatus;
  writeMessage?: string;
  /** The exceptions' messages, when the server sent them (detailed). */
  writeExceptions?: string[];
}

export interface TraceAspectStatus {
  success: boolean;
  primaryStorage?: TraceStorageStatus;
  searchStorage?: TraceStorageStatus;
}

export interface TraceWriteOptions {
  /** Default false here (the server's default is true: then only aspects in error come back). */
  onlyIncludeErrors?: boolean;
  /** Default false. */
  detailed?: boolean;
  /** Default false. */
  skipCache?: boolean;
}

/** POST /openapi/v1/trace/write/{traceId}: per URN, per aspect. */
export interface TraceWriteResult extends DoctorEndpoint {
  traceId: string;
  urns: Record<string, Record<string, TraceAspectStatus>>;
}

/** A write of one harmless aspect to one entity, to follow through tracing. */
export interface WriteCanaryRequest {
  /** The entity written to; validated before anything is sent. */
  urn: string;
  /** The aspect's name, e.g. "status" (or a custom aspect the server knows). */
  aspectName: string;
  /** The aspect's value as DataHub's OpenAPI v3 takes it, e.g. { removed: false }. An unchanged value traces as NO_OP. */
  value: Record<string, unknown>;
  /**
   * Default true, as DataHub's own trace smoke test writes: the proposal goes through Kafka (MCP
   * topic and consumer) before the database, so the trace follows the whole pipeline. false: GMS
   * writes the database before it answers (primary storage at once; search still asynchronous).
   */
  async?: boolean;
}

/** What the write answered: the trace id (traceparent header, else systemMetadata.properties.telemetryTraceId). */
export interface WriteCanaryResult extends DoctorEndpoint {
  urn: string;
  aspectName: string;
  /** 32 lowercase hex digits. */
  traceId: string;
  /** The traceparent header as sent, when sent. */
  traceparent?: string;
  /** Epoch ms held in the trace id's first 16 hex digits (DataHub's trace ids carry their time), when plausible. */
  tracedAt?: number;
  /** HTTP status of the write (200, or 202 for an async write). */
  status: number;
}

/** The Doctor's actions, for logs and error words. */
export type DoctorAction =
  | 'doctorHealth'
  | 'doctorReady'
  | 'doctorSearchCluster'
  | 'doctorSystemInfo'
  | 'doctorConsumerGroups'
  | 'doctorConsumerGroup'
  | 'doctorTopics'
  | 'doctorTopic'
  | 'doctorMessages'
  | 'doctorReplay'
  | 'doctorThrottle'
  | 'doctorRateLimits'
  | 'doctorMaintenance'
  | 'doctorTraceWrite'
  | 'doctorWriteCanary';

export interface DoctorOperations {
  /** GET /health: 503 while bootstrapping is { ready: false, status: 503 }, not an error. No token needed. */
  health(signal?: AbortSignal): Promise<GmsHealthState>;
  /** GET /check/ready: true/false (200/503). */
  ready(signal?: AbortSignal): Promise<GmsReadyState>;
  /** GET /debug/elastic: a 503 with the cluster's health is red (or timed out), not an error. */
  searchCluster(signal?: AbortSignal): Promise<SearchClusterHealth>;
  /** GET /openapi/v1/system-info. */
  systemInfo(signal?: AbortSignal): Promise<SystemInfo>;
  /** GET /openapi/operations/kafka/consumer-groups. */
  consumerGroups(signal?: AbortSignal): Promise<ConsumerGroupList>;
  /** GET /openapi/operations/kafka/consumer-groups/{groupId}; an unknown group is GmsError notFound (no code). */
  consumerGroup(groupId: string, signal?: AbortSignal): Promise<ConsumerGroupDetail>;
  /** GET /openapi/operations/kafka/topics, then GET topics/{name} for each listed topic. */
  topics(signal?: AbortSignal): Promise<TopicList>;
  /**
   * One DataHub topic by alias (mcp, mcp-failed, ...) or by its name: the controller takes names, so an
   * alias is found through the list (and each candidate's dataHubAlias). notFound (no code) when no topic has it.
   */
  topic(aliasOrName: string, signal?: AbortSignal): Promise<TopicDetail>;
  /** GET /openapi/operations/kafka/messages/{alias}: one page; mcp-failed messages carry `failed`. */
  messages(alias: DataHubTopicAlias, page?: MessagePageRequest, signal?: AbortSignal): Promise<MessagePage>;
  /** POST /openapi/operations/kafka/messages/mcp-failed/replay; dryRun defaults to true. Never retried. */
  replayFailed(request: ReplayRequest, signal?: AbortSignal): Promise<ReplayResult>;
  /** GET /openapi/operations/throttle/requests. */
  throttle(signal?: AbortSignal): Promise<ThrottleState>;
  /** GET /openapi/v1/rate-limits/status. */
  rateLimits(signal?: AbortSignal): Promise<RateLimitStatus>;
  /** GET /openapi/operations/maintenance/status (any authenticated user). */
  maintenance(signal?: AbortSignal): Promise<MaintenanceStatus>;
  /** POST /openapi/v1/trace/write/{traceId}?onlyIncludeErrors=false&detailed&skipCache with { urn: [aspects] }. */
  traceWrite(traceId: string, aspects: Record<string, string[]>, options?: TraceWriteOptions, signal?: AbortSignal): Promise<TraceWriteResult>;
  /**
   * POST /openapi/v3/entity/{entityType}/{urn}/{aspectName}?async=true&systemMetadata=true&createIfEntityNotExists=false&createIfNotExists=false
   * with { value }: an upsert of exactly this one aspect of exactly this URN (the per-aspect form of
   * DataHub's v3 EntityController); answers the write's trace id. The URN is validated before sending. Never retried.
   */
  writeCanary(request: WriteCanaryRequest, signal?: AbortSignal): Promise<WriteCanaryResult>;
}

/** What each Doctor action does, in words for messages. */
export const DOCTOR_WHAT = {
  doctorHealth: "reading GMS's health",
  doctorReady: "reading GMS's readiness",
  doctorSearchCluster: "reading the search cluster's health",
  doctorSystemInfo: "reading GMS's system info",
  doctorConsumerGroups: "listing DataHub's Kafka consumer groups",
  doctorConsumerGroup: 'describing a Kafka consumer group',
  doctorTopics: "listing DataHub's Kafka topics",
  doctorTopic: 'describing a Kafka topic',
  doctorMessages: 'reading Kafka messages',
  doctorReplay: 'replaying failed proposals',
  doctorThrottle: "reading GMS's throttles",
  doctorRateLimits: "reading GMS's rate limits",
  doctorMaintenance: 'reading the maintenance window',
  doctorTraceWrite: 'tracing a write',
  doctorWriteCanary: 'writing a canary aspect',
} as const;
