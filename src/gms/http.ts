// One HTTP attempt against the operations resource: builds the dispatcher
// (keep-alive Agent or ProxyAgent), sends the POST, reads the body under a cap.
// Redirects are never followed, so the token only ever goes to the configured origin.
import { EventEmitter } from 'node:events';
import { finished } from 'node:stream';
import * as tls from 'node:tls';
import { Agent, Client, Pool, ProxyAgent, type Dispatcher } from 'undici';
import { GmsError } from './errors';
import { cancelled, transportError } from './errorMapping';
import { bypassesProxy, effectiveNoProxy } from './proxy';
import { sleep } from './sleep';
import type { GmsAction, GmsClientOptions } from './types';

export interface Transport {
  dispatcher: Dispatcher;
  /** True when requests go through options.proxyUrl. */
  proxied: boolean;
}

function caList(ca: GmsClientOptions['ca']): Array<string | Buffer> | undefined {
  if (ca === undefined) return undefined;
  const extra = Array.isArray(ca) ? ca : [ca];
  if (extra.length === 0) return undefined;
  // Node's `ca` replaces the default roots; the extra CAs are meant to add to them.
  return [...tls.rootCertificates, ...extra];
}

function checkProxyUrl(proxyUrl: string): void {
  let url: URL;
  try {
    url = new URL(proxyUrl);
  } catch {
    throw new GmsError({ kind: 'invalidInput', field: 'proxyUrl', message: 'proxyUrl: not a valid URL; use a form like http://proxy:3128' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GmsError({
      kind: 'invalidInput',
      field: 'proxyUrl',
      message: `proxyUrl: only http:// and https:// proxies are supported, not "${url.protocol}"`,
    });
  }
}

export function createTransport(baseUrl: string, options: GmsClientOptions, timeoutMs: number): Transport {
  const tlsOptions = {
    ca: caList(options.ca),
    rejectUnauthorized: options.rejectUnauthorized !== false,
    timeout: timeoutMs,
  };
  const common = { headersTimeout: timeoutMs, bodyTimeout: timeoutMs, maxRedirections: 0 };
  const proxyUrl = options.proxyUrl?.trim();
  if (proxyUrl && !bypassesProxy(baseUrl, effectiveNoProxy(options.noProxy))) {
    checkProxyUrl(proxyUrl);
    const token = options.proxyAuthorization?.trim();
    return {
      dispatcher: new ProxyAgent({
        ...common,
        uri: proxyUrl,
        // Sent on the CONNECT (and a forwarded request) only: the tunnelled request to GMS never carries it.
        ...(token ? { token } : {}),
        requestTls: tlsOptions,
        // An https proxy's own certificate: the same extra CAs, unchecked only when http.proxyStrictSSL says so.
        proxyTls: { timeout: timeoutMs, ca: tlsOptions.ca, rejectUnauthorized: options.proxyStrictSSL !== false },
        // The CONNECT to the proxy gets the same timers as a request (undici's default is 300 s).
        clientFactory: (origin: URL | string, opts: object) => new Pool(origin, { ...opts, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }),
        factory: (origin: URL | string, opts: Pool.Options) =>
          opts.connections === 1 ? new Client(origin, tunnelFailsFast(opts)) : new Pool(origin, tunnelFailsFast(opts)),
      }),
      proxied: true,
    };
  }
  return { dispatcher: new Agent({ ...common, connect: tlsOptions }), proxied: false };
}

type Connector = (options: object, callback: (error: Error | null, socket: unknown) => void) => void;

/**
 * A proxy that closes the connection instead of answering CONNECT gives undici a
 * socket error, on which it reconnects at once, for ever (thousands of CONNECTs a
 * second, the request never settles). Any other error code fails the request.
 */
function tunnelFailsFast<T extends { connect?: unknown }>(opts: T): T {
  const connect = opts.connect;
  if (typeof connect !== 'function') return opts;
  const failFast: Connector = (options, callback) =>
    (connect as Connector)(options, (error, socket) => {
      if (error && (error as { code?: unknown }).code === 'UND_ERR_SOCKET') {
        const closed = Object.assign(new Error('Proxy closed the connection when HTTP Tunneling', { cause: error }), { code: 'UND_ERR_PROXY_CLOSED' });
        callback(closed, null);
      } else callback(error, socket);
    });
  return { ...opts, connect: failFast };
}

export interface Exchange {
  action: GmsAction;
  /** The configured origin, e.g. https://host (where the request goes, and what messages name). */
  origin: string;
  /** Path and query on that origin, e.g. /api/gms/operations?action=getIndexSizes */
  path: string;
  headers: Record<string, string>;
  /** POST (the operations actions, the default) or GET (/config). */
  method?: 'GET' | 'POST' | 'DELETE';
  body?: string;
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  contentType?: string;
  location?: string;
  /** The W3C trace context header GMS sends on every answer (00-<traceId>-<spanId>-<flags>), when sent. */
  traceparent?: string;
  /** Retry-After, as sent (delta-seconds or an HTTP date). */
  retryAfter?: string;
  text: string;
  bytes: number;
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function tooLarge(x: Exchange, bytes: number | undefined): GmsError {
  const mib = Math.round((x.maxResponseBytes / 1048576) * 10) / 10;
  const size = bytes === undefined ? '' : ` (${bytes} bytes)`;
  return new GmsError({
    kind: 'tooLarge',
    action: x.action,
    message: `The answer to ${x.action} from ${x.origin} is larger than the ${mib} MiB limit${size}; check that the URL points at DataHub GMS.`,
  });
}

/** Drops a body unread; the abort error it then emits is expected, not a failure. */
function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * A signal that fires when the caller cancels or when the whole exchange (headers
 * and body) has taken `timeoutMs`. undici's own timers only bound the wait for
 * headers and the gap between body chunks: a body trickled a byte at a time would
 * otherwise never time out.
 *
 * An EventEmitter with `aborted` and `reason`, which undici takes as a request's signal
 * as it takes an AbortSignal (Dispatcher.request: `signal?: AbortSignal | EventEmitter`),
 * rather than an AbortController per request: the controller's EventTarget and the
 * listeners undici and readBody add to it cost tens of microseconds per request, the
 * largest share of the client's overhead on a loopback round trip (docs/performance.md).
 */
class Deadline extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;
  expired = false;
  private readonly timer: NodeJS.Timeout;
  private readonly onCallerAbort: (() => void) | undefined;

  constructor(
    timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    super();
    if (caller) {
      this.onCallerAbort = () => this.abort(caller.reason);
      caller.addEventListener('abort', this.onCallerAbort, { once: true });
    }
    this.timer = setTimeout(() => {
      this.expired = true;
      this.abort(new Error(`deadline of ${timeoutMs} ms reached`));
    }, timeoutMs);
  }

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason instanceof Error ? reason : new Error('aborted', { cause: reason });
    this.emit('abort');
  }

  clear(): void {
    clearTimeout(this.timer);
    if (this.onCallerAbort) this.caller?.removeEventListener('abort', this.onCallerAbort);
  }
}

function deadlineError(x: Exchange, error: unknown, duringBody: boolean): GmsError {
  const seconds = Math.round(x.timeoutMs / 100) / 10;
  const what = duringBody ? `did not finish sending its answer to ${x.action}` : `did not answer ${x.action}`;
  return new GmsError({
    kind: 'timeout',
    action: x.action,
    cause: error,
    message: `${x.origin} ${what} within ${seconds} s; the server may be busy or the network slow: retry, or raise datahub.requestTimeoutSeconds.`,
  });
}

/** Sends one request (POST unless told) and reads the whole answer within x.timeoutMs; throws GmsError for transport failures. */
export async function exchange(dispatcher: Dispatcher, x: Exchange): Promise<Answer> {
  if (x.signal?.aborted) throw cancelled(x.action, x.signal.reason);
  const deadline = new Deadline(x.timeoutMs, x.signal);
  try {
    return await exchangeWithin(dispatcher, x, deadline);
  } finally {
    deadline.clear();
  }
}

async function exchangeWithin(dispatcher: Dispatcher, x: Exchange, deadline: Deadline): Promise<Answer> {
  let response: Dispatcher.ResponseData;
  try {
    response = await dispatcher.request({
      origin: x.origin,
      path: x.path,
      method: x.method ?? 'POST',
      headers: x.headers,
      body: x.body,
      signal: deadline,
      headersTimeout: x.timeoutMs,
      bodyTimeout: x.timeoutMs,
      maxRedirections: 0,
    });
  } catch (error) {
    if (x.signal?.aborted) throw cancelled(x.action, error);
    if (deadline.expired) throw deadlineError(x, error, false);
    throw transportError({ action: x.action, origin: x.origin, error, timeoutMs: x.timeoutMs });
  }
  const status = response.statusCode;
  const contentType = header(response.headers['content-type']);
  const location = header(response.headers.location);
  const traceparent = header(response.headers.traceparent);
  const retryAfter = header(response.headers['retry-after']);
  const declared = Number(header(response.headers['content-length']));
  if (Number.isFinite(declared) && declared > x.maxResponseBytes) {
    discard(response.body);
    throw tooLarge(x, declared);
  }
  let body: { text: string; bytes: number };
  try {
    body = await readBody(response.body, x, deadline);
  } catch (error) {
    if (error instanceof GmsError) throw error;
    if (x.signal?.aborted) throw cancelled(x.action, error);
    if (deadline.expired) throw deadlineError(x, error, true);
    throw transportError({ action: x.action, origin: x.origin, error, timeoutMs: x.timeoutMs, duringBody: true });
  }
  return { status, contentType, location, traceparent, retryAfter, text: body.text, bytes: body.bytes };
}

/**
 * Reads a whole body under the size cap. Stream events rather than `for await`:
 * the async iterator costs tens of microseconds per answer, a visible share of a
 * sub-millisecond round trip. `finished` reports errors and premature closes.
 */
function readBody(body: Dispatcher.ResponseData['body'], x: Exchange, signal: Deadline): Promise<{ text: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let failed = false;
    // The deadline or a cancel ends the read even while no chunk arrives.
    const onAbort = (): void => {
      if (failed) return;
      failed = true;
      discard(body);
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.once('abort', onAbort);
    body.on('data', (chunk: Buffer | Uint8Array) => {
      if (failed) return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
      bytes += buffer.length;
      if (bytes > x.maxResponseBytes) {
        failed = true;
        discard(body);
        reject(tooLarge(x, undefined));
        return;
      }
      chunks.push(buffer);
    });
    finished(body, (error) => {
      signal.removeListener('abort', onAbort);
      if (failed) return;
      if (error) reject(error);
      else resolve({ text: (chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)).toString('utf8'), bytes });
    });
  });
}

/** Waits, unless the signal fires first (then throws 'cancelled'). */
export async function backoff(ms: number, action: GmsAction, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (error) {
    throw signal?.aborted ? cancelled(action, signal.reason) : error;
  }
}
