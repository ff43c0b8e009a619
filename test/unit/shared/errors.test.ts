// What people read when a request fails: real client errors from the sandbox,
// turned into messages and actions by describeError.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { createGmsClient } from '../../../src/gms';
import { describeError } from '../../../src/shared/errors';
import { noConnectionError } from '../../../src/shared/connectionError';
import { arrangeIndices, describeGroup, describeTotals } from '../../../src/indices/logic/indices';
import { formatSize } from '../../../src/shared/format';
import { SANDBOX_TOKENS, startSandbox, type Sandbox } from '../../sandbox';

let sandbox: Sandbox;
before(async () => {
  sandbox = await startSandbox({ auth: { enabled: true } });
});
after(async () => {
  await sandbox.stop();
});

async function failure(gmsUrl: string, token?: string): Promise<unknown> {
  const client = createGmsClient({ gmsUrl, token, timeoutMs: 3000, retries: 0, api: 'restli' });
  try {
    await client.getIndexSizes();
  } catch (error) {
    return error;
  } finally {
    await client.close();
  }
  assert.fail('expected the request to fail');
}

test('the sandbox data as the tree shows it: dataset group with 21.7 GB', async () => {
  const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.admin });
  const { indices } = await client.getIndexSizes();
  await client.close();
  const groups = arrangeIndices(indices, '', 'size');
  assert.equal(groups[0].entityName, 'dataset');
  assert.equal(describeGroup(groups[0]), '3 indices · 21.7 GB');
  assert.equal(formatSize(groups[0].indices[0].sizeMb), '18.3 GB');
  assert.match(describeTotals(indices, new Date(2025, 0, 1, 10, 42)), /^10 indices · 33\.2 GB · fetched 2025-01-01 10:42 \(UTC[+-]\d\d:\d\d\)$/);
});

test('401 without a token asks for one; with a wrong token says it was refused', async () => {
  const connection = { name: 'sandbox', gmsUrl: sandbox.url };
  const none = describeError(await failure(sandbox.url), { connection, hasToken: false });
  assert.equal(none.state, 'unauthorized');
  assert.match(none.message, /none is set/);
  assert.deepEqual(
    none.actions.map((a) => a.command),
    ['datahub.setAccessToken'],
  );
  const wrong = describeError(await failure(sandbox.url, 'not-a-valid-token'), { connection, hasToken: true });
  assert.match(wrong.short, /token was refused/);
  assert.match(wrong.message, /Set a new access token/);
});

test('403 names the privilege', async () => {
  const d = describeError(await failure(sandbox.url, SANDBOX_TOKENS.none), { connection: { name: 's', gmsUrl: sandbox.url }, hasToken: true });
  assert.equal(d.state, 'forbidden');
  assert.match(d.message, /Get Timeseries index sizes API/);
  assert.match(d.short, /Get Timeseries index sizes API/);
});

test('404 from an old server or the frontend root suggests /api/gms', async () => {
  const base = `${sandbox.url}/nothing-here`;
  const d = describeError(await failure(base, SANDBOX_TOKENS.admin), { connection: { name: 's', gmsUrl: base }, hasToken: true });
  assert.equal(d.state, 'notFound');
  assert.ok(d.message.includes(`${sandbox.url}/api/gms`), d.message);
  assert.ok(d.short.includes(`${sandbox.url}/api/gms`), d.short);
});

test('a closed port is unreachable, with Retry and Open Settings', async () => {
  const port = await new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const p = (server.address() as { port: number }).port;
      server.close(() => resolve(p));
    });
  });
  const d = describeError(await failure(`http://127.0.0.1:${port}`), {
    retry: { title: 'Retry', command: 'datahub.refreshIndexSizes' },
  });
  assert.equal(d.state, 'unreachable');
  assert.deepEqual(
    d.actions.map((a) => a.title),
    ['Retry', 'Open Settings'],
  );
  assert.match(d.message, /ECONNREFUSED/);
});

test('no connection offers to add or import one; log lines never carry a bearer token', () => {
  const d = describeError(noConnectionError());
  assert.equal(d.state, 'noConnection');
  assert.deepEqual(
    d.actions.map((a) => a.command),
    ['datahub.addConnection', 'datahub.importFromCli'],
  );
  const err = Object.assign(new Error('x'), { name: 'GmsError', kind: 'server', status: 500, body: 'echo: Authorization: Bearer abc.def' });
  const s = describeError(err);
  assert.ok(s.logDetail.join('\n').includes('Bearer <redacted>'));
  assert.ok(!s.logDetail.join('\n').includes('abc.def'));
});
