// scrollAcrossEntities(input: {types, query, scrollId, count, orFilters?}) -> ScrollResults
// {nextScrollId, count, total, searchResults: [{entity}]} (datahub-graphql-core search.graphql;
// ScrollAcrossEntitiesResolver.java -> SearchUtils.scrollAcrossEntities). Pages every search document
// of the types in URN order: entities with rows that search holds, and orphans (drift.ts).
// - count: default 10; above searchService.limit.results.max (10,000 in application.yaml, not strict)
//   it is cut to it.
// - nextScrollId: set when the page is full (as ESSearchDAO does with search_after: the sort values of
//   the last hit when hits == size), null otherwise; a full last page is followed by an empty one.
// - total: the documents the query matches. For `*` without filters it comes from per-type counts
//   (no scan); a text query or a urn filter is counted as it is paged.
// The per-type document lists are built once (drift.ts Orphans.documents) and cached until the
// orphans change, so a page costs a binary search plus its own length, even with 100,000 entities.

import { positionAfter } from './drift';
import { describeEntity, GRAPHQL_TYPES, type SearchIndex } from './searchIndex';

export const SCROLL_MAX_COUNT = 10_000;
const DEFAULT_COUNT = 10;

export interface ScrollInput {
  types?: unknown;
  query?: unknown;
  scrollId?: unknown;
  count?: unknown;
  orFilters?: Array<{ and?: Array<{ field?: unknown; values?: unknown; negated?: unknown }> }>;
}

function encode(urn: string): string {
  return Buffer.from(JSON.stringify({ sort: [urn], pitId: null, expirationTime: 0 })).toString('base64');
}

function decode(scrollId: string): string | undefined {
  try {
    const sort = (JSON.parse(Buffer.from(scrollId, 'base64').toString('utf8')) as { sort?: unknown }).sort;
    return Array.isArray(sort) && typeof sort[0] === 'string' ? sort[0] : undefined;
  } catch {
    return undefined;
  }
}

/** The urn values an orFilters entry restricts to, if any. */
function urnValues(input: ScrollInput): Set<string> | undefined {
  const out: string[] = [];
  for (const or of input.orFilters ?? []) {
    for (const c of or.and ?? []) {
      if (c.field === 'urn' && Array.isArray(c.values) && c.negated !== true) out.push(...c.values.filter((v): v is string => typeof v === 'string'));
    }
  }
  return out.length > 0 ? new Set(out) : undefined;
}

/** URN entity types of the GraphQL EntityType names, in URN order (so their documents concatenate in URN order). */
function entityTypes(types: unknown): string[] {
  const all = Object.entries(GRAPHQL_TYPES);
  const wanted = Array.isArray(types) && types.length > 0 ? all.filter(([, g]) => types.includes(g)) : all;
  return wanted.map(([t]) => t).sort((a, b) => (`urn:li:${a}:` < `urn:li:${b}:` ? -1 : 1));
}

export interface ScrollPage {
  nextScrollId: string | null;
  count: number;
  total: number;
  urns: string[];
}

export function scrollAcrossEntities(search: SearchIndex, input: ScrollInput, now = Date.now()): ScrollPage | { error: string } {
  const count = Math.min(typeof input.count === 'number' && input.count >= 0 ? Math.floor(input.count) : DEFAULT_COUNT, SCROLL_MAX_COUNT);
  let after: string | undefined;
  if (typeof input.scrollId === 'string' && input.scrollId !== '') {
    after = decode(input.scrollId);
    if (after === undefined) return { error: `Failed to decode scroll id ${input.scrollId}` };
  }
  const words = (typeof input.query === 'string' ? input.query : '*')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '' && w !== '*');
  const only = urnValues(input);
  const filtered = words.length > 0 || only !== undefined;
  const matches = (urn: string): boolean => {
    if (only !== undefined && !only.has(urn)) return false;
    if (words.length === 0) return true;
    const e = describeEntity(urn);
    const hay = `${e.name} ${urn}`.toLowerCase();
    return words.every((w) => hay.includes(w));
  };
  const urns: string[] = [];
  let total = 0;
  for (const type of entityTypes(input.types)) {
    const docs = search.orphans.documents(type);
    if (!filtered) total += docs.urns.length - search.unsearchableOf(type, now);
    const from = after === undefined ? 0 : positionAfter(docs.urns, after);
    if (!filtered && urns.length >= count) continue;
    for (let k = filtered ? 0 : from; k < docs.urns.length; k++) {
      const urn = docs.urns[k];
      if ((docs.rowStart[k] >= 0 && !search.inSearch(urn, now)) || !matches(urn)) continue;
      if (filtered) total++;
      if (k >= from && urns.length < count) urns.push(urn);
      else if (!filtered) break;
    }
  }
  const full = count > 0 && urns.length === count;
  return { nextScrollId: full ? encode(urns[urns.length - 1]) : null, count: urns.length, total, urns };
}
