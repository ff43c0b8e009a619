// The Doctor on many connections (src/doctor/collectAll.ts) over real HTTP: a healthy sandbox, a second one
// with a red cluster, an older reported version and a token of its own, a port that accepts and never
// answers, and a connection without a token. Every verdict; the hung one bounded by its own time limit;
// reads only; each token only on its own server; at most three connections at once.
import { strict as assert } from 'node:assert';
import { createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createGmsClient, type GmsClient } from '../../../src/gms';
import { diagnoseConnections } from '../../../src/doctor/collectAll';
import type { ActiveClient, Connection } from '../../../src/platform/services';
import { ALL_PRIVILEGES, SANDBOX_TOKENS, type Sandbox } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';
import { sandboxControl } from '../helpers';

const OTHER_TOKEN = 'other-admin-token-9876543210';
const HUNG_TOKEN = 'hung-admin-token-5555555555';
/** Each reading's own limit: far over a healthy reading even on a machine at load 30 (3 s was not), so only the hung port meets it. */
const LIMIT = 8000;
const HUNG_ONLY_LIMIT = 500;

interface Hung {
  url: string;
  received: string[];
  stop(): Promise<void>;
}

/** A port that accepts every connection and never answers a byte. */
async function hungServer(): Promise<Hung> {
  const sockets = new Set<Socket>();
  const received: string[] = [];
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', (b: Buffer) => received.push(b.toString('latin1')));
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the Doctor on every connection', () => {
  let healthy: Sandbox;
  let red: Sandbox;
  let hung: Hung;
  const clients: GmsClient[] = [];
  const tokens = new Map<string, string | undefined>();
  const open = (c: Connection): Promise<ActiveClient> => {
    const token = tokens.get(c.name);
    const client = createGmsClient({ gmsUrl: c.gmsUrl, token, timeoutMs: 5000, retries: 0 });
    clients.push(client);
    return Promise.resolve({ connection: c, client, hasToken: token !== undefined });
  };

  before(async () => {
    healthy = await startSandbox({});
    red = await startSandbox({ auth: { enabled: true, tokens: { other: { token: OTHER_TOKEN, privileges: [...ALL_PRIVILEGES] } } } });
    await sandboxControl(red.url, 'POST', '/doctor', { states: ['red'] });
    red.setReportedVersion('v0.14.1');
    hung = await hungServer();
    // Warm: the first reading of a process loads the wire layer's schemas.
    tokens.set('warm', SANDBOX_TOKENS.admin);
    await diagnoseConnections([{ name: 'warm', gmsUrl: healthy.url }], open, { signal: new AbortController().signal });
  });
  after(async () => {
    for (const c of clients) await c.close();
    await healthy.stop();
    await red.stop();
    await hung.stop();
  });

  it('says each connection’s verdict, bounds the hung one, reads only, and sends each token to its own server only', async () => {
    const connections: Connection[] = [
      { name: 'healthy', gmsUrl: healthy.url, environment: 'staging' },
      { name: 'red', gmsUrl: red.url, environment: 'production' },
      { name: 'hung', gmsUrl: hung.url },
      { name: 'tokenless', gmsUrl: healthy.url },
    ];
    tokens.set('healthy', SANDBOX_TOKENS.admin);
    tokens.set('red', OTHER_TOKEN);
    tokens.set('hung', HUNG_TOKEN);
    healthy.clearRequests();
    red.clearRequests();
    const started = performance.now();
    const rows = await diagnoseConnections(connections, open, { signal: new AbortController().signal, timeoutMs: LIMIT });
    const elapsed = performance.now() - started;

    assert.deepEqual(
      rows.map((r) => [r.name, r.verdict]),
      [
        ['healthy', 'ok'],
        ['red', 'failing'],
        ['hung', 'unreachable'],
        ['tokenless', 'noToken'],
      ],
      rows.map((r) => `${r.name}: ${r.summary}`).join('\n'),
    );
    const [ok, failing, unreachable, noToken] = rows;
    assert.equal(ok.environment, 'staging');
    assert.equal(ok.gmsOrigin, healthy.url);
    assert.equal(ok.areas.searchCluster.verdict, 'ok');
    assert.match(ok.areas.version.text, /^v?1\./, 'the healthy GMS names its version');
    assert.equal(failing.areas.searchCluster.verdict, 'failing');
    assert.match(failing.summary, /red/);
    assert.equal(failing.areas.consumers.verdict, 'ok');
    assert.match(unreachable.summary, /^GMS did not answer/);
    assert.equal(noToken.lines, undefined);
    // Each reading has its own time limit (a Kafka reading waits on the transport's): the hung server holds ~2 limits, not more.
    assert.ok(elapsed < 4 * LIMIT + 1500, `${Math.round(elapsed)} ms for all four`);

    // Reads only, and each token on its own server.
    const writes = [...healthy.requests, ...red.requests].filter((q) => q.method !== 'GET' && q.method !== 'HEAD');
    assert.deepEqual(
      writes.map((q) => `${q.method} ${q.path}`),
      [],
    );
    assert.ok(healthy.requests.length > 5 && red.requests.length > 5);
    // GET /health goes without a token (DataHub lets anyone read it): once per connection read, none from the tokenless one.
    const tokenNames = (sandbox: Sandbox) => [...new Set(sandbox.requests.filter((q) => q.tokenName !== undefined).map((q) => q.tokenName))];
    const bare = (sandbox: Sandbox) => sandbox.requests.filter((q) => q.tokenName === undefined).map((q) => `${q.method} ${q.path}`);
    assert.deepEqual(tokenNames(healthy), ['admin']);
    assert.deepEqual(bare(healthy), ['GET /health'], 'the tokenless connection sent nothing');
    assert.deepEqual(tokenNames(red), ['other']);
    assert.deepEqual(bare(red), ['GET /health']);
    const toHung = hung.received.join('');
    assert.match(toHung, new RegExp(`Bearer ${HUNG_TOKEN}`));
    for (const t of [SANDBOX_TOKENS.admin, OTHER_TOKEN]) assert.ok(!toHung.includes(t), 'no other token reaches the hung server');
  });

  it('reads at most three connections at once, the next starting as soon as one ends', async () => {
    const run = async (urls: string[], limit: number) => {
      const starts: number[] = [];
      const t0 = performance.now();
      const five: Connection[] = urls.map((gmsUrl, i) => ({ name: `c${i}`, gmsUrl }));
      for (const c of five) tokens.set(c.name, c.gmsUrl === hung.url ? HUNG_TOKEN : SANDBOX_TOKENS.admin);
      const rows = await diagnoseConnections(
        five,
        (c) => {
          starts.push(performance.now() - t0);
          return open(c);
        },
        { signal: new AbortController().signal, timeoutMs: limit },
      );
      return { rows, starts, total: performance.now() - t0 };
    };
    // Four that never answer: the fourth starts only when one of the first three has ended (its time limit at least; a short one: nothing here answers).
    const allHung = await run(
      Array.from({ length: 4 }, () => hung.url),
      HUNG_ONLY_LIMIT,
    );
    assert.deepEqual([...new Set(allHung.rows.map((r) => r.verdict))], ['unreachable']);
    assert.ok(
      allHung.starts.slice(0, 3).every((t) => t < 300),
      `first three at once: ${allHung.starts.map(Math.round).join(', ')}`,
    );
    assert.ok(allHung.starts[3] >= HUNG_ONLY_LIMIT - 50, `the 4th waits: ${allHung.starts.map(Math.round).join(', ')}`);
    // One hung among healthy ones holds its own slot only: the others go through the other two.
    const oneHung = await run([hung.url, healthy.url, healthy.url, healthy.url, healthy.url], LIMIT);
    assert.deepEqual(
      oneHung.rows.map((r) => r.verdict),
      ['unreachable', 'ok', 'ok', 'ok', 'ok'],
    );
    assert.ok(oneHung.starts[4] < LIMIT - 50, `the healthy ones did not wait for the hung one: ${oneHung.starts.map(Math.round).join(', ')}`);
    assert.ok(oneHung.total < 4 * LIMIT + 1500, `${Math.round(oneHung.total)} ms`);
  });
});
