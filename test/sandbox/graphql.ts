// POST {gms}/api/graphql as DataHub's GraphQLController answers it (datahub-project/datahub,
// metadata-service/graphql-servlet-impl/.../GraphQLController.java): 405 for GET, 400 with an
// empty body for unparseable JSON or no "query", otherwise 200 with {data, errors?, extensions}.
// Resolver failures are `errors` entries beside partial data (DataHubDataFetcherExceptionHandler.java);
// a caller without view rights gets "Unauthorized to perform this action..." with code 403.
// Not a GraphQL engine: it answers the root fields the query names (entityExists, searchAcrossEntities,
// aggregateAcrossEntities, scrollAcrossEntities, entity), each under its alias if it has one, so one request
// can batch many existence checks: query q($u0: String!, $u1: String!) { e0: entityExists(urn: $u0) e1: entityExists(urn: $u1) }.
// It validates their `input` variables as graphql-java does against DataHub's schema (graphqlSchema.ts):
// a field the input type lacks refuses the whole request before anything runs.
import type { Reply } from './restli';
import type { Caller } from './runtime';
import { argument, rootFields } from './graphqlFields';
import { validateInput } from './graphqlSchema';
import { SCROLL_MAX_COUNT, scrollAcrossEntities, type ScrollInput } from './graphqlScroll';
import { HAS_STATUS, describeEntity, type SearchIndex } from './searchIndex';
import { EntityInventory, entityFacets } from './entityCounts';
import { CleanupModel } from './cleanup';
import { asksSoftDeleted, jobRuns, scrollSoftDeleted } from './cleanupSearch';

const UNAUTHORIZED = 'Unauthorized to perform this action. Please contact your DataHub administrator.';
const URN = /^urn:li:[A-Za-z][A-Za-z0-9_]*:.+$/;

function reply(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json;charset=utf-8' }, body: JSON.stringify(value) };
}

interface GqlError {
  message: string;
  path: string[];
  extensions: { code: number; type: string; classification: string };
}

function error(field: string, message: string, code: number, type: string): GqlError {
  return { message, path: [field], extensions: { code, type, classification: 'DataFetchingException' } };
}

interface SearchInput {
  types?: unknown;
  query?: unknown;
  start?: unknown;
  count?: unknown;
  orFilters?: Array<{ and?: Array<{ field?: unknown; values?: unknown; condition?: unknown; negated?: unknown }> }>;
  facets?: unknown;
  searchFlags?: { includeSoftDeleted?: unknown };
}

/**
 * aggregateAcrossEntities (AggregateAcrossEntitiesResolver.java: a search of count 0, AggregateResults {facets}):
 * entity counts through the "_entityType" facets (entityCounts.ts), removed=true for the soft-deleted.
 */
function aggregateFacets(inventory: EntityInventory, input: SearchInput): Record<string, unknown> {
  const facets = Array.isArray(input.facets) ? input.facets.filter((f): f is string => typeof f === 'string') : [];
  const removed = (input.orFilters ?? []).some((o) => (o.and ?? []).some((c) => c.field === 'removed' && Array.isArray(c.values) && c.values.includes('true')));
  const includeSoftDeleted = input.searchFlags?.includeSoftDeleted === true;
  // Without includeSoftDeleted search leaves soft-deleted documents out, whatever the filter says (ESUtils.java).
  const answer = entityFacets(inventory, facets, removed, includeSoftDeleted);
  if (removed && !includeSoftDeleted) for (const f of answer as Array<{ aggregations: unknown[] }>) f.aggregations = [];
  return { facets: answer };
}

/** The urn values of an orFilters entry on the `urn` field, if that is what the input filters on. */
function urnFilter(input: SearchInput): string[] | undefined {
  const out: string[] = [];
  for (const or of input.orFilters ?? []) {
    for (const c of or.and ?? []) {
      if (c.field === 'urn' && Array.isArray(c.values) && c.negated !== true) out.push(...c.values.filter((v): v is string => typeof v === 'string'));
    }
  }
  return out.length > 0 ? out : undefined;
}

export function handleGraphQL(
  search: SearchIndex,
  method: string,
  caller: Caller,
  canView: boolean,
  raw: string,
  scroll = true,
  inventory = new EntityInventory(),
  cleanup = new CleanupModel(() => []),
): Reply {
  if (method !== 'POST') return reply({ status: 405, error: 'Method Not Allowed', path: '/api/graphql' }, 405);
  let body: { query?: unknown; variables?: unknown };
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    return { status: 400, headers: {}, body: '' };
  }
  if (body === null || typeof body !== 'object' || typeof body.query !== 'string') return { status: 400, headers: {}, body: '' };
  void caller;
  const query = body.query;
  const variables = (body.variables !== null && typeof body.variables === 'object' ? body.variables : {}) as Record<string, unknown>;
  const data: Record<string, unknown> = {};
  const errors: GqlError[] = [];
  // A server older than scrollAcrossEntities: graphql-java's validation refuses the whole document
  // before anything runs (ValidationError, no data), as GraphQLController passes it on with 200.
  if (!scroll && rootFields(query).some((f) => f.name === 'scrollAcrossEntities')) {
    const message = "Validation error (FieldUndefined@[scrollAcrossEntities]) : Field 'scrollAcrossEntities' in type 'Query' is undefined";
    return reply({ errors: [{ message, locations: [{ line: 1, column: 1 }], extensions: { classification: 'ValidationError' } }], data: null, extensions: {} });
  }
  // graphql-java validates every input variable before any field runs (graphqlSchema.ts).
  for (const f of rootFields(query)) {
    const invalid = validateInput(f.name, f.args, query, variables);
    if (invalid) return reply({ errors: [invalid], extensions: {} });
  }
  // Root fields in query order, each under its alias when it has one (e0: entityExists(urn: $u0) ...).
  for (const f of rootFields(query)) {
    const denied = (): void => {
      data[f.key] = null;
      errors.push(error(f.key, UNAUTHORIZED, 403, 'UNAUTHORIZED'));
    };
    const urn = argument(f.args, 'urn', variables);
    const urnValue = typeof urn === 'string' ? urn : undefined;
    if (f.name === 'entityExists') {
      if (!canView) denied();
      else if (!urnValue || !URN.test(urnValue)) {
        data[f.key] = null;
        errors.push(error(f.key, `Failed to convert urn string ${urnValue ?? 'null'} into Urn object`, 500, 'SERVER_ERROR'));
      } else data[f.key] = search.inDatabase(urnValue);
    } else if (f.name === 'searchAcrossEntities') {
      if (!canView) denied();
      else {
        const input = (argument(f.args, 'input', variables) ?? {}) as SearchInput;
        data[f.key] = searchAcross(search, input, query);
      }
    } else if (f.name === 'aggregateAcrossEntities') {
      if (!canView) denied();
      else data[f.key] = aggregateFacets(inventory, (argument(f.args, 'input', variables) ?? {}) as SearchInput);
    } else if (f.name === 'scrollAcrossEntities') {
      if (!canView) denied();
      else if (asksSoftDeleted((argument(f.args, 'input', variables) ?? {}) as ScrollInput)) {
        // Only soft-deleted documents (cleanup.ts): what a cleanup of soft-deleted entities lists.
        data[f.key] = scrollSoftDeleted(cleanup, (argument(f.args, 'input', variables) ?? {}) as ScrollInput);
      } else {
        const page = scrollAcrossEntities(search, (argument(f.args, 'input', variables) ?? {}) as ScrollInput);
        if ('error' in page) {
          data[f.key] = null;
          errors.push(error(f.key, page.error, 500, 'SERVER_ERROR'));
        } else {
          const searchResults = page.urns.map((u) => ({ entity: withRuns(entityFields(u, query, search), query, cleanup) }));
          data[f.key] = { nextScrollId: page.nextScrollId, count: page.count, total: page.total, searchResults };
        }
      }
    } else if (f.name === 'dataJob') {
      // dataJob(urn:) { runs(start, count) } (DataJobRunsResolver.java): the job's runs, newest first.
      const runsArgs = /\bruns\s*\(([^()]*)\)/.exec(query)?.[1] ?? '';
      const num = (name: string, fallback: number) => {
        const v = argument(runsArgs, name, variables);
        return typeof v === 'number' && Number.isInteger(v) ? v : fallback;
      };
      data[f.key] = !canView ? null : urnValue && URN.test(urnValue) ? jobRuns(cleanup, urnValue, num('start', 0), num('count', 20)) : null;
      if (!canView) errors.push(error(f.key, UNAUTHORIZED, 403, 'UNAUTHORIZED'));
    } else {
      // entity(urn:) echoes any valid URN, whether it exists or not (EntityResolver / UrnToEntityMapper).
      data[f.key] = canView && urnValue && URN.test(urnValue) ? entityFields(urnValue, query, search) : null;
    }
  }
  return reply(errors.length > 0 ? { errors, data, extensions: {} } : { data, extensions: {} });
}

function searchAcross(search: SearchIndex, input: SearchInput, query: string): Record<string, unknown> {
  const count = typeof input.count === 'number' ? Math.min(input.count, 10000) : 10;
  const only = urnFilter(input);
  // Every document of some types, page by page (start/count): what a client without scrollAcrossEntities reads.
  // Past 10,000 (the search engine's index.max_result_window) nothing more comes.
  const start = typeof input.start === 'number' && input.start > 0 ? Math.floor(input.start) : 0;
  if (!only && Array.isArray(input.types) && input.types.length > 0 && (input.query ?? '*') === '*') {
    if (start + count > SCROLL_MAX_COUNT) return { start, count: 0, total: 0, searchResults: [] };
    const page = scrollAcrossEntities(search, { types: input.types, query: '*', count: start + count });
    if ('error' in page) return { start, count: 0, total: 0, searchResults: [] };
    const urns = page.urns.slice(start);
    return { start, count: urns.length, total: page.total, searchResults: urns.map((u) => ({ entity: entityFields(u, query, search) })) };
  }
  const found = only
    ? { hits: only.filter((u) => search.inSearch(u)).map(describeEntity), total: only.filter((u) => search.inSearch(u)).length }
    : search.search(typeof input.query === 'string' ? input.query : '*', count);
  return {
    start: 0,
    count: found.hits.length,
    total: found.total,
    searchResults: found.hits.slice(0, count).map((e) => ({ entity: entityFields(e.urn, query, search) })),
  };
}

/** A data job's `runs { total }` where the query asks for it (dataprocess_cleanup.py's job listing). */
function withRuns(fields: Record<string, unknown>, query: string, cleanup: CleanupModel): Record<string, unknown> {
  if (fields.type !== 'DATA_JOB' || !/\bruns\s*\{\s*total/.test(query)) return fields;
  return { ...fields, runs: { total: cleanup.runsOf(String(fields.urn)).length } };
}

/** The fields a result carries: urn, type, and names/platform/status where the query asks for them. */
function entityFields(urn: string, query: string, search: SearchIndex): Record<string, unknown> {
  const e = describeEntity(urn);
  const out: Record<string, unknown> = { urn, type: e.type };
  if (HAS_STATUS.has(e.type) && /status\s*\{\s*removed/.test(query)) out.status = { removed: search.isRemoved(urn) };
  if (/\bplatform\s*\{/.test(query) && e.platform) out.platform = { name: e.platform };
  // Names only where the query selects them (a rough test: the name fields of the search query).
  if (!/\bproperties\s*\{|\busername\b/.test(query)) return out;
  switch (e.type) {
    case 'DATASET':
    case 'TAG':
    case 'GLOSSARY_TERM':
      out.name = e.name;
      break;
    case 'CORP_USER':
      out.username = e.name;
      break;
    default:
      out.properties = { name: e.name };
  }
  return out;
}
