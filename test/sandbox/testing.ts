// A minimal raw HTTP caller for the sandbox's own tests: what went over the
// wire, nothing interpreted (the real client lives in src/gms).

import { SANDBOX_TOKENS } from './api';

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, undefined when it is not JSON. */
  json: unknown;
}

export async function answer(res: Response): Promise<RawAnswer> {
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export interface CallOptions {
  /** Bearer token; null sends no Authorization header. Default: the admin token. */
  token?: string | null;
  /** Raw body instead of JSON.stringify(body). */
  raw?: string;
  method?: string;
}

/** POST {base}/operations?action=NAME with a JSON body, as DataHub's Python client does. */
export async function callAction(base: string, action: string, body: unknown = {}, options: CallOptions = {}): Promise<RawAnswer> {
  const token = options.token === undefined ? SANDBOX_TOKENS.admin : options.token;
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-restli-protocol-version': '2.0.0' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const method = options.method ?? 'POST';
  const res = await fetch(`${base}/operations?action=${encodeURIComponent(action)}`, {
    method,
    headers,
    body: method === 'GET' ? undefined : (options.raw ?? JSON.stringify(body)),
  });
  return answer(res);
}

/** The `value` of a 200 answer, failing loudly otherwise. */
export function valueOf(a: RawAnswer): unknown {
  if (a.status !== 200 || a.json === null || typeof a.json !== 'object' || !('value' in a.json)) {
    throw new Error(`expected 200 {"value": ...}, got ${a.status}: ${a.text.slice(0, 300)}`);
  }
  return (a.json as { value: unknown }).value;
}

export async function control(base: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(
    `${base}/__sandbox${path}`,
    body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const a = await answer(res);
  if (a.status !== 200) throw new Error(`control ${path}: ${a.status} ${a.text}`);
  return a.json;
}

export interface OpenapiOptions {
  /** Bearer token; null sends no Authorization header. Default: the admin token. */
  token?: string | null;
  method?: string;
  /** Query parameters; an array repeats the parameter. */
  query?: Record<string, string | number | boolean | string[]>;
  /** JSON body (POST endpoints), or `raw` text as it is. */
  body?: unknown;
  raw?: string;
}

/** {method} {base}/openapi/operations/elasticSearch/{endpoint}?query, as a client of the OpenAPI operations would send it. */
export async function callOpenapi(base: string, endpoint: string, options: OpenapiOptions = {}): Promise<RawAnswer> {
  const token = options.token === undefined ? SANDBOX_TOKENS.admin : options.token;
  const headers: Record<string, string> = { accept: 'application/json, text/plain' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(options.query ?? {})) {
    for (const v of Array.isArray(value) ? value : [value]) query.append(name, String(v));
  }
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const q = query.toString();
  const res = await fetch(`${base}/openapi/operations/elasticSearch/${endpoint}${q ? `?${q}` : ''}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return answer(res);
}

/** {method} {base}/openapi/operations/{path} (consistency/..., messaging/..., kafka/...): GET unless a body is given. */
export async function callOperations(base: string, path: string, options: OpenapiOptions = {}): Promise<RawAnswer> {
  const token = options.token === undefined ? SANDBOX_TOKENS.admin : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (body !== undefined) headers['content-type'] = 'application/json';
  const query = new URLSearchParams(Object.entries(options.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res = await fetch(`${base}/openapi/operations/${path}${query ? `?${query}` : ''}`, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
  });
  return answer(res);
}

/** POST {base}/api/graphql {query, variables}: the parsed answer. */
export async function graphql(base: string, query: string, variables: Record<string, unknown> = {}, token: string = SANDBOX_TOKENS.admin): Promise<RawAnswer> {
  const res = await fetch(`${base}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  return answer(res);
}
