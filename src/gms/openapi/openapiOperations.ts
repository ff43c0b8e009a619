// DataHub's OpenAPI operations at {gms}/openapi/operations/elasticSearch/<endpoint>
// (ElasticsearchController.java and ElasticsearchRawController.java, mounted there by
// @RequestMapping("/openapi/operations/elasticSearch"); older releases mounted the class at
// /operations/elasticSearch under a servlet at /openapi/*: the same public URL). Over the same
// wire as Rest.li (../wire.ts): timeouts, size cap, redaction; only reads are retried
// (entity/raw is a POST that reads). Truncation has no OpenAPI form: it stays Rest.li.
import type { Answer } from '../http';
import type { GmsAction, GmsClient } from '../types';
import { validateTask } from '../validate';
import type { WireContext } from '../wire';
import { createOpenapiCaller } from './call';
import {
  parseExplainDiff,
  parseExplanation,
  parseOpenapiIndexSizes,
  parseOpenapiRestore,
  parseOpenapiTaskStatus,
  parseRawDocuments,
  readJson,
} from './answers';
import { argsOf, explainDiffQuery, explainQuery, restoreQuery, urnList, urnListRestore } from './requests';

/** The path under the GMS base, with the endpoint appended. */
export const OPENAPI_OPERATIONS_PATH = '/openapi/operations/elasticSearch';

export type OpenapiOperations = Pick<
  GmsClient,
  'getIndexSizes' | 'restoreIndices' | 'getEsTaskStatus' | 'restoreUrns' | 'explainSearchQuery' | 'explainSearchQueryDiff' | 'getRawDocuments'
>;

export function createOpenapiOperations(ctx: WireContext): OpenapiOperations {
  const call = createOpenapiCaller(ctx, OPENAPI_OPERATIONS_PATH);

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
      const target = query.find(([name]) => name === 'urn' || name === 'urnLike')?.[1];
      const write = { targets: target === undefined ? [] : [target] };
      return call({ action: 'restoreIndices', endpoint: 'restoreIndices', method: 'GET', query, readOnly: false, write, parse }, signal);
    },
    async restoreUrns(request, signal) {
      const { urns, query } = urnListRestore(request);
      // @RequestBody Set<String>: the server iterates a HashSet, so its batches do not follow this order (see lastUrn).
      const parse = (a: Answer) => parseOpenapiRestore('restoreUrns', json('restoreUrns', a), a.text, argsOf(query));
      return call(
        { action: 'restoreUrns', endpoint: 'restoreIndices', method: 'POST', query, body: urns, readOnly: false, write: { targets: urns }, parse },
        signal,
      );
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
