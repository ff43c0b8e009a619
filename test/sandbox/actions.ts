// The four operations actions with DataHub's semantics. Each returns the reply
// GMS would send; the HTTP layer (server.ts) has already done auth and routing.

import type { Privilege, SeedStringForm, ServerVersion } from './api';
import { REGISTRY } from './data';
import type { ActionName, Params } from './params';
import { restliError, jsonReply, type Reply } from './restli';
import { restoreIndices } from './restore';
import { countAtOrBefore, indexSizeInMb, type TimeseriesStore } from './timeseries';
import type { AspectStore } from './store';

export interface ActionContext {
  version: ServerVersion;
  store: AspectStore;
  series: TimeseriesStore;
  taskDurationMs: number;
  seedStringForm: SeedStringForm;
  /** Counts getIndexSizes answers in the seedString form (0, 1, ...): drives 'alternate'. */
  nextSeedStringCall(): number;
  can(privilege: Privilege): boolean;
  /** restoreIndices: internal batches a failedBatches fault makes fail. */
  failedBatches?: number[];
}

/**
 * A missing privilege. Older servers (the legacy generation) answered it with 401 and this Rest.li
 * message, newer ones with 403 (OperationsResource.java and Utils.java, datahub-project/datahub).
 */
function denied(ctx: ActionContext, message: string, action: ActionName): Reply {
  return restliError(ctx.version === 'legacy' ? 401 : 403, message, action);
}

export function runAction(action: ActionName, params: Params, ctx: ActionContext): Reply {
  switch (action) {
    case 'getIndexSizes':
      return getIndexSizes(ctx);
    case 'restoreIndices':
      if (!ctx.can('RESTORE_INDICES_PRIVILEGE')) return denied(ctx, 'User is unauthorized to restore indices.', action);
      return restoreIndices(params, ctx.store, ctx.version, { failedBatches: ctx.failedBatches });
    case 'truncateTimeseriesAspect':
      return truncate(params, ctx);
    case 'getEsTaskStatus':
      return taskStatus(params, ctx);
  }
}

/** Java's (int) cast of a long: what the old server did to byte counts before dividing. */
function javaInt(n: number): number {
  return Number(BigInt.asIntN(32, BigInt(Math.trunc(n))));
}

function getIndexSizes(ctx: ActionContext): Reply {
  if (!ctx.can('GET_TIMESERIES_INDEX_SIZES_PRIVILEGE')) return denied(ctx, 'User is unauthorized to get index sizes.', 'getIndexSizes');
  ctx.series.settle();
  if (ctx.version === 'newer') {
    const indexSizes = ctx.series.indices.map((i) => ({
      indexName: i.name,
      ...(i.entityName !== undefined ? { entityName: i.entityName } : {}),
      ...(i.aspectName !== undefined ? { aspectName: i.aspectName } : {}),
      sizeInMb: indexSizeInMb(i),
    }));
    return jsonReply({ value: { indexSizes } });
  }
  // Old servers: sizeMb = (int) bytes / 1000, i.e. kilobytes, negative past 2^31 bytes.
  const legacy = ctx.series.indices.map((i) => ({
    ...(i.aspectName !== undefined ? { aspectName: i.aspectName } : {}),
    sizeMb: javaInt(indexSizeInMb(i) * 1e6) / 1000,
    indexName: i.name,
    ...(i.entityName !== undefined ? { entityName: i.entityName } : {}),
  }));
  if (ctx.version === 'legacy') return jsonReply({ value: { indexSizes: legacy } });
  const call = ctx.nextSeedStringCall();
  const asArray = ctx.seedStringForm === 'array' || (ctx.seedStringForm === 'alternate' && call % 2 === 0);
  return jsonReply({ value: JSON.stringify(asArray ? legacy : { indexSizes: legacy }) });
}

const KNOWN_ENTITIES = new Set(
  Object.keys(REGISTRY)
    .map((e) => e.toLowerCase())
    .concat(['dataprocessinstance', 'assertion']),
);

// Modelled on OperationsResource.executeTruncateTimeseriesAspect (datahub-project/datahub): counts first,
// reindex when more than half the rows go unless a force flag says otherwise.
function truncate(p: Params, ctx: ActionContext): Reply {
  const action = 'truncateTimeseriesAspect';
  if (!ctx.can('TRUNCATE_TIMESERIES_INDEX_PRIVILEGE')) return denied(ctx, 'User is unauthorized to truncate timeseries index', action);
  const forceDeleteByQuery = p.forceDeleteByQuery as boolean | undefined;
  const forceReindex = p.forceReindex as boolean | undefined;
  if (forceDeleteByQuery !== undefined && forceDeleteByQuery === forceReindex) {
    return jsonReply({ value: 'please only set forceReindex OR forceDeleteByQuery flags' });
  }
  const entityType = p.entityType as string;
  const aspect = p.aspect as string;
  const endTimeMillis = p.endTimeMillis as number;
  // EntityRegistry.getEntitySpec: an IllegalArgumentException, which RestliUtil.toTask turns into a 400.
  if (!KNOWN_ENTITIES.has(entityType.toLowerCase())) {
    return restliError(400, `Failed to find entity with name ${entityType} in EntityRegistry`, action);
  }
  ctx.series.settle();
  const index = ctx.series.find(entityType, aspect);
  if (!index) {
    // countByFilter on an index that does not exist: the search client throws, RestliUtil.toTask answers 500
    // with the exception as message (ElasticSearchTimeseriesAspectService.java, RestliUtil.java).
    const missing = ctx.series.indexNameFor(entityType, aspect);
    return restliError(
      500,
      `org.opensearch.OpenSearchStatusException: OpenSearch exception [type=index_not_found_exception, reason=no such index [${missing}]]`,
      action,
    );
  }
  const total = index.timestamps.length;
  const toDelete = countAtOrBefore(index, endTimeMillis);
  const reindex = forceDeleteByQuery !== true && (forceReindex === true || toDelete > Math.floor(total / 2));
  if (p.dryRun === false) {
    if (reindex && ctx.version === 'legacy') {
      // The older resource reindexed synchronously and answered with a sentence, not a task id.
      ctx.series.deleteNow(index, endTimeMillis);
      return jsonReply({ value: `Reindex ${entityType} ${aspect} index` });
    }
    if (reindex && !index.alias) {
      // ESIndexBuilder.reindexInPlaceAsync needs an alias (IllegalArgumentException "Input to reindexInPlaceAsync
      // should be an alias. X is not"); ElasticSearchTimeseriesAspectService wraps it as ESQueryException
      // "Async reindex failed", and RestliUtil.toTask answers 400 with that message. Nothing is deleted.
      return restliError(400, 'Async reindex failed', action);
    }
    const batchSize = typeof p.batchSize === 'number' && p.batchSize > 0 ? p.batchSize : 1000;
    return jsonReply({ value: ctx.series.startTask(index, endTimeMillis, batchSize, ctx.taskDurationMs) });
  }
  // The older resource divided without multiplying by 100: it printed the fraction before the %.
  const share = total === 0 ? Number.NaN : ctx.version === 'legacy' ? toDelete / total : (toDelete / total) * 100;
  const percent = Number.isNaN(share) ? 'NaN' : share.toFixed(2);
  const method = reindex ? 'Reindexing the aspect without the deleted records. ' : 'Issuing a delete by query request. ';
  return jsonReply({
    value: `Delete ${toDelete} out of ${total} rows (${percent}%). ${method}This was a dry run. Run with dryRun = false to execute.`,
  });
}

function taskStatus(p: Params, ctx: ActionContext): Reply {
  const action = 'getEsTaskStatus';
  if (!ctx.can('GET_ES_TASK_STATUS_PRIVILEGE')) return denied(ctx, 'User is unauthorized to get ES task status', action);
  const task = p.task as string | undefined;
  const nodeId = p.nodeId as string | undefined;
  const taskId = (p.taskId as number | undefined) ?? 0;
  const pair = nodeId !== undefined && taskId > 0;
  if (task === undefined && !pair) {
    return restliError(400, 'Please specify either Node ID + task ID OR composite task parameters', action);
  }
  if (task !== undefined && pair && task !== `${nodeId}:${taskId}`) {
    return restliError(400, 'Please specify only one of Node ID + task ID OR composite task parameters', action);
  }
  let id = `${nodeId}:${taskId}`;
  if (task !== undefined) {
    const parts = task.split(':');
    // OperationsResource.isTaskIdValid: ^[a-zA-Z0-9-_]+:[0-9]+$ and a task number other than 0.
    if (parts.length !== 2 || !/^[a-zA-Z0-9_-]+$/.test(parts[0]) || !/^\d{1,18}$/.test(parts[1]) || Number(parts[1]) === 0) {
      return restliError(400, `Task should be in the form nodeId:taskId e.g. aB1cdEf2GHIJKLMnoPQr3S:123456 (got ${task})`, action);
    }
    id = `${parts[0]}:${Number(parts[1])}`;
  }
  const status = ctx.series.status(id);
  return jsonReply({ value: JSON.stringify(status ?? { error: `Could not get task status for ${id}` }) });
}
