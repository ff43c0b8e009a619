// Retries (read-only actions only), proxies and NO_PROXY, and input that is
// refused before anything reaches the server.
import { strict as assert } from 'node:assert';
import { after, before, beforeEach, describe, it } from 'node:test';
import { createGmsClient, isGmsError, type GmsClient, type RequestLogEntry } from '../../../src/gms';
import { SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, startTunnelProxy, useSandbox, type TunnelProxy } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

function countFor(action: string): number {
  return sandbox.requests.filter((r) => r.action === action).length;
}

describe('retries', () => {
  it('under a 503, getIndexSizes and getEsTaskStatus retry; restore and truncate never do', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 503, body: 'Service Unavailable' } });
    const client = clientFor(sandbox.url, { retries: 2, retryBaseDelayMs: 5 });
    try {
      await rejectsWith(client.getIndexSizes(), 'server');
      await rejectsWith(client.getEsTaskStatus('n:1'), 'server');
      await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server');
      await rejectsWith(
        client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY, dryRun: false }),
        'server',
      );
      assert.deepEqual(['getIndexSizes', 'getEsTaskStatus', 'restoreIndices', 'truncateTimeseriesAspect'].map(countFor), [3, 3, 1, 1]);
    } finally {
      await client.close();
    }
  });

  it('recovers after transient 502/504 and reset, logging each attempt', async () => {
    const log: RequestLogEntry[] = [];
    const client = clientFor(sandbox.url, { retries: 3, retryBaseDelayMs: 5, onRequest: (e) => log.push(e) });
    try {
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'status', status: 502 } });
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'reset' } });
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'html', status: 504 } });
      const { indices } = await client.getIndexSizes();
      assert.ok(indices.length > 0);
      assert.equal(countFor('getIndexSizes'), 4);
      assert.deepEqual(
        log.map((e) => [e.attempt, e.errorKind]),
        [
          [1, 'server'],
          [2, 'network'],
          [3, 'server'],
          [4, undefined],
        ],
      );
    } finally {
      await client.close();
    }
  });

  it('does not retry a 500, a 4xx or a timeout, and retries: 0 turns retrying off', async () => {
    const log: RequestLogEntry[] = [];
    const client = clientFor(sandbox.url, { retries: 2, retryBaseDelayMs: 5, timeoutMs: 300, onRequest: (e) => log.push(e) });
    try {
      sandbox.addFault({ times: 1, fault: { kind: 'restliError', status: 500, message: 'boom' } });
      await rejectsWith(client.getIndexSizes(), 'server');
      sandbox.addFault({ times: 1, fault: { kind: 'restliError', status: 400, message: 'bad' } });
      await rejectsWith(client.getIndexSizes(), 'badRequest');
      assert.equal(countFor('getIndexSizes'), 2);
      // undici's header timer ticks coarsely (about 0.5 s): the latency leaves room for that.
      sandbox.addFault({ times: 1, fault: { kind: 'latency', ms: 3000 } });
      await rejectsWith(client.getIndexSizes(), 'timeout');
      assert.deepEqual(
        log.map((e) => e.errorKind),
        ['server', 'badRequest', 'timeout'],
        'one attempt each',
      );
    } finally {
      await client.close();
    }
    sandbox.clearRequests();
    const once = clientFor(sandbox.url, { retries: 0 });
    try {
      sandbox.addFault({ fault: { kind: 'status', status: 503 } });
      await rejectsWith(once.getIndexSizes(), 'server');
      assert.equal(countFor('getIndexSizes'), 1);
    } finally {
      await once.close();
    }
  });

  it('never retries after cancellation, even during the backoff', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 503 } });
    const client = clientFor(sandbox.url, { retries: 5, retryBaseDelayMs: 5000 });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = Date.now();
      await rejectsWith(client.getIndexSizes(controller.signal), 'cancelled');
      // Within the first backoff (5 s): the cancel ended the wait, no retry did.
      assert.ok(Date.now() - started < 5000, `took ${Date.now() - started} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
      assert.equal(countFor('getIndexSizes'), 1);
    } finally {
      await client.close();
    }
  });
});

describe('proxy', () => {
  let proxy: TunnelProxy;
  before(async () => {
    proxy = await startTunnelProxy();
  });
  after(async () => {
    await proxy.stop();
  });
  beforeEach(() => {
    proxy.connects.length = 0;
  });

  async function withClient(options: Parameters<typeof clientFor>[1], fn: (c: GmsClient) => Promise<void>): Promise<void> {
    const client = clientFor(sandbox.url, options);
    try {
      await fn(client);
    } finally {
      await client.close();
    }
  }

  it('tunnels through proxyUrl, with the token reaching GMS', async () => {
    await withClient({ proxyUrl: proxy.url, noProxy: '' }, async (c) => {
      await c.getIndexSizes();
    });
    assert.deepEqual(proxy.connects, [`127.0.0.1:${sandbox.port}`]);
    assert.equal(sandbox.requests.at(-1)?.tokenName, 'admin');
  });

  it('goes direct for hosts in noProxy: exact host, host:port, wildcard', async () => {
    for (const noProxy of ['127.0.0.1', `127.0.0.1:${sandbox.port}`, '*', 'example.com, 127.0.0.1']) {
      await withClient({ proxyUrl: proxy.url, noProxy }, (c) => c.getIndexSizes().then(() => undefined));
    }
    assert.deepEqual(proxy.connects, []);
    await withClient({ proxyUrl: proxy.url, noProxy: '127.0.0.1:1' }, (c) => c.getIndexSizes().then(() => undefined));
    assert.equal(proxy.connects.length, 1, 'another port is still proxied');
  });

  it('reads NO_PROXY from the environment when noProxy is not given', async () => {
    const saved = process.env.NO_PROXY;
    process.env.NO_PROXY = '127.0.0.1';
    try {
      await withClient({ proxyUrl: proxy.url }, (c) => c.getIndexSizes().then(() => undefined));
    } finally {
      if (saved === undefined) delete process.env.NO_PROXY;
      else process.env.NO_PROXY = saved;
    }
    assert.deepEqual(proxy.connects, []);
  });

  it('refuses a proxy URL that is not http(s)', () => {
    assert.throws(
      () => clientFor(sandbox.url, { proxyUrl: 'socks5://127.0.0.1:1080', noProxy: '' }),
      (e: unknown) => isGmsError(e) && e.field === 'proxyUrl',
    );
  });
});

describe('validation happens before any request', () => {
  const now = Date.now();
  const cases: Array<[string, (c: GmsClient) => Promise<unknown>, string, string?]> = [
    ['no urn nor urnLike', (c) => c.restoreIndices({}), 'urn', 'wholeDatabaseRestore'],
    ['urn and urnLike', (c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser, urnLike: 'urn:li:corpuser:%' }), 'urnLike'],
    ['unbalanced urn', (c) => c.restoreIndices({ urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD' }), 'urn'],
    ['empty part', (c) => c.restoreIndices({ urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,,PROD)' }), 'urn'],
    ['urn over 512 bytes', (c) => c.restoreIndices({ urn: `urn:li:corpuser:${'é'.repeat(250)}` }), 'urn'],
    ['empty urnLike', (c) => c.restoreIndices({ urnLike: '' }), 'urnLike'],
    ['negative start', (c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser, start: -1 }), 'start'],
    ['batchSize 0', (c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser, batchSize: 0 }), 'batchSize'],
    ['batchSize 10001', (c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser, batchSize: 10_001 }), 'batchSize'],
    ['future endTimeMillis', (c) => c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: now + DAY }), 'endTimeMillis'],
    ['negative endTimeMillis', (c) => c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: -5 }), 'endTimeMillis'],
    ['empty entityType', (c) => c.truncateTimeseriesAspect({ entityType: '', aspect: 'operation', endTimeMillis: now - DAY }), 'entityType'],
    ['aspect with spaces', (c) => c.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'op eration', endTimeMillis: now - DAY }), 'aspect'],
    ['task without number', (c) => c.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg'), 'task'],
    ['task with letters', (c) => c.getEsTaskStatus('node:12a'), 'task'],
  ];

  for (const [name, call, field, code] of cases) {
    it(`refuses ${name} (field ${field})`, async () => {
      const client = clientFor(sandbox.url);
      try {
        const e = await rejectsWith(call(client), 'invalidInput', code);
        assert.equal(e.field, field);
        assert.ok(e.message.startsWith(`${field}: `), e.message);
        assert.equal(sandbox.requests.length, 0);
      } finally {
        await client.close();
      }
    });
  }

  it('refuses a bad gmsUrl when the client is created', () => {
    assert.throws(
      () => createGmsClient({ gmsUrl: 'ftp://127.0.0.1/gms' }),
      (e: unknown) => isGmsError(e) && e.kind === 'invalidInput' && e.field === 'gmsUrl',
    );
    assert.throws(
      () => createGmsClient({ gmsUrl: sandbox.url, token: 'abc\ndef' }),
      (e: unknown) => isGmsError(e) && e.field === 'token' && !e.message.includes('abc'),
    );
  });
});
