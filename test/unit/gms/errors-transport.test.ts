// Transport failures over real HTTP: redirects are not followed, the response size
// cap, TLS, and the mapping of failures a test cannot cause on 127.0.0.1.
import { strict as assert } from 'node:assert';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { after, before, describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { clientFor, listen as listenPort, rejectsWith, selfSignedCert, stopServer as stop, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));
/** Starts a local server and returns its host:port. */
async function listen(server: Server): Promise<string> {
  return `127.0.0.1:${await listenPort(server)}`;
}

describe('redirects are not followed', () => {
  it('a 3xx is an error naming the Location, and nothing reaches that origin', async () => {
    const seen: string[] = [];
    const other = createHttpServer((req, res) => {
      seen.push(`${req.method} ${req.url} auth=${req.headers.authorization ?? 'none'}`);
      res.end('{"value":{"indexSizes":[]}}');
    });
    const host = await listen(other);
    const client = clientFor(sandbox.url);
    try {
      for (const status of [301, 302, 307, 308]) {
        sandbox.addFault({ times: 1, fault: { kind: 'redirect', status, location: `http://${host}/api/gms/operations?action=getIndexSizes` } });
        const e = await rejectsWith(client.getIndexSizes(), 'redirect');
        assert.equal(e.location, `http://${host}/api/gms/operations?action=getIndexSizes`);
        assert.ok(
          e.message.includes(`redirected to http://${host}/api/gms/operations?action=getIndexSizes; set the connection URL to the final address`),
          e.message,
        );
        assert.equal(e.status, status);
      }
      assert.deepEqual(seen, []);
    } finally {
      await client.close();
      await stop(other);
    }
  });
});

describe('response size cap', () => {
  it('refuses a declared oversized body', async () => {
    sandbox.addFault({ fault: { kind: 'oversized', bytes: 3_000_000 } });
    const client = clientFor(sandbox.url, { maxResponseBytes: 1_000_000 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'tooLarge');
      assert.match(e.message, /larger than the 1 MiB limit/);
    } finally {
      await client.close();
    }
  });

  it('stops reading a streamed body past the cap (default 64 MiB)', async () => {
    let written = 0;
    const server = createHttpServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }); // chunked: no length to check up front
      const chunk = Buffer.alloc(1 << 20, 0x20);
      const pump = (): void => {
        while (written < 200 * (1 << 20)) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.write('{"value":');
      res.on('close', () => res.destroy());
      pump();
    });
    const host = await listen(server);
    const client = clientFor(`http://${host}`, { timeoutMs: 10_000 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'tooLarge');
      assert.match(e.message, /larger than the 64 MiB limit/);
      assert.ok(written < 100 * (1 << 20), `server wrote ${written} bytes`);
    } finally {
      await client.close();
      await stop(server);
    }
  });
});

describe('TLS', () => {
  let https: Server;
  let host = '';
  let cert = '';

  before(async () => {
    const pair = selfSignedCert();
    cert = pair.cert;
    https = createHttpsServer({ key: pair.key, cert: pair.cert }, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"value":{"indexSizes":[{"indexName":"dataset_operationaspect_v1","sizeInMb":1.5}]}}');
    });
    host = await listen(https);
  });
  after(async () => {
    await stop(https);
  });

  it('an untrusted certificate is a tls error that suggests datahub.tls.caFile', async () => {
    const client = clientFor(`https://${host}`, { retries: 0 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'tls');
      assert.match(e.message, /DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED/);
      assert.match(e.message, /datahub\.tls\.caFile/);
    } finally {
      await client.close();
    }
  });

  it('the CA option trusts it, and rejectUnauthorized false skips the check', async () => {
    for (const options of [{ ca: cert }, { ca: [Buffer.from(cert)] }, { rejectUnauthorized: false }]) {
      const client = clientFor(`https://${host}`, options);
      try {
        const { indices } = await client.getIndexSizes();
        assert.deepEqual(
          indices.map((i) => [i.entityName, i.sizeMb]),
          [['dataset', 1.5]],
        );
      } finally {
        await client.close();
      }
    }
  });

  it('https to a plain http port says the server does not speak https', async () => {
    const client = clientFor(`https://127.0.0.1:${sandbox.port}`, { retries: 0 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'tls');
      assert.match(e.message, /does not speak https/);
    } finally {
      await client.close();
    }
  });
});

describe('transport error mapping for failures the tests cannot cause on 127.0.0.1', () => {
  // A DNS failure would need a lookup outside this machine; the mapping is checked on Node-shaped errors.
  it('names ENOTFOUND and EAI_AGAIN, also when wrapped as a cause', async () => {
    const { transportError } = await import('../../../src/gms/errorMapping');
    const dns = Object.assign(new Error('getaddrinfo ENOTFOUND gms.example'), { code: 'ENOTFOUND' });
    const wrapped = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('getaddrinfo EAI_AGAIN x'), { code: 'EAI_AGAIN' }) });
    const e1 = transportError({ action: 'getIndexSizes', origin: 'https://gms.example', error: dns, timeoutMs: 1000 });
    assert.deepEqual(
      [e1.kind, e1.message],
      ['network', 'The server at https://gms.example could not be reached (ENOTFOUND): the host name was not found; check the URL, DNS or VPN.'],
    );
    const e2 = transportError({ action: 'getIndexSizes', origin: 'https://gms.example', error: wrapped, timeoutMs: 1000 });
    assert.match(e2.message, /could not be reached \(EAI_AGAIN\)/);
    const cert = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    const e3 = transportError({ action: 'getIndexSizes', origin: 'https://gms.example', error: cert, timeoutMs: 1000 });
    assert.deepEqual([e3.kind, /CERT_HAS_EXPIRED.*datahub\.tls\.caFile/.test(e3.message)], ['tls', true]);
  });
});
