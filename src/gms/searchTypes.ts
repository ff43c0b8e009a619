// DataHub search (GraphQL) as the client offers it: the one-URN search check, full-text
// search, and the batched reads the drift check uses. Part of types.ts, which re-exports them.
import type { SearchPage } from './healthTypes';
import type { EntityCountsQuery, EntityCountsReading } from './entityCountTypes';
import type { JobListing, JobRunsPage } from './cleanupTypes';

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
  /** entityExists for each URN (at most 1,000, one request): true when the database has it. */
  existInDatabase(urns: string[], signal?: AbortSignal): Promise<Map<string, boolean>>;
  /** The URNs among these (at most 1,000, one request) that search returns. */
  inSearchIndex(urns: string[], signal?: AbortSignal): Promise<Set<string>>;
  /** Both of the above for the same URNs (at most 1,000), checked once, the two requests in parallel. */
  checkDrift(urns: string[], signal?: AbortSignal): Promise<{ exists: Map<string, boolean>; found: Set<string> }>;
  /** Entity counts from search facets on _entityType (graphql/entityFacets.ts): two searches of no results. */
  entityCountFacets(query: EntityCountsQuery, signal?: AbortSignal): Promise<EntityCountsReading>;
  /** One page of every search document of these entity types (e.g. "dataset"), in the index's order. */
  scrollEntities(entityTypes: string[], scrollId: string | undefined, count: number, signal?: AbortSignal): Promise<SearchPage>;
  /** One page of the soft-deleted entities of a type (cleanupTypes.ts). */
  softDeleted(entityType: string, scrollId: string | undefined, count: number, signal?: AbortSignal): Promise<SearchPage>;
  /** One page of the data jobs, each with its number of runs (cleanupTypes.ts). */
  dataJobs(scrollId: string | undefined, count: number, signal?: AbortSignal): Promise<JobListing>;
  /** One job's runs, newest first, from `start` (cleanupTypes.ts). */
  jobRuns(jobUrn: string, start: number, count: number, signal?: AbortSignal): Promise<JobRunsPage>;
}
