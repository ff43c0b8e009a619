// Every error kind over real HTTP: the sandbox's auth, Rest.li errors and
// fault modes, plus local servers for size caps and TLS.
import { strict as assert } from 'node:assert';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS, SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, closedPort, listen as listenPort, rejectsWith, selfSignedCert, stopServer as stop, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

/** Starts a local server and returns its host:port. */
async function listen(server: Server): Promise<string> {
  return `127.0.0.1:${await listenPort(server)}`;
}

describe('401 unauthorized', () => {
  const expected = (origin: string) => `401 from ${origin}: the token was refused (or is missing/expired). Set a new access token.`;

  it('for an unknown token, an expired token and a missing token, directly and through the frontend', async () => {
    sandbox.setAuth({ expired: ['reader'] });
    const cases = [
      clientFor(sandbox.url, { token: 'not-a-real-token' }),
      clientFor(sandbox.url, { token: SANDBOX_TOKENS.reader }),
      clientFor(sandbox.url, { token: undefined }),
      clientFor(sandbox.frontendUrl, { token: undefined }),
    ];
    for (const client of cases) {
      try {
        const e = await rejectsWith(client.getIndexSizes(), 'unauthorized');
        assert.equal(e.message, expected(sandbox.url));
        assert.equal(e.status, 401);
      } finally {
        await client.close();
      }
    }
  });
});

describe('403 forbidden names the privilege', () => {
  it('for each action the token lacks', async () => {
    const none = clientFor(sandbox.url, { token: SANDBOX_TOKENS.none });
    try {
      const e1 = await rejectsWith(none.getIndexSizes(), 'forbidden');
      assert.match(e1.message, /^403 from http:\/\/127\.0\.0\.1:\d+: reading index sizes needs the 'Get Timeseries index sizes API' privilege \(GET_TIMESERIES_INDEX_SIZES_PRIVILEGE\)/);
      assert.equal(e1.serverMessage, 'User is unauthorized to get index sizes.');
      const e2 = await rejectsWith(none.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'forbidden');
      assert.match(e2.message, /needs the 'Restore Indices API' privilege \(RESTORE_INDICES_PRIVILEGE\)/);
      const e3 = await rejectsWith(none.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY }), 'forbidden');
      assert.match(e3.message, /'Truncate timeseries aspect index size API' privilege \(TRUNCATE_TIMESERIES_INDEX_PRIVILEGE\)/);
      const e4 = await rejectsWith(none.getEsTaskStatus('n:1'), 'forbidden');
      assert.match(e4.message, /'Get ES task status API' privilege \(GET_ES_TASK_STATUS_PRIVILEGE\)/);
    } finally {
      await none.close();
    }
    assert.equal(sandbox.restoreCounts()[`${SAMPLE_URNS.jdoeUser}|corpUserKey`] ?? 0, 0);
  });
});

describe('400, 404, 5xx', () => {
  it('400 shows the Rest.li message', async () => {
    const client = clientFor(sandbox.url);
    try {
      const e = await rejectsWith(client.truncateTimeseriesAspect({ entityType: 'nosuch', aspect: 'operation', endTimeMillis: Date.now() - DAY }), 'badRequest');
      assert.equal(e.serverMessage, 'Failed to find entity with name nosuch in EntityRegistry');
      assert.ok(e.message.endsWith(': Failed to find entity with name nosuch in EntityRegistry'), e.message);
      assert.equal(e.status, 400);
    } finally {
      await client.close();
    }
  });

  it('404 through the frontend path says a newer DataHub is needed, without the /api/gms hint', async () => {
    sandbox.setVersion('pre0105');
    const client = clientFor(sandbox.frontendUrl);
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'notFound', 'operationsMissing');
      assert.ok(e.message.includes(`no operations endpoint at ${sandbox.frontendUrl}/operations: DataHub 0.10.5 or newer is needed`), e.message);
      assert.ok(!e.message.includes('try '), e.message);
    } finally {
      await client.close();
    }
  });

  it('500 says the server failed and to check the GMS logs; the stack trace stays in body', async () => {
    sandbox.addFault({ action: 'restoreIndices', fault: { kind: 'restliError', status: 500, message: 'java.lang.RuntimeException: urn:li:x invalid urn\n\tat com.linkedin.Foo(Foo.java:1)' } });
    const client = clientFor(sandbox.url);
    try {
      const e = await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server');
      assert.match(e.message, /^500 from .*: the server failed restoring indices: java\.lang\.RuntimeException: urn:li:x invalid urn; retry, or check the GMS logs\.$/);
      assert.match(e.body ?? '', /stackTrace/);
      assert.equal(sandbox.requests.length, 1, 'restore is never retried');
    } finally {
      await client.close();
    }
  });

  it('an HTML error page is never shown', async () => {
    sandbox.addFault({ fault: { kind: 'html', status: 502 } });
    const client = clientFor(sandbox.url, { retries: 0 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'server');
      assert.doesNotMatch(e.message, /<|html/i);
      assert.match(e.message, /^502 from .*unavailable; retry in a moment, or check the GMS logs\.$/);
      assert.equal(e.serverMessage, undefined);
      assert.match(e.body ?? '', /<html/i);
    } finally {
      await client.close();
    }
  });
});

describe('invalid answers', () => {
  it('a 200 HTML page suggests the /api/gms path', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 200, body: '<!doctype html><html><body>DataHub</body></html>', contentType: 'text/html' } });
    const client = clientFor(sandbox.url);
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'invalidResponse');
      assert.ok(e.message.includes(`try ${sandbox.url}/api/gms`), e.message);
      assert.doesNotMatch(e.message, /doctype/i);
    } finally {
      await client.close();
    }
  });

  it('a body cut short, JSON without value, and a wrong shape', async () => {
    const client = clientFor(sandbox.url);
    try {
      sandbox.addFault({ times: 1, fault: { kind: 'truncated' } });
      await rejectsWith(client.getIndexSizes(), 'invalidResponse');
      sandbox.addFault({ times: 1, fault: { kind: 'status', status: 200, body: '{"result":1}' } });
      await rejectsWith(client.getIndexSizes(), 'invalidResponse');
      sandbox.addFault({ times: 1, fault: { kind: 'status', status: 200, body: '{"value":{"indexSizes":[{"sizeInMb":1}]}}' } });
      await rejectsWith(client.getIndexSizes(), 'invalidResponse');
      sandbox.addFault({ times: 1, fault: { kind: 'status', status: 200, body: '{"value":{"rows":3}}' } });
      await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'invalidResponse');
      sandbox.addFault({ times: 1, fault: { kind: 'status', status: 200, body: '{"value":"all done"}' } });
      await rejectsWith(client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY }), 'invalidResponse');
    } finally {
      await client.close();
    }
  });
});

describe('network, timeout, cancellation', () => {
  it('a refused connection names ECONNREFUSED and says the server could not be reached', async () => {
    const client = clientFor(`http://127.0.0.1:${await closedPort()}`, { retries: 0 });
    try {
      const e = await rejectsWith(client.getIndexSizes(), 'network');
      assert.match(e.message, /could not be reached \(ECONNREFUSED\)/);
    } finally {
      await client.close();
    }
  });

  it('a reset connection, before and during the body', async () => {
    const client = clientFor(sandbox.url, { retries: 0 });
    try {
      sandbox.addFault({ times: 1, fault: { kind: 'reset' } });
      const e1 = await rejectsWith(client.getIndexSizes(), 'network');
      assert.match(e1.message, /could not be reached \((ECONNRESET|UND_ERR_SOCKET)\)/);
      sandbox.addFault({ times: 1, fault: { kind: 'resetMidBody' } });
      const e2 = await rejectsWith(client.getIndexSizes(), 'network');
      assert.match(e2.message, /was cut short/);
    } finally {
      await client.close();
    }
  });

  it('a slow server times out after timeoutMs with a hint', async () => {
    sandbox.addFault({ fault: { kind: 'latency', ms: 4000 } });
    const client = clientFor(sandbox.url, { timeoutMs: 300, retries: 0 });
    try {
      const started = Date.now();
      const e = await rejectsWith(client.getIndexSizes(), 'timeout');
      // undici's header timer ticks coarsely (about 0.5 s), hence the margin.
      assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);
      assert.match(e.message, /did not answer getIndexSizes within 0\.3 s.*datahub\.requestTimeoutSeconds/);
    } finally {
      await client.close();
    }
  });

  it('an abort cancels a request in flight, and an aborted signal sends nothing', async () => {
    sandbox.addFault({ fault: { kind: 'latency', ms: 4000 } });
    const client = clientFor(sandbox.url);
    try {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 100);
      await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }, controller.signal), 'cancelled');
      assert.ok(Date.now() - started < 3000, `took ${Date.now() - started} ms`);

      sandbox.clearFaults();
      sandbox.clearRequests();
      await rejectsWith(client.getIndexSizes(AbortSignal.abort()), 'cancelled');
      await client.getIndexSizes();
      assert.equal(sandbox.requests.length, 1, 'only the call after it reached the server');
    } finally {
      await client.close();
    }
  });
});

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
        assert.ok(e.message.includes(`redirected to http://${host}/api/gms/operations?action=getIndexSizes; set the connection URL to the final address`), e.message);
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
        assert.deepEqual(indices.map((i) => [i.entityName, i.sizeMb]), [['dataset', 1.5]]);
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
    assert.deepEqual([e1.kind, e1.message], ['network', 'The server at https://gms.example could not be reached (ENOTFOUND): the host name was not found; check the URL, DNS or VPN.']);
    const e2 = transportError({ action: 'getIndexSizes', origin: 'https://gms.example', error: wrapped, timeoutMs: 1000 });
    assert.match(e2.message, /could not be reached \(EAI_AGAIN\)/);
    const cert = Object.assign(new Error('certificate has expired'), { code: 'CERT_HAS_EXPIRED' });
    const e3 = transportError({ action: 'getIndexSizes', origin: 'https://gms.example', error: cert, timeoutMs: 1000 });
    assert.deepEqual([e3.kind, /CERT_HAS_EXPIRED.*datahub\.tls\.caFile/.test(e3.message)], ['tls', true]);
  });
});
