// Faults the gms-*.test.ts files leave out: a proxy that refuses or drops the
// tunnel, HTML error pages on 401/500, one client living through every sandbox
// fault in a row, a server that echoes the token, and parsers handed values
// nested too deeply to print.
import { strict as assert } from 'node:assert';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createGmsClient, isGmsError, parseIndexSizes, parseRestoreResult, parseTaskStatus, parseTruncateResult, type GmsErrorKind } from '../../../src/gms';
import { SAMPLE_URNS, type FaultKind, type Sandbox } from '../../sandbox';
import { clientFor, listen, rejectsWith, stopServer, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

// The target never resolves: the proxy is the only thing reached.
const BEHIND_PROXY = 'https://gms.example.invalid';

interface RefusingProxy {
  url: string;
  connects: number;
  stop(): Promise<void>;
}

/** A proxy that answers every CONNECT the same broken way. */
async function refusingProxy(answer: '403' | '407' | 'close' | 'silent'): Promise<RefusingProxy> {
  const held: Socket[] = [];
  const state = { connects: 0 };
  const server: Server = createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (_req, socket: Socket) => {
    state.connects++;
    socket.on('error', () => undefined);
    if (answer === 'close') socket.destroy();
    else if (answer === 'silent') held.push(socket);
    else socket.end(`HTTP/1.1 ${answer} ${answer === '403' ? 'Forbidden' : 'Proxy Authentication Required'}\r\n\r\n`);
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}`,
    get connects() {
      return state.connects;
    },
    stop: async () => {
      for (const s of held) s.destroy();
      await stopServer(server);
    },
  };
}

describe('a proxy that refuses', () => {
  const cases: Array<[Parameters<typeof refusingProxy>[0], GmsErrorKind, RegExp]> = [
    [
      '403',
      'network',
      /^The proxy refused to connect to https:\/\/gms\.example\.invalid \(403 from the proxy\); check VS Code's http\.proxy setting \(or HTTPS_PROXY\)/,
    ],
    ['407', 'network', /\(407 Proxy Authentication Required\): set VS Code's http\.proxyAuthorization/],
    ['close', 'network', /^The proxy closed the connection instead of connecting to https:\/\/gms\.example\.invalid; check VS Code's http\.proxy setting/],
    ['silent', 'timeout', /did not answer getIndexSizes within 1 s/],
  ];
  for (const [answer, kind, message] of cases) {
    it(`CONNECT answered with ${answer}: ${kind}, says what to check, one CONNECT, no hang`, { timeout: 15_000 }, async () => {
      const proxy = await refusingProxy(answer);
      const client = createGmsClient({
        gmsUrl: BEHIND_PROXY,
        token: 'proxy-test-token-0123456789',
        proxyUrl: proxy.url,
        noProxy: '',
        api: 'restli',
        timeoutMs: 1000,
        retries: 0,
      });
      try {
        const started = Date.now();
        const e = await rejectsWith(client.getIndexSizes(), kind);
        assert.match(e.message, message);
        assert.doesNotMatch(e.message, /proxy-test-token/);
        // Before the fix, a closed tunnel made undici reconnect thousands of times a second, for ever.
        assert.equal(proxy.connects, 1, `${proxy.connects} CONNECTs`);
        assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      } finally {
        await client.close();
        await proxy.stop();
      }
    });
  }
});

describe('HTML error pages', () => {
  it('401 and 500 as HTML pages: the right kind, no markup, a next step', async () => {
    const client = clientFor(sandbox.url, { retries: 0 });
    try {
      sandbox.addFault({ times: 1, fault: { kind: 'html', status: 401 } });
      const unauthorized = await rejectsWith(client.getIndexSizes(), 'unauthorized');
      assert.match(unauthorized.message, /Set a new access token\.$/);
      sandbox.addFault({ times: 1, fault: { kind: 'html', status: 500 } });
      const failed = await rejectsWith(client.getIndexSizes(), 'server');
      assert.match(failed.message, /^500 from .*: the server failed reading index sizes; retry, or check the GMS logs\.$/);
      for (const e of [unauthorized, failed]) assert.doesNotMatch(e.message, /<|html/i);
    } finally {
      await client.close();
    }
  });
});

describe('one client through every fault', () => {
  it('each fault gives its kind, and the same client answers normally afterwards', async () => {
    const other = 'http://127.0.0.1:9/elsewhere';
    const faults: Array<[FaultKind, GmsErrorKind]> = [
      [{ kind: 'latency', ms: 3000 }, 'timeout'],
      [{ kind: 'reset' }, 'network'],
      [{ kind: 'resetMidBody' }, 'network'],
      [{ kind: 'truncated' }, 'invalidResponse'],
      [{ kind: 'oversized', bytes: 2_000_000 }, 'tooLarge'],
      [{ kind: 'html', status: 200 }, 'invalidResponse'],
      [{ kind: 'html', status: 401 }, 'unauthorized'],
      [{ kind: 'html', status: 500 }, 'server'],
      [{ kind: 'html', status: 502 }, 'server'],
      [{ kind: 'redirect', status: 307, location: other }, 'redirect'],
      [{ kind: 'restliError', status: 500, message: 'boom' }, 'server'],
      [{ kind: 'status', status: 200, body: '{"value":' }, 'invalidResponse'],
    ];
    const client = clientFor(sandbox.url, { retries: 0, timeoutMs: 400, maxResponseBytes: 1_000_000 });
    try {
      for (const [fault, kind] of faults) {
        sandbox.addFault({ times: 1, action: 'getIndexSizes', fault });
        const e = await rejectsWith(client.getIndexSizes(), kind);
        // Every message ends with something to do.
        assert.match(e.message, /\b(retry|check|set|try|raise|ask)\b.*[.?]$/i, `${fault.kind}: ${e.message}`);
        const { indices } = await client.getIndexSizes();
        assert.ok(indices.length > 0, `no recovery after ${fault.kind}`);
      }
      const restored = await client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
      assert.ok(restored.rowsMigrated > 0);
    } finally {
      await client.close();
    }
  });
});

describe('a server that echoes the token', () => {
  const TOKEN = 'echoed-secret-token-0123456789';
  let server: Server;
  let url = '';
  before(async () => {
    server = createServer((req, res) => {
      const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
      const action = new URL(req.url ?? '/', 'http://x').searchParams.get('action');
      req.resume();
      if (action === 'getIndexSizes') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ value: { indexSizes: [{ indexName: `dataset_${token}aspect_v1`, sizeInMb: 1 }] } }));
      } else if (action === 'restoreIndices') {
        res.writeHead(400, { 'content-type': 'application/json', 'x-restli-error-response': 'true' });
        res.end(JSON.stringify({ message: `Authorization "Bearer ${token}" is not valid here`, status: 400, stackTrace: `at ${token}` }));
      } else if (action === 'truncateTimeseriesAspect') {
        res.writeHead(302, { location: `http://127.0.0.1:9/login?token=${token}` });
        res.end();
      } else {
        res.writeHead(500, { 'content-type': 'text/html' });
        res.end(`<html><body>debug: ${token}</body></html>`);
      }
    });
    url = `http://127.0.0.1:${await listen(server)}`;
  });
  after(() => stopServer(server));

  it('keeps it out of messages, server messages, logged bodies, Locations and returned values', async () => {
    const client = createGmsClient({ gmsUrl: url, token: TOKEN, retries: 0, api: 'restli' });
    try {
      const sizes = await client.getIndexSizes();
      const failures = [
        await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'badRequest'),
        await rejectsWith(client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - 86_400_000 }), 'redirect'),
        await rejectsWith(client.getEsTaskStatus('n:1'), 'server'),
      ];
      const seen = JSON.stringify([sizes, ...failures.map((e) => [e.message, e.serverMessage, e.body, e.location])]);
      assert.ok(!seen.includes(TOKEN), seen);
      assert.match(seen, /<redacted>/);
    } finally {
      await client.close();
    }
  });
});

describe('values nested too deeply to print', () => {
  it('every parser still answers with GmsError invalidResponse', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = i % 2 ? [deep] : { a: deep };
    for (const parse of [parseIndexSizes, parseRestoreResult, parseTruncateResult, (v: unknown) => parseTaskStatus(v, 'n:1')]) {
      assert.throws(
        () => parse(deep),
        (e: unknown) => isGmsError(e) && e.kind === 'invalidResponse' && !/\n/.test(e.message),
      );
    }
  });
});
