// Connections and tokens, driven through the commands' programmatic contract
// against the sandbox: what is stored where, which server sees which token.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { tokenSecretKey } from '../../../src/shared/connections';
import {
  api,
  exec,
  connectSandbox,
  rejection,
  removeAllConnections,
  sandbox,
  sandboxUrl,
  SANDBOX_TOKENS,
  startOtherServer,
  waitFor,
  SIZES_PATH,
  type OtherServer,
} from '../support/core';
import { Commands } from '../../../src/shared/commandIds';

describe('core: connections and tokens', () => {
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
  });
  afterEach(async () => {
    await sandbox.reset();
  });
  after(async () => {
    await removeAllConnections();
  });

  it('activates with an API and, without connections, asks for one', async () => {
    const { services, indicesView, activationTimings } = await api();
    // Activation does no network and no file reads: it stays fast.
    const ms = activationTimings.activateEnded - activationTimings.activateStarted;
    console.log(`      activate() took ${ms.toFixed(1)} ms`);
    assert.ok(ms < 250, `activate() took ${ms} ms`);
    assert.deepEqual(services.connections.list(), []);
    assert.equal(indicesView.treeView.description, undefined);
    // The view stays empty so the welcome content (Add Connection / Import) shows.
    assert.deepEqual(await indicesView.provider.getChildren(), []);
  });

  it('adds a connection: normalised URL in user settings, token only in secret storage, active', async () => {
    const result = await exec<{ name: string; gmsUrl: string }>(Commands.addConnection, {
      name: 'sandbox',
      gmsUrl: `${sandboxUrl()}/`,
      token: SANDBOX_TOKENS.admin,
    });
    assert.deepEqual(result, { name: 'sandbox', gmsUrl: sandboxUrl(), message: 'DataHub connection "sandbox" added and active.' });
    const { services, indicesView } = await api();
    assert.equal(services.connections.active()?.name, 'sandbox');
    const stored = vscode.workspace.getConfiguration('datahub').inspect('connections')?.globalValue;
    assert.deepEqual(stored, [{ name: 'sandbox', gmsUrl: sandboxUrl() }]);
    assert.ok(!JSON.stringify(stored).includes(SANDBOX_TOKENS.admin));
    const key = tokenSecretKey({ name: 'sandbox', gmsUrl: sandboxUrl() });
    assert.equal(await services.context.secrets.get(key), SANDBOX_TOKENS.admin);
    await waitFor(() => indicesView.treeView.description === 'sandbox', 'the view to name the connection');
  });

  it('refuses a duplicate name and an invalid URL with messages that say what to do', async () => {
    const duplicate = await rejection(exec(Commands.addConnection, { name: 'sandbox', gmsUrl: 'http://127.0.0.1:9' }));
    assert.match(duplicate.message, /already exists/);
    const invalid = await rejection(exec(Commands.addConnection, { name: 'x', gmsUrl: 'localhost:8080' }));
    assert.match(invalid.message, /add the scheme/);
    assert.equal((await api()).services.connections.list().length, 1);
  });

  it('tests the connection: latency, index count, and the sandbox saw the admin token', async () => {
    await sandbox.clearRequests();
    const result = await exec<{ connection: string; latencyMs: number; indexCount: number }>(Commands.testConnection, {});
    assert.equal(result.connection, 'sandbox');
    assert.equal(result.indexCount, 10);
    assert.ok(result.latencyMs >= 0 && result.latencyMs < 5000);
    // On a server without the OpenAPI operations, the first request is also a 404 that tells the transport.
    const seen = (await sandbox.indexSizeRequests()).filter((r) => r.status !== 404);
    assert.equal(seen.length, 1);
    assert.equal(seen[0].tokenName, 'admin');
  });

  it('sets and clears the access token; without one DataHub answers 401 and the message says so', async () => {
    const set = await exec<{ connection: string }>(Commands.setAccessToken, { token: SANDBOX_TOKENS.reader });
    assert.deepEqual(set, { connection: 'sandbox', message: `Access token stored for "sandbox" in VS Code's secret storage.` });
    await sandbox.clearRequests();
    await exec(Commands.testConnection, {});
    assert.equal((await sandbox.indexSizeRequests())[0].tokenName, 'reader');

    const cleared = await exec<{ connection: string }>(Commands.clearAccessToken, {});
    assert.deepEqual(cleared, { connection: 'sandbox', message: 'Access token cleared for "sandbox".' });
    const { services } = await api();
    assert.equal(await services.connections.getToken(services.connections.active()!), undefined);
    await sandbox.clearRequests();
    const error = await rejection(exec(Commands.testConnection, {}));
    assert.match(error.message, /401/);
    assert.match(error.message, /access token/i);
    const seen = await sandbox.indexSizeRequests();
    assert.equal(seen.length, 1);
    assert.equal(seen[0].headers.authorization, undefined, 'no Authorization header without a token');
  });

  it('refuses an empty token', async () => {
    const error = await rejection(exec(Commands.setAccessToken, { token: '   ' }));
    assert.match(error.message, /token/);
  });

  it('switches connections and refuses an unknown name', async () => {
    await exec(Commands.addConnection, { name: 'frontend', gmsUrl: `${sandboxUrl()}/api/gms`, token: SANDBOX_TOKENS.admin });
    const { services } = await api();
    assert.equal(services.connections.active()?.name, 'frontend');
    assert.deepEqual(await exec(Commands.switchConnection, { name: 'sandbox' }), { name: 'sandbox', message: 'DataHub connection "sandbox" is active.' });
    assert.equal(services.connections.active()?.name, 'sandbox');
    const error = await rejection(exec(Commands.switchConnection, { name: 'nope' }));
    assert.match(error.message, /no connection named "nope"/);
    // Through the frontend path, the same server answers.
    const test = await exec<{ indexCount: number }>(Commands.testConnection, { connection: 'frontend' });
    assert.equal(test.indexCount, 10);
    const paths = (await sandbox.indexSizeRequests()).map((r) => r.path);
    assert.ok(paths.includes(`/api/gms${SIZES_PATH}`), paths.join(', '));
  });

  it('removes a connection and deletes its token', async () => {
    const { services } = await api();
    const frontend = services.connections.get('frontend')!;
    assert.ok(await services.connections.getToken(frontend));
    assert.deepEqual(await exec(Commands.removeConnection, { name: 'frontend' }), { name: 'frontend', message: 'DataHub connection "frontend" removed.' });
    assert.equal(services.connections.get('frontend'), undefined);
    assert.equal(await services.context.secrets.get(tokenSecretKey(frontend)), undefined);
    assert.equal(services.connections.active()?.name, 'sandbox');
  });

  describe('tokens stay with their server', () => {
    let other: OtherServer;
    before(async () => {
      other = await startOtherServer();
      await removeAllConnections();
    });
    after(async () => {
      await other.close();
      await removeAllConnections();
    });

    it("one connection's token never reaches another connection's server", async () => {
      await connectSandbox('sandbox', SANDBOX_TOKENS.admin);
      await exec(Commands.addConnection, { name: 'other', gmsUrl: other.url });
      const result = await exec<{ indexCount: number }>(Commands.testConnection, { connection: 'other' });
      assert.equal(result.indexCount, 1);
      await exec(Commands.testConnection, { connection: 'sandbox' });
      await exec(Commands.refreshIndexSizes, {});
      assert.ok(other.requests.length >= 2);
      assert.ok(
        other.requests.every((r) => r.authorization === undefined),
        'the other server received an Authorization header',
      );
    });

    it('pointing a connection at another origin does not carry its token over', async () => {
      const { services } = await api();
      const entries = [
        { name: 'sandbox', gmsUrl: other.url },
        { name: 'other', gmsUrl: other.url },
      ];
      await vscode.workspace.getConfiguration('datahub').update('connections', entries, vscode.ConfigurationTarget.Global);
      await waitFor(() => services.connections.get('sandbox')?.gmsUrl === other.url, 'the edited URL');
      other.requests.length = 0;
      await exec(Commands.testConnection, { connection: 'sandbox' });
      // One sizes request over Rest.li (after the 404 that tells the other server has no OpenAPI operations), and no token on any.
      assert.equal(other.requests.filter((r) => r.url.startsWith('/operations')).length, 1);
      assert.ok(other.requests.every((r) => r.authorization === undefined));
      assert.equal(await services.connections.getToken(services.connections.get('sandbox')!), undefined);
      // Back to the sandbox origin: the token is there again.
      await vscode.workspace.getConfiguration('datahub').update('connections', [{ name: 'sandbox', gmsUrl: sandboxUrl() }], vscode.ConfigurationTarget.Global);
      await waitFor(() => services.connections.get('sandbox')?.gmsUrl === sandboxUrl(), 'the URL back');
      assert.equal(await services.connections.getToken(services.connections.get('sandbox')!), SANDBOX_TOKENS.admin);
    });
  });

  describe('import from the DataHub CLI', () => {
    const envFile = path.join(os.homedir(), '.datahubenv');
    before(async () => {
      await removeAllConnections();
      assert.ok(!process.env.DATAHUB_GMS_URL && !process.env.DATAHUB_GMS_HOST, 'the test host must not set DATAHUB_GMS_* variables');
    });
    after(async () => {
      fs.rmSync(envFile, { force: true });
      await removeAllConnections();
    });

    it('says what to do when the CLI is not configured', async () => {
      fs.rmSync(envFile, { force: true });
      const error = await rejection(exec(Commands.importFromCli, {}));
      assert.match(error.message, /datahub init/);
    });

    it('imports ~/.datahubenv with its token and uses it', async () => {
      fs.writeFileSync(envFile, `gms:\n  server: ${sandboxUrl()}/\n  token: ${SANDBOX_TOKENS.restorer}\nkafka:\n  bootstrap: null\n`);
      const result = await exec<{ name: string; gmsUrl: string; source: string; hasToken: boolean }>(Commands.importFromCli, {
        name: 'from-cli',
      });
      assert.deepEqual(
        { name: result.name, gmsUrl: result.gmsUrl, source: result.source, hasToken: result.hasToken },
        { name: 'from-cli', gmsUrl: sandboxUrl(), source: '~/.datahubenv', hasToken: true },
      );
      const { services } = await api();
      assert.equal(services.connections.active()?.name, 'from-cli');
      await sandbox.clearRequests();
      await exec(Commands.testConnection, {});
      assert.equal((await sandbox.indexSizeRequests())[0].tokenName, 'restorer');
    });

    it('importing the same server again reuses the connection', async () => {
      const result = await exec<{ name: string; created: boolean }>(Commands.importFromCli, {});
      assert.equal(result.name, 'from-cli');
      assert.equal(result.created, false);
      assert.equal((await api()).services.connections.list().length, 1);
    });
  });
});
