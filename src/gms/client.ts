// createGmsClient: one client per connection. Validates input before any
// request, retries only the read-only actions, maps every failure to GmsError.
import { version } from '../../package.json';
import { GmsError, isGmsError } from './errors';
import { decodeEnvelope } from './restli/envelope';
import { httpError, invalidResponse } from './errorMapping';
import { backoff, createTransport, exchange, type Answer } from './http';
import { parseIndexSizes } from './restli/indexSizes';
import { parseRestoreResult } from './restli/restoreResult';
import { parseServerConfig } from './serverConfig';
import { parseTaskStatus } from './restli/taskStatus';
import { parseTruncateResult } from './restli/truncate';
import type { GmsAction, GmsClient, GmsClientOptions, RequestLogEntry } from './types';
import { normaliseGmsUrl } from './url';
import { tokenHider } from './redact';
import { createSearch } from './graphql/search';
import { restoreBody, truncateBody, validateTask } from './validate';

export const DEFAULT_USER_AGENT = `datahub-index-ops/${version}`;
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;

/** Safe to repeat: these actions only read. restore and truncate never retry. */
const READ_ONLY: ReadonlySet<GmsAction> = new Set<GmsAction>(['getIndexSizes', 'getEsTaskStatus']);
const RETRY_STATUSES = new Set([502, 503, 504]);

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
  const operationsUrl = `${baseUrl}/operations`;
  const timeoutMs = positive(options.timeoutMs, 'timeoutMs', DEFAULT_TIMEOUT_MS, 1);
  const maxResponseBytes = positive(options.maxResponseBytes, 'maxResponseBytes', DEFAULT_MAX_RESPONSE_BYTES, 1);
  const retries = Math.floor(positive(options.retries, 'retries', 2, 0));
  const retryBaseDelayMs = positive(options.retryBaseDelayMs, 'retryBaseDelayMs', 250, 0);
  const token = typeof options.token === 'string' ? options.token.trim() : '';
  checkHeaderValue(token, 'token');
  const userAgent = options.userAgent ?? DEFAULT_USER_AGENT;
  checkHeaderValue(userAgent, 'userAgent');

  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-restli-protocol-version': '2.0.0',
    'user-agent': userAgent,
  };
  if (token !== '') headers.authorization = `Bearer ${token}`;
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

  // Path and query per action, parsed once: a URL per request is measurable on a sub-millisecond round trip.
  const paths = new Map<GmsAction, string>();
  const pathFor = (action: GmsAction): string => {
    let path = paths.get(action);
    if (path === undefined) {
      const url = new URL(`${operationsUrl}?action=${action}`);
      path = `${url.pathname}${url.search}`;
      paths.set(action, path);
    }
    return path;
  };

  async function call<T>(action: GmsAction, params: Record<string, unknown>, parse: (value: unknown) => T, signal?: AbortSignal): Promise<T> {
    const path = pathFor(action);
    const body = JSON.stringify(params);
    const attempts = READ_ONLY.has(action) ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const started = Date.now();
      let answer: Answer | undefined;
      try {
        answer = await exchange(transport.dispatcher, { action, origin, path, headers, body, timeoutMs, maxResponseBytes, signal });
        const text = hideToken(answer.text);
        const location = answer.location === undefined ? undefined : hideToken(answer.location);
        if (text !== answer.text || location !== answer.location) answer = { ...answer, text, location };
        if (answer.status < 200 || answer.status >= 300) {
          throw httpError({
            action,
            status: answer.status,
            operationsUrl,
            origin,
            baseUrl,
            contentType: answer.contentType,
            location: answer.location,
            body: answer.text,
          });
        }
        const result = parse(decodeEnvelope(action, answer.text, { contentType: answer.contentType, status: answer.status, origin }));
        if (options.onRequest)
          log({ action, url: operationsUrl, attempt, status: answer.status, durationMs: Date.now() - started, responseBytes: answer.bytes });
        return result;
      } catch (error) {
        const failure = isGmsError(error) ? error : invalidResponse(action, `the answer could not be read (${String(error)})`, answer?.text);
        log({
          action,
          url: operationsUrl,
          attempt,
          status: answer?.status,
          durationMs: Date.now() - started,
          responseBytes: answer?.bytes ?? 0,
          errorKind: failure.kind,
        });
        const retryable = failure.kind === 'network' || (failure.kind === 'server' && RETRY_STATUSES.has(failure.status ?? 0));
        if (!retryable || attempt >= attempts || signal?.aborted) throw failure;
        await backoff(retryBaseDelayMs * 2 ** (attempt - 1), action, signal);
      }
    }
  }

  return {
    baseUrl,
    getIndexSizes(signal) {
      return call('getIndexSizes', {}, parseIndexSizes, signal);
    },
    async restoreIndices(request, signal) {
      const params = restoreBody(request);
      return call('restoreIndices', params, parseRestoreResult, signal);
    },
    async truncateTimeseriesAspect(request, signal) {
      const params = truncateBody(request);
      return call('truncateTimeseriesAspect', params, parseTruncateResult, signal);
    },
    async getEsTaskStatus(task, signal) {
      const checked = validateTask(task);
      return call('getEsTaskStatus', { task: checked }, (value) => parseTaskStatus(value, checked), signal);
    },
    async getServerVersion(signal) {
      // /config is outside the operations resource and needs no privilege; the token goes along for proxies that want one.
      const path = `${new URL(`${baseUrl}/config`).pathname}`;
      const started = Date.now();
      const getHeaders: Record<string, string> = { ...headers };
      delete getHeaders['content-type'];
      try {
        const answer = await exchange(transport.dispatcher, {
          action: 'getServerConfig',
          origin,
          path,
          method: 'GET',
          headers: getHeaders,
          timeoutMs,
          maxResponseBytes,
          signal,
        });
        log({
          action: 'getServerConfig',
          url: `${baseUrl}/config`,
          attempt: 1,
          status: answer.status,
          durationMs: Date.now() - started,
          responseBytes: answer.bytes,
        });
        if (answer.status < 200 || answer.status >= 300) return { ok: false, reason: `${baseUrl}/config answered ${answer.status}` };
        return parseServerConfig(hideToken(answer.text), origin, baseUrl);
      } catch (error) {
        const failure = isGmsError(error) ? error : undefined;
        if (failure?.kind === 'cancelled') throw failure;
        return { ok: false, reason: failure ? hideToken(failure.message) : `${baseUrl}/config could not be read` };
      }
    },
    search: createSearch({ dispatcher: transport.dispatcher, origin, baseUrl, headers, timeoutMs, maxResponseBytes, hideToken, log }),
    async close() {
      await transport.dispatcher.close();
    },
  };
}
