// The baseline the client is compared with: the same requests (URL, headers, body)
// made with bare undici.request over a keep-alive Agent built with the
// client's settings, and the answer read and JSON-parsed — nothing more.
import { Agent, request } from 'undici';
import { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from '../../src/gms/client';
import type { GmsAction } from '../../src/gms/types';
import { OPENAPI_OPERATIONS } from '../sandbox/api';

export interface BareClient {
  /** Rest.li: POST {gms}/operations?action=<action> with a JSON body; the envelope's value. */
  post(action: GmsAction, body: Record<string, unknown>): Promise<unknown>;
  /** OpenAPI: GET {gms}/openapi/operations/elasticSearch/<endpoint>?<query>; the parsed answer. */
  openapiGet(endpoint: string, query?: Array<[string, string]>): Promise<unknown>;
  /** OpenAPI: POST {gms}/openapi/operations/elasticSearch/<endpoint> with a JSON body; the parsed answer. */
  openapiPost(endpoint: string, body: unknown): Promise<unknown>;
  /** GraphQL: POST {gms}/api/graphql with { query, variables, operationName }; the parsed answer. */
  graphqlPost(body: { query: string; variables: Record<string, unknown>; operationName: string }): Promise<unknown>;
  /**
   * GET {gms}/<path>?<query> with the OpenAPI GET headers (any path: /health, /openapi/v1/…); the body JSON-parsed when it is JSON,
   * else its text. `anonymous`: without the token, as the client reads /health.
   */
  get(path: string, query?: Record<string, string>, anonymous?: boolean): Promise<unknown>;
  /** The same GET where a status other than 200 is an answer too (a 404 with an empty body): the body JSON-parsed when there is one. */
  getAnswer(path: string, query?: Record<string, string>): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export function createBareClient(gmsUrl: string, token: string): BareClient {
  // The settings createTransport() gives the client's Agent (src/gms/http.ts).
  const agent = new Agent({
    headersTimeout: DEFAULT_TIMEOUT_MS,
    bodyTimeout: DEFAULT_TIMEOUT_MS,
    maxRedirections: 0,
    connect: { rejectUnauthorized: true, timeout: DEFAULT_TIMEOUT_MS },
  });
  // The headers the client sends (src/gms/restli/restliOperations.ts, src/gms/openapi/openapiOperations.ts).
  const identity = { 'user-agent': DEFAULT_USER_AGENT, authorization: `Bearer ${token}` };
  const restliHeaders = { 'content-type': 'application/json', accept: 'application/json', 'x-restli-protocol-version': '2.0.0', ...identity };
  const openapiGetHeaders = { accept: 'application/json', ...identity };
  const anonymousGetHeaders = { accept: 'application/json', 'user-agent': DEFAULT_USER_AGENT };
  const openapiPostHeaders = { accept: 'application/json', ...identity, 'content-type': 'application/json' };
  const openapiBase = `${gmsUrl}${OPENAPI_OPERATIONS}`;

  async function read(what: string, response: Awaited<ReturnType<typeof request>>): Promise<unknown> {
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`${what} answered ${response.statusCode}: ${text.slice(0, 200)}`);
    return JSON.parse(text);
  }

  return {
    async post(action, body) {
      const response = await request(`${gmsUrl}/operations?action=${action}`, {
        dispatcher: agent,
        method: 'POST',
        headers: restliHeaders,
        body: JSON.stringify(body),
      });
      return ((await read(action, response)) as { value: unknown }).value;
    },
    async openapiGet(endpoint, query = []) {
      const search = query.length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
      const response = await request(`${openapiBase}/${endpoint}${search}`, { dispatcher: agent, method: 'GET', headers: openapiGetHeaders });
      return read(endpoint, response);
    },
    async openapiPost(endpoint, body) {
      const response = await request(`${openapiBase}/${endpoint}`, {
        dispatcher: agent,
        method: 'POST',
        headers: openapiPostHeaders,
        body: JSON.stringify(body),
      });
      return read(endpoint, response);
    },
    async graphqlPost(body) {
      // The headers the client sends to GraphQL (src/gms/client.ts: the Rest.li ones).
      const response = await request(`${gmsUrl}/api/graphql`, { dispatcher: agent, method: 'POST', headers: restliHeaders, body: JSON.stringify(body) });
      return read('graphql', response);
    },
    async get(path, query = {}, anonymous = false) {
      const search = Object.keys(query).length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
      const headers = anonymous ? anonymousGetHeaders : openapiGetHeaders;
      const response = await request(`${gmsUrl}${path}${search}`, { dispatcher: agent, method: 'GET', headers });
      const text = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`GET ${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
      return /\bjson\b/i.test(String(response.headers['content-type'] ?? '')) ? JSON.parse(text) : text;
    },
    async getAnswer(path, query = {}) {
      const search = Object.keys(query).length === 0 ? '' : `?${new URLSearchParams(query).toString()}`;
      const response = await request(`${gmsUrl}${path}${search}`, { dispatcher: agent, method: 'GET', headers: openapiGetHeaders });
      const text = await response.body.text();
      return { status: response.statusCode, body: text === '' ? undefined : JSON.parse(text) };
    },
    close: () => agent.close(),
  };
}
