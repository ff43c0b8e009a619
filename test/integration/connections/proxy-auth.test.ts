// A GMS reachable only through a corporate proxy that asks for credentials: the
// credentials set in VS Code's http.proxyAuthorization reach the proxy (and only the
// proxy: GMS sees the token, never the proxy's header); without them Test Connection
// and index sizes fail saying which setting to fill in.
import * as assert from 'node:assert/strict';
import { Commands } from '../../../src/shared/commandIds';
import { run, sandbox, useSandboxConnection } from '../../host/inHost';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { startAuthProxy, type AuthProxy } from '../support/authProxy';
import { rejection, sandboxUrl, settledRoots } from '../support/core';
import { setUserSetting } from '../support/hardening';

const CREDENTIALS = `Basic ${Buffer.from('ops:corp-proxy-pass').toString('base64')}`;
// A name nobody resolves: only the proxy can reach it (it sends every host to the sandbox).
const BEHIND = 'http://gms.behind-proxy.invalid';

describe('corporate proxy: http.proxyAuthorization', function () {
  this.timeout(60_000);
  let proxy: AuthProxy;

  before(async () => {
    await sandbox.reset();
    proxy = await startAuthProxy(CREDENTIALS, Number(new URL(sandboxUrl()).port));
    await run(Commands.addConnection, { name: 'behind-proxy', gmsUrl: BEHIND, token: SANDBOX_TOKENS.admin });
    await run(Commands.switchConnection, { name: 'behind-proxy' });
    await setUserSetting('http', 'proxy', proxy.url);
  });
  after(async () => {
    await setUserSetting('http', 'proxyAuthorization', undefined);
    await setUserSetting('http', 'proxy', undefined);
    await proxy.close();
    await run(Commands.removeConnection, { name: 'behind-proxy' }).then(undefined, () => undefined);
    await useSandboxConnection({ token: 'admin' });
  });

  it('without credentials: Test Connection and index sizes fail naming http.proxyAuthorization; nothing reaches GMS', async () => {
    await setUserSetting('http', 'proxyAuthorization', undefined);
    await sandbox.clearRequests();
    const test = await rejection(run(Commands.testConnection, { connection: 'behind-proxy' }));
    assert.match(test.message, /407 Proxy Authentication Required\): set VS Code's http\.proxyAuthorization/);
    const sizes = await rejection(run(Commands.refreshIndexSizes, {}));
    assert.match(sizes.message, /The proxy refused to forward to http:\/\/gms\.behind-proxy\.invalid \(407/);
    assert.ok(!sizes.message.includes(SANDBOX_TOKENS.admin), 'the token in the message');
    assert.ok(proxy.seen.length > 0 && proxy.seen.every((s) => s.status === 407 && s.proxyAuthorization === undefined), 'asked without credentials');
    assert.deepEqual(await sandbox.requests(), [], 'a request reached GMS past the proxy');
  });

  it('with http.proxyAuthorization: Test Connection and index sizes work through the proxy; GMS gets the token, not the proxy credentials', async () => {
    await setUserSetting('http', 'proxyAuthorization', CREDENTIALS);
    proxy.seen.length = 0;
    await sandbox.clearRequests();
    const result = await run<{ indexCount: number }>(Commands.testConnection, { connection: 'behind-proxy' });
    assert.ok(result.indexCount > 0, `indexCount ${result.indexCount}`);
    const snapshot = await run<{ connection: { name: string }; indices: unknown[] }>(Commands.refreshIndexSizes, {});
    assert.equal(snapshot.connection.name, 'behind-proxy');
    assert.ok(snapshot.indices.length > 0);
    const items = await settledRoots('the groups behind the proxy');
    assert.ok(items.length > 0 && items.every((i) => i.node.kind === 'group'), `roots: ${items.map((i) => i.label).join(' | ')}`);
    assert.ok(proxy.seen.length > 0, 'the proxy was not used');
    assert.ok(
      proxy.seen.every((s) => s.status === 200 && s.proxyAuthorization === CREDENTIALS && s.target.startsWith('gms.behind-proxy.invalid:80')),
      JSON.stringify(proxy.seen),
    );
    const requests = await sandbox.requests();
    assert.ok(requests.length > 0);
    for (const r of requests) {
      assert.equal(r.tokenName, 'admin');
      assert.equal(r.headers['proxy-authorization'], undefined, 'the proxy credentials reached GMS');
      assert.equal(r.headers.host, 'gms.behind-proxy.invalid');
    }
  });
});
