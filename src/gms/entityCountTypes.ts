// How many entities of each type a DataHub holds, active and soft-deleted: read from
// GET /openapi/v1/entities/counts (EntityCountsController.java, since mid-2026; groupBy=platform later)
// or, on an older server, from DataHub search's facets on the virtual field _entityType
// (SearchRequestHandler.java, AggregationQueryBuilder.java).

/** Where a reading came from: the counts endpoint, or search facets. */
export type EntityCountSource = 'countsApi' | 'search';

export interface EntityTypeCount {
  /** Lower-cased, as the counts endpoint reports it ("dataprocessinstance"). */
  entityType: string;
  active: number;
  softDeleted: number;
  /** Only when grouped by platform ("hive"; "NO_PLATFORM" for documents without one). */
  platform?: string;
}

export interface EntityCountsReading {
  source: EntityCountSource;
  /** When the server computed the figures (epoch ms; a cached answer's is older than the request). */
  computedAt: number;
  /** The endpoint answered from its one-hour cache. */
  cacheHit: boolean;
  types: EntityTypeCount[];
  totals: { active: number; softDeleted: number };
  /**
   * Search facets only: named types search has no document of. Search cannot tell a type it does not
   * know from one with nothing indexed (the endpoint answers an unknown type with a 500 instead).
   */
  noneInSearch?: string[];
}

export interface EntityCountsQuery {
  groupBy?: 'platform';
  /** Skip the server's one-hour cache (skipCache=true). */
  refresh?: boolean;
  /** Only these types (lower-cased); none: every type the server knows. */
  types?: readonly string[];
}

export interface EntityCountOperations {
  /** GET /openapi/v1/entities/counts (Get Counts privilege). A server without it: a notOffered error (isNotOffered). */
  fromEndpoint(query: EntityCountsQuery, signal?: AbortSignal): Promise<EntityCountsReading>;
}

/** At most this many rows are kept from one answer: DataHub's platform grouping stops at 500 per type. */
export const MAX_COUNT_ROWS = 5_000;
