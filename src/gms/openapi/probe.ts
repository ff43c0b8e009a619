// Which operations transports a server has, from one read-only request:
// GET {gms}/openapi/operations/elasticSearch/getIndexSizes with the token.
//   200 (with index sizes) -> OpenAPI operations present
//   403                    -> present; the token lacks the privilege (the answer still proves the endpoint)
//   404                    -> no OpenAPI operations: Rest.li's own 404 ("No root resource defined for
//                             path '/openapi'", the Rest.li servlet at /*) on a server without the OpenAPI
//                             servlet, or Spring's 404 on a release without this endpoint; such a server
//                             has the Rest.li operations (0.10.5 and newer)
//   401                    -> the token, not the transport (the auth filter answers before any servlet)
// A read with no side effect; never throws but for cancellation, so Test Connection can show the reason.
import { isGmsError } from '../errors';
import { exchange } from '../http';
import type { TransportProbe } from '../types';
import type { WireContext } from '../wire';
import { parseOpenapiIndexSizes } from './answers';
import { OPENAPI_OPERATIONS_PATH } from './openapiOperations';

export async function probeTransports(ctx: WireContext, signal?: AbortSignal): Promise<TransportProbe> {
  const { baseUrl, origin } = ctx;
  const url = `${baseUrl}${OPENAPI_OPERATIONS_PATH}/getIndexSizes`;
  const started = Date.now();
  let status: number | undefined;
  let bytes = 0;
  try {
    const answer = await exchange(ctx.dispatcher, {
      action: 'probeTransports',
      origin,
      path: new URL(url).pathname,
      method: 'GET',
      headers: { accept: 'application/json', ...ctx.headers },
      timeoutMs: ctx.timeoutMs,
      maxResponseBytes: ctx.maxResponseBytes,
      signal,
    });
    status = answer.status;
    bytes = answer.bytes;
    return judge(answer.status, ctx.hideToken(answer.text), url, origin, baseUrl);
  } catch (error) {
    const failure = isGmsError(error) ? error : undefined;
    if (failure?.kind === 'cancelled') throw failure;
    return { transport: 'unknown', reason: failure ? ctx.hideToken(failure.message) : `${url} could not be read` };
  } finally {
    ctx.log({ action: 'probeTransports', url, attempt: 1, status, durationMs: Date.now() - started, responseBytes: bytes });
  }
}

function judge(status: number, text: string, url: string, origin: string, baseUrl: string): TransportProbe {
  if (status === 200) {
    try {
      parseOpenapiIndexSizes(JSON.parse(text), text);
      return { transport: 'openapi', status, reason: `OpenAPI operations answer at ${url}` };
    } catch {
      const hint = /\/api\/gms$/.test(baseUrl) ? 'check that the URL points at DataHub GMS' : `the URL may point at the frontend: try ${origin}/api/gms`;
      return { transport: 'unknown', status, reason: `${url} answered 200 but not with index sizes; ${hint}` };
    }
  }
  if (status === 403) {
    return { transport: 'openapi', status, reason: `OpenAPI operations are there (403 from ${origin}: the token may not read index sizes over them)` };
  }
  if (status === 404) {
    const who = /No root resource defined/.test(text)
      ? 'the Rest.li servlet answered: no OpenAPI servlet on this server'
      : 'no OpenAPI operations on this server';
    return { transport: 'restli', status, reason: `404 from ${origin} for ${url}: ${who}; use the Rest.li operations` };
  }
  if (status === 401) {
    return { transport: 'unauthorized', status, reason: `401 from ${origin}: the token was refused (or is missing/expired). Set a new access token.` };
  }
  if (status >= 300 && status < 400) {
    return { transport: 'unknown', status, reason: `${url} was redirected (${status}); set the connection URL to the final address` };
  }
  return { transport: 'unknown', status, reason: `${url} answered ${status}; the transports could not be told` };
}
