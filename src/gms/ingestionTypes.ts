// What the client offers the ingestion feature: DataHub's ingestion sources and their execution requests
// (GraphQL, MANAGE_INGESTION), the cancel (a KILL signal), and a run's rollback with its dry run (Rest.li).
// Part of types.ts, which re-exports them. The DataHub files each follows:
//   sources and runs     datahub-graphql-core/src/main/resources/ingestion.graphql: listIngestionSources(input
//       {start count query filters}), IngestionSource.executions(start, count) newest first, executionRequest(urn);
//       an ExecutionRequest's result is null until the executor (datahub-actions) picks it up (#12468)
//   system sources       the web UI's filter {field: "sourceType", values: ["SYSTEM"]} (IngestionSourceList.tsx);
//       the GC (ingestion-datahub-gc.yaml) is one
//   cancel               resolvers/ingest/execution/CancelIngestionExecutionRequestResolver.java: writes a KILL
//       signal for the source's executor and answers at once; the status moves later, or not (#11005)
//   rollback             metadata-service/restli-servlet-impl/.../resources/entity/BatchIngestionRunResource.java
//       POST /runs?action=rollback {runId, dryRun, safe} over metadata-io/.../service/RollbackService.java: the dry
//       run counts, changes nothing; safe: true is hardDelete false (the run's entities soft-deleted, not purged;
//       what other runs wrote stays); the reserved run id "no-run-id-provided" is refused (400)

import type { IngestionWriteOperations } from './ingestionWriteTypes';
export type * from './ingestionWriteTypes';

/** The client's `ingestion`: the reads, the cancel and the rollback, and the source writes. */
export type IngestionClientOperations = IngestionOperations & IngestionWriteOperations;

export type IngestionAction = 'rollbackIngestionRun';

export const INGESTION_WHAT: Record<IngestionAction, string> = {
  rollbackIngestionRun: 'rolling back an ingestion run',
};

/** DataHub's reserved run id for metadata written without one (Constants.DEFAULT_RUN_ID): never rolled back. */
export const RESERVED_RUN_ID = 'no-run-id-provided';

/** Sources a listing page asks for at most, and runs of one source a request. */
export const MAX_SOURCES_PAGE = 100;
export const MAX_RUNS_PAGE = 100;

export interface IngestionSourceInfo {
  urn: string;
  name: string;
  type: string;
  schedule?: { interval: string; timezone?: string };
  executorId?: string;
}

/** One source with its whole config (ingestionSource(urn) { name type schedule config {...} }, GetIngestionSourceResolver.java). */
export interface IngestionSourceDetail extends IngestionSourceInfo {
  /** The JSON-encoded recipe as stored. */
  recipe: string;
  version?: string;
  debugMode?: boolean;
  extraArgs: Array<{ key: string; value: string }>;
}

export interface ExecutionResultInfo {
  status: string;
  startTimeMs?: number;
  durationMs?: number;
}

export interface ExecutionRequestInfo {
  urn: string;
  id: string;
  /** The source it ran (input.source.ingestionSource). */
  sourceUrn?: string;
  requestedAt: number;
  executorId?: string;
  /** null: the executor has not picked the request up. */
  result: ExecutionResultInfo | null;
}

export interface ExecutionRequestDetail extends Omit<ExecutionRequestInfo, 'result'> {
  result: (ExecutionResultInfo & { report?: string; structuredReport?: { type: string; serializedValue: string; contentType: string } }) | null;
}

export interface RunsPage {
  total: number;
  requests: ExecutionRequestInfo[];
}

export interface SourcesPage {
  total: number;
  sources: Array<IngestionSourceInfo & { runs: RunsPage }>;
}

export interface SourcesQuery {
  start: number;
  count: number;
  /** Runs of each source to read with it (newest first); 0 reads none. */
  runs: number;
  /** Only the SYSTEM sources (the filter the web UI negates). */
  systemOnly?: boolean;
}

/** The rollback's figures, as RollbackResponse has them. */
export interface RollbackFigures {
  entitiesAffected: number;
  /** The run's key aspects: entities it created (soft-deleted by a safe rollback). */
  entitiesDeleted: number;
  aspectsReverted: number;
  /** Entities the run created that other runs wrote to as well. */
  unsafeEntitiesCount: number;
  unsafeEntities: string[];
  /** Up to 100 of the aspects it reverts (urn, aspect). */
  rows: Array<{ urn: string; aspectName: string }>;
}

export interface IngestionOperations {
  /** One page of the ingestion sources with each one's newest runs. */
  listSources(query: SourcesQuery, signal?: AbortSignal): Promise<SourcesPage>;
  /** A source's runs, newest first, from `start`. */
  sourceRuns(sourceUrn: string, start: number, count: number, signal?: AbortSignal): Promise<RunsPage>;
  /** One source with its whole config; null when the server has no such source (GetIngestionSourceResolver's NOT_FOUND). */
  getIngestionSource(urn: string, signal?: AbortSignal): Promise<IngestionSourceDetail | null>;
  /** A source's newest runs with their structured reports (no log), newest first; null when the source is gone. */
  sourceRunReports(sourceUrn: string, count: number, signal?: AbortSignal): Promise<{ total: number; requests: ExecutionRequestDetail[] } | null>;
  /** A source's whole config and its newest runs with their structured reports, in one request; null when the source is gone. */
  sourceWithRunReports(
    sourceUrn: string,
    count: number,
    signal?: AbortSignal,
  ): Promise<{ source: IngestionSourceDetail; runs: { total: number; requests: ExecutionRequestDetail[] } } | null>;
  /** One request with its report; null when the server does not know it. */
  executionRequest(urn: string, signal?: AbortSignal): Promise<ExecutionRequestDetail | null>;
  /** cancelIngestionExecutionRequest: the KILL signal. Not retried. */
  cancel(sourceUrn: string, requestUrn: string, signal?: AbortSignal): Promise<void>;
  /** POST /runs?action=rollback with safe: true, as a dry run or for real (not retried). The reserved run id is refused before any request. */
  rollback(runId: string, dryRun: boolean, signal?: AbortSignal): Promise<RollbackFigures>;
}
