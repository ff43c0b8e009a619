// Requests of the OpenAPI operations, checked before anything is sent (as ../validate.ts
// does for Rest.li), as the query parameters and bodies ElasticsearchController.java binds.
import { GmsError } from '../errors';
import type { ExplainDiffRequest, ExplainRequest, GmsAction, RestoreRequest, UrnListRestoreRequest } from '../types';
import { parseUrn, urnEntityType } from '../urn';
import { MAX_BATCH_SIZE, restoreBody, validateIdentifier, validateInteger, validateUrn, validateUrnList } from '../validate';

/** The v3 entity controller's path of a (checked) URN: openapi/v3/entity/{entityName}/{urn} (GenericEntitiesController.java). */
export function v3EntityPath(urn: string): string {
  const entityName = urnEntityType(urn) ?? 'dataset';
  return `openapi/v3/entity/${encodeURIComponent(entityName)}/${encodeURIComponent(urn)}`;
}

/** At most this many URNs per list restore or raw-document request (one request body). */
export const MAX_URNS = 10_000;

function invalid(field: string, message: string, action: GmsAction): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, message: `${field}: ${message}` });
}

/** Query parameters as strings, in the order given; undefined values are left out. */
export type Query = Array<[string, string]>;

export function queryString(query: Query): string {
  if (query.length === 0) return '';
  const params = new URLSearchParams(query);
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** The parameters as the result's `args` (the last of a repeated one wins; they are shown, not sent). */
export function argsOf(query: Query): Record<string, string> {
  const args: Record<string, string> = {};
  for (const [name, value] of query) args[name] = name in args ? `${args[name]},${value}` : value;
  return args;
}

/**
 * GET restoreIndices: the same checks as Rest.li (never the whole database), the same fields;
 * `aspect` is called aspectName here. A server older than createDefaultAspects ignores it
 * (Spring leaves unknown query parameters alone).
 */
export function restoreQuery(request: RestoreRequest): Query {
  const body = restoreBody(request);
  const query: Query = [];
  for (const [name, value] of Object.entries(body)) query.push([name === 'aspect' ? 'aspectName' : name, String(value)]);
  return query;
}

/** A non-empty list of distinct valid URNs (the server builds a Set of them anyway). */
export function urnList(urns: unknown, action: GmsAction): string[] {
  if (!Array.isArray(urns) || urns.length === 0) throw invalid('urns', 'give at least one URN', action);
  const unique = [...new Set(validateUrnList(urns, 'urns', action))];
  if (unique.length > MAX_URNS) throw invalid('urns', `at most ${MAX_URNS} URNs per request, got ${unique.length}`, action);
  return unique;
}

/** POST restoreIndices: the body (a JSON array of URNs) and the query (aspectNames repeated, batchSize, createDefaultAspects). */
export function urnListRestore(request: UrnListRestoreRequest): { urns: string[]; query: Query } {
  const action: GmsAction = 'restoreUrns';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'a restore request is required', action);
  const urns = urnList(request.urns, action);
  const query: Query = [];
  if (request.aspectNames != null) {
    if (!Array.isArray(request.aspectNames) || request.aspectNames.length === 0) {
      throw invalid('aspectNames', 'give at least one aspect name, or leave it out for every aspect', action);
    }
    for (const [i, name] of request.aspectNames.entries()) query.push(['aspectNames', validateIdentifier(name, `aspectNames[${i}]`, action)]);
  }
  if (request.batchSize != null) query.push(['batchSize', String(validateInteger(request.batchSize, 'batchSize', 1, MAX_BATCH_SIZE, action))]);
  if (request.createDefaultAspects != null) {
    if (typeof request.createDefaultAspects !== 'boolean') throw invalid('createDefaultAspects', 'expected true or false', action);
    query.push(['createDefaultAspects', String(request.createDefaultAspects)]);
  }
  return { urns, query };
}

/** query, entityName (default the URN's entity type: the server's own default is dataset), size. */
function explainCommon(request: ExplainRequest | ExplainDiffRequest, firstUrn: string, action: GmsAction): Query {
  const query: Query = [];
  if (request.query != null) {
    if (typeof request.query !== 'string' || request.query.length === 0) throw invalid('query', 'the search text is empty (leave it out for "*")', action);
    if (request.query.length > 1000) throw invalid('query', 'at most 1000 characters', action);
    query.push(['query', request.query]);
  }
  const parsed = parseUrn(firstUrn);
  const entityName = request.entityName ?? (parsed.ok ? parsed.value.entityType : undefined);
  if (entityName !== undefined) query.push(['entityName', validateIdentifier(entityName, 'entityName', action)]);
  if (request.size != null) query.push(['size', String(validateInteger(request.size, 'size', 1, MAX_BATCH_SIZE, action))]);
  return query;
}

/** GET explainSearchQuery: documentId is the plain URN (the server URL-encodes a urn:li: id into the document _id). */
export function explainQuery(request: ExplainRequest): Query {
  const action: GmsAction = 'explainSearchQuery';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'an explain request is required', action);
  const urn = validateUrn(request.urn, 'urn', action);
  return [['documentId', urn], ...explainCommon(request, urn, action)];
}

/** GET explainSearchQueryDiff: documentIdA and documentIdB. */
export function explainDiffQuery(request: ExplainDiffRequest): Query {
  const action: GmsAction = 'explainSearchQueryDiff';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'an explain request is required', action);
  const a = validateUrn(request.urnA, 'urnA', action);
  const b = validateUrn(request.urnB, 'urnB', action);
  return [['documentIdA', a], ['documentIdB', b], ...explainCommon(request, a, action)];
}
