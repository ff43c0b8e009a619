// A proxy that asks for credentials and speaks https with a certificate nobody
// knows: proxyAuthorization goes on the CONNECT (never to GMS), proxyStrictSSL:
// false accepts the proxy's certificate, and both missing fail with what to set.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:https';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { clientFor, listen, rejectsWith, selfSignedCert, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

const CREDENTIALS = `Basic ${Buffer.from('ops:corp-pass').toString('base64')}`;

describe('proxy credentials and the proxy certificate', () => {
  const seen: Array<string | undefined> = [];
  let server: Server;
  let proxyUrl = '';
  before(async () => {
    server = createServer(selfSignedCert());
    server.on('connect', (req, client: Socket, head: Buffer) => {
      seen.push(req.headers['proxy-authorization']);
      client.on('error', () => undefined);
      if (req.headers['proxy-authorization'] !== CREDENTIALS) {
        client.end('HTTP/1.1 407 Proxy Authentication Required\r\nContent-Length: 0\r\n\r\n');
        return;
      }
      const upstream = connect(sandbox.port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
      client.on('close', () => upstream.destroy());
    });
    proxyUrl = `https://127.0.0.1:${await listen(server as never)}`;
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends proxyAuthorization on the CONNECT only, through an https proxy accepted with proxyStrictSSL: false', async () => {
    seen.length = 0;
    const client = clientFor(sandbox.url, { proxyUrl, noProxy: '', proxyAuthorization: CREDENTIALS, proxyStrictSSL: false, retries: 0 });
    try {
      const sizes = await client.getIndexSizes();
      assert.ok(sizes.indices.length > 0);
    } finally {
      await client.close();
    }
    assert.deepEqual(seen, [CREDENTIALS]);
    const last = sandbox.requests.at(-1);
    assert.equal(last?.tokenName, 'admin');
    assert.equal(last?.headers['proxy-authorization'], undefined);
  });

  it("checks the proxy's certificate by default: refused before any CONNECT", async () => {
    seen.length = 0;
    const client = clientFor(sandbox.url, { proxyUrl, noProxy: '', proxyAuthorization: CREDENTIALS, retries: 0 });
    try {
      await rejectsWith(client.getIndexSizes(), 'tls');
    } finally {
      await client.close();
    }
    assert.deepEqual(seen, []);
  });

  it('without credentials: a 407 that names http.proxyAuthorization', async () => {
    seen.length = 0;
    const client = clientFor(sandbox.url, { proxyUrl, noProxy: '', proxyStrictSSL: false, retries: 0 });
    try {
      const error = await rejectsWith(client.getIndexSizes(), 'network');
      assert.match(error.message, /\(407 Proxy Authentication Required\): set VS Code's http\.proxyAuthorization/);
    } finally {
      await client.close();
    }
    assert.deepEqual(seen, [undefined]);
  });

  it('refuses a proxyAuthorization that cannot be sent in a header', () => {
    assert.throws(() => clientFor(sandbox.url, { proxyUrl, proxyAuthorization: 'Basic a\nb' }), /proxyAuthorization: contains characters/);
  });
});
