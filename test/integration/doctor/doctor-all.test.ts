// The Doctor on every connection and Compare Connections inside VS Code: the run's sandbox (healthy), a
// second sandbox started here (a red cluster, an older reported version, more datasets, a token of its own),
// a port that accepts and never answers, and a connection without a token. The two sandboxes are reached as
// through datahub-frontend (…/api/gms), where GMS's own /config reports its version. Every connection's verdict, the
// hung one bounded by its own time limit, reads only, each token to its own server only; a comparison whose
// version and counts rows differ and come first; a side that cannot be read says why.
import * as assert from 'node:assert/strict';
import { createServer, type Server, type Socket } from 'node:net';
import * as vscode from 'vscode';
import { run, sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import type { CompareConnectionsResult, DiagnoseAllResult } from '../../../src/doctor';
import { Commands } from '../../../src/shared/commandIds';
import { ALL_PRIVILEGES, SANDBOX_TOKENS, type RecordedRequest, type Sandbox } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';
import { SANDBOX_API, waitFor, api } from '../support/core';
import { needsOpenapi } from '../support/doctor';

const OTHER_TOKEN = 'other-admin-token-9876543210';
const HUNG_TOKEN = 'hung-admin-token-5555555555';

/** A port that accepts and never answers; what reached it is kept. */
async function hungPort(): Promise<{ url: string; received: string[]; stop(): Promise<void> }> {
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

const tokenNames = (requests: readonly RecordedRequest[]) => [...new Set(requests.filter((q) => q.tokenName !== undefined).map((q) => q.tokenName))];
/** A GraphQL query (the GC's read) is a POST that changes nothing; a mutation, or any other POST, is a write. */
const isQuery = (q: RecordedRequest) => q.path.endsWith('/api/graphql') && /^\s*query\b/.test(String((q.body as { query?: unknown } | undefined)?.query ?? ''));
const writes = (requests: readonly RecordedRequest[]) =>
  requests.filter((q) => q.method !== 'GET' && q.method !== 'HEAD' && !isQuery(q)).map((q) => `${q.method} ${q.path}`);

describe('doctor: every connection at once, and two side by side', function () {
  this.timeout(120_000);
  let other: Sandbox;
  let hung: Awaited<ReturnType<typeof hungPort>>;

  before(async function () {
    needsOpenapi(this);
    await sandbox.reset();
    other = await startSandbox({ api: SANDBOX_API, auth: { enabled: true, tokens: { other: { token: OTHER_TOKEN, privileges: [...ALL_PRIVILEGES] } } } });
    const control = (route: string, body: unknown) =>
      fetch(`${other.url}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => assert.equal(r.status, 200, route));
    await control('/doctor', { states: ['red'] });
    await control('/entityCounts', { entityType: 'dataset', active: 120, softDeleted: 3 });
    other.setReportedVersion('v0.14.1');
    hung = await hungPort();
    const { services } = await api();
    await vscode.workspace.getConfiguration('datahub').update(
      'connections',
      [
        { name: 'healthy', gmsUrl: `${sandboxUrl()}/api/gms`, environment: 'staging' },
        { name: 'red', gmsUrl: `${other.url}/api/gms`, environment: 'production' },
        { name: 'hung', gmsUrl: hung.url },
        { name: 'tokenless', gmsUrl: sandboxUrl() },
      ],
      vscode.ConfigurationTarget.Global,
    );
    await waitFor(() => services.connections.list().length === 4, 'the four connections to be read');
    await run(Commands.setAccessToken, { connection: 'healthy', token: SANDBOX_TOKENS.admin });
    await run(Commands.setAccessToken, { connection: 'red', token: OTHER_TOKEN });
    await run(Commands.setAccessToken, { connection: 'hung', token: HUNG_TOKEN });
    await vscode.commands.executeCommand(Commands.clearAccessToken, { connection: 'tokenless' });
  });
  after(async () => {
    await other?.stop();
    await hung?.stop();
    await useSandboxConnection({ token: 'admin' });
  });

  it("every connection's verdict, the hung one bounded, reads only, each token to its own server", async () => {
    await sandbox.clearRequests();
    other.clearRequests();
    const started = Date.now();
    const r = await run<DiagnoseAllResult>(Commands.diagnoseAll, { timeoutSeconds: 4 });
    const elapsed = Date.now() - started;
    assert.deepEqual(
      r.connections.map((c) => [c.name, c.verdict]),
      [
        ['healthy', 'ok'],
        ['red', 'failing'],
        ['hung', 'unreachable'],
        ['tokenless', 'noToken'],
      ],
      r.connections.map((c) => `${c.name}: ${c.summary}`).join('\n'),
    );
    const [healthy, red, dead] = r.connections;
    assert.equal(healthy.environment, 'staging');
    assert.equal(healthy.gmsOrigin, sandboxUrl(), 'the origin only, no path');
    assert.equal(red.areas.searchCluster.verdict, 'failing');
    assert.match(red.summary, /red/);
    assert.match(dead.summary, /^GMS did not answer/);
    assert.ok(elapsed < 3 * 4000 + 4000, `${elapsed} ms: the hung connection is held by its own time limits`);
    assert.match(r.message, /^DataHub Doctor on 4 connections: 1 unreachable, 1 failing, 1 no token, 1 ok\./);
    assert.match(r.markdown, /\| Connection \| Environment \| Verdict \| GMS \| Search cluster \| Consumers and lag \| Failed writes \| Version \|/);
    assert.match(r.documentUri, /^datahub-doctor:/);
    // DataHub's GC of each connection read: the seeded one runs as scheduled; the hung one and the tokenless one say why not.
    assert.equal(healthy.gc?.verdict, 'ok');
    assert.match(r.markdown, /^## DataHub GC$/m);
    assert.match(r.markdown, /^- \*\*healthy\*\*: OK, The GC runs as scheduled/m);
    assert.match(r.markdown, /^- \*\*tokenless\*\*: not read \(no token\)$/m);
    assert.doesNotMatch(r.markdown, /not read yet/);

    const here = await sandbox.requests();
    assert.deepEqual(writes(here), []);
    assert.deepEqual(writes(other.requests), []);
    assert.deepEqual(tokenNames(here), ['admin'], 'only the healthy connection’s token reached the run’s sandbox');
    assert.deepEqual(
      here.filter((q) => q.tokenName === undefined).map((q) => q.path),
      ['/api/gms/health'],
      'the tokenless connection (the root URL) sent nothing; the healthy one read /health without a token, as anyone may',
    );
    assert.deepEqual(tokenNames(other.requests), ['other']);
    const toHung = hung.received.join('');
    assert.ok(toHung.includes(`Bearer ${HUNG_TOKEN}`), 'the hung connection sent its own token');
    for (const t of [SANDBOX_TOKENS.admin, OTHER_TOKEN]) assert.ok(!toHung.includes(t), 'no other token reached the hung port');
  });

  it('a comparison whose version and counts rows differ and come first; reads only', async () => {
    await sandbox.clearRequests();
    other.clearRequests();
    const r = await run<CompareConnectionsResult>(Commands.compareConnections, { left: 'healthy', right: 'red' });
    assert.deepEqual(r.left, { name: 'healthy' });
    assert.deepEqual(r.right, { name: 'red' });
    assert.deepEqual(
      r.sections.map((s) => s.id),
      ['version', 'transport', 'settings', 'entityCounts', 'indexSizes', 'gc'],
    );
    const section = (id: string) => r.sections.find((s) => s.id === id)!;
    const version = section('version');
    assert.equal(version.rows[0].key, 'version');
    assert.equal(version.rows[0].differs, true);
    assert.equal(version.rows[0].right, 'v0.14.1');
    const counts = section('entityCounts');
    const firstSame = counts.rows.findIndex((row) => !row.differs);
    assert.ok(firstSame > 0 && counts.rows.slice(firstSame).every((row) => !row.differs), 'the differences first');
    const dataset = counts.rows.find((row) => row.key === 'dataset');
    assert.equal(dataset?.differs, true);
    assert.equal(dataset?.difference, '+120 active, +3 soft-deleted');
    assert.ok(counts.rows.some((row) => row.key === 'chart' && !row.differs));
    assert.equal(section('settings').rows.length, 8);
    // Both GCs read: their findings, schedule and every stage's settings, side by side.
    const gc = section('gc');
    assert.equal(gc.rows.find((row) => row.key === 'findings')?.left, 'ok (ok)');
    assert.equal(gc.rows.find((row) => row.key === 'softDeletedCleanup.limit_entities_delete')?.right, '25000');
    assert.match(r.message, /^Compare "healthy" vs "red": \d+ difference\(s\): version 1, entityCounts 2/);
    assert.deepEqual(writes(await sandbox.requests()), []);
    assert.deepEqual(writes(other.requests), []);
    assert.deepEqual(tokenNames(await sandbox.requests()), ['admin']);
    assert.deepEqual(tokenNames(other.requests), ['other']);
  });

  it('a side that cannot be read says why; the other side still shows; bad input reads nothing', async () => {
    const started = Date.now();
    const r = await run<CompareConnectionsResult>(Commands.compareConnections, {
      left: 'healthy',
      right: 'hung',
      sections: ['version', 'entityCounts'],
      timeoutSeconds: 4,
    });
    assert.ok(Date.now() - started < 2 * 4000 + 4000);
    assert.equal(r.left.unreadable, undefined);
    assert.match(r.right.unreadable ?? '', /nothing answered/);
    const counts = r.sections.find((s) => s.id === 'entityCounts')!;
    assert.ok(counts.rows.length > 3 && counts.rows.every((row) => row.left !== undefined && row.right === undefined && !row.differs));
    assert.match(counts.unread?.right ?? '', /No answer within 4 s/);
    const noToken = await run<CompareConnectionsResult>(Commands.compareConnections, { left: 'tokenless', right: 'healthy', sections: ['version'] });
    assert.match(noToken.left.unreadable ?? '', /no access token/);

    await sandbox.clearRequests();
    await assert.rejects(run(Commands.compareConnections, { left: 'healthy', right: 'healthy' }), /the same connection/);
    await assert.rejects(run(Commands.compareConnections, { left: 'healthy' }), /needs "left" and "right"/);
    await assert.rejects(run(Commands.diagnoseAll, { connections: ['nope'] }), /no connection named "nope"/);
    await assert.rejects(run(Commands.compareConnections, { left: 'healthy', right: 'red', sections: ['garbage'] }), /"sections"/);
    assert.deepEqual(await sandbox.requests(), []);
  });
});
