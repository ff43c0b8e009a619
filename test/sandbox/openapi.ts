// The OpenAPI operations under /openapi/operations/elasticSearch/, as GMS's Spring side
// answers them, over the same data as the Rest.li actions: timeseries indices and tasks
// (timeseries.ts), the aspect store and restore batches (restore.ts, openapiRestore.ts),
// the search index (searchIndex.ts, explain.ts).
//
// DataHub sources (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/):
//   operations/elastic/ElasticsearchController.java   getTaskStatus, getIndexSizes, explainSearchQuery,
//                                                      explainSearchQueryDiff, restoreIndices (GET, POST)
//   operations/elastic/ElasticsearchRawController.java entity/raw (and systemmetadata, timeseries, graph: not modelled)
//   com.datahub.authorization.AuthUtil.isAPIOperationsAuthorized: the named privilege OR MANAGE_SYSTEM_OPERATIONS;
//   getTaskStatus uses isAPIAuthorized (its privilege only).
// The auth filter (401) has already run in server.ts, as GMS's AuthenticationFilter runs before Spring.

import { OPENAPI_OPERATIONS, type Privilege } from './api';
import { explain, knownEntity, rawDocument } from './explain';
import { explainDiff } from './explainDiff';
import { handleHealthOps, healthRoute } from './healthOps';
import { restoreOpenapi } from './openapiRestore';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';
import { BindError, empty, json, SpringParams, springError, stringSetBody, textAs } from './spring';
import { acceptedUrn } from './restore';
import { indexSizeInMb } from './timeseries';

/** Endpoint name -> the methods it is mapped for. */
const ENDPOINTS: Record<string, readonly string[]> = {
  getIndexSizes: ['GET'],
  getTaskStatus: ['GET'],
  restoreIndices: ['GET', 'POST'],
  explainSearchQuery: ['GET'],
  explainSearchQueryDiff: ['GET'],
  'entity/raw': ['POST'],
};

/** The endpoint a path (without the frontend prefix) names under the OpenAPI operations, or null. */
export function openapiEndpoint(path: string): string | null {
  // consistency/..., messaging/..., kafka/... (healthOps.ts): the action names the route, e.g. consistency/check.
  const health = healthRoute(path);
  if (health) return health.action;
  if (path !== OPENAPI_OPERATIONS && !path.startsWith(`${OPENAPI_OPERATIONS}/`)) return null;
  return path.slice(OPENAPI_OPERATIONS.length + 1).replace(/\/+$/, '');
}

export interface OpenapiCall {
  rt: Runtime;
  method: string;
  /** The endpoint name (openapiEndpoint). */
  endpoint: string;
  /** The request path as sent, for Spring's error bodies. */
  path: string;
  query: URLSearchParams;
  raw: string;
  caller: Caller;
  failedBatches?: number[];
}

function actorOf(caller: Caller): string {
  return `urn:li:corpuser:${caller.tokenName ?? 'datahub'}`;
}

/** AuthUtil.isAPIOperationsAuthorized: the privilege or Manage System Operations. */
function operationsAllowed(caller: Caller, privilege: Privilege): boolean {
  return caller.privileges.includes(privilege) || caller.privileges.includes('MANAGE_SYSTEM_OPERATIONS_PRIVILEGE');
}

/** ElasticsearchUtils.isTaskIdValid: nodeId:taskNumber, the number not 0. */
function taskIdValid(task: string): boolean {
  const m = /^([a-zA-Z0-9_-]+):(\d{1,18})$/.exec(task);
  return m !== null && Number(m[2]) !== 0;
}

function getIndexSizes(c: OpenapiCall): Reply {
  if (!operationsAllowed(c.caller, 'GET_TIMESERIES_INDEX_SIZES_PRIVILEGE')) {
    return textAs(403, `${actorOf(c.caller)} is not authorized to get timeseries index sizes`);
  }
  c.rt.series.settle();
  // org.json's put leaves out a null: unnamed indices have no entityName/aspectName. sizeMb is getSizeInMb (MB).
  const sizes = c.rt.series.indices.map((i) => ({
    ...(i.aspectName !== undefined ? { aspectName: i.aspectName } : {}),
    ...(i.entityName !== undefined ? { entityName: i.entityName } : {}),
    indexName: i.name,
    sizeMb: indexSizeInMb(i),
  }));
  return json({ sizes });
}

function getTaskStatus(c: OpenapiCall, p: SpringParams): Reply {
  const task = p.string('task', { required: true }) as string;
  if (!c.caller.privileges.includes('GET_ES_TASK_STATUS_PRIVILEGE')) {
    return textAs(403, `${actorOf(c.caller)} is not authorized to get ElasticSearch task status`);
  }
  if (!taskIdValid(task)) {
    return textAs(400, `Task ID should be in the form nodeId:taskId e.g. aB1cdEf2GHI-JKLMnoPQr3:123456 (got ${task})`);
  }
  const [node, number] = task.split(':');
  const id = `${node}:${Number(number)}`;
  const status = c.rt.series.status(id);
  if (!status) return textAs(500, `Could not get task status for ${id}`);
  return json({ completed: status.completed, taskId: status.taskId, status: status.status, runTimeNanos: status.runTimeNanos });
}

/** The JSON-valued parameters; one that does not parse is a JsonProcessingException: a 500. */
function jsonParamsParse(p: SpringParams, names: string[]): boolean {
  for (const name of names) {
    const value = p.string(name);
    if (value === undefined) continue;
    try {
      JSON.parse(value);
    } catch {
      return false;
    }
  }
  return true;
}

function explainEndpoint(c: OpenapiCall, p: SpringParams, diff: boolean): Reply {
  const query = p.string('query', { defaultValue: '*' }) as string;
  const ids = diff
    ? ['documentIdA', 'documentIdB'].map((n) => p.string(n, { required: true }) as string)
    : [p.string('documentId', { required: true }) as string];
  const entityName = p.string('entityName', { defaultValue: 'dataset' }) as string;
  p.integer('size', 1);
  // searchFlags is read while the session is built, before the privilege check.
  if (!jsonParamsParse(p, ['searchFlags'])) return springError(500, c.path);
  if (!operationsAllowed(c.caller, 'ES_EXPLAIN_QUERY_PRIVILEGE')) return empty(403);
  if (!jsonParamsParse(p, ['filters', 'sortCriteria'])) return springError(500, c.path);
  // The entity registry has no such entity: IllegalArgumentException, a 500.
  if (!knownEntity(entityName)) return springError(500, c.path);
  // A hostile server may name any index (ExplainResponse.getIndex() is the search engine's text): the client must show it inert.
  const hostile = c.rt.explainIndexName;
  const answers = ids
    .map((id) => explain(c.rt.search, entityName, id, query, c.rt.options.indexPrefix))
    .map((a) => (hostile === undefined ? a : { ...a, index: hostile }));
  if (!diff) return json(answers[0]);
  return textAs(200, explainDiff(answers[0], answers[1]), 'text/plain;charset=UTF-8');
}

function entityRaw(c: OpenapiCall): Reply {
  const urns = stringSetBody(c.raw);
  // The URNs are parsed before the privilege check: an invalid one is a 500 for anyone.
  if (!urns.every(acceptedUrn)) return springError(500, c.path);
  if (!c.caller.privileges.includes('MANAGE_SYSTEM_OPERATIONS_PRIVILEGE')) return empty(403);
  const out: Record<string, unknown> = {};
  for (const urn of new Set(urns)) {
    const doc = rawDocument(c.rt.search, urn);
    // ElasticSearchService.raw keeps only URNs with a hit: one not in the index is simply absent.
    if (doc !== undefined) out[urn] = doc;
  }
  return json(out);
}

/** Answers a request whose path is under OPENAPI_OPERATIONS (the transport is on). */
export function handleOpenapi(c: OpenapiCall): Reply {
  if (healthRoute(c.path.slice(c.path.indexOf('/openapi/'))) !== null) return handleHealthOps(c, actorOf(c.caller));
  const methods = ENDPOINTS[c.endpoint];
  if (methods === undefined) return springError(404, c.path);
  if (!methods.includes(c.method)) return springError(405, c.path, { allow: methods.join(', ') });
  const p = new SpringParams(c.query);
  try {
    switch (c.endpoint) {
      case 'getIndexSizes':
        return getIndexSizes(c);
      case 'getTaskStatus':
        return getTaskStatus(c, p);
      case 'restoreIndices': {
        const allowed = operationsAllowed(c.caller, 'RESTORE_INDICES_PRIVILEGE');
        const call = { store: c.rt.store, params: p, rawBody: c.raw, path: c.path, allowed, failedBatches: c.failedBatches };
        const outcome = restoreOpenapi(c.method as 'GET' | 'POST', call);
        // The indexing consumer picks the restored entities up, as after a Rest.li restore.
        if (outcome.reply.status === 200) c.rt.search.restored(outcome.restored);
        return outcome.reply;
      }
      case 'explainSearchQuery':
        return explainEndpoint(c, p, false);
      case 'explainSearchQueryDiff':
        return explainEndpoint(c, p, true);
      default:
        return entityRaw(c);
    }
  } catch (err) {
    if (err instanceof BindError) return springError(400, c.path);
    throw err;
  }
}
