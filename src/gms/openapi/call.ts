// One OpenAPI request under a path prefix of GMS (e.g. /openapi/operations/elasticSearch or
// /openapi/operations): the shared wire (../wire.ts: timeouts, size cap, redaction, retries
// of reads), the answer's errors mapped in the OpenAPI words (errors.ts), the query kept out
// of the log. The elasticSearch operations and the health operations (consistency, lag) both
// send through it.
import type { Answer } from '../http';
import type { GmsAction } from '../types';
import { send, type WireContext, type WriteDescriptor } from '../wire';
import type { GmsError } from '../errors';
import { openapiHttpError, type OpenapiFailure } from './openapiErrors';
import { queryString, type Query } from './requests';

export interface OpenapiCall<T> {
  action: GmsAction;
  /** The endpoint under the prefix, e.g. "getIndexSizes" or "consistency/check". */
  endpoint: string;
  method: 'GET' | 'POST' | 'DELETE';
  query?: Query;
  body?: unknown;
  readOnly: boolean;
  /** Set on a write, never on a read or a dry run (see WireRequest.write). */
  write?: WriteDescriptor;
  accept?: string;
  task?: string;
  /** Non-2xx statuses parsed as answers (see WireRequest). */
  answers?: (status: number) => boolean;
  /** A tighter answer cap than the client's (see WireRequest). */
  maxResponseBytes?: number;
  /** Sent without the connection's token (an endpoint outside authentication, e.g. GMS's /health). */
  anonymous?: boolean;
  parse: (answer: Answer) => T;
}

export type OpenapiCaller = <T>(c: OpenapiCall<T>, signal?: AbortSignal) => Promise<T>;

/** `failure` maps a non-2xx answer (default: the OpenAPI operations' words; the Kubernetes ones have their own). */
export function createOpenapiCaller(ctx: WireContext, prefix: string, failure: (f: OpenapiFailure) => GmsError = openapiHttpError): OpenapiCaller {
  const base = `${ctx.baseUrl}${prefix}`;
  // A prefix of '' (endpoints at the GMS root, e.g. /health) on a base without a path: no doubled slash.
  const basePath = new URL(base).pathname.replace(/\/$/, '');

  // The few header sets (accept, with or without a body), made once and shared as the Rest.li side shares its one:
  // nothing downstream changes them, and a fresh object per request is measurable on a sub-millisecond round trip.
  const headerSets = new Map<string, Record<string, string>>();
  const headersFor = (accept: string, withBody: boolean, anonymous: boolean): Record<string, string> => {
    const key = `${withBody ? 'body' : 'none'} ${anonymous ? 'anonymous' : 'token'} ${accept}`;
    let headers = headerSets.get(key);
    if (headers === undefined) {
      const shared: Record<string, string> = { ...ctx.headers };
      if (anonymous) for (const name of Object.keys(shared)) if (name.toLowerCase() === 'authorization') delete shared[name];
      headers = withBody ? { accept, ...shared, 'content-type': 'application/json' } : { accept, ...shared };
      headerSets.set(key, headers);
    }
    return headers;
  };

  return function call<T>(c: OpenapiCall<T>, signal?: AbortSignal): Promise<T> {
    const url = `${base}/${c.endpoint}`;
    const headers = headersFor(c.accept ?? 'application/json', c.body !== undefined, c.anonymous === true);
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
        ...(c.write ? { write: c.write } : {}),
        ...(c.maxResponseBytes !== undefined ? { maxResponseBytes: c.maxResponseBytes } : {}),
        ...(c.answers !== undefined ? { answers: c.answers } : {}),
        fail: (a) =>
          failure({
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
  };
}
