// The Rest.li operations resource: POST {gms}/operations?action=<name> with a JSON
// body, every 2xx answer a {"value": ...} envelope (OperationsResource.java,
// datahub-project/datahub). Validates input before any request; only the two
// read actions are retried.
import { httpError } from '../errorMapping';
import type { GmsClient, OperationsAction } from '../types';
import { restoreBody, restoreWrite, truncateBody, validateTask } from '../validate';
import { send, type WireContext, type WriteDescriptor } from '../wire';
import { decodeEnvelope } from './envelope';
import { parseIndexSizes } from './indexSizes';
import { parseRestoreResult } from './restoreResult';
import { parseTaskStatus } from './taskStatus';
import { parseTruncateResult } from './truncate';

/** Safe to repeat: these actions only read. restore and truncate never retry. */
const READ_ONLY: ReadonlySet<OperationsAction> = new Set<OperationsAction>(['getIndexSizes', 'getEsTaskStatus']);

export type RestliOperations = Pick<GmsClient, 'getIndexSizes' | 'restoreIndices' | 'truncateTimeseriesAspect' | 'getEsTaskStatus'>;

export function createRestliOperations(ctx: WireContext): RestliOperations {
  const operationsUrl = `${ctx.baseUrl}/operations`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-restli-protocol-version': '2.0.0',
    ...ctx.headers,
  };
  // Path and query per action, parsed once: a URL per request is measurable on a sub-millisecond round trip.
  const paths = new Map<OperationsAction, string>();
  const pathFor = (action: OperationsAction): string => {
    let path = paths.get(action);
    if (path === undefined) {
      const url = new URL(`${operationsUrl}?action=${action}`);
      path = `${url.pathname}${url.search}`;
      paths.set(action, path);
    }
    return path;
  };

  function call<T>(
    action: OperationsAction,
    params: Record<string, unknown>,
    parse: (value: unknown) => T,
    signal?: AbortSignal,
    write?: WriteDescriptor,
  ): Promise<T> {
    const { origin, baseUrl } = ctx;
    return send(
      ctx,
      {
        action,
        url: operationsUrl,
        path: pathFor(action),
        method: 'POST',
        headers,
        body: JSON.stringify(params),
        readOnly: READ_ONLY.has(action),
        ...(write ? { write } : {}),
        fail: (answer) =>
          httpError({
            action,
            status: answer.status,
            operationsUrl,
            origin,
            baseUrl,
            contentType: answer.contentType,
            location: answer.location,
            body: answer.text,
          }),
        parse: (answer) => parse(decodeEnvelope(action, answer.text, { contentType: answer.contentType, status: answer.status, origin })),
      },
      signal,
    );
  }

  return {
    getIndexSizes(signal) {
      return call('getIndexSizes', {}, parseIndexSizes, signal);
    },
    async restoreIndices(request, signal) {
      const params = restoreBody(request);
      return call('restoreIndices', params, parseRestoreResult, signal, restoreWrite(params));
    },
    async truncateTimeseriesAspect(request, signal) {
      const params = truncateBody(request);
      // A dry run only counts: it is no write (the journal keeps its figures with the write that follows).
      const write = params.dryRun === true ? undefined : { targets: [`${String(params.entityType)}.${String(params.aspect)}`] };
      return call('truncateTimeseriesAspect', params, parseTruncateResult, signal, write);
    },
    async getEsTaskStatus(task, signal) {
      const checked = validateTask(task);
      return call('getEsTaskStatus', { task: checked }, (value) => parseTaskStatus(value, checked), signal);
    },
  };
}
