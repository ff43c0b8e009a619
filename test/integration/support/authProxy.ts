// A small forward + CONNECT proxy on 127.0.0.1 that asks for credentials, as a
// corporate proxy does: without the expected Proxy-Authorization it answers 407;
// with it, every host it is asked for is the sandbox (so a GMS URL with a name
// nobody resolves is reachable only through this proxy). Not a suite itself.
import * as http from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface AuthProxy {
  url: string;
  /** What the proxy was asked: CONNECT host:port or a forwarded absolute URL, its Proxy-Authorization, and the answer. */
  seen: Array<{ method: string; target: string; proxyAuthorization?: string; status: number }>;
  close(): Promise<void>;
}

const REFUSAL = 'HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\nContent-Length: 0\r\n\r\n';

/** Starts the proxy; `expected` is the whole Proxy-Authorization value it accepts, `upstream` the sandbox's port. */
export async function startAuthProxy(expected: string, upstream: number): Promise<AuthProxy> {
  const seen: AuthProxy['seen'] = [];
  const sockets = new Set<Socket>();
  const allowed = (req: http.IncomingMessage): boolean => req.headers['proxy-authorization'] === expected;
  // Forward proxy: an absolute URL in the request line, sent on to the sandbox without the proxy's header.
  const server = http.createServer((req, res) => {
    const ok = allowed(req);
    seen.push({ method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'], status: ok ? 200 : 407 });
    if (!ok) {
      res.writeHead(407, { 'proxy-authenticate': 'Basic realm="corp"' });
      res.end();
      return;
    }
    const target = new URL(req.url ?? '/');
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    const onward = http.request({ host: '127.0.0.1', port: upstream, method: req.method, path: target.pathname + target.search, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    onward.on('error', () => res.destroy());
    req.pipe(onward);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  server.on('connect', (req: http.IncomingMessage, client: Socket, head: Buffer) => {
    const ok = allowed(req);
    seen.push({ method: 'CONNECT', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'], status: ok ? 200 : 407 });
    client.on('error', () => undefined);
    if (!ok) {
      client.end(REFUSAL);
      return;
    }
    const tunnel = connect(upstream, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length) tunnel.write(head);
      tunnel.pipe(client);
      client.pipe(tunnel);
    });
    sockets.add(tunnel);
    tunnel.on('close', () => sockets.delete(tunnel));
    tunnel.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
