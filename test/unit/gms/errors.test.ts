// Every error kind over real HTTP: the sandbox's auth, Rest.li errors and
// fault modes, plus local servers for size caps and TLS.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, closedPort, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

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
      assert.match(
        e1.message,
        /^403 from http:\/\/127\.0\.0\.1:\d+: reading index sizes needs the 'Get Timeseries index sizes API' privilege \(GET_TIMESERIES_INDEX_SIZES_PRIVILEGE\)/,
      );
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
      const e = await rejectsWith(
        client.truncateTimeseriesAspect({ entityType: 'nosuch', aspect: 'operation', endTimeMillis: Date.now() - DAY }),
        'badRequest',
      );
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
    sandbox.addFault({
      action: 'restoreIndices',
      fault: { kind: 'restliError', status: 500, message: 'java.lang.RuntimeException: urn:li:x invalid urn\n\tat com.linkedin.Foo(Foo.java:1)' },
    });
    const client = clientFor(sandbox.url);
    try {
      const e = await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server');
      assert.match(
        e.message,
        /^500 from .*: the server failed restoring indices: java\.lang\.RuntimeException: urn:li:x invalid urn; retry, or check the GMS logs\.$/,
      );
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
      // The 'timeout' above says the deadline ended it; it came before the server's answer (4 s), however busy the machine.
      assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);
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
      // Before the server's answer (4 s): the abort ended it.
      assert.ok(Date.now() - started < 4000, `took ${Date.now() - started} ms`);

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
