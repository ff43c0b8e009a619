// The GraphQL client beside the operations client: same transport (TLS, proxy,
// timeouts, size cap), same token and redaction. GMS serves GraphQL at
// {gms}/api/graphql (GraphQLController.java: @RequestMapping("/api") +
// @PostMapping("/graphql"), metadata-service/graphql-servlet-impl), so the one
// rule `${baseUrl}/api/graphql` covers GMS direct (http://host:8080/api/graphql),
// datahub-frontend's GMS proxy (https://host/api/gms/api/graphql) and DataHub
// Cloud (https://tenant.acryl.io/gms/api/graphql). GET is refused there: POST only.
import type { Dispatcher } from 'undici';
import { GmsError, isGmsError } from '../errors';
import { bodyForLog, looksLikeHtml } from '../errorMapping';
import { exchange } from '../http';
import {
  CHECK_QUERY,
  FIND_LIMIT,
  FIND_QUERY,
  checkVariables,
  findVariables,
  graphqlAnswerSchema,
  isUnauthorizedError,
  parseCheckData,
  parseFindData,
  type ParseOutcome,
} from './queries';
import type { DataHubSearch, RequestLogEntry } from '../types';
import { validateIdentifier, validateInteger, validateUrn, validateUrnList } from '../validate';
import {
  existsQuery,
  existsVariables,
  graphqlEntityType,
  MEMBERSHIP_QUERY,
  membershipVariables,
  parseExistsData,
  parseMembershipData,
  lacksScroll,
  parseScrollData,
  parseSearchPageData,
  SCROLL_QUERY,
  SEARCH_PAGE_QUERY,
  searchPageVariables,
  scrollVariables,
} from './driftQueries';
import { FACETS_QUERY, facetReading, facetVariables, parseFacets } from './entityFacets';
import {
  JOB_RUNS_QUERY,
  JOBS_QUERY,
  jobsVariables,
  parseJobRuns,
  parseJobs,
  parseSoftDeleted,
  SOFT_DELETED_QUERY,
  softDeletedVariables,
} from './cleanupQueries';
import { MAX_RUNS_PER_JOB } from '../cleanupTypes';

export interface GraphQLContext {
  dispatcher: Dispatcher;
  origin: string;
  baseUrl: string;
  headers: Record<string, string>;
  timeoutMs: number;
  maxResponseBytes: number;
  hideToken: (text: string) => string;
  log: (entry: RequestLogEntry) => void;
}

const ACTION = 'graphql' as const;

/** A non-2xx answer from /api/graphql, as a message that says what to do. */
export function graphqlHttpError(status: number, origin: string, url: string, body: string, contentType?: string): GmsError {
  const common = { action: ACTION, status, body: bodyForLog(body) };
  const from = `${status} from ${origin}`;
  if (status === 401) {
    return new GmsError({
      ...common,
      kind: 'unauthorized',
      message: `${from}: the token was refused for DataHub search (or is missing/expired). Set a new access token.`,
    });
  }
  if (status === 403) {
    return new GmsError({
      ...common,
      kind: 'forbidden',
      message: `${from}: this token may not use DataHub's GraphQL API; ask a DataHub admin for a token that can view entities.`,
    });
  }
  if (status === 404 || (status < 500 && looksLikeHtml(contentType, body))) {
    return new GmsError({
      ...common,
      kind: 'notFound',
      code: 'graphqlMissing',
      message: `${from}: no GraphQL endpoint at ${url}; DataHub search is not available on this connection.`,
    });
  }
  if (status === 400) {
    return new GmsError({ ...common, kind: 'badRequest', message: `${from}: DataHub refused the search request as malformed; see the log.` });
  }
  return new GmsError({ ...common, kind: 'server', message: `${from}: DataHub search failed on the server; check the GMS logs, then retry.` });
}

/** The first line of a server-written message, cut short (it is shown to people). */
function oneLine(text: string | null | undefined): string {
  const line = (text ?? '').split(/\r?\n/)[0].trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line || 'no message';
}

/** Reads a 200 answer: GraphQL `errors` become GmsErrors, `data` goes to the parser. */
export function readGraphQLAnswer<T>(text: string, origin: string, parse: (data: unknown) => ParseOutcome<T>): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: not JSON. Check that the URL points at DataHub GMS.`,
    });
  }
  // The common answer, data and no errors, needs no schema walk: the parser checks what it reads.
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const { data, errors } = json as { data?: unknown; errors?: unknown };
    if (errors == null && data !== null && typeof data === 'object' && !Array.isArray(data)) return finish(parse(data), text, origin);
  }
  const answer = graphqlAnswerSchema.safeParse(json);
  if (!answer.success) {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: not a GraphQL answer. Check that the URL points at DataHub GMS.`,
    });
  }
  const errors = answer.data.errors ?? [];
  if (errors.length > 0) {
    const denied = errors.find(isUnauthorizedError);
    if (denied) {
      throw new GmsError({
        kind: 'forbidden',
        action: ACTION,
        status: 200,
        serverMessage: oneLine(denied.message),
        body: bodyForLog(text),
        message: `DataHub on ${origin} answered "Unauthorized" to the search: the token lacks the privilege to view these entities. Ask a DataHub admin for it.`,
      });
    }
    throw new GmsError({
      kind: 'server',
      action: ACTION,
      status: 200,
      serverMessage: oneLine(errors[0].message),
      body: bodyForLog(text),
      message: `DataHub on ${origin} could not run the search: ${oneLine(errors[0].message)}. Check the GMS logs, then retry.`,
    });
  }
  return finish(parse(answer.data.data ?? undefined), text, origin);
}

/** A parser's outcome as the value, or the error that says the answer is not what this DataHub version should send. */
function finish<T>(parsed: ParseOutcome<T>, text: string, origin: string): T {
  if (!parsed.ok) {
    throw new GmsError({
      kind: 'invalidResponse',
      action: ACTION,
      body: bodyForLog(text),
      message: `Unexpected answer from ${origin}/api/graphql: ${parsed.reason}. This DataHub version may be too old for the search check.`,
    });
  }
  return parsed.value;
}

/** The URNs of one batched request, checked and deduplicated; at most MAX_BATCH_URNS. */
function batchOf(urns: readonly string[]): string[] {
  if (!Array.isArray(urns)) throw new GmsError({ kind: 'invalidInput', field: 'urns', action: ACTION, message: 'urns: a list of URNs.' });
  const asked = [...new Set(validateUrnList(urns, 'urns', ACTION))];
  if (asked.length > MAX_BATCH_URNS) {
    throw new GmsError({ kind: 'invalidInput', field: 'urns', action: ACTION, message: `urns: at most ${MAX_BATCH_URNS} per request, got ${asked.length}.` });
  }
  return asked;
}

/** URNs per batched GraphQL request at most (the drift check sends DRIFT_BATCH). */
export const MAX_BATCH_URNS = 1000;

export function createSearch(ctx: GraphQLContext): DataHubSearch {
  /** The server answered that it has no scrollAcrossEntities. */
  let noScroll = false;
  const url = `${ctx.baseUrl}/api/graphql`;
  const path = new URL(url).pathname;
  async function post<T>(
    operationName: string,
    query: string,
    variables: Record<string, unknown>,
    parse: (data: unknown) => ParseOutcome<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const started = Date.now();
    const body = JSON.stringify({ query, variables, operationName });
    let status: number | undefined;
    let bytes = 0;
    try {
      const answer = await exchange(ctx.dispatcher, {
        action: ACTION,
        origin: ctx.origin,
        path,
        headers: ctx.headers,
        body,
        timeoutMs: ctx.timeoutMs,
        maxResponseBytes: ctx.maxResponseBytes,
        signal,
      });
      status = answer.status;
      bytes = answer.bytes;
      const text = ctx.hideToken(answer.text);
      if (answer.status < 200 || answer.status >= 300) throw graphqlHttpError(answer.status, ctx.origin, url, text, answer.contentType);
      const value = readGraphQLAnswer(text, ctx.origin, parse);
      ctx.log({ action: ACTION, url, attempt: 1, status, durationMs: Date.now() - started, responseBytes: bytes });
      return value;
    } catch (error) {
      const kind = isGmsError(error) ? error.kind : undefined;
      ctx.log({ action: ACTION, url, attempt: 1, status, durationMs: Date.now() - started, responseBytes: bytes, errorKind: kind });
      throw error;
    }
  }
  return {
    async checkSearchIndex(urn, signal) {
      const checked = validateUrn(urn, 'urn', ACTION);
      return post('checkSearchIndex', CHECK_QUERY, checkVariables(checked), (data) => parseCheckData(checked, data), signal);
    },
    async existInDatabase(urns, signal) {
      const asked = batchOf(urns);
      if (asked.length === 0) return new Map();
      return post('entitiesExist', existsQuery(asked.length), existsVariables(asked), (data) => parseExistsData(asked, data), signal);
    },
    async inSearchIndex(urns, signal) {
      const asked = batchOf(urns);
      if (asked.length === 0) return new Set();
      return post('inSearchIndex', MEMBERSHIP_QUERY, membershipVariables(asked), (data) => parseMembershipData(asked, data), signal);
    },
    async checkDrift(urns, signal) {
      // Checked once for both requests: on 10,000 URNs a second pass shows in the time.
      const asked = batchOf(urns);
      if (asked.length === 0) return { exists: new Map(), found: new Set() };
      const [exists, found] = await Promise.all([
        post('entitiesExist', existsQuery(asked.length), existsVariables(asked), (data) => parseExistsData(asked, data), signal),
        post('inSearchIndex', MEMBERSHIP_QUERY, membershipVariables(asked), (data) => parseMembershipData(asked, data), signal),
      ]);
      return { exists, found };
    },
    async scrollEntities(entityTypes, scrollId, count, signal) {
      if (entityTypes.length === 0)
        throw new GmsError({ kind: 'invalidInput', field: 'entityTypes', action: ACTION, message: 'entityTypes: at least one entity type.' });
      const types = entityTypes.map((t) => graphqlEntityType(validateIdentifier(t, 'entityType', ACTION)));
      const size = validateInteger(count, 'count', 1, 10_000, ACTION);
      const searchPage = () => {
        const { variables, start } = searchPageVariables(types, scrollId, size);
        return post('searchEntities', SEARCH_PAGE_QUERY, variables, (data) => parseSearchPageData(data, start), signal);
      };
      if (noScroll || scrollId?.startsWith('start:')) return searchPage();
      try {
        return await post('scrollEntities', SCROLL_QUERY, scrollVariables(types, scrollId, size), parseScrollData, signal);
      } catch (error) {
        // A server older than scrollAcrossEntities: search pages from now on (the first page needs no scroll id).
        if (!isGmsError(error) || !lacksScroll(error.serverMessage) || scrollId !== undefined) throw error;
        noScroll = true;
        return searchPage();
      }
    },
    async softDeleted(entityType, scrollId, count, signal) {
      const type = graphqlEntityType(validateIdentifier(entityType, 'entityType', ACTION));
      const size = validateInteger(count, 'count', 1, 10_000, ACTION);
      return post('softDeletedEntities', SOFT_DELETED_QUERY, softDeletedVariables(type, scrollId, size), parseSoftDeleted, signal);
    },
    async dataJobs(scrollId, count, signal) {
      const size = validateInteger(count, 'count', 1, 10_000, ACTION);
      return post('dataJobsWithRuns', JOBS_QUERY, jobsVariables(scrollId, size), parseJobs, signal);
    },
    async jobRuns(jobUrn, start, count, signal) {
      const urn = validateUrn(jobUrn, 'jobUrn', ACTION);
      const from = validateInteger(start, 'start', 0, MAX_RUNS_PER_JOB, ACTION);
      const size = validateInteger(count, 'count', 1, 1_000, ACTION);
      return post('dataJobRuns', JOB_RUNS_QUERY, { urn, start: from, count: size }, parseJobRuns, signal);
    },
    async entityCountFacets(query, signal) {
      const grouped = query.groupBy === 'platform';
      const at = Date.now();
      const [active, soft] = await Promise.all(
        [false, true].map((deleted) => post('entityCountFacets', FACETS_QUERY, facetVariables(query, deleted), (data) => parseFacets(data, grouped), signal)),
      );
      return facetReading(active, soft, query, at);
    },
    async findEntities(text, signal, count = FIND_LIMIT) {
      const query = text.trim();
      if (query === '') return [];
      if (query.length > 500) throw new GmsError({ kind: 'invalidInput', field: 'text', action: ACTION, message: 'Search text: at most 500 characters.' });
      return post('findEntities', FIND_QUERY, findVariables(query, Math.min(Math.max(1, Math.floor(count)), 100)), parseFindData, signal);
    },
  };
}
