// createGmsClient: one client per connection. Builds the transport (TLS, proxy,
// timeouts, size cap, redaction) and combines the exchanges over it: the Rest.li
// operations (restli/) or the OpenAPI ones (openapi/) as options.api chooses,
// DataHub search (graphql/) and GET /config.
import { version } from '../../package.json';
import { GmsError } from './errors';
import { createTransport } from './http';
import { readServerVersion } from './serverConfig';
import type { GmsApiChoice, GmsClient, GmsClientOptions, RequestLogEntry } from './types';
import { normaliseGmsUrl } from './url';
import { tokenHider } from './redact';
import { createSearch } from './graphql/search';
import { createOpenapiOperations } from './openapi/operations';
import { probeTransports } from './openapi/probe';
import { createRestliOperations } from './restli/operations';
import { restoreBody, validateTask } from './validate';
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

type Shared = Pick<GmsClient, 'getIndexSizes' | 'restoreIndices' | 'getEsTaskStatus'>;
type Chosen = Awaited<ReturnType<GmsClient['transport']>>;

/**
 * The operations both transports have, over the one `api` names. 'auto' probes once, on
 * the first call (after the input is checked), and keeps a clear answer; without one (401,
 * no answer) that call goes over Rest.li, whose error then says what is wrong, and the
 * next call probes again.
 */
function shared(
  api: GmsApiChoice,
  ctx: WireContext,
  restli: Shared,
  openapi: Shared,
  onTransport: GmsClientOptions['onTransport'],
): Shared & { transport(): Promise<Chosen> } {
  if (api !== 'auto') {
    const fixed: Chosen = { transport: api, reason: 'set in the connection (api)', probed: false };
    return { ...(api === 'openapi' ? openapi : restli), transport: () => Promise.resolve(fixed) };
  }
  let known: Promise<Chosen> | undefined;
  const choose = (): Promise<Chosen> => {
    // The probe runs without the caller's signal: another call may be waiting for the same answer.
    known ??= probeTransports(ctx).then((probe): Chosen => {
      if (probe.transport === 'openapi' || probe.transport === 'restli') {
        try {
          onTransport?.({ ...probe, transport: probe.transport });
        } catch {
          // A failing log sink must not fail the request.
        }
        return { transport: probe.transport, reason: probe.reason, probed: true };
      }
      known = undefined;
      return { transport: 'restli', reason: `${probe.reason}; Rest.li until the server answers the probe`, probed: true };
    });
    return known;
  };
  const over = async (): Promise<Shared> => ((await choose()).transport === 'openapi' ? openapi : restli);
  return {
    transport: choose,
    getIndexSizes: async (signal) => (await over()).getIndexSizes(signal),
    restoreIndices: async (request, signal) => {
      restoreBody(request);
      return (await over()).restoreIndices(request, signal);
    },
    getEsTaskStatus: async (task, signal) => {
      validateTask(task);
      return (await over()).getEsTaskStatus(task, signal);
    },
  };
}

function apiChoice(value: unknown): GmsApiChoice {
  if (value === undefined) return 'auto';
  if (value === 'auto' || value === 'openapi' || value === 'restli') return value;
  throw new GmsError({ kind: 'invalidInput', field: 'api', message: `api: expected 'auto', 'openapi' or 'restli', got ${JSON.stringify(value)}` });
}

export function createGmsClient(options: GmsClientOptions): GmsClient {
  const baseUrl = normaliseGmsUrl(options.gmsUrl);
  const api = apiChoice(options.api);
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
  const openapi = createOpenapiOperations(ctx);
  const chosen = shared(api, ctx, restli, openapi, options.onTransport);

  return {
    baseUrl,
    api,
    getIndexSizes: chosen.getIndexSizes,
    restoreIndices: chosen.restoreIndices,
    // No OpenAPI form (ElasticsearchController.java has no truncation): Rest.li whatever `api` says.
    truncateTimeseriesAspect: restli.truncateTimeseriesAspect,
    getEsTaskStatus: chosen.getEsTaskStatus,
    transport: chosen.transport,
    // No Rest.li form: OpenAPI whatever `api` says.
    restoreUrns: openapi.restoreUrns,
    explainSearchQuery: openapi.explainSearchQuery,
    explainSearchQueryDiff: openapi.explainSearchQueryDiff,
    getRawDocuments: openapi.getRawDocuments,
    probeTransports: (signal) => probeTransports(ctx, signal),
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
