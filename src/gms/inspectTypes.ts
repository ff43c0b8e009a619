// What the client offers for "Inspect URN": one entity as DataHub's database holds it, DataHub's
// own consistency checks for it, and its recent changes. Part of types.ts, which re-exports them.
//   GET /openapi/v3/entity/{entityName}/{urn}?systemMetadata=true   v3/controller/EntityController.java
//       (GenericEntityBaseController.java getEntity; the answer is GenericEntityV3.java: "urn" and one
//       key per aspect, each {value, systemMetadata})
//   GET /openapi/operations/consistency/entities/{urn}               operations/consistency/ConsistencyController.java
//   GET /openapi/v2/timeline/v1/{urn}?categories=...                 v2/controller/TimelineControllerV2.java
//       (a list of ChangeTransaction: timestamp, actor, semVerChange, changeEvents)
// A server without one of them fails with GmsError code 'openapiMissing' (isNotOffered() tells it).
import type { ConsistencyIssue } from './healthTypes';

/** DataHub's check for a search document without a row (OrphanIndexDocumentCheck.java); on demand only. */
export const ORPHAN_DOCUMENT_CHECK = 'orphan-index-document';

export type InspectAction = 'readEntity' | 'entityConsistency' | 'entityTimeline';

/** What each action does, in words for messages. */
export const INSPECT_WHAT: Record<InspectAction, string> = {
  readEntity: "reading the entity's aspects",
  entityConsistency: "running DataHub's consistency checks for one entity",
  entityTimeline: "reading the entity's timeline",
};

/** The parts of an aspect's SystemMetadata people compare (SystemMetadata.pdl). */
export interface AspectSystemMetadata {
  /** Epoch ms the aspect was last written or re-observed. */
  lastObserved?: number;
  runId?: string;
  lastRunId?: string;
  version?: string;
}

export interface EntityAspect {
  name: string;
  /** The aspect's value as DataHub stores it (opaque JSON). */
  value: Record<string, unknown>;
  systemMetadata?: AspectSystemMetadata;
}

/** The entity as the database holds it; exists false when the v3 read answered 404 with no body. */
export interface EntityRecord {
  urn: string;
  exists: boolean;
  aspects: EntityAspect[];
}

/**
 * DataHub's consistency checks for one URN: the issues (empty when clean), or `indexed: false` when the
 * URN is not in the system-metadata index (the controller's 404 with an empty body: nothing was scanned).
 */
export type EntityConsistency = { indexed: true; issues: ConsistencyIssue[] } | { indexed: false };

export interface TimelineEvent {
  category: string;
  operation?: string;
  description?: string;
}

export interface TimelineChange {
  timestamp: number;
  actor?: string;
  semVerChange?: string;
  events: TimelineEvent[];
}

export interface InspectOperations {
  /** The entity's aspects with their system metadata (soft-deleted entities included). */
  readEntity(urn: string, signal?: AbortSignal): Promise<EntityRecord>;
  /**
   * DataHub's consistency checks run on this URN: the default ones for its entity type, or exactly
   * `checkIds` (e.g. the on-demand orphan-index-document, which no default run includes).
   */
  checkEntity(urn: string, options?: { checkIds?: string[] }, signal?: AbortSignal): Promise<EntityConsistency>;
  /** The changes of the last `days` days, newest first, at most `max`. */
  timeline(urn: string, options?: { days?: number; max?: number }, signal?: AbortSignal): Promise<TimelineChange[]>;
}
