// Shared by the gms-*.test.ts files: a sandbox per file, clients pointed at it,
// error assertions, and the small real servers some tests need (a header
// recorder, a CONNECT proxy, an https server with a certificate made here).
import { strict as assert } from 'node:assert';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { createGmsClient, isGmsError, type GmsClient, type GmsClientOptions, type GmsError, type GmsErrorKind } from '../../src/gms';
import { after, before, beforeEach } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox, type SandboxOptions } from '../sandbox/api';
import { startSandbox } from '../sandbox/server';

export const ADMIN = SANDBOX_TOKENS.admin;

/** One sandbox for the calling test file, reset before each test; `use` receives it. */
export function useSandbox(use: (sandbox: Sandbox) => void, options: SandboxOptions = {}): void {
  let sandbox: Sandbox | undefined;
  before(async () => {
    sandbox = await startSandbox(options);
    use(sandbox);
  });
  after(async () => {
    await sandbox?.stop();
  });
  beforeEach(() => sandbox?.reset());
}

/** Fast defaults so failure paths finish quickly; tests override what they exercise. */
/** A client for the Rest.li wire tests (api 'restli' unless the test names another transport). */
export function clientFor(gmsUrl: string, options: Partial<GmsClientOptions> = {}): GmsClient {
  return createGmsClient({ gmsUrl, token: ADMIN, timeoutMs: 5000, retryBaseDelayMs: 10, api: 'restli', ...options });
}

/** Awaits a rejection and checks it is a GmsError of that kind (and code). */
/** Runs `run` with a client of the sandbox at `url` (the admin token unless told, no retries), closed after. */
export async function withClient<T>(url: string, run: (c: GmsClient) => Promise<T>, token: string = SANDBOX_TOKENS.admin): Promise<T> {
  const client = clientFor(url, { token, retries: 0 });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

/** The same with the admin token. */
export function withAdminClient<T>(url: string, run: (c: GmsClient) => Promise<T>): Promise<T> {
  return withClient(url, run);
}

/** A call of the sandbox's control API (/__sandbox/…) that must answer 200: its JSON. */
export async function sandboxControl(url: string, method: string, route: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${url}/__sandbox${route}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.equal(res.status, 200, `${route}: ${await res.clone().text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export async function rejectsWith(promise: Promise<unknown>, kind: GmsErrorKind, code?: string): Promise<GmsError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(isGmsError(error), `expected a GmsError, got ${String(error)}`);
    assert.equal(error.kind, kind, `kind of: ${error.message}`);
    if (code !== undefined) assert.equal(error.code, code);
    // Never the token, never a Java stack trace, one line.
    for (const token of Object.values(SANDBOX_TOKENS)) assert.ok(!error.message.includes(token), 'message holds a token');
    assert.doesNotMatch(error.message, /\n|\tat |Exception \[HTTP Status/);
    return error;
  }
  assert.fail(`expected a GmsError of kind ${kind}, but the call succeeded`);
}

export interface RecordingServer {
  url: string;
  requests: Array<{ method: string; url: string; headers: IncomingHttpHeaders }>;
  /** TCP connections accepted so far. */
  connections(): number;
  stop(): Promise<void>;
}

export function listen(server: Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

function closeServer(server: Server, sockets: Set<Socket>): Promise<void> {
  for (const s of sockets) s.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Closes a server this file started, open keep-alive sockets included. */
export function stopServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

function trackSockets(server: Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

/** A plain server on another origin that records every request's headers. */
export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordingServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"value":{"indexSizes":[]}}');
  });
  let connections = 0;
  server.on('connection', () => connections++);
  const sockets = trackSockets(server);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, requests, connections: () => connections, stop: () => closeServer(server, sockets) };
}

export interface TunnelProxy {
  url: string;
  /** host:port of every CONNECT seen. */
  connects: string[];
  stop(): Promise<void>;
}

/** A minimal CONNECT proxy (what undici's ProxyAgent speaks), 127.0.0.1 targets only. */
export async function startTunnelProxy(): Promise<TunnelProxy> {
  const connects: string[] = [];
  const server = createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const target = req.url ?? '';
    connects.push(target);
    const [host, port] = target.split(':');
    if (host !== '127.0.0.1') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = connect(Number(port), host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    const end = (): void => {
      upstream.destroy();
      client.destroy();
    };
    upstream.on('error', end);
    client.on('error', end);
  });
  const sockets = trackSockets(server);
  const port = await listen(server);
  return { url: `http://127.0.0.1:${port}`, connects, stop: () => closeServer(server, sockets) };
}

export { selfSignedCert } from '../fixtures/selfSignedCert';

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
