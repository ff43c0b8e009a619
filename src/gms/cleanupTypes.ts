// What the client offers an entity cleanup: the listings it plans from and the two deletes it applies.
// Part of types.ts, which re-exports them. The DataHub files each follows:
//   soft-deleted entities of a type   GraphQL scrollAcrossEntities with the filter removed=true, as
//       metadata-ingestion/src/datahub/ingestion/source/gc/soft_deleted_entity_cleanup.py lists them
//       (get_urns_by_filter, RemovedStatusFilter.ONLY_SOFT_DELETED)
//   data jobs and their runs          scrollAcrossEntities over DATA_JOB with runs { total }, then
//       dataJob(urn) { runs(start, count) } newest first (DataJobRunsResolver.java), as
//       gc/dataprocess_cleanup.py reads them, at most 9,000 runs a job (the search result window)
//   hard delete                       DELETE /openapi/v3/entity/{entityName}/{urn}
//       (GenericEntitiesController.deleteEntity: entityService.deleteUrn, 200 with no body)
//   soft delete                       POST /openapi/v3/entity/{entityName}/{urn}/status {"value": {"removed": true}}
//       (createAspect: the status aspect, as DataHubGraph.soft_delete_entity writes it)
//   when each status was written      POST /openapi/v3/entity/{entityName}/batchGet?systemMetadata=true
//       [{"urn": ..., "status": {}}] (v3/controller/EntityController.java getEntityBatch: READ on the URNs; each
//       aspect answers {value, systemMetadata, auditStamp}, auditStamp the stored aspect's `created` stamp,
//       which soft_deleted_entity_cleanup.py compares with now - retention_days; a URN without the aspect is
//       left out of the answer)

export type CleanupAction = 'hardDeleteEntity' | 'softDeleteEntity' | 'readStatusTimes';

/** What each action does, in words for messages. */
export const CLEANUP_WHAT: Record<CleanupAction, string> = {
  hardDeleteEntity: 'deleting an entity for good',
  softDeleteEntity: 'soft-deleting an entity',
  readStatusTimes: 'reading when the entities were soft-deleted',
};

/** URNs per batch read of the status aspect (one request body). */
export const STATUS_BATCH = 100;

/** How many runs of one job the listing reads at most (DataHub's result window less a margin, as the GC). */
export const MAX_RUNS_PER_JOB = 9_000;

export interface JobListing {
  jobs: Array<{ urn: string; runs: number }>;
  nextScrollId?: string;
  total: number;
}

export interface JobRun {
  urn: string;
  /** When the run was created (epoch ms); undefined when the server did not say. */
  created?: number;
}

export interface JobRunsPage {
  total: number;
  runs: JobRun[];
}

/** A URN's status read again before its delete. */
export interface StatusNow {
  removed: boolean;
  /** When the status aspect was written (epoch ms), when the server said. */
  writtenAt?: number;
}

/** The deletes of an entity cleanup (the listings are the search client's: softDeleted, dataJobs, jobRuns), and the status read. */
export interface CleanupOperations {
  /**
   * When each URN's status aspect was last written with removed: true (epoch ms), at most STATUS_BATCH URNs of one
   * entity type a request. A URN left out of the map: the server named no time for it (no status aspect, removed
   * not true, or no audit stamp). A read: retried as every read is.
   */
  statusWritten(urns: readonly string[], signal?: AbortSignal): Promise<Map<string, number>>;
  /**
   * Each URN's status as it is now, read right before a batch of deletes (as soft_deleted_entity_cleanup.py's
   * delete_soft_deleted_entity reads it before each hard delete): removed or not, and when it was written. Same
   * request as statusWritten (dataProcessInstance runs also ask dataProcessInstanceProperties, so a run without a
   * status aspect still answers, removed: false). A URN left out of the map: the server holds none of the aspects
   * asked (gone, or never soft-deleted). At most STATUS_BATCH URNs of one entity type. A read.
   */
  statusNow(urns: readonly string[], signal?: AbortSignal): Promise<Map<string, StatusNow>>;
  /** Deletes the entity for good (every aspect, its search documents). Not retried. */
  hardDelete(urn: string, signal?: AbortSignal): Promise<void>;
  /** Writes status removed: true. Not retried. */
  softDelete(urn: string, signal?: AbortSignal): Promise<void>;
}
