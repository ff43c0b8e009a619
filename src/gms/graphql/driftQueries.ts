// The GraphQL documents of the drift check and their parsers (pure). Field names follow
// DataHub's schema (datahub-graphql-core/src/main/resources/entity.graphql, search.graphql):
// - entityExists(urn:) answers from the database (EntityExistsResolver.java); several URNs
//   go in one request as aliases (e0: entityExists(urn: $u0) ...), which graphql-java
//   resolves one by one; 100 per request stays far under GMS's query complexity limit;
// - searchAcrossEntities(input:) with an orFilters entry on the `urn` field returns the
//   listed URNs that search holds (soft-deleted ones are filtered out, as the UI's are);
// - scrollAcrossEntities(input: {types, query, scrollId, count}) pages every document of
//   the types; nextScrollId is null on the last page.
import { GmsError } from '../errors';
import type { SearchPage } from '../types';
import type { ParseOutcome } from './queries';

/** URNs per existence or membership request. */
export const DRIFT_BATCH = 100;
/** Documents per scroll page (DataHub caps a page at its search result limit, 10,000 by default). */
export const SCROLL_PAGE = 500;

/** GraphQL EntityType per entity name where the generic rule (camelCase to UPPER_SNAKE) does not give it (EntityTypeMapper.java). */
const SPECIAL_TYPES: Record<string, string> = {
  corpuser: 'CORP_USER',
  mlModel: 'MLMODEL',
  mlModelGroup: 'MLMODEL_GROUP',
  mlModelDeployment: 'MLMODEL_DEPLOYMENT',
  mlFeature: 'MLFEATURE',
  mlFeatureTable: 'MLFEATURE_TABLE',
  mlPrimaryKey: 'MLPRIMARY_KEY',
  dataHubPolicy: 'DATAHUB_POLICY',
  dataHubView: 'DATAHUB_VIEW',
  dataHubRole: 'DATAHUB_ROLE',
};

/** "dataset" -> "DATASET", "dataFlow" -> "DATA_FLOW", "glossaryTerm" -> "GLOSSARY_TERM". */
export function graphqlEntityType(entityName: string): string {
  return SPECIAL_TYPES[entityName] ?? entityName.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The query text per batch size, made once: a list restore asks the same size (100) chunk after chunk. */
const existsQueries = new Map<number, string>();

export function existsQuery(count: number): string {
  let query = existsQueries.get(count);
  if (query === undefined) {
    const params = Array.from({ length: count }, (_, i) => `$u${i}: String!`).join(', ');
    const fields = Array.from({ length: count }, (_, i) => `e${i}: entityExists(urn: $u${i})`).join(' ');
    query = `query entitiesExist(${params}) { ${fields} }`;
    // Bounded: batch sizes are at most MAX_BATCH_URNS, so the map holds at most that many texts.
    if (existsQueries.size < 64) existsQueries.set(count, query);
  }
  return query;
}

/**
 * The alias names u0, u1, … (variables) and e0, e1, … (answers), made once and reused: a name
 * built afresh for each lookup is a new string the engine hashes before it can find the
 * property, 100 per chunk of a list restore.
 */
const aliasNames = { u: [] as string[], e: [] as string[] };
/** At most this many alias names kept (a batch is at most MAX_BATCH_URNS, 1,000, URNs). */
const MAX_CACHED_ALIASES = 1000;
function aliasName(prefix: 'u' | 'e', i: number): string {
  const names = aliasNames[prefix];
  if (i < MAX_CACHED_ALIASES) {
    for (let k = names.length; k <= i; k++) names.push(`${prefix}${k}`);
    return names[i];
  }
  return `${prefix}${i}`;
}

export function existsVariables(urns: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  urns.forEach((urn, i) => (out[aliasName('u', i)] = urn));
  return out;
}

export function parseExistsData(urns: readonly string[], data: unknown): ParseOutcome<Map<string, boolean>> {
  if (data === null || typeof data !== 'object') return { ok: false, reason: 'entityExists is missing from the answer' };
  const record = data as Record<string, unknown>;
  const out = new Map<string, boolean>();
  for (let i = 0; i < urns.length; i++) {
    const value = record[aliasName('e', i)];
    if (typeof value !== 'boolean') return { ok: false, reason: `entityExists for ${urns[i]} is missing from the answer` };
    out.set(urns[i], value);
  }
  return { ok: true, value: out };
}

export const MEMBERSHIP_QUERY = `query inSearchIndex($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { total searchResults { entity { urn } } }
}`;

export function membershipVariables(urns: readonly string[]): Record<string, unknown> {
  return { input: { query: '*', start: 0, count: urns.length, orFilters: [{ and: [{ field: 'urn', values: urns, condition: 'EQUAL' }] }] } };
}

/** The URNs of search results, read by hand (a page holds up to 1,000: a schema walk costs more than the request here). */
function resultUrns(results: unknown): string[] | undefined {
  if (results == null) return [];
  if (!Array.isArray(results)) return undefined;
  const out: string[] = [];
  for (const hit of results as unknown[]) {
    const entity = hit !== null && typeof hit === 'object' ? (hit as { entity?: unknown }).entity : undefined;
    const urn = entity !== null && typeof entity === 'object' ? (entity as { urn?: unknown }).urn : undefined;
    if (typeof urn === 'string') out.push(urn);
  }
  return out;
}

function field(data: unknown, name: string): Record<string, unknown> | undefined {
  const value = data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[name] : undefined;
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function parseMembershipData(urns: readonly string[], data: unknown): ParseOutcome<Set<string>> {
  const page = field(data, 'searchAcrossEntities');
  const hits = page ? resultUrns(page.searchResults) : undefined;
  if (!hits) return { ok: false, reason: 'searchAcrossEntities is missing from the answer' };
  const asked = new Set(urns);
  // Only the URNs asked count: a server that ignores the filter must not make others look indexed.
  return { ok: true, value: new Set(hits.filter((u) => asked.has(u))) };
}

export const SCROLL_QUERY = `query scrollEntities($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn } } }
}`;

export function scrollVariables(types: readonly string[], scrollId: string | undefined, count: number): Record<string, unknown> {
  return { input: { types, query: '*', count, ...(scrollId === undefined ? {} : { scrollId }) } };
}

export function parseScrollData(data: unknown): ParseOutcome<SearchPage> {
  const page = field(data, 'scrollAcrossEntities');
  const urns = page ? resultUrns(page.searchResults) : undefined;
  if (!page || !urns) return { ok: false, reason: 'scrollAcrossEntities is missing from the answer' };
  const next = typeof page.nextScrollId === 'string' && page.nextScrollId !== '' ? page.nextScrollId : undefined;
  const total = typeof page.total === 'number' && Number.isFinite(page.total) ? page.total : urns.length;
  return { ok: true, value: { urns, nextScrollId: next, total } };
}

/**
 * Servers older than scrollAcrossEntities (it was there by 0.10.3) answer a validation error
 * naming the field; they are read with searchAcrossEntities pages instead (start/count),
 * as far as the search engine's result window goes (10,000 documents).
 */
export const SEARCH_WINDOW = 10_000;

export function lacksScroll(message: string | undefined): boolean {
  return message !== undefined && /scrollAcrossEntities/.test(message) && /FieldUndefined|undefined|ValidationError/i.test(message);
}

export const SEARCH_PAGE_QUERY = `query searchEntities($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) { start count total searchResults { entity { urn } } }
}`;

/** The "scroll id" of a search page: where the next page starts. */
const START = /^start:(\d{1,9})$/;

export function searchPageVariables(
  types: readonly string[],
  scrollId: string | undefined,
  count: number,
): { variables: Record<string, unknown>; start: number } {
  const start = scrollId === undefined ? 0 : Number(START.exec(scrollId)?.[1] ?? Number.NaN);
  if (!Number.isInteger(start))
    throw new GmsError({
      kind: 'invalidInput',
      field: 'scrollId',
      action: 'graphql',
      message: `scrollId: not a page of this server's search (${String(scrollId)})`,
    });
  const size = Math.max(0, Math.min(count, SEARCH_WINDOW - start));
  return { variables: { input: { types, query: '*', start, count: size } }, start };
}

export function parseSearchPageData(data: unknown, start: number): ParseOutcome<SearchPage> {
  const page = field(data, 'searchAcrossEntities');
  const urns = page ? resultUrns(page.searchResults) : undefined;
  if (!page || !urns) return { ok: false, reason: 'searchAcrossEntities is missing from the answer' };
  const total = typeof page.total === 'number' && Number.isFinite(page.total) ? page.total : urns.length;
  const next = start + urns.length;
  const more = urns.length > 0 && next < Math.min(total, SEARCH_WINDOW);
  return { ok: true, value: { urns, total, nextScrollId: more ? `start:${next}` : undefined } };
}
