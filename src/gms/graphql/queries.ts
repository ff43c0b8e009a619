// The GraphQL documents the extension sends, and the parsers of their answers.
// Pure: no undici, so tests and fuzzers use them directly.
// Field names follow DataHub's schema (datahub-project/datahub,
// datahub-graphql-core/src/main/resources/entity.graphql and search.graphql):
// entityExists(urn:) answers from the database (EntityExistsResolver.java);
// searchAcrossEntities(input:) reads the search index and leaves soft-deleted
// entities out; entity(urn:) echoes any valid URN, so it is only used to read
// status.removed.
import * as z from 'zod/v4/mini';
import type { FoundEntity, SearchIndexStatus } from '../types';

/** Entity types whose GraphQL type has `status { removed }` (Status in entity.graphql; the UI's own queries, e.g. datahub-web-react/src/graphql/container.graphql, select it). */
const STATUS_TYPES = ['Dataset', 'Chart', 'Dashboard', 'DataFlow', 'DataJob', 'Container'] as const;

export const CHECK_QUERY = `query checkSearchIndex($urn: String!, $input: SearchAcrossEntitiesInput!) {
  entityExists(urn: $urn)
  searchAcrossEntities(input: $input) { total searchResults { entity { urn } } }
  entity(urn: $urn) { urn type ${STATUS_TYPES.map((t) => `... on ${t} { status { removed } }`).join(' ')} }
}`;

export const FIND_QUERY = `query findEntities($input: SearchAcrossEntitiesInput!) {
  searchAcrossEntities(input: $input) {
    total
    searchResults { entity { urn type
      ... on Dataset { name platform { name } }
      ... on Chart { properties { name } platform { name } }
      ... on Dashboard { properties { name } platform { name } }
      ... on DataFlow { properties { name } platform { name } }
      ... on DataJob { properties { name } }
      ... on Container { properties { name } platform { name } }
      ... on CorpUser { username }
      ... on Tag { name }
      ... on GlossaryTerm { name }
    } }
  }
}`;

/** Variables of CHECK_QUERY: the search is filtered on the index's exact `urn` field. */
export function checkVariables(urn: string): Record<string, unknown> {
  return {
    urn,
    input: { query: '*', start: 0, count: 1, orFilters: [{ and: [{ field: 'urn', values: [urn], condition: 'EQUAL' }] }] },
  };
}

export const FIND_LIMIT = 10;

export function findVariables(text: string, count = FIND_LIMIT): Record<string, unknown> {
  return { input: { query: text, start: 0, count } };
}

/** A GraphQL answer: data and errors side by side, status 200 even with errors (GraphQLController.java). */
export const graphqlAnswerSchema = z.object({
  data: z.nullish(z.record(z.string(), z.unknown())),
  errors: z.nullish(
    z.array(
      z.object({
        message: z.nullish(z.string()),
        extensions: z.nullish(z.object({ code: z.nullish(z.union([z.number(), z.string()])), type: z.nullish(z.string()) })),
      }),
    ),
  ),
});
export type GraphQLAnswer = z.infer<typeof graphqlAnswerSchema>;

const named = z.nullish(z.object({ name: z.nullish(z.string()) }));

const checkDataSchema = z.object({
  entityExists: z.nullish(z.boolean()),
  searchAcrossEntities: z.nullish(
    z.object({ total: z.nullish(z.number()), searchResults: z.nullish(z.array(z.object({ entity: z.nullish(z.object({ urn: z.string() })) }))) }),
  ),
  entity: z.nullish(z.object({ status: z.nullish(z.object({ removed: z.nullish(z.boolean()) })) })),
});

const foundEntitySchema = z.object({
  urn: z.string(),
  type: z.nullish(z.string()),
  name: z.nullish(z.string()),
  username: z.nullish(z.string()),
  properties: z.nullish(z.object({ name: z.nullish(z.string()) })),
  platform: named,
});

const findDataSchema = z.object({
  searchAcrossEntities: z.nullish(z.object({ total: z.nullish(z.number()), searchResults: z.nullish(z.array(z.object({ entity: z.nullish(z.unknown()) }))) })),
});

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; reason: string };

export function parseCheckData(urn: string, data: unknown): ParseOutcome<SearchIndexStatus> {
  const parsed = checkDataSchema.safeParse(data);
  if (!parsed.success) return { ok: false, reason: 'the check answer does not have the expected fields' };
  const d = parsed.data;
  if (typeof d.entityExists !== 'boolean') return { ok: false, reason: 'entityExists is missing from the answer' };
  if (!d.searchAcrossEntities) return { ok: false, reason: 'searchAcrossEntities is missing from the answer' };
  const hits = d.searchAcrossEntities.searchResults ?? [];
  return {
    ok: true,
    value: {
      urn,
      inDatabase: d.entityExists,
      // A filter on the keyword field matches exactly; compare anyway, a server that ignores the filter must not pass.
      inSearch: hits.some((h) => h.entity?.urn === urn),
      removed: d.entity?.status?.removed === true,
    },
  };
}

/** Search results; entries that do not parse are skipped, not fatal. */
export function parseFindData(data: unknown): ParseOutcome<FoundEntity[]> {
  const parsed = findDataSchema.safeParse(data);
  if (!parsed.success || !parsed.data.searchAcrossEntities) return { ok: false, reason: 'searchAcrossEntities is missing from the answer' };
  const out: FoundEntity[] = [];
  for (const hit of parsed.data.searchAcrossEntities.searchResults ?? []) {
    const e = foundEntitySchema.safeParse(hit.entity);
    if (!e.success) continue;
    const v = e.data;
    const name = v.properties?.name ?? v.name ?? v.username ?? undefined;
    out.push({ urn: v.urn, type: v.type ?? 'UNKNOWN', name: name ?? undefined, platform: v.platform?.name ?? undefined });
  }
  return { ok: true, value: out };
}

/** "Unauthorized" errors (AuthorizationException, code 403 in DataHubGraphQLErrorCode.java). */
export function isUnauthorizedError(error: { message?: string | null; extensions?: { code?: number | string | null } | null }): boolean {
  return String(error.extensions?.code ?? '') === '403' || /unauthori[sz]ed/i.test(error.message ?? '');
}
