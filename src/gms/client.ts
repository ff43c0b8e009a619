// createGmsClient: one client per connection. Builds the transport (TLS, proxy,
// timeouts, size cap, redaction) and combines the exchanges over it: the Rest.li
// operations (restli/) or the OpenAPI ones (openapi/) as options.api chooses,
// DataHub search (graphql/) and GET /config.
import { version } from '../../package.json';
import { GmsError, isGmsError } from './errors';
import { createTransport } from './http';
import { readServerVersion } from './serverConfig';
import type { GmsApiChoice, GmsClient, GmsClientOptions, GmsTransport, IndexSizes, RequestLogEntry } from './types';
import { normaliseGmsUrl } from './url';
import { tokenHider } from './redact';
import { createSearch } from './graphql/search';
import { createHealthOperations } from './openapi/health';
import { createOpenapiOperations, OPENAPI_OPERATIONS_PATH } from './openapi/openapiOperations';
import { probeTransports } from './openapi/probe';
import { createK8sOperations } from './openapi/k8s';
import { createInspectOperations } from './openapi/inspect';
import { createDoctorOperations } from './openapi/doctor';
import { createUpgradeOperations } from './openapi/upgrade';
import { createEntityCountOperations } from './openapi/entityCounts';
import { createCleanupOperations } from './openapi/cleanup';
import { createMessagingOperations } from './openapi/messaging';
import { createRestliOperations } from './restli/restliOperations';
import { createRollback } from './restli/rollback';
import { createIngestionQueries } from './graphql/ingestion';
import { createIngestionWrites } from './graphql/ingestionWrite';
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
 * The operations both transports have, over the one `api` names. 'auto' finds out once
 * and keeps a clear answer (`known` starts it off when an earlier client of the same
 * connection found out already). A first getIndexSizes is its own probe: it asks over
 * OpenAPI, and a 404 from a server without those operations sends it on over Rest.li, so
 * finding out costs no extra request there. Any other first call asks with one probe
 * (probeTransports). Without a clear answer (401, no answer, a 200 that is not DataHub's)
 * the call goes over Rest.li, whose error then says what is wrong, and the next call asks again.
 */
function shared(
  api: GmsApiChoice,
  ctx: WireContext,
  restli: Shared,
  openapi: Shared,
  options: Pick<GmsClientOptions, 'onTransport' | 'knownTransport'>,
): Shared & { transport(): Promise<Chosen> } {
  if (api !== 'auto') {
    const fixed: Chosen = { transport: api, reason: 'set in the connection (api)', probed: false };
    return { ...(api === 'openapi' ? openapi : restli), transport: () => Promise.resolve(fixed) };
  }
  let known: Promise<Chosen> | undefined;
  if (options.knownTransport) {
    const transport = options.knownTransport;
    known = Promise.resolve({ transport, reason: 'found out from the server earlier in this session', probed: true });
  }
  const settle = (transport: GmsTransport, reason: string): Chosen => {
    try {
      options.onTransport?.({ transport, reason });
    } catch {
      // A failing log sink must not fail the request.
    }
    return { transport, reason, probed: true };
  };
  const choose = (): Promise<Chosen> => {
    // The probe runs without the caller's signal: another call may be waiting for the same answer.
    known ??= probeTransports(ctx).then((probe): Chosen => {
      if (probe.transport === 'openapi' || probe.transport === 'restli') return settle(probe.transport, probe.reason);
      known = undefined;
      return { transport: 'restli', reason: `${probe.reason}; Rest.li until the server answers the probe`, probed: true };
    });
    return known;
  };
  /**
   * A call over the transport found earlier; when that one answers 404 for want of its
   * operations (the server was replaced, or its OpenAPI servlet turned off), nothing was done
   * there: find out again and make the call once over the other.
   */
  const onKnown = async <T>(call: (ops: Shared) => Promise<T>): Promise<T> => {
    const first = await choose();
    try {
      return await call(first.transport === 'openapi' ? openapi : restli);
    } catch (error) {
      const code = isGmsError(error) && error.status === 404 ? error.code : undefined;
      const gone = first.transport === 'openapi' ? code === 'openapiMissing' : code === 'operationsMissing';
      if (!gone) throw error;
      const other: GmsTransport = first.transport === 'openapi' ? 'restli' : 'openapi';
      const url = first.transport === 'openapi' ? `${ctx.baseUrl}${OPENAPI_OPERATIONS_PATH}` : `${ctx.baseUrl}/operations`;
      try {
        const result = await call(other === 'openapi' ? openapi : restli);
        known = Promise.resolve(
          settle(other, `404 from ${ctx.origin} for ${url}: those operations are gone; ${other === 'openapi' ? 'OpenAPI' : 'Rest.li'} from now on`),
        );
        return result;
      } catch (second) {
        const missingToo = isGmsError(second) && second.status === 404 && (second.code === 'openapiMissing' || second.code === 'operationsMissing');
        if (!missingToo) throw second;
        // Neither is there (an older server, or the frontend's address): the first answer says what to do.
        known = undefined;
        throw error;
      }
    }
  };

  /** getIndexSizes as the probe: one request where the answer is clear. */
  const sizesFindingOut = async (signal?: AbortSignal): Promise<IndexSizes> => {
    const url = `${ctx.baseUrl}${OPENAPI_OPERATIONS_PATH}/getIndexSizes`;
    let settled: (chosen: Chosen) => void = () => undefined;
    known = new Promise<Chosen>((resolve) => (settled = resolve));
    try {
      const sizes = await openapi.getIndexSizes(signal);
      settled(settle('openapi', `OpenAPI operations answer at ${url}`));
      return sizes;
    } catch (error) {
      const failure = isGmsError(error) ? error : undefined;
      if (failure?.kind === 'notFound' && failure.status === 404) {
        settled(settle('restli', `404 from ${ctx.origin} for ${url}: no OpenAPI operations on this server; use the Rest.li operations`));
        return restli.getIndexSizes(signal);
      }
      if (failure?.kind === 'forbidden') {
        // The endpoint is there; the token may not read it.
        settled(settle('openapi', `OpenAPI operations are there (403 from ${ctx.origin}: the token may not read index sizes over them)`));
        throw error;
      }
      known = undefined;
      settled({ transport: 'restli', reason: `${url} gave no clear answer; Rest.li until it does`, probed: true });
      // An answer about the token or the connection itself is the same over either transport: said as it is.
      if (!failure || !['invalidResponse', 'server', 'badRequest', 'notFound'].includes(failure.kind)) throw error;
      // Not DataHub's OpenAPI answer (a 200 of another shape, a 5xx): this call goes over Rest.li.
      return restli.getIndexSizes(signal);
    }
  };

  return {
    transport: choose,
    getIndexSizes: async (signal) => (known ? onKnown((ops) => ops.getIndexSizes(signal)) : sizesFindingOut(signal)),
    restoreIndices: async (request, signal) => {
      restoreBody(request);
      return onKnown((ops) => ops.restoreIndices(request, signal));
    },
    getEsTaskStatus: async (task, signal) => {
      validateTask(task);
      return onKnown((ops) => ops.getEsTaskStatus(task, signal));
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
  checkHeaderValue(options.proxyAuthorization ?? '', 'proxyAuthorization');

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
    ...(options.onWrite ? { onWrite: options.onWrite } : {}),
  };
  const restli = createRestliOperations(ctx);
  const openapi = createOpenapiOperations(ctx);
  const health = createHealthOperations(ctx);
  const chosen = shared(api, ctx, restli, openapi, options);
  // GraphQL gets the headers it always had (the Rest.li ones); GMS ignores the protocol version there.
  const graphql = { ...ctx, headers: { 'content-type': 'application/json', accept: 'application/json', 'x-restli-protocol-version': '2.0.0', ...ctx.headers } };

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
    ...health,
    probeTransports: (signal) => probeTransports(ctx, signal),
    k8s: createK8sOperations(ctx),
    doctor: createDoctorOperations(ctx),
    inspect: createInspectOperations(ctx),
    entities: createEntityCountOperations(ctx),
    cleanup: createCleanupOperations(ctx),
    upgrade: createUpgradeOperations(ctx),
    messaging: createMessagingOperations(ctx),
    getServerVersion: (signal) => readServerVersion(ctx, signal),
    search: createSearch(graphql),
    ingestion: { ...createIngestionQueries(graphql), ...createIngestionWrites(graphql), rollback: createRollback(ctx) },
    async close() {
      await transport.dispatcher.close();
    },
  };
}
