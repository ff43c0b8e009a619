// One HTTP attempt against the operations resource: builds the dispatcher
// (keep-alive Agent or ProxyAgent), sends the POST, reads the body under a cap.
// Redirects are never followed, so the token only ever goes to the configured origin.
import * as tls from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { GmsError } from './errors';
import { cancelled, transportError } from './errorMapping';
import { bypassesProxy, effectiveNoProxy } from './proxy';
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
    throw new GmsError({ kind: 'invalidInput', field: 'proxyUrl', message: `proxyUrl: only http:// and https:// proxies are supported, not "${url.protocol}"` });
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
    return {
      dispatcher: new ProxyAgent({ ...common, uri: proxyUrl, requestTls: tlsOptions, proxyTls: { timeout: timeoutMs } }),
      proxied: true,
    };
  }
  return { dispatcher: new Agent({ ...common, connect: tlsOptions }), proxied: false };
}

export interface Exchange {
  action: GmsAction;
  /** Full URL including ?action=... */
  url: URL;
  origin: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  maxResponseBytes: number;
  signal?: AbortSignal;
}

export interface Answer {
  status: number;
  contentType?: string;
  location?: string;
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

/** Sends one POST and reads the whole answer; throws GmsError for transport failures. */
export async function exchange(dispatcher: Dispatcher, x: Exchange): Promise<Answer> {
  if (x.signal?.aborted) throw cancelled(x.action, x.signal.reason);
  let response: Dispatcher.ResponseData;
  try {
    response = await dispatcher.request({
      origin: x.url.origin,
      path: `${x.url.pathname}${x.url.search}`,
      method: 'POST',
      headers: x.headers,
      body: x.body,
      signal: x.signal,
      headersTimeout: x.timeoutMs,
      bodyTimeout: x.timeoutMs,
      maxRedirections: 0,
    });
  } catch (error) {
    if (x.signal?.aborted) throw cancelled(x.action, error);
    throw transportError({ action: x.action, origin: x.origin, error, timeoutMs: x.timeoutMs });
  }
  const status = response.statusCode;
  const contentType = header(response.headers['content-type']);
  const location = header(response.headers.location);
  const declared = Number(header(response.headers['content-length']));
  if (Number.isFinite(declared) && declared > x.maxResponseBytes) {
    discard(response.body);
    throw tooLarge(x, declared);
  }
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of response.body) {
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      bytes += buffer.length;
      if (bytes > x.maxResponseBytes) {
        discard(response.body);
        throw tooLarge(x, undefined);
      }
      chunks.push(buffer);
    }
  } catch (error) {
    if (error instanceof GmsError) throw error;
    if (x.signal?.aborted) throw cancelled(x.action, error);
    throw transportError({ action: x.action, origin: x.origin, error, timeoutMs: x.timeoutMs, duringBody: true });
  }
  return { status, contentType, location, text: Buffer.concat(chunks).toString('utf8'), bytes };
}

/** Waits, unless the signal fires first (then throws 'cancelled'). */
export function backoff(ms: number, action: GmsAction, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(cancelled(action, signal.reason));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelled(action, signal?.reason));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
