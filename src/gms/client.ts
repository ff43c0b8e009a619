// createGmsClient: one client per connection. Builds the transport (TLS, proxy,
// timeouts, size cap, redaction) and combines the exchanges over it: the Rest.li
// operations (restli/), DataHub search (graphql/) and GET /config.
import { version } from '../../package.json';
import { GmsError } from './errors';
import { createTransport } from './http';
import { readServerVersion } from './serverConfig';
import type { GmsClient, GmsClientOptions, RequestLogEntry } from './types';
import { normaliseGmsUrl } from './url';
import { tokenHider } from './redact';
import { createSearch } from './graphql/search';
import { createRestliOperations } from './restli/operations';
import type { WireContext } from './wire';

export const DEFAULT_USER_AGENT = `datahub-index-ops/${version}`;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

function positive(value: number | undefined, field: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min) {
    throw new GmsError({ kind: 'invalidInput', field, message: `${field}: expected a number >= ${min}, got ${String(value)}` });
  }
  return value;
}

function checkHeaderValue(value: string, field: string): void {
  // Visible ASCII and spaces only: anything else would be refused by the HTTP stack.
  if (!/^[\x20-\x7e]*$/.test(value)) {
    throw new GmsError({ kind: 'invalidInput', field, message: `${field}: contains characters that cannot be sent in an HTTP header` });
  }
}

export function createGmsClient(options: GmsClientOptions): GmsClient {
  const baseUrl = normaliseGmsUrl(options.gmsUrl);
  const origin = new URL(baseUrl).origin;
  const timeoutMs = positive(options.timeoutMs, 'timeoutMs', DEFAULT_TIMEOUT_MS, 1);
  const maxResponseBytes = positive(options.maxResponseBytes, 'maxResponseBytes', DEFAULT_MAX_RESPONSE_BYTES, 1);
  const retries = Math.floor(positive(options.retries, 'retries', 2, 0));
  const retryBaseDelayMs = positive(options.retryBaseDelayMs, 'retryBaseDelayMs', 250, 0);
  const token = typeof options.token === 'string' ? options.token.trim() : '';
  checkHeaderValue(token, 'token');
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  checkHeaderValue(userAgent, 'userAgent');

  const transport = createTransport(baseUrl, options, timeoutMs);
  // A server that echoes the token (debug pages, proxies) must not put it on screen, in logs or in exports.
  const hideToken = tokenHider(token);

  function log(entry: RequestLogEntry): void {
    try {
      options.onRequest?.(entry);
    } catch {
      // A failing log sink must not fail the request.
    }
  }

  const ctx: WireContext = {
    dispatcher: transport.dispatcher,
    origin,
    baseUrl,
    headers: token === '' ? { 'user-agent': userAgent } : { 'user-agent': userAgent, authorization: `Bearer ${token}` },
    timeoutMs,
    maxResponseBytes,
    retries,
    retryBaseDelayMs,
    hideToken,
    log,
    logging: options.onRequest !== undefined,
  };
  const restli = createRestliOperations(ctx);

  return {
    baseUrl,
    getIndexSizes: restli.getIndexSizes,
    restoreIndices: restli.restoreIndices,
    truncateTimeseriesAspect: restli.truncateTimeseriesAspect,
    getEsTaskStatus: restli.getEsTaskStatus,
    getServerVersion: (signal) => readServerVersion(ctx, signal),
    // GraphQL gets the headers it always had (the Rest.li ones); GMS ignores the protocol version there.
    search: createSearch({
      ...ctx,
      headers: { 'content-type': 'application/json', accept: 'application/json', 'x-restli-protocol-version': '2.0.0', ...ctx.headers },
    }),
    async close() {
      await transport.dispatcher.close();
    },
  };
}
