// DataHub's OpenAPI operations at {gms}/openapi/operations/elasticSearch/<endpoint>
// (ElasticsearchController.java and ElasticsearchRawController.java, mounted there by
// @RequestMapping("/openapi/operations/elasticSearch"); older releases mounted the class at
// /operations/elasticSearch under a servlet at /openapi/*: the same public URL). Over the same
// wire as Rest.li (../wire.ts): timeouts, size cap, redaction; only reads are retried
// (entity/raw is a POST that reads). Truncation has no OpenAPI form: it stays Rest.li.
import type { Answer } from '../http';
import type { GmsAction, GmsClient } from '../types';
import { validateTask } from '../validate';
import { send, type WireContext } from '../wire';
import {
  parseExplainDiff,
  parseExplanation,
  parseOpenapiIndexSizes,
  parseOpenapiRestore,
  parseOpenapiTaskStatus,
  parseRawDocuments,
  readJson,
} from './answers';
import { openapiHttpError } from './errors';
import { argsOf, explainDiffQuery, explainQuery, queryString, restoreQuery, urnList, urnListRestore, type Query } from './requests';

/** The path under the GMS base, with the endpoint appended. */
export const OPENAPI_OPERATIONS_PATH = '/openapi/operations/elasticSearch';

export type OpenapiOperations = Pick<
  GmsClient,
  'getIndexSizes' | 'restoreIndices' | 'getEsTaskStatus' | 'restoreUrns' | 'explainSearchQuery' | 'explainSearchQueryDiff' | 'getRawDocuments'
>;

interface Call<T> {
  action: GmsAction;
  endpoint: string;
  method: 'GET' | 'POST';
  query?: Query;
  body?: unknown;
  readOnly: boolean;
  accept?: string;
  task?: string;
  parse: (answer: Answer) => T;
}

export function createOpenapiOperations(ctx: WireContext): OpenapiOperations {
  const base = `${ctx.baseUrl}${OPENAPI_OPERATIONS_PATH}`;
  const basePath = new URL(base).pathname;

  // The few header sets (accept, with or without a body), made once and shared as the Rest.li side shares its one:
  // nothing downstream changes them, and a fresh object per request is measurable on a sub-millisecond round trip.
  const headerSets = new Map<string, Record<string, string>>();
  const headersFor = (accept: string, withBody: boolean): Record<string, string> => {
    const key = `${withBody ? 'body' : 'none'} ${accept}`;
    let headers = headerSets.get(key);
    if (headers === undefined) {
      headers = withBody ? { accept, ...ctx.headers, 'content-type': 'application/json' } : { accept, ...ctx.headers };
      headerSets.set(key, headers);
    }
    return headers;
  };

  function call<T>(c: Call<T>, signal?: AbortSignal): Promise<T> {
    const url = `${base}/${c.endpoint}`;
    const headers = headersFor(c.accept ?? 'application/json', c.body !== undefined);
    const { origin, baseUrl } = ctx;
    return send(
      ctx,
      {
        action: c.action,
        // The log names the endpoint, not the query: URNs and search text stay out of it.
        url,
        path: `${basePath}/${c.endpoint}${c.query === undefined ? '' : queryString(c.query)}`,
        method: c.method,
        headers,
        body: c.body === undefined ? undefined : JSON.stringify(c.body),
        readOnly: c.readOnly,
        fail: (a) =>
          openapiHttpError({
            action: c.action,
            status: a.status,
            url,
            origin,
            baseUrl,
            contentType: a.contentType,
            location: a.location,
            body: a.text,
            task: c.task,
          }),
        parse: c.parse,
      },
      signal,
    );
  }

  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);

  return {
    getIndexSizes(signal) {
      return call(
        {
          action: 'getIndexSizes',
          endpoint: 'getIndexSizes',
          method: 'GET',
          readOnly: true,
          parse: (a) => parseOpenapiIndexSizes(json('getIndexSizes', a), a.text),
        },
        signal,
      );
    },
    async restoreIndices(request, signal) {
      const query = restoreQuery(request);
      const parse = (a: Answer) => parseOpenapiRestore('restoreIndices', json('restoreIndices', a), a.text, argsOf(query));
      return call({ action: 'restoreIndices', endpoint: 'restoreIndices', method: 'GET', query, readOnly: false, parse }, signal);
    },
    async restoreUrns(request, signal) {
      const { urns, query } = urnListRestore(request);
      // @RequestBody Set<String>: the server iterates a HashSet, so its batches do not follow this order (see lastUrn).
      const parse = (a: Answer) => parseOpenapiRestore('restoreUrns', json('restoreUrns', a), a.text, argsOf(query));
      return call({ action: 'restoreUrns', endpoint: 'restoreIndices', method: 'POST', query, body: urns, readOnly: false, parse }, signal);
    },
    async getEsTaskStatus(task, signal) {
      // The same id rule as Rest.li (ElasticsearchUtils.isTaskIdValid): refused here before it is sent.
      const checked = validateTask(task);
      const parse = (a: Answer) => parseOpenapiTaskStatus(json('getEsTaskStatus', a), a.text, checked);
      return call(
        { action: 'getEsTaskStatus', endpoint: 'getTaskStatus', method: 'GET', query: [['task', checked]], readOnly: true, task: checked, parse },
        signal,
      );
    },
    async explainSearchQuery(request, signal) {
      const query = explainQuery(request);
      const parse = (a: Answer) => parseExplanation('explainSearchQuery', json('explainSearchQuery', a), a.text);
      return call({ action: 'explainSearchQuery', endpoint: 'explainSearchQuery', method: 'GET', query, readOnly: true, parse }, signal);
    },
    async explainSearchQueryDiff(request, signal) {
      const query = explainDiffQuery(request);
      const parse = (a: Answer) => parseExplainDiff(a.text, a.contentType, ctx.origin);
      return call(
        { action: 'explainSearchQueryDiff', endpoint: 'explainSearchQueryDiff', method: 'GET', query, readOnly: true, accept: 'text/plain', parse },
        signal,
      );
    },
    async getRawDocuments(urns, signal) {
      const asked = urnList(urns, 'getRawDocuments');
      const parse = (a: Answer) => parseRawDocuments(json('getRawDocuments', a), a.text, asked);
      return call({ action: 'getRawDocuments', endpoint: 'entity/raw', method: 'POST', body: asked, readOnly: true, parse }, signal);
    },
  };
}
