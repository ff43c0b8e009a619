// Entity counts on a server without /openapi/v1/entities/counts: DataHub search's facets on the virtual
// field _entityType (SearchRequestHandler.java: INDEX_VIRTUAL_FIELD, its buckets by entity), and the nested
// facet "_entityType␞platform" (AggregationQueryBuilder.java, AGGREGATION_SEPARATOR_CHAR; its keys
// "<type>␞<platform urn>") for the platforms. Asked through aggregateAcrossEntities, the root field that
// takes `facets` (datahub-graphql-core/src/main/resources/search.graphql: AggregateAcrossEntitiesInput
// {types, query, facets, orFilters, viewUrn, searchFlags}, answering AggregateResults {facets}; its resolver,
// AggregateAcrossEntitiesResolver.java, searches with count 0). SearchAcrossEntitiesInput has no `facets`:
// graphql-java refuses such a request before anything runs. Two asks: the active documents (search leaves
// soft-deleted ones out by default), and the soft-deleted ones (searchFlags.includeSoftDeleted with the filter
// removed = true, as ESUtils.java builds it).
import type { EntityCountsQuery, EntityCountsReading, EntityTypeCount } from '../entityCountTypes';
import { MAX_COUNT_ROWS } from '../entityCountTypes';
import type { ParseOutcome } from './queries';

export const SEPARATOR = '␞';
const BY_TYPE = '_entityType';
const BY_PLATFORM = `_entityType${SEPARATOR}platform`;

export const FACETS_QUERY = `query entityCountFacets($input: AggregateAcrossEntitiesInput!) {
  aggregateAcrossEntities(input: $input) { facets { field aggregations { value count } } }
}`;

/** An AggregateAcrossEntitiesInput: only fields that input type declares (no start or count: it has none). */
export function facetVariables(query: EntityCountsQuery, softDeleted: boolean): Record<string, unknown> {
  const input: Record<string, unknown> = {
    query: '*',
    facets: [query.groupBy === 'platform' ? BY_PLATFORM : BY_TYPE],
  };
  if (softDeleted) {
    input.searchFlags = { includeSoftDeleted: true };
    input.orFilters = [{ and: [{ field: 'removed', values: ['true'] }] }];
  }
  return { input };
}

/** type (and platform) -> count, from one answer; the platform urn's name part ("urn:li:dataPlatform:hive" -> "hive"). */
export function parseFacets(data: unknown, grouped: boolean): ParseOutcome<Map<string, number>> {
  const root = (data as { aggregateAcrossEntities?: { facets?: unknown } } | null)?.aggregateAcrossEntities;
  if (!root || typeof root !== 'object') return { ok: false, reason: 'no aggregateAcrossEntities in the answer' };
  const facets = Array.isArray(root.facets) ? (root.facets as Array<{ field?: unknown; aggregations?: unknown }>) : [];
  const facet = facets.find((f) => f.field === (grouped ? BY_PLATFORM : BY_TYPE));
  const out = new Map<string, number>();
  if (!facet) return { ok: true, value: out };
  if (!Array.isArray(facet.aggregations)) return { ok: false, reason: 'a facet without aggregations' };
  for (const a of facet.aggregations.slice(0, MAX_COUNT_ROWS) as Array<{ value?: unknown; count?: unknown }>) {
    if (typeof a?.value !== 'string' || typeof a.count !== 'number' || !Number.isFinite(a.count) || a.count < 0) continue;
    const [type, platform] = a.value.split(SEPARATOR);
    // The nested facet also answers the outer bucket alone ("dataset"): only the pairs count there.
    if (grouped && platform === undefined) continue;
    const key = grouped ? `${type.toLowerCase()}${SEPARATOR}${platform.replace(/^urn:li:dataPlatform:/, '')}` : type.toLowerCase();
    out.set(key.slice(0, 400), (out.get(key) ?? 0) + Math.floor(a.count));
  }
  return { ok: true, value: out };
}

/** The two answers (active, soft-deleted) as one reading; only `types` when named (a type search has none of: 0). */
export function facetReading(active: Map<string, number>, soft: Map<string, number>, query: EntityCountsQuery, at: number): EntityCountsReading {
  const grouped = query.groupBy === 'platform';
  const keys = new Set([...active.keys(), ...soft.keys()]);
  const wanted = query.types && query.types.length > 0 ? new Set(query.types.map((t) => t.toLowerCase())) : undefined;
  if (wanted && !grouped) for (const t of wanted) keys.add(t);
  const types: EntityTypeCount[] = [];
  for (const key of [...keys].sort()) {
    const [entityType, platform] = key.split(SEPARATOR);
    if (wanted && !wanted.has(entityType)) continue;
    types.push({ entityType, active: active.get(key) ?? 0, softDeleted: soft.get(key) ?? 0, ...(grouped ? { platform } : {}) });
  }
  const totals = { active: types.reduce((t, c) => t + c.active, 0), softDeleted: types.reduce((t, c) => t + c.softDeleted, 0) };
  const found = new Set([...keys].filter((k) => (active.get(k) ?? 0) + (soft.get(k) ?? 0) > 0).map((k) => k.split(SEPARATOR)[0]));
  const none = wanted ? [...wanted].filter((t) => !found.has(t)).sort() : [];
  return { source: 'search', computedAt: at, cacheHit: false, types, totals, ...(none.length ? { noneInSearch: none } : {}) };
}
