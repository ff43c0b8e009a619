// TLS certificate checks turned off for one connection only, against an https
// server with a self-signed certificate: the connection that opts out works and is
// marked in the status bar and in Test Connection, with a warning the first time;
// another connection to the same server is still refused; a production connection
// cannot opt out; the old global switch is gone and moves to the connections with
// a notice.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { ShownText } from '../../../src/platform/safeWindow';
import { Commands } from '../../../src/shared/commandIds';
import { activateExtension, run, useSandboxConnection } from '../../host/inHost';
import { selfSignedCert, tlsServer, type LocalServer } from '../support/hardening';
import { waitFor } from '../support/core';

type Entry = Record<string, unknown>;

async function setConnections(entries: Entry[]): Promise<void> {
  await vscode.workspace.getConfiguration('datahub').update('connections', entries, vscode.ConfigurationTarget.Global);
  const { services } = await activateExtension();
  await waitFor(() => services.connections.list().length === entries.length, 'the connections to be read');
}

describe('security: TLS certificate checks off per connection only', function () {
  this.timeout(30_000);
  const pair = selfSignedCert();
  let server: LocalServer;
  const shown: ShownText[] = [];
  before(async () => {
    server = await tlsServer(pair);
    (await activateExtension()).screen.record(shown);
  });
  after(async () => {
    (await activateExtension()).screen.record(undefined);
    await server.close();
    fs.rmSync(pair.certFile, { force: true });
    await useSandboxConnection({ token: 'admin' });
  });

  it('the global switch is gone from package.json; a connection entry takes "rejectUnauthorized"', () => {
    const manifest = vscode.extensions.getExtension('datahub-index-ops.datahub-index-ops')?.packageJSON as {
      contributes: { configuration: Array<{ properties: Record<string, { items?: { properties: Record<string, unknown> } }> }> };
    };
    const properties = Object.assign({}, ...manifest.contributes.configuration.map((block) => block.properties)) as Record<
      string,
      { items?: { properties: Record<string, unknown> } }
    >;
    assert.equal(properties['datahub.tls.rejectUnauthorized'], undefined);
    assert.ok(properties['datahub.connections'].items?.properties.rejectUnauthorized);
  });

  it('the opted-out connection works, is marked in the status bar and Test Connection, and warns once; another is refused', async () => {
    await setConnections([
      { name: 'dev-tls', gmsUrl: server.url, rejectUnauthorized: false },
      { name: 'checked', gmsUrl: server.url },
    ]);
    await run(Commands.switchConnection, { name: 'dev-tls' });
    const { statusBar } = await activateExtension();
    await waitFor(() => statusBar?.item.text.includes('dev-tls') === true, 'the status bar to show dev-tls');
    assert.match(statusBar?.item.text ?? '', /\$\(unlock\) TLS unchecked/);
    assert.match(String(statusBar?.item.tooltip), /TLS certificate checks are OFF for this connection/);

    shown.length = 0;
    const result = await run<{ tlsChecksOff?: boolean; indexCount: number }>(Commands.testConnection, { connection: 'dev-tls' });
    assert.equal(result.tlsChecksOff, true);
    assert.equal(result.indexCount, 1);
    await run(Commands.testConnection, { connection: 'dev-tls' });
    const warnings = shown.filter((s) => s.text.startsWith('TLS certificate checks are OFF for "dev-tls"'));
    assert.equal(warnings.length, 1, 'warned once, on first use');

    const seen = server.seen.length;
    await assert.rejects(run(Commands.testConnection, { connection: 'checked' }), /certificate of https:\/\/127\.0\.0\.1:\d+ was not accepted/);
    assert.equal(server.seen.length, seen, 'nothing reached the server over the unverified connection');
  });

  it('a production connection refuses the opt-out, saying so: checks stay on, no marking', async () => {
    shown.length = 0;
    await setConnections([{ name: 'prod-tls', gmsUrl: server.url, environment: 'production', rejectUnauthorized: false }]);
    await waitFor(
      () => shown.some((s) => s.surface === 'warning' && /"prod-tls" is a production connection: its certificate checks cannot be turned off/.test(s.text)),
      'the refusal on screen',
    );
    const { services, statusBar } = await activateExtension();
    assert.equal(services.connections.get('prod-tls')?.rejectUnauthorized, undefined);
    await run(Commands.switchConnection, { name: 'prod-tls' });
    await waitFor(() => statusBar?.item.text.includes('prod-tls') === true, 'the status bar to show prod-tls');
    assert.doesNotMatch(statusBar?.item.text ?? '', /TLS unchecked/);
    const seen = server.seen.length;
    await assert.rejects(run(Commands.testConnection, { connection: 'prod-tls' }), /was not accepted/);
    assert.equal(server.seen.length, seen);
  });

  it('an old global datahub.tls.rejectUnauthorized: false moves to the connections that may have it, with a notice', async function () {
    this.timeout(120_000);
    await setConnections([
      { name: 'dev', gmsUrl: server.url },
      { name: 'prod', gmsUrl: 'https://prod.internal', environment: 'production' },
    ]);
    const config = () => vscode.workspace.getConfiguration('datahub');
    // The host starts with the old line in its user settings.json, as a user who upgraded has it
    // (test/host/runIntegration.ts): it was read at activation, moved once, and is not read again.
    assert.equal(config().inspect('tls.rejectUnauthorized')?.globalValue, false);
    const { services, tls } = await activateExtension();
    assert.ok(await tls?.atActivation, 'the move ran at activation');
    await services.context.globalState.update('datahub.tlsGlobalMigrated', undefined);
    shown.length = 0;
    const plan = await tls?.migrate();
    assert.deepEqual(plan, { optOut: ['dev'], refused: ['prod'] });
    assert.equal(await tls?.migrate(), undefined, 'once only');
    assert.deepEqual(config().inspect<Entry[]>('connections')?.globalValue, [
      { name: 'dev', gmsUrl: server.url, rejectUnauthorized: false },
      { name: 'prod', gmsUrl: 'https://prod.internal', environment: 'production' },
    ]);
    const notice = shown.find((s) => s.surface === 'warning' && s.text.startsWith('datahub.tls.rejectUnauthorized: false'));
    assert.ok(notice, 'a notice was shown');
    assert.match(notice.text, /now off only for "dev".*Checks stay ON for "prod".*Remove the old line/);
  });
});
