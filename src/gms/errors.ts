import type { GmsAction, GmsErrorKind, OperationsAction } from './types';

/** Extra detail for typed errors that share a kind. */
export type GmsErrorCode =
  | 'conflictingForceFlags'
  | 'taskNotFound'
  | 'wholeDatabaseRestore'
  | 'operationsMissing'
  /** No OpenAPI operations (or not this endpoint) on this server: an older release, or the OpenAPI servlet is off. */
  | 'openapiMissing'
  /** The server could not reindex (the index is not an alias); nothing was deleted. */
  | 'reindexRefused'
  /** No GraphQL endpoint on this connection (old server, or not GMS). */
  | 'graphqlMissing'
  /** The Kubernetes operations answered 503: GMS does not run in Kubernetes. */
  | 'k8sUnavailable'
  /** No Kubernetes operations (404): switched off, or an older server. */
  | 'k8sMissing'
  /** A pod's log refused because its container has not started yet (ContainerCreating, image pull): expected, not a failure. */
  | 'k8sLogWaiting';

export interface GmsErrorInit {
  kind: GmsErrorKind;
  message: string;
  action?: GmsAction;
  code?: GmsErrorCode;
  /** The input field at fault, for invalidInput. */
  field?: string;
  status?: number;
  /** Rest.li `message`, when the server sent one. */
  serverMessage?: string;
  /** Raw body (truncated) for the log; never shown to the user as is. */
  body?: string;
  /** Location header of a 3xx. */
  location?: string;
  cause?: unknown;
}

/**
 * The one error type the client throws. `message` is a single line a person can
 * act on; it never holds the token or a Java stack trace.
 * Use isGmsError() rather than instanceof: the extension and the lazily loaded
 * client bundle each carry their own copy of this class.
 */
export class GmsError extends Error {
  override readonly name = 'GmsError';
  readonly kind: GmsErrorKind;
  readonly action?: GmsAction;
  readonly code?: GmsErrorCode;
  readonly field?: string;
  readonly status?: number;
  readonly serverMessage?: string;
  readonly body?: string;
  readonly location?: string;

  constructor(init: GmsErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.action = init.action;
    this.code = init.code;
    this.field = init.field;
    this.status = init.status;
    this.serverMessage = init.serverMessage;
    this.body = init.body;
    this.location = init.location;
  }
}

/**
 * True when the server has no such endpoint: an older release, its OpenAPI servlet off, or a frontend
 * that does not pass the path on (404, 405, an HTML 404, Spring's "No static resource" 500). The Doctor
 * shows "not offered" for these rather than a failure.
 */
export function isNotOffered(value: unknown): boolean {
  return isGmsError(value) && value.code === 'openapiMissing';
}

export function isGmsError(value: unknown): value is GmsError {
  return (
    typeof value === 'object' && value !== null && (value as { name?: unknown }).name === 'GmsError' && typeof (value as { kind?: unknown }).kind === 'string'
  );
}

/** DataHub privilege names as the UI shows them, per action (for 403 messages); /config needs none. */
export const PRIVILEGES: Record<OperationsAction, { id: string; label: string }> & Partial<Record<GmsAction, { id: string; label: string }>> = {
  getIndexSizes: { id: 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE', label: 'Get Timeseries index sizes API' },
  restoreIndices: { id: 'RESTORE_INDICES_PRIVILEGE', label: 'Restore Indices API' },
  truncateTimeseriesAspect: {
    id: 'TRUNCATE_TIMESERIES_INDEX_PRIVILEGE',
    label: 'Truncate timeseries aspect index size API',
  },
  getEsTaskStatus: { id: 'GET_ES_TASK_STATUS_PRIVILEGE', label: 'Get ES task status API' },
  restoreUrns: { id: 'RESTORE_INDICES_PRIVILEGE', label: 'Restore Indices API' },
  explainSearchQuery: { id: 'ES_EXPLAIN_QUERY_PRIVILEGE', label: 'Explain ElasticSearch Query API' },
  explainSearchQueryDiff: { id: 'ES_EXPLAIN_QUERY_PRIVILEGE', label: 'Explain ElasticSearch Query API' },
  getRawDocuments: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  // ConsistencyController.java and MessagingOperationsController.java: Manage System Operations only.
  consistencyChecks: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  consistencyCheck: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  consistencyFix: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  consumerLag: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  k8sStatus: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  k8sList: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  k8sTrigger: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  k8sLogs: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  // The Doctor: KafkaController.java, SystemInfoController.java, ThrottleController.java and RateLimitController.java check
  // MANAGE_SYSTEM_OPERATIONS; MaintenanceController.java's status wants a login only; TraceController.java READ on the URNs;
  // the v3 EntityController's create the edit privilege on the entity; HealthCheckController.java nothing.
  doctorSystemInfo: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorConsumerGroups: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorConsumerGroup: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorTopics: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorTopic: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorMessages: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorReplay: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorThrottle: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorRateLimits: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorTraceWrite: { id: 'VIEW_ENTITY_PAGE', label: 'View Entity Page' },
  // MessagingOperationsController.java: MANAGE_SYSTEM_OPERATIONS (newer releases let VIEW_SYSTEM_STATUS read).
  messagingTransport: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  messagingConsumers: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  resetKafkaOffsets: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  resetQueueOffsets: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  doctorWriteCanary: { id: 'EDIT_ENTITY', label: 'Edit Entity' },
  // Inspect URN: the v3 read and the timeline need view access (and the timeline GET_TIMELINE where REST API
  // authorization is on: TimelineControllerV2.java); the consistency check Manage System Operations.
  readEntity: { id: 'VIEW_ENTITY_PAGE', label: 'View Entity Page' },
  // An entity cleanup: GenericEntitiesController.deleteEntity asks DELETE on the entity, createAspect (the status) CREATE:
  // the Delete Entity and Edit Entity privileges of a policy.
  hardDeleteEntity: { id: 'DELETE_ENTITY_PRIVILEGE', label: 'Delete Entity' },
  softDeleteEntity: { id: 'EDIT_ENTITY', label: 'Edit Entity' },
  // v3/controller/EntityController.java getEntityBatch: READ on the URNs (AuthUtil.isAPIAuthorizedEntityUrns), the view privilege.
  readStatusTimes: { id: 'VIEW_ENTITY_PAGE', label: 'View Entity Page' },
  // A run's rollback: RollbackService.isAuthorized asks DELETE on the URNs the run wrote (AuthUtil.isAPIAuthorizedEntityUrns).
  rollbackIngestionRun: { id: 'DELETE_ENTITY_PRIVILEGE', label: 'Delete Entity' },
  entityConsistency: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  entityTimeline: { id: 'GET_TIMELINE_PRIVILEGE', label: 'Get Timeline API' },
  // SystemInfoController.java: Manage System Operations; EntityCountsController.java: Get Counts (ApiGroup.COUNTS READ).
  upgradeProperties: { id: 'MANAGE_SYSTEM_OPERATIONS_PRIVILEGE', label: 'Manage System Operations' },
  upgradeEntityCounts: { id: 'GET_COUNTS_PRIVILEGE', label: 'Get Aspect/Entity Count APIs' },
  // Search and entityExists need view access to the entities (VIEW_ENTITY_PAGE in PoliciesConfig.java).
  graphql: { id: 'VIEW_ENTITY_PAGE', label: 'View Entity Page' },
};
