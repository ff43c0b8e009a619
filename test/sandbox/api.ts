// The contract of the DataHub-compatible sandbox server, shared by the unit
// tests (in-process), the integration suite (over HTTP, from inside VS Code),
// the UI tests and the demo. Implementation: server.ts; CLI: cli.ts.

import type { DoctorOptions } from './doctor';
import type { DoctorControls } from './doctorControl';
import type { FaultRule } from './faultTypes';
export type { DoctorOptions, DoctorRouteName, DoctorState, WrittenAspect } from './doctor';
export type { DoctorControls } from './doctorControl';
export type { FaultKind, FaultRule } from './faultTypes';

export type ServerVersion =
  /** sizeInMb, Lombok `RestoreIndicesResult(...)`, newer restore args. Default. */
  | 'newer'
  /** sizeMb in kB (negative above ~2 GB: int overflow), curly `RestoreIndicesResult{...}`. */
  | 'legacy'
  /** getIndexSizes value is a string holding JSON (alternates array/object form by `seedStringForm`). */
  | 'seedString'
  /** Before 0.10.5: no operations resource, every /operations call is 404. */
  | 'pre0105';

export const SERVER_VERSIONS: readonly ServerVersion[] = ['newer', 'legacy', 'seedString', 'pre0105'];

export type Privilege =
  | 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE'
  | 'RESTORE_INDICES_PRIVILEGE'
  | 'TRUNCATE_TIMESERIES_INDEX_PRIVILEGE'
  | 'GET_ES_TASK_STATUS_PRIVILEGE'
  /** GraphQL entityExists / searchAcrossEntities; without it the answer is an "Unauthorized" errors entry. */
  | 'VIEW_ENTITY_PAGE'
  /** OpenAPI explainSearchQuery / explainSearchQueryDiff (or MANAGE_SYSTEM_OPERATIONS). */
  | 'ES_EXPLAIN_QUERY_PRIVILEGE'
  /**
   * "Manage System Operations": on the OpenAPI side it also grants getIndexSizes, restoreIndices and explain
   * (AuthUtil.isAPIOperationsAuthorized), not getTaskStatus; the raw endpoints need it alone.
   */
  | 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE'
  /** Writes through the OpenAPI v3 entity endpoints (the Doctor's canary). */
  | 'EDIT_ENTITY'
  /** "Get Aspect/Entity Count APIs": /openapi/v1/entities/counts and /{entityType}/count (entityCounts.ts). */
  | 'GET_COUNTS_PRIVILEGE'
  /** "Manage Ingestion": the ingestion GraphQL fields and the runs' rollback (ingestionGraphql.ts, ingestionRollback.ts). */
  | 'MANAGE_INGESTION_PRIVILEGE';

export const ALL_PRIVILEGES: Privilege[] = [
  'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE',
  'RESTORE_INDICES_PRIVILEGE',
  'TRUNCATE_TIMESERIES_INDEX_PRIVILEGE',
  'GET_ES_TASK_STATUS_PRIVILEGE',
  'VIEW_ENTITY_PAGE',
  'ES_EXPLAIN_QUERY_PRIVILEGE',
  'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE',
  'EDIT_ENTITY',
  'GET_COUNTS_PRIVILEGE',
  'MANAGE_INGESTION_PRIVILEGE',
];

/**
 * Which operations transports the server has: Rest.li `/operations?action=` and/or the OpenAPI
 * `/openapi/operations/elasticSearch/...`. The one it lacks answers 404 as such a server does.
 */
export type ApiMode = 'restli' | 'openapi' | 'both';
export const API_MODES: readonly ApiMode[] = ['restli', 'openapi', 'both'];

/** Where GMS serves the OpenAPI operations (ElasticsearchController.java @RequestMapping). */
export const OPENAPI_OPERATIONS = '/openapi/operations/elasticSearch';

/** Tokens the sandbox accepts by default (test values, not secrets). */
export const SANDBOX_TOKENS = {
  admin: 'sandbox-admin-token-0123456789',
  reader: 'sandbox-reader-token-0123456789',
  restorer: 'sandbox-restorer-token-0123456789',
  none: 'sandbox-noprivs-token-0123456789',
} as const;

export interface AuthConfig {
  /** false: quickstart without auth, every request allowed. */
  enabled: boolean;
  /** token name -> { token value, privileges } */
  tokens: Record<string, { token: string; privileges: Privilege[] }>;
  /** Tokens that answer "Unauthorized to perform this action due to expired auth." */
  expired?: string[];
}

export interface RecordedRequest {
  seq: number;
  time: number;
  method: string;
  /** Path without query, e.g. /operations or /api/gms/operations */
  path: string;
  query: Record<string, string>;
  /** The Rest.li ?action=, `graphql`, or the OpenAPI endpoint name (e.g. `restoreIndices`, `entity/raw`). */
  action?: string;
  /** Set for operations requests: which transport carried it. */
  transport?: 'restli' | 'openapi';
  /** Lower-cased header names; `authorization` is replaced by "Bearer <redacted>" when present. */
  headers: Record<string, string>;
  /** Which configured token name matched the bearer header ('unknown' when none; absent when no header). */
  tokenName?: string;
  /** Parsed JSON body, or undefined when it did not parse. */
  body?: unknown;
  /**
   * Operations requests: what was asked, the same on both transports: the Rest.li body as it
   * is; an OpenAPI query with numbers and booleans as such, `aspectName` as `aspect` and, for
   * a POST restore, the URN list as `urns` (see operationParams in server.ts).
   */
  params?: Record<string, unknown>;
  rawBody: string;
  status: number;
  /** ms from receipt (`time`) until the answer started going out (service time and latency faults included). */
  durationMs?: number;
}

export interface SandboxOptions {
  /** 0 (default) picks an ephemeral port. Always binds 127.0.0.1. */
  port?: number;
  version?: ServerVersion;
  auth?: Partial<AuthConfig>;
  /** Seed for the deterministic data set (default 42). */
  seed?: number;
  /** Fixed service time added to every operations request, in ms (benchmarks). Default 0. */
  serviceTimeMs?: number;
  /** How long a truncate task runs before completing, in ms (default 3000). */
  taskDurationMs?: number;
  /** Extra rows for restore benchmarks: this many additional `urn:li:dataset:(urn:li:dataPlatform:bench,t<N>,PROD)` rows. */
  benchRows?: number;
  /** Do not log each request to stdout (default quiet when imported, verbose from the CLI). */
  quiet?: boolean;
  /**
   * More getIndexSizes entries. A number adds that many synthetic tenant-prefixed copies of the seeded
   * indices (e.g. 10000 for a large response); an array serves those entries verbatim (see ExtraIndex).
   */
  extraIndices?: number | ExtraIndex[];
  /** Index prefix of the deployment (`<prefix>_dataset_operationaspect_v1`). Default none. */
  indexPrefix?: string;
  /** How long after a restore a missing entity becomes searchable, in ms (default 1500); null: never (a failing indexing consumer). */
  searchLagMs?: number | null;
  /** Container of the 'seedString' getIndexSizes value: 'alternate' (default: array on the 1st, 3rd... call, object on the 2nd, 4th...), 'array' or 'object'. */
  seedStringForm?: SeedStringForm;
  /** Operations transports served (default 'both'); the other answers 404. */
  api?: ApiMode;
  /** Whether the consistency operations are served (default true; only on a `newer` server with OpenAPI). */
  consistency?: boolean;
  /** Which consumer-lag endpoints are served (default 'messaging'; only on a `newer` server with OpenAPI). */
  lag?: LagEndpoints;
  /** The Doctor's endpoints (doctor.ts): the scripts on at start, their timings, seeded failed proposals. */
  doctor?: DoctorOptions;
  /** The messaging transport (pgQueue.ts): Kafka (default) or the Postgres queue (no /openapi/operations/kafka/**). */
  messaging?: 'kafka' | 'pgqueue';
}

export type SeedStringForm = 'alternate' | 'array' | 'object';

/**
 * Which consumer-lag endpoints the server has: `messaging` (MessagingOperationsController.java, plus the
 * deprecated `kafka/.../consumer/offsets` that newer servers still serve), `kafka` (only the older
 * KafkaController.java endpoints) or `none`.
 */
export type LagEndpoints = 'messaging' | 'kafka' | 'none';
export const LAG_ENDPOINTS: readonly LagEndpoints[] = ['messaging', 'kafka', 'none'];

/** The search-health operations a server has (defaults: a `newer` server with OpenAPI has consistency and messaging). */
export interface OperationsConfig {
  /** ConsistencyController.java under /openapi/operations/consistency. */
  consistency: boolean;
  lag: LagEndpoints;
  /**
   * GraphQL has scrollAcrossEntities (default true). Servers before it (it was there by 0.10.3:
   * datahub-project/datahub PR 8117 fixed it for that release) answer a validation error for the field.
   */
  scroll: boolean;
  /** A faulty server: every consistency-check page after the first names the scroll id it was sent (never ends). */
  repeatScrollId?: boolean;
}

/**
 * An index served as given: names verbatim (any characters), entityName/aspectName omitted when absent.
 * One with the indexName of a seeded index replaces it (then it has no documents to truncate); others are appended.
 */
export interface ExtraIndex {
  indexName: string;
  entityName?: string;
  aspectName?: string;
  sizeInMb: number;
}

export interface TimeseriesCounts {
  indexName: string;
  total: number;
  atOrBefore: number;
}

export interface SandboxState {
  version: ServerVersion;
  seedStringForm?: SeedStringForm;
  auth: AuthConfig;
  faults: FaultRule[];
  serviceTimeMs: number;
  taskDurationMs: number;
  api: ApiMode;
  /** What is configured; a server other than `newer` with OpenAPI serves neither whatever this says. */
  operations: OperationsConfig;
  /** Scripted consumer backlogs (POST /__sandbox/lag): consumer -> {events, drainPerSecond, lag now}. */
  consumerLag: Record<string, { events: number; drainPerSecond: number; lag: number }>;
}

export interface Sandbox {
  /** http://127.0.0.1:<port> — GMS direct. */
  readonly url: string;
  /** http://127.0.0.1:<port>/api/gms — the same server as seen through datahub-frontend. */
  readonly frontendUrl: string;
  readonly port: number;
  /** Every request received, oldest first (control endpoints excluded). */
  readonly requests: RecordedRequest[];
  /** Requests that have arrived (their body read) and are not yet recorded: in service now. */
  readonly inService: number;
  clearRequests(): void;
  setVersion(version: ServerVersion, seedStringForm?: SeedStringForm): void;
  /** Which operations transports the server has from now on (see ApiMode). */
  setApi(api: ApiMode): void;
  /** The version GMS's /config reports (any text); null: none at all; undefined: the one of setVersion. */
  setReportedVersion(version: string | null | undefined): void;
  setAuth(auth: Partial<AuthConfig>): void;
  addFault(rule: FaultRule): void;
  clearFaults(): void;
  setServiceTime(ms: number): void;
  /** How long truncate tasks started from now on run. */
  setTaskDuration(ms: number): void;
  /** Serve these getIndexSizes entries too (see ExtraIndex); replace drops earlier extras first. */
  setExtraIndices(indices: ExtraIndex[], replace?: boolean): void;
  /** Documents in the timeseries index truncate would address (atOrBefore = total without endTimeMillis). */
  timeseriesCounts(entityType: string, aspect: string, endTimeMillis?: number): TimeseriesCounts | undefined;
  /** How many times each "urn|aspect" row was restored since start (or last reset). */
  restoreCounts(): Record<string, number>;
  /** Number of rows (latest aspects) whose urn matches the SQL LIKE pattern (all when omitted). */
  countRows(urnLike?: string): number;
  /** Search indexing lag after a restore, in ms; null: the indexing consumer never catches up. */
  setSearchLag(ms: number | null): void;
  /** Takes an entity out of the search index (it stays in the database). */
  dropFromSearch(urn: string): void;
  /** Whether DataHub search would find this URN now. */
  inSearch(urn: string): boolean;
  /** The Doctor's endpoints' scripted state. */
  readonly doctor: DoctorControls;
  /** Back to the seeded state: data, counts, faults, version, auth, recorded requests, search index, the Doctor's state. */
  reset(): void;
  stop(): Promise<void>;
}

/**
 * HTTP control endpoints, for tests in another process (e.g. inside VS Code).
 * All JSON; all under /__sandbox/ so they never collide with DataHub paths.
 *   GET  /__sandbox/requests            -> RecordedRequest[]
 *   POST /__sandbox/requests/clear      -> {}
 *   POST /__sandbox/reset               -> {}
 *   GET  /__sandbox/state               -> SandboxState
 *   POST /__sandbox/version   {version, seedStringForm?} -> {}
 *   POST /__sandbox/api       {api: 'restli' | 'openapi' | 'both'} -> {}
 *   POST /__sandbox/auth      Partial<AuthConfig> -> {}
 *   POST /__sandbox/faults    FaultRule -> {}
 *   POST /__sandbox/faults/clear        -> {}
 *   POST /__sandbox/service-time {ms}   -> {}
 *   POST /__sandbox/task-duration {ms}  -> {}
 *   POST /__sandbox/indices {indices: ExtraIndex[], replace?} -> {}   (replace: drop earlier extras first; reset clears them)
 *   GET  /__sandbox/timeseries?entityType=dataset&aspect=datasetProfile[&endTimeMillis=N]
 *                                       -> { indexName, total, atOrBefore }  (atOrBefore = total without endTimeMillis)
 *   GET  /__sandbox/restore-counts      -> Record<string, number>
 *   GET  /__sandbox/rows?urnLike=...    -> { count }
 *   POST /__sandbox/search-lag {ms: number | null} -> {}   (null: restored entities never become searchable)
 *   POST /__sandbox/search/drop {urn}   -> {}              (take an entity out of the search index)
 *   GET  /__sandbox/search?urn=...      -> { inDatabase, inSearch, removed }
 *   POST /__sandbox/drift {missing?, orphans?, replace?, modifiedAgoMs?} -> {missing, orphans}
 *   GET  /__sandbox/drift                -> {missing: [...sorted], orphans: [...sorted]}
 *   POST /__sandbox/drift/preset {name: 'demo'} -> {missing, orphans}
 *   POST /__sandbox/lag {consumer, events, drainPerSecond} -> {}
 *   POST /__sandbox/operations {consistency?, lag?: 'messaging' | 'kafka' | 'none', scroll?} -> OperationsConfig
 *   POST /__sandbox/messaging {transport?: 'kafka' | 'pgqueue', stuckAhead?: [{consumer, partition, aheadBy}], heartbeatAgeMs?} (pgQueue.ts)
 *   POST /__sandbox/messaging/commit {group, topic, partition, offset}: a Kafka group's committed offset moved by its consumer (runtime.ts)
 *   GET|POST /__sandbox/doctor, POST /doctor/failed, GET /doctor/replayed, GET /doctor/aspect: doctorControl.ts
 * GraphQL (as GMS serves it): POST /api/graphql and, through the frontend, /api/gms/api/graphql.
 * OpenAPI operations (openapi.ts): /openapi/operations/elasticSearch/... and /api/gms/openapi/operations/elasticSearch/...
 */
export const CONTROL_PREFIX = '/__sandbox';
