// A tiny local server for the Doctor's wire tests (doctor-*.test.ts): routes a test sets answer what
// DataHub's controllers answer; every request is recorded; anything else is Spring's 404 JSON.
import { createServer, type Server } from 'node:http';
import { after, before, beforeEach } from 'node:test';
import { createGmsClient, type GmsClient, type GmsClientOptions } from '../../../src/gms';
import { ADMIN, listen, stopServer } from '../helpers';

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}
export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

export interface RouteServer {
  /** http://127.0.0.1:<port> */
  base(): string;
  /** Requests since the test started (cleared before each test). */
  seen: Seen[];
  on(key: string, reply: Reply | ((s: Seen) => Reply)): void;
  withClient<T>(run: (c: GmsClient) => Promise<T>, options?: Partial<GmsClientOptions>): Promise<T>;
}

/** One server for the calling test file, its routes and records cleared before each test. */
export function useRouteServer(): RouteServer {
  let server: Server | undefined;
  let base = '';
  const routes = new Map<string, (seen: Seen) => Reply>();
  const seen: Seen[] = [];
  before(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const s: Seen = { method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, body, headers: req.headers };
        seen.push(s);
        const route = routes.get(`${s.method} ${s.path}`);
        const reply: Reply = route ? route(s) : { status: 404, body: { timestamp: '2025-01-01T00:00:00Z', status: 404, error: 'Not Found', path: s.path } };
        const text = typeof reply.body === 'string' ? reply.body : reply.body === undefined ? '' : JSON.stringify(reply.body);
        res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
        res.end(text);
      });
    });
    base = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => (server ? stopServer(server) : undefined));
  beforeEach(() => {
    routes.clear();
    seen.length = 0;
  });
  return {
    base: () => base,
    seen,
    on: (key, reply) => routes.set(key, typeof reply === 'function' ? reply : () => reply),
    async withClient(run, options = {}) {
      const client = createGmsClient({ gmsUrl: base, token: ADMIN, timeoutMs: 5000, retryBaseDelayMs: 1, retries: 2, ...options });
      try {
        return await run(client);
      } finally {
        await client.close();
      }
    },
  };
}
