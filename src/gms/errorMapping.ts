// Turns HTTP answers and transport failures into one-line GmsErrors a person
// can act on. Pure: no undici here, so parsers and tests can use it directly.
import { GmsError } from './errors';
import { explainKnownFailure, PRIVILEGE_DENIED, privilegeMessage } from './knownFailures';
import { restliErrorSchema } from './schemas';
import type { GmsAction } from './types';

/** Bodies kept on errors for the log are cut to this many characters. */
export const MAX_LOGGED_BODY = 4000;

import { WHAT } from './actionWords';

export { WHAT };

export function bodyForLog(text: string | undefined): string | undefined {
  if (text === undefined || text.length === 0) return undefined;
  return text.length > MAX_LOGGED_BODY ? `${text.slice(0, MAX_LOGGED_BODY)}… (${text.length} chars)` : text;
}

export function invalidResponse(action: GmsAction, reason: string, body?: unknown, status?: number): GmsError {
  const text = typeof body === 'string' ? body : body === undefined ? undefined : safeStringify(body);
  return new GmsError({
    kind: 'invalidResponse',
    action,
    status,
    body: bodyForLog(text),
    message: `Unexpected answer to ${action}: ${reason}. Check that the URL points at DataHub GMS (see the log for the body).`,
  });
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Too deeply nested (or circular): String() would recurse and throw too.
    return Object.prototype.toString.call(value);
  }
}

export function looksLikeHtml(contentType: string | undefined, body: string): boolean {
  return /html/i.test(contentType ?? '') || /^\s*</.test(body);
}

/** The Rest.li `message` of an error body: first line only, never the stack trace. */
export function serverMessageOf(body: string, contentType?: string): string | undefined {
  if (body.length === 0 || looksLikeHtml(contentType, body)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = restliErrorSchema.safeParse(json);
  const message = parsed.success ? parsed.data.message : undefined;
  if (!message) return undefined;
  const firstLine = message.split(/\r?\n/)[0].trim();
  return firstLine.length > 300 ? `${firstLine.slice(0, 300)}…` : firstLine;
}

export interface HttpFailure {
  action: GmsAction;
  status: number;
  /** The operations URL without the query, e.g. https://host/api/gms/operations */
  operationsUrl: string;
  origin: string;
  baseUrl: string;
  contentType?: string;
  location?: string;
  body: string;
}

/** Maps a non-2xx answer to a GmsError. */
export function httpError(f: HttpFailure): GmsError {
  const serverMessage = serverMessageOf(f.body, f.contentType);
  const common = { action: f.action, status: f.status, serverMessage, body: bodyForLog(f.body) };
  const from = `${f.status} from ${f.origin}`;
  const detail = serverMessage ? `: ${serverMessage}` : '';
  if (f.status >= 300 && f.status < 400) {
    const location = redirectTarget(f.location, f.operationsUrl);
    const where = location ? `redirected to ${location}` : 'redirected (no Location header)';
    return new GmsError({
      ...common,
      kind: 'redirect',
      location,
      message: `${from}: ${f.action} was ${where}; set the connection URL to the final address.`,
    });
  }
  // Older servers answered a missing privilege with 401 and a Rest.li message (OperationsResource.java,
  // datahub-project/datahub, before 403 was used): the token was accepted, the privilege is missing.
  if (f.status === 403 || (f.status === 401 && serverMessage !== undefined && PRIVILEGE_DENIED.test(serverMessage))) {
    return new GmsError({ ...common, kind: 'forbidden', message: privilegeMessage(f.action, from, WHAT[f.action]) });
  }
  if (f.status === 401) {
    return new GmsError({
      ...common,
      kind: 'unauthorized',
      message: `401 from ${f.origin}: the token was refused (or is missing/expired). Set a new access token.`,
    });
  }
  if (f.status === 404) {
    const viaFrontend = /\/api\/gms$/.test(f.baseUrl);
    const hint = viaFrontend
      ? 'DataHub 0.10.5 or newer is needed'
      : `DataHub 0.10.5 or newer is needed, or the URL points at the frontend; try ${f.origin}/api/gms`;
    return new GmsError({
      ...common,
      kind: 'notFound',
      code: 'operationsMissing',
      message: `${from}: no operations endpoint at ${f.operationsUrl}: ${hint}.`,
    });
  }
  if (f.status === 429) {
    return new GmsError({ ...common, kind: 'server', message: `${from}: too many requests; wait a moment and retry.` });
  }
  const explained = explainKnownFailure(f.action, f.status, serverMessage, from);
  if (explained) return new GmsError({ ...common, ...explained });
  if (f.status >= 400 && f.status < 500) {
    const why = serverMessage ?? 'no details (see the log)';
    return new GmsError({
      ...common,
      kind: 'badRequest',
      message: `${from}: the server refused ${f.action}: ${why}`,
    });
  }
  if (f.status === 502 || f.status === 503 || f.status === 504) {
    return new GmsError({
      ...common,
      kind: 'server',
      message: `${from}: the server (or a proxy in front of it) is unavailable${detail}; retry in a moment, or check the GMS logs.`,
    });
  }
  if (f.status >= 500) {
    return new GmsError({
      ...common,
      kind: 'server',
      message: `${from}: the server failed ${WHAT[f.action]}${detail}; retry, or check the GMS logs.`,
    });
  }
  return new GmsError({
    ...common,
    kind: 'invalidResponse',
    message: `${from}: unexpected status for ${f.action}; check that the URL points at DataHub GMS.`,
  });
}

export function redirectTarget(location: string | undefined, requestUrl: string): string | undefined {
  if (!location) return undefined;
  try {
    const url = new URL(location, requestUrl);
    // Credentials in a Location header are never echoed.
    url.username = '';
    url.password = '';
    return url.toString();
  } catch {
    return location.slice(0, 200);
  }
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'HOSTNAME_MISMATCH',
]);

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused; is GMS running on that host and port?',
  ENOTFOUND: 'the host name was not found; check the URL, DNS or VPN.',
  EAI_AGAIN: 'the host name could not be resolved right now; check DNS or VPN and retry.',
  ECONNRESET: 'the connection was reset; retry, or check a proxy or load balancer in between.',
  EPIPE: 'the connection was closed while sending; retry.',
  UND_ERR_SOCKET: 'the server closed the connection; retry, or check a proxy or load balancer in between.',
  EHOSTUNREACH: 'the host is unreachable; check the network or VPN.',
  ENETUNREACH: 'the network is unreachable; check the network or VPN.',
  ETIMEDOUT: 'the connection timed out; check the network, VPN or proxy.',
};

/** Codes of an error and its causes, outermost first. */
function codesOf(error: unknown): { codes: string[]; messages: string[] } {
  const codes: string[] = [];
  const messages: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string') codes.push(code);
    if (typeof message === 'string') messages.push(message);
    current = cause;
  }
  return { codes, messages };
}

export interface TransportFailure {
  action: GmsAction;
  origin: string;
  error: unknown;
  timeoutMs: number;
  /** True when the body was being read (the answer was cut short). */
  duringBody?: boolean;
}

/** Maps a thrown transport error (undici or Node) to a GmsError. */
export function transportError(f: TransportFailure): GmsError {
  const { codes, messages } = codesOf(f.error);
  const base = { action: f.action, cause: f.error };
  const seconds = Math.round(f.timeoutMs / 100) / 10;
  if (codes.includes('UND_ERR_CLOSED') || codes.includes('UND_ERR_DESTROYED')) {
    return new GmsError({
      ...base,
      kind: 'cancelled',
      message: `${f.action} was cancelled: the client for ${f.origin} was closed (the connection changed); retry.`,
    });
  }
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT')) {
    return new GmsError({
      ...base,
      kind: 'timeout',
      message: `Could not connect to ${f.origin} within ${seconds} s: the server could not be reached; check the URL, VPN or proxy.`,
    });
  }
  if (codes.includes('UND_ERR_HEADERS_TIMEOUT') || codes.includes('UND_ERR_BODY_TIMEOUT')) {
    return new GmsError({
      ...base,
      kind: 'timeout',
      message: `${f.origin} did not answer ${f.action} within ${seconds} s; the server may be busy: retry, or raise datahub.requestTimeoutSeconds.`,
    });
  }
  const tlsCode = codes.find((c) => TLS_CODES.has(c) || c.startsWith('ERR_TLS_') || c.startsWith('ERR_SSL_'));
  if (tlsCode || messages.some((m) => /certificate/i.test(m))) {
    const code = tlsCode ?? codes[0] ?? 'TLS';
    if (code === 'ERR_SSL_WRONG_VERSION_NUMBER' || code === 'ERR_SSL_PACKET_LENGTH_TOO_LONG') {
      return new GmsError({
        ...base,
        kind: 'tls',
        message: `TLS failed with ${f.origin} (${code}): the server does not speak https on that port; use http:// or the right port.`,
      });
    }
    return new GmsError({
      ...base,
      kind: 'tls',
      message: `The certificate of ${f.origin} was not accepted (${code}); if the server uses a private CA, set datahub.tls.caFile to its PEM file.`,
    });
  }
  // undici: "Proxy response (403) !== 200 when HTTP Tunneling"; a tunnel the proxy closed (see http.ts).
  const proxyStatus = messages.map((m) => /Proxy response \((\d+)\)/.exec(m)?.[1]).find((s) => s !== undefined);
  if (proxyStatus === '407' || messages.some((m) => m.includes('Proxy Authentication Required'))) {
    return new GmsError({
      ...base,
      kind: 'network',
      message: `The proxy refused to forward to ${f.origin} (407 Proxy Authentication Required): set VS Code's http.proxyAuthorization to the value the proxy expects (e.g. "Basic " and the base64 of user:password), or check the one set there.`,
    });
  }
  if (proxyStatus !== undefined) {
    return new GmsError({
      ...base,
      kind: 'network',
      message: `The proxy refused to connect to ${f.origin} (${proxyStatus} from the proxy); check VS Code's http.proxy setting (or HTTPS_PROXY), or ask the proxy's admin to allow this host.`,
    });
  }
  if (codes.includes('UND_ERR_PROXY_CLOSED') || messages.some((m) => m.includes('Proxy closed the connection'))) {
    return new GmsError({
      ...base,
      kind: 'network',
      message: `The proxy closed the connection instead of connecting to ${f.origin}; check VS Code's http.proxy setting (or HTTPS_PROXY), or ask the proxy's admin to allow this host.`,
    });
  }
  const code = codes.find((c) => c in NETWORK_REASONS);
  const where = f.duringBody ? 'The answer from' : 'The server at';
  const reach = f.duringBody ? 'was cut short' : 'could not be reached';
  if (code) {
    return new GmsError({ ...base, kind: 'network', message: `${where} ${f.origin} ${reach} (${code}): ${NETWORK_REASONS[code]}` });
  }
  const first = (messages[0] ?? 'unknown error').split(/\r?\n/)[0].slice(0, 200);
  const shown = codes[0] ? `${codes[0]}: ${first}` : first;
  return new GmsError({ ...base, kind: 'network', message: `${where} ${f.origin} ${reach} (${shown}); check the URL and the network.` });
}

export function cancelled(action: GmsAction, cause?: unknown): GmsError {
  return new GmsError({ kind: 'cancelled', action, cause, message: `${action} was cancelled.` });
}
