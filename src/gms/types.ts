// Public shapes of the DataHub operations client. Response shapes on the wire
// live in schemas.ts and openapi/openapiSchemas.ts (zod); these are the normalised results
// callers see. The OpenAPI-only shapes are in debugTypes.ts, re-exported here.
import type { DoctorOperations } from './doctorTypes';
import type { InspectOperations } from './inspectTypes';
import type { MessagingOperations } from './messagingTypes';
import type { KubernetesOperations } from './k8sTypes';
import type { UpgradeOperations } from './upgradeTypes';
import type { EntityCountOperations } from './entityCountTypes';
import type { CleanupOperations } from './cleanupTypes';
import type { IngestionClientOperations } from './ingestionTypes';
import type { GmsAction } from './actionTypes';
import type { SentWrite } from './sentWrite';
export type { SentWrite } from './sentWrite';
import type { ExplainDiffRequest, ExplainRequest, RawDocuments, SearchExplanation, TransportProbe } from './debugTypes';

import type {
  ConsistencyCheckInfo,
  ConsistencyCheckPage,
  ConsistencyCheckRequest,
  ConsistencyFixRequest,
  ConsistencyFixResult,
  ConsumerLag,
  LagConsumer,
} from './healthTypes';
import type { DataHubSearch } from './searchTypes';

export type * from './actionTypes';
export type * from './debugTypes';
export type * from './doctorTypes';
export type * from './messagingTypes';
export type * from './healthTypes';
export type * from './inspectTypes';
export type * from './upgradeTypes';
export type * from './entityCountTypes';
export type * from './cleanupTypes';
export type * from './ingestionTypes';
export type * from './searchTypes';

export interface GmsClientOptions {
  /** Any form a user types: http://localhost:8080, https://host/api/gms, https://t.acryl.io */
  gmsUrl: string;
  /** Bearer token; the Authorization header is sent only when this is a non-empty string. */
  token?: string;
  /** Per-request budget for connect, headers and body, in ms (default 30 000). */
  timeoutMs?: number;
  /** Extra trusted CA certificates (PEM). */
  ca?: string | Buffer | Array<string | Buffer>;
  /** false turns off TLS verification (an explicit user opt-out). Default true. */
  rejectUnauthorized?: boolean;
  /** http(s) proxy URL; ignored for hosts matched by noProxy. */
  proxyUrl?: string;
  /** NO_PROXY-style list; defaults to process.env.NO_PROXY / no_proxy. */
  noProxy?: string;
  /**
   * The Proxy-Authorization header value sent to the proxy (VS Code's http.proxyAuthorization,
   * e.g. "Basic dXNlcjpwYXNz"); wins over credentials in proxyUrl. Never sent to GMS.
   */
  proxyAuthorization?: string;
  /** false: an https proxy's own certificate is not checked (VS Code's http.proxyStrictSSL). Default true. */
  proxyStrictSSL?: boolean;
  /** Sent as User-Agent; defaults to "datahub-index-ops/<version>". */
  userAgent?: string;
  /** Cap on a response body in bytes (default 64 MiB). */
  maxResponseBytes?: number;
  /** Retries for read-only actions on network errors and 502/503/504 (default 2). */
  retries?: number;
  /** Base delay of the retry backoff in ms (default 250). */
  retryBaseDelayMs?: number;
  /** Called once per HTTP attempt, for logs. Never carries the token. */
  onRequest?: (entry: RequestLogEntry) => void;
  /** Called once per write sent (never a read or a dry run), for the operations journal. */
  onWrite?: (write: SentWrite) => void;
  /**
   * Which transport carries getIndexSizes, restoreIndices and getEsTaskStatus: DataHub's
   * Rest.li operations (`/operations?action=`) or its OpenAPI operations
   * (`/openapi/operations/elasticSearch/`); 'auto' asks the server once (probeTransports)
   * and takes OpenAPI when it is there. Default 'auto'. Truncation is Rest.li
   * whatever this says (it has no OpenAPI form); the list restore, explain and raw
   * document are OpenAPI whatever this says (they have no Rest.li form).
   */
  api?: GmsApiChoice;
  /** With 'auto': called once the server has shown which transport it has (for the log, and for knownTransport next time). */
  onTransport?: (found: { transport: GmsTransport; reason: string }) => void;
  /** With 'auto': what an earlier client of the same connection and URL found out; no probe then. */
  knownTransport?: GmsTransport;
}

/** The two operations transports of DataHub GMS. */
export type GmsTransport = 'restli' | 'openapi';
export type GmsApiChoice = 'auto' | GmsTransport;

export interface RequestLogEntry {
  action: GmsAction;
  url: string;
  attempt: number;
  status?: number;
  durationMs: number;
  responseBytes: number;
  errorKind?: GmsErrorKind;
  /** A 429 on a read: the wait (Retry-After, with jitter) before its one more attempt. */
  retryAfterMs?: number;
}

/** 'current': sizeInMb (decimal MB). 'legacy': old sizeMb, really kB, divided by 1000. 'unknown': no usable number. */
export type SizeSource = 'current' | 'legacy' | 'unknown';

export interface IndexSize {
  indexName: string;
  /** Lowercase entity name; 'unknown' when neither sent nor derivable from indexName. */
  entityName: string;
  aspectName: string;
  /** Decimal megabytes (bytes / 1e6); null when unknown. */
  sizeMb: number | null;
  sizeSource: SizeSource;
  /**
   * true when the server itself sent entityName and aspectName: only then does
   * truncation (which names entity and aspect, not the index) address this index.
   * Unnamed indices belong to another deployment sharing the cluster, or do not parse.
   */
  named?: boolean;
}

export interface IndexSizes {
  indices: IndexSize[];
}

export interface RestoreRequest {
  urn?: string;
  aspect?: string;
  urnLike?: string;
  start?: number;
  batchSize?: number;
  limit?: number;
  gePitEpochMs?: number;
  lePitEpochMs?: number;
  createDefaultAspects?: boolean;
}

/** POST restoreIndices (OpenAPI only): the latest aspects of these URNs, sent again to the search indices. */
export interface UrnListRestoreRequest {
  /** At least one URN. The server takes a Set: duplicates are sent once, and the order is not kept. */
  urns: string[];
  /** Only these aspects; default every aspect the server's entity registry knows for each entity. */
  aspectNames?: string[];
  /** URNs per internal batch (server default 100). */
  batchSize?: number;
  createDefaultAspects?: boolean;
}

export interface RestoreBatch {
  rowsMigrated: number;
  ignored: number;
  /** Every numeric field of the batch whose name starts with "time" or ends with "Ms". */
  timings: Record<string, number>;
  lastUrn?: string;
  lastAspect?: string;
  /** Every field as the server printed it, known or not. */
  fields: Record<string, string>;
}

export interface RestoreResult {
  /**
   * Rest.li: the RestoreIndicesArgs fields as the server printed them (values are strings;
   * "null" kept as-is). OpenAPI echoes no arguments: there it holds the query parameters
   * the client sent, as strings.
   */
  args: Record<string, string>;
  batches: RestoreBatch[];
  rowsMigrated: number;
  ignored: number;
  /** The server's original text, always (Rest.li: the value string; OpenAPI: the JSON body). */
  raw: string;
}

export type TruncateMethod = 'deleteByQuery' | 'reindex';

export interface TruncateRequest {
  entityType: string;
  aspect: string;
  /** Entries at or before this instant are deleted. */
  endTimeMillis: number;
  /** Default true: nothing is deleted unless the caller says false. */
  dryRun?: boolean;
  batchSize?: number;
  timeoutSeconds?: number;
  /** 'auto' (default) lets the server choose; the others send exactly one force flag as true. */
  method?: 'auto' | TruncateMethod;
}

export type TruncateResult =
  | {
      kind: 'dryRun';
      summary: string;
      toDelete: number;
      total: number;
      /** null for an empty index (the server prints NaN%). */
      percent: number | null;
      method: TruncateMethod | 'unknown';
    }
  | { kind: 'task'; task: string }
  /** Older servers reindexed synchronously and answered "Reindex <entity> <aspect> index": already done. */
  | { kind: 'completed'; summary: string };

export interface TaskStatusCounts {
  total?: number;
  updated?: number;
  created?: number;
  deleted?: number;
  batches?: number;
  version_conflicts?: number;
  noops?: number;
  [key: string]: unknown;
}

export interface TaskStatus {
  completed: boolean;
  task: string;
  runTimeNanos?: number;
  status: TaskStatusCounts;
}

export type GmsErrorKind =
  | 'invalidInput'
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'badRequest'
  | 'server'
  | 'timeout'
  | 'network'
  | 'tls'
  | 'invalidResponse'
  | 'redirect'
  | 'tooLarge'
  | 'cancelled';

export interface GmsClient {
  /** The normalised operations base, e.g. https://host/api/gms (no trailing slash). */
  readonly baseUrl: string;
  /** The transport choice this client was made with (options.api). */
  readonly api: GmsApiChoice;
  /** Over the chosen transport. */
  getIndexSizes(signal?: AbortSignal): Promise<IndexSizes>;
  /** Over the chosen transport (by urn or urnLike; never the whole database). */
  restoreIndices(request: RestoreRequest, signal?: AbortSignal): Promise<RestoreResult>;
  /** Rest.li always: the OpenAPI operations have no truncation. */
  truncateTimeseriesAspect(request: TruncateRequest, signal?: AbortSignal): Promise<TruncateResult>;
  /** Over the chosen transport; an unknown task is a GmsError notFound/taskNotFound on both. */
  getEsTaskStatus(task: string, signal?: AbortSignal): Promise<TaskStatus>;
  /** OpenAPI always: restore a list of URNs (one batch result per batch of URNs and entity type). */
  restoreUrns(request: UrnListRestoreRequest, signal?: AbortSignal): Promise<RestoreResult>;
  /** OpenAPI always: how the search engine scores (or does not match) one entity for a query. */
  explainSearchQuery(request: ExplainRequest, signal?: AbortSignal): Promise<SearchExplanation>;
  /** OpenAPI always: the diff of two entities' explanations, as text for people (not to be parsed). */
  explainSearchQueryDiff(request: ExplainDiffRequest, signal?: AbortSignal): Promise<string>;
  /** OpenAPI always: the entities' documents in the entity search index. */
  getRawDocuments(urns: string[], signal?: AbortSignal): Promise<RawDocuments>;
  /** OpenAPI always: the consistency checks the server offers (on-demand ones included), for one entity type or all. */
  listConsistencyChecks(entityType?: string, signal?: AbortSignal): Promise<ConsistencyCheckInfo[]>;
  /** OpenAPI always: one page of a consistency check over what search holds for an entity type (a read). */
  checkConsistency(request: ConsistencyCheckRequest, signal?: AbortSignal): Promise<ConsistencyCheckPage>;
  /** OpenAPI always: fix exactly these issues; a dry run unless dryRun is false. */
  fixConsistencyIssues(request: ConsistencyFixRequest, signal?: AbortSignal): Promise<ConsistencyFixResult>;
  /** OpenAPI always: how far a consumer is behind (messaging endpoint, else the older kafka one). */
  getConsumerLag(consumer: LagConsumer, signal?: AbortSignal): Promise<ConsumerLag>;
  /** One read-only request: which operations transports the server has, and why it looks so. Never throws but for cancellation. */
  probeTransports(signal?: AbortSignal): Promise<TransportProbe>;
  /**
   * The transport that carries getIndexSizes, restoreIndices and getEsTaskStatus: the one
   * the connection names, or (api 'auto') the one the probe chose, probing on first use.
   */
  transport(): Promise<{ transport: GmsTransport; reason: string; probed: boolean }>;
  /** The DataHub version GMS reports at {gms}/config, or why it could not be read (never throws but for cancellation). */
  getServerVersion(signal?: AbortSignal): Promise<ServerVersion>;
  /** DataHub's GraphQL API on the same GMS, token and transport. */
  readonly search: DataHubSearch;
  /** DataHub's Kubernetes operations (OpenAPI; 503 when GMS is not in Kubernetes, 404 when off or older). */
  readonly k8s: KubernetesOperations;
  /** DataHub's health and operations endpoints for the Doctor (health, search cluster, Kafka, throttles, maintenance, write tracing). */
  readonly doctor: DoctorOperations;
  /** One entity for Inspect URN: its aspects with system metadata, DataHub's consistency checks, its timeline. */
  readonly inspect: InspectOperations;
  /** Entity counts per type from /openapi/v1/entities/counts (search facets: search.entityCountFacets). */
  readonly entities: EntityCountOperations;
  /** An entity cleanup's deletes (OpenAPI v3): for good, or status removed: true. */
  readonly cleanup: CleanupOperations;
  /** Ingestion sources and runs (GraphQL), the cancel, a run's rollback with its dry run (Rest.li /runs). */
  readonly ingestion: IngestionClientOperations;
  /** What an upgrade reads: GMS's settings, the entity counts, an upgrade's recorded state. */
  readonly upgrade: UpgradeOperations;
  /** DataHub's messaging operations on either transport (which one, the Postgres queue's registered consumers). */
  readonly messaging: MessagingOperations;
  /** Closes the keep-alive agent. */
  close(): Promise<void>;
}

/** What GET {gms}/config told about the server's version. */
export type ServerVersion = { ok: true; version: string; commit?: string; serverType?: string } | { ok: false; reason: string };
