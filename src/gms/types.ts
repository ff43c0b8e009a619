// Public shapes of the DataHub operations client. Response shapes on the wire
// live in schemas.ts (zod); these are the normalised results callers see.

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
}

/** The actions of the Rest.li operations resource. */
export type OperationsAction = 'getIndexSizes' | 'restoreIndices' | 'truncateTimeseriesAspect' | 'getEsTaskStatus';
/** Everything the client asks GMS: the operations actions, GET /config for the version, and 'graphql' for DataHub search. */
export type GmsAction = OperationsAction | 'getServerConfig' | 'graphql';

export interface RequestLogEntry {
  action: GmsAction;
  url: string;
  attempt: number;
  status?: number;
  durationMs: number;
  responseBytes: number;
  errorKind?: GmsErrorKind;
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
  /** RestoreIndicesArgs fields as printed (values are strings; "null" kept as-is). */
  args: Record<string, string>;
  batches: RestoreBatch[];
  rowsMigrated: number;
  ignored: number;
  /** The server's original string, always. */
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
  getIndexSizes(signal?: AbortSignal): Promise<IndexSizes>;
  restoreIndices(request: RestoreRequest, signal?: AbortSignal): Promise<RestoreResult>;
  truncateTimeseriesAspect(request: TruncateRequest, signal?: AbortSignal): Promise<TruncateResult>;
  getEsTaskStatus(task: string, signal?: AbortSignal): Promise<TaskStatus>;
  /** The DataHub version GMS reports at {gms}/config, or why it could not be read (never throws but for cancellation). */
  getServerVersion(signal?: AbortSignal): Promise<ServerVersion>;
  /** DataHub's GraphQL API on the same GMS, token and transport. */
  readonly search: DataHubSearch;
  /** Closes the keep-alive agent. */
  close(): Promise<void>;
}

/** What GET {gms}/config told about the server's version. */
export type ServerVersion = { ok: true; version: string; commit?: string; serverType?: string } | { ok: false; reason: string };

// DataHub search (GraphQL), as the client offers it.
export interface SearchIndexStatus {
  urn: string;
  /** entityExists: the key aspect is in the database. */
  inDatabase: boolean;
  /** The search index returns it for a filter on its urn. */
  inSearch: boolean;
  /** status.removed is true (soft-deleted): search hides it on purpose. */
  removed: boolean;
}

export interface FoundEntity {
  urn: string;
  /** GraphQL EntityType, e.g. DATASET. */
  type: string;
  name?: string;
  platform?: string;
}

export interface DataHubSearch {
  /** Is the URN in the database, in the search index, soft-deleted? One request. */
  checkSearchIndex(urn: string, signal?: AbortSignal): Promise<SearchIndexStatus>;
  /** Entities whose name or URN match the text (full-text search), at most `count`. */
  findEntities(text: string, signal?: AbortSignal, count?: number): Promise<FoundEntity[]>;
}
