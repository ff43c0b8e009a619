// Faults through the extension: for each, "Refresh Index Sizes" fails with a
// message that says what to do, the tree shows the matching error item, and
// once the fault is gone the next refresh brings the groups back. No fault may
// leave an unhandled promise rejection in the extension host.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import type { FaultKind } from '../../sandbox/api';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { closedPort, exec, rejection, settledRoots, startOtherServer, type OtherServer, type ShownItem } from '../support/core';
import { recordUnhandledRejections, refusingProxy, selfSignedCert, setUserSetting, tlsServer, type LocalServer, type RejectionLog } from '../support/hardening';
import { Commands } from '../../../src/shared/commandIds';

const ADMIN = SANDBOX_TOKENS.admin;

interface Snapshot {
  connection: { name: string; gmsUrl: string };
  indices: unknown[];
}

/** The refresh fails; returns its message, after checking it holds no token and gives a next step. */
async function failingRefresh(expected: RegExp): Promise<string> {
  const error = await rejection(exec(Commands.refreshIndexSizes, {}));
  assert.match(error.message, expected);
  // A next step: something to do, or a question that points at what to check.
  assert.match(error.message, /\b(retry|check|set|try|raise|ask|use)\b|\?$/i, `no next step in: ${error.message}`);
  for (const token of Object.values(SANDBOX_TOKENS)) assert.ok(!error.message.includes(token), 'a token in the message');
  return error.message;
}

/** The tree's first item is the error, labelled as expected, its tooltip the full message; a way to retry is offered. */
async function treeShowsError(label: RegExp, message: string): Promise<ShownItem[]> {
  const items = await settledRoots('the error item');
  const [first] = items;
  assert.equal(first?.node.kind === 'message' && first.node.id, 'error', `first item: ${first?.label}`);
  assert.match(first.label, label);
  assert.equal(first.tooltip, message);
  assert.ok(
    items.some((i) => i.command === Commands.refreshIndexSizes || i.command === first.command),
    'no way to act on the error',
  );
  return items;
}

/** The fault is gone: the next refresh works and the tree lists entity groups again. */
async function recovers(connection = 'sandbox'): Promise<void> {
  const snapshot = await exec<Snapshot>(Commands.refreshIndexSizes, {});
  assert.equal(snapshot.connection.name, connection);
  assert.ok(snapshot.indices.length > 0);
  const items = await settledRoots('the groups to come back');
  assert.ok(items.length > 0 && items.every((i) => i.node.kind === 'group'), `roots: ${items.map((i) => i.label).join(' | ')}`);
}

async function useConnection(name: string, gmsUrl: string): Promise<void> {
  await exec(Commands.addConnection, { name, gmsUrl, token: ADMIN });
  await exec(Commands.switchConnection, { name });
}

describe('hardening: faults through the extension', function () {
  this.timeout(60_000);
  let rejections: RejectionLog;

  before(async () => {
    rejections = recordUnhandledRejections();
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    await recovers();
  });
  afterEach(async () => {
    await sandbox.clearFaults();
  });
  after(async () => {
    await setUserSetting('datahub', 'requestTimeoutSeconds', undefined);
    await setUserSetting('http', 'proxy', undefined);
    await setUserSetting('datahub', 'tls.caFile', undefined);
    // Let late rejections surface before the check.
    await new Promise((resolve) => setTimeout(resolve, 500));
    rejections.dispose();
  });

  describe('sandbox faults on getIndexSizes', () => {
    const cases: Array<{ name: string; fault: FaultKind; message: RegExp; label: RegExp }> = [
      {
        name: 'connection reset',
        fault: { kind: 'reset' },
        message: /could not be reached \((ECONNRESET|UND_ERR_SOCKET)\)/,
        label: /^DataHub is unreachable — Retry$/,
      },
      { name: 'reset mid-body', fault: { kind: 'resetMidBody' }, message: /was cut short/, label: /^DataHub is unreachable — Retry$/ },
      { name: 'truncated JSON', fault: { kind: 'truncated' }, message: /not JSON \(cut short, or not DataHub\)/, label: /cannot read — Show Log$/ },
      {
        name: 'oversized body (100 MB declared)',
        fault: { kind: 'oversized', bytes: 100_000_000 },
        message: /larger than the 64 MiB limit/,
        label: /cannot read — Show Log$/,
      },
      {
        name: 'HTML page with 200',
        fault: { kind: 'html', status: 200 },
        message: /an HTML page instead of JSON; the URL may point at the frontend: try http:\/\/127\.0\.0\.1:\d+\/api\/gms/,
        label: /cannot read — Show Log$/,
      },
      {
        name: 'HTML page with 401',
        fault: { kind: 'html', status: 401 },
        message: /^401 from .*the token was refused .*Set a new access token\.$/,
        label: /^The token was refused — Set Access Token$/,
      },
      {
        name: 'HTML page with 500',
        fault: { kind: 'html', status: 500 },
        message: /^500 from .*: the server failed reading index sizes; retry, or check the GMS logs\.$/,
        label: /^DataHub failed \(500\) — Show Log$/,
      },
      {
        name: 'HTML page with 502',
        fault: { kind: 'html', status: 502 },
        message: /^502 from .*unavailable; retry in a moment/,
        label: /^DataHub failed \(502\) — Show Log$/,
      },
    ];
    for (const c of cases) {
      it(`${c.name}: the message says what to do, the tree shows it, the next refresh recovers`, async () => {
        await sandbox.addFault({ action: 'getIndexSizes', fault: c.fault });
        const message = await failingRefresh(c.message);
        await treeShowsError(c.label, message);
        assert.doesNotMatch(message, /<|html>/i, 'markup in the message');
        await sandbox.clearFaults();
        await recovers();
      });
    }

    it('latency beyond the timeout: a timeout that names the setting to raise, then recovery', async () => {
      await setUserSetting('datahub', 'requestTimeoutSeconds', 1);
      try {
        await sandbox.addFault({ action: 'getIndexSizes', fault: { kind: 'latency', ms: 4000 } });
        const started = Date.now();
        const message = await failingRefresh(/did not answer getIndexSizes within 1 s.*raise datahub\.requestTimeoutSeconds/);
        assert.ok(Date.now() - started < 3500, `took ${Date.now() - started} ms`);
        await treeShowsError(/^DataHub did not answer in time — Retry$/, message);
      } finally {
        await setUserSetting('datahub', 'requestTimeoutSeconds', undefined);
      }
      await sandbox.clearFaults();
      await recovers();
    });

    it('a 3xx to another origin: not followed (the other server sees nothing), the URL is what to fix', async () => {
      const other: OtherServer = await startOtherServer();
      try {
        await sandbox.addFault({
          action: 'getIndexSizes',
          fault: { kind: 'redirect', status: 302, location: `${other.url}/api/gms/operations?action=getIndexSizes` },
        });
        const message = await failingRefresh(
          /was redirected to http:\/\/127\.0\.0\.1:\d+\/api\/gms\/operations\?action=getIndexSizes; set the connection URL to the final address\./,
        );
        await treeShowsError(/^DataHub redirected the request elsewhere — Open Settings$/, message);
        assert.deepEqual(other.requests, [], 'the other origin received a request');
      } finally {
        await other.close();
      }
      await sandbox.clearFaults();
      await recovers();
    });
  });

  describe('servers that cannot be used', () => {
    afterEach(async () => {
      await exec(Commands.switchConnection, { name: 'sandbox' });
    });

    it('connection refused: says the server could not be reached; switching back recovers', async () => {
      await useConnection('refused', `http://127.0.0.1:${await closedPort()}`);
      const message = await failingRefresh(/could not be reached \(ECONNREFUSED\): the connection was refused; is GMS running on that host and port\?/);
      await treeShowsError(/^DataHub is unreachable — Retry$/, message);
      await exec(Commands.switchConnection, { name: 'sandbox' });
      await recovers();
    });

    it('TLS with an unknown CA: a tls error naming datahub.tls.caFile; setting it makes the next refresh work', async () => {
      const pair = selfSignedCert();
      const server: LocalServer = await tlsServer(pair);
      try {
        await useConnection('self-signed', server.url);
        const message = await failingRefresh(
          /The certificate of https:\/\/127\.0\.0\.1:\d+ was not accepted \((DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN)\); .*set datahub\.tls\.caFile/,
        );
        await treeShowsError(/^TLS certificate problem — Open Settings$/, message);
        assert.equal(server.seen.length, 0, 'a request (and the token) went to a server whose certificate was refused');
        // Doing what the message says fixes it.
        await setUserSetting('datahub', 'tls.caFile', pair.certFile);
        const snapshot = await exec<Snapshot>(Commands.refreshIndexSizes, {});
        assert.equal(snapshot.connection.name, 'self-signed');
        assert.equal(server.seen.at(-1)?.authorization, `Bearer ${ADMIN}`);
      } finally {
        await setUserSetting('datahub', 'tls.caFile', undefined);
        await server.close();
        fs.rmSync(pair.certFile, { force: true });
      }
      await exec(Commands.switchConnection, { name: 'sandbox' });
      await recovers();
    });

    for (const answer of ['403', 'close'] as const) {
      it(`a proxy that ${answer === '403' ? 'answers CONNECT with 403' : 'closes the connection'}: the proxy is named as the cause; removing it recovers`, async () => {
        const proxy = await refusingProxy(answer);
        try {
          // A host that only the proxy could reach: loopback addresses never go through a proxy.
          await useConnection(`behind-proxy-${answer}`, 'https://gms.example.invalid');
          await setUserSetting('http', 'proxy', proxy.url);
          const expected =
            answer === '403'
              ? /^The proxy refused to connect to https:\/\/gms\.example\.invalid \(403 from the proxy\); check VS Code's http\.proxy setting/
              : /^The proxy closed the connection instead of connecting to https:\/\/gms\.example\.invalid; check VS Code's http\.proxy setting/;
          const started = Date.now();
          const message = await failingRefresh(expected);
          assert.ok(Date.now() - started < 10_000, `took ${Date.now() - started} ms`);
          await treeShowsError(/^DataHub is unreachable — Retry$/, message);
          // Three attempts (getIndexSizes retries network errors twice), each one CONNECT, no storm.
          const connects = proxy.seen.filter((s) => s.method === 'CONNECT');
          assert.ok(connects.length >= 1 && connects.length <= 3, `${connects.length} CONNECTs`);
          assert.ok(
            connects.every((c) => c.authorization === undefined),
            'the token went to the proxy',
          );
        } finally {
          await setUserSetting('http', 'proxy', undefined);
          await proxy.close();
        }
        await exec(Commands.switchConnection, { name: 'sandbox' });
        await recovers();
      });
    }
  });

  // Last: mocha runs a suite's own tests before its nested suites.
  describe('afterwards', () => {
    it('left no unhandled promise rejection in the extension host', async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      assert.deepEqual(rejections.reasons, []);
    });
  });
});
