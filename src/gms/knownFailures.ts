// Failures of real DataHub servers whose meaning is known from DataHub's code:
// a missing privilege (403, or 401 on older servers), a refused reindex, a
// truncation failing on a missing index, a search engine refusing _stats.
import { GmsError, PRIVILEGES, type GmsErrorInit } from './errors';
import type { GmsAction } from './types';

export const PRIVILEGE_DENIED = /^User is unauthorized to\b/i;

/** "reading index sizes needs the 'Get Timeseries index sizes API' privilege (...)", as for a 403. */
export function privilegeMessage(action: GmsAction, from: string, what: string, orManageSystemOperations?: boolean): string {
  const p = PRIVILEGES[action];
  if (!p) return `${from}: ${what} was refused (403); check the URL and the token.`;
  // The newest servers also accept Manage System Operations for the two read actions (not restore or truncate).
  const withMso = orManageSystemOperations ?? (action === 'getIndexSizes' || action === 'getEsTaskStatus');
  const alternative = withMso ? ", or on newer DataHub versions 'Manage System Operations'" : '';
  return `${from}: ${what} needs the '${p.label}' privilege (${p.id})${alternative}; ask a DataHub admin to grant it to the token's user.`;
}

/**
 * Failures whose likely cause is known from DataHub's code: a refused reindex
 * (ESIndexBuilder.java: the index is not an alias, wrapped as "Async reindex failed"
 * by ElasticSearchTimeseriesAspectService.java), a truncation failing on a missing
 * index, and a search engine that refuses the wildcard _stats call of getIndexSizes.
 */
export function explainKnownFailure(
  action: GmsAction,
  status: number,
  serverMessage: string | undefined,
  from: string,
): Pick<GmsErrorInit, 'kind' | 'code' | 'message'> | undefined {
  const text = serverMessage ?? '';
  if (action === 'truncateTimeseriesAspect' && status === 400 && /Async reindex failed|should be an alias/i.test(text)) {
    return {
      kind: 'badRequest',
      code: 'reindexRefused',
      message: `${from}: the server could not reindex this index (it is a plain index, not an alias); nothing was deleted. Use the method 'delete by query' (forceDeleteByQuery) instead.`,
    };
  }
  if (action === 'truncateTimeseriesAspect' && status >= 500 && status !== 502 && status !== 503 && status !== 504) {
    const missing = /index_not_found|no such index/i.test(text);
    const why = missing
      ? 'there is no index for that entity type and aspect'
      : 'most likely there is no index for that entity type and aspect (a misspelt aspect makes the search engine fail on a missing index), or the search engine itself failed';
    return {
      kind: 'server',
      message: `${from}: the truncation failed: ${why}; nothing was deleted. Check the aspect in Timeseries Indices, or the GMS logs.`,
    };
  }
  if (action === 'getIndexSizes' && (status === 400 || status >= 500) && /_stats/.test(text)) {
    return {
      kind: status === 400 ? 'badRequest' : 'server',
      message: `${from}: the search engine refused the index statistics request (_stats on all timeseries indices) that index sizes need; some managed OpenSearch services do not allow it. Ask the search cluster's admin to allow _stats for GMS.`,
    };
  }
  return undefined;
}

/**
 * The search engine does not know the task. Rest.li answers it with 200 and
 * {"error":"Could not get task status for <task>"} in the value (OperationsResource.java);
 * OpenAPI with a 500 and that sentence as text (ElasticsearchController.java): one error for both.
 */
export function taskNotFound(task: string, serverMessage: string, status?: number): GmsError {
  return new GmsError({
    kind: 'notFound',
    status,
    code: 'taskNotFound',
    action: 'getEsTaskStatus',
    serverMessage,
    message: `Could not get task status for ${task}: the search engine does not know this task. It may have finished long ago, its node may have restarted, or the id belongs to another cluster. Refresh the index sizes to see whether rows were deleted.`,
  });
}
