// The GraphQL client beside the operations client: same transport (TLS, proxy,
// timeouts, size cap), same token and redaction. GMS serves GraphQL at
// {gms}/api/graphql (GraphQLController.java: @RequestMapping("/api") +
// @PostMapping("/graphql"), metadata-service/graphql-servlet-impl), so the one
// rule `${baseUrl}/api/graphql` covers GMS direct (http://host:8080/api/graphql),
// datahub-frontend's GMS proxy (https://host/api/gms/api/graphql) and DataHub
// Cloud (https://tenant.acryl.io/gms/api/graphql). GET is refused there: POST only.
import { GmsError, isGmsError } from '../errors';
import { CHECK_QUERY, FIND_LIMIT, FIND_QUERY, checkVariables, findVariables, parseCheckData, parseFindData } from './queries';
import type { DataHubSearch } from '../types';
import { createGraphqlPost, type GraphQLContext } from './post';
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

const ACTION = 'graphql' as const;

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
  const post = createGraphqlPost(ctx);
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
