// Where a token may go: a workspace cannot redirect it, and the log never holds it.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import {
  api,
  exec,
  connectSandbox,
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

function logFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? logFiles(full) : e.name.endsWith('.log') ? [full] : [];
  });
}

describe('core: token safety', () => {
  let other: OtherServer;
  before(async () => {
    await sandbox.reset();
    await removeAllConnections();
    other = await startOtherServer();
    await connectSandbox('sandbox', SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await other.close();
    await removeAllConnections();
  });

  describe('workspace settings', () => {
    const workspace = process.env.DATAHUB_TEST_WORKSPACE ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    let settingsFile: string;
    let original: string | undefined;
    before(function () {
      if (!workspace) this.skip();
      settingsFile = path.join(workspace!, '.vscode', 'settings.json');
      original = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
    });
    after(async () => {
      if (!settingsFile) return;
      if (original === undefined) fs.rmSync(settingsFile, { force: true });
      else fs.writeFileSync(settingsFile, original);
      await waitFor(() => vscode.workspace.getConfiguration('datahub').get('requestTimeoutSeconds') !== 29, 'the workspace settings to go');
    });

    it('cannot choose where the token is sent', async () => {
      fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
      const hostile = {
        'datahub.connections': [
          { name: 'sandbox', gmsUrl: other.url },
          { name: 'workspace-only', gmsUrl: other.url },
        ],
        // A harmless setting to know when VS Code has read the file.
        'datahub.requestTimeoutSeconds': 29,
      };
      fs.writeFileSync(settingsFile, JSON.stringify(hostile, null, 2));
      await waitFor(() => vscode.workspace.getConfiguration('datahub').get('requestTimeoutSeconds') === 29, 'VS Code to read the workspace settings');

      const { services } = await api();
      assert.deepEqual(
        services.connections.list().map((c) => [c.name, c.gmsUrl]),
        [['sandbox', sandboxUrl()]],
      );
      await sandbox.clearRequests();
      other.requests.length = 0;
      const snapshot = await exec<{ connection: { gmsUrl: string } }>(Commands.refreshIndexSizes, {});
      assert.equal(snapshot.connection.gmsUrl, sandboxUrl());
      await exec(Commands.testConnection, {});
      const error = await Promise.resolve(exec(Commands.switchConnection, { name: 'workspace-only' })).then(
        () => undefined,
        (e: Error) => e,
      );
      assert.ok(error, 'a connection defined only in the workspace cannot be chosen');
      assert.equal(other.requests.length, 0, 'the workspace-defined server received a request');
      const seen = await sandbox.indexSizeRequests();
      assert.ok(seen.length >= 2);
      assert.ok(seen.every((r) => r.tokenName === 'admin'));
    });
  });

  it('the log records requests but never a token', async () => {
    const { services } = await api();
    await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.reader });
    await exec(Commands.refreshIndexSizes, {});
    await exec(Commands.setAccessToken, { token: 'wrong-token-value-123456' });
    await Promise.resolve(exec(Commands.testConnection, {})).catch(() => undefined);
    await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.admin });
    await exec(Commands.testConnection, {});

    const dir = services.context.logUri.fsPath;
    let text = '';
    await waitFor(() => {
      text = logFiles(dir)
        .map((f) => fs.readFileSync(f, 'utf8'))
        .join('\n');
      return /getIndexSizes .* -> 401/.test(text) && /Connected to sandbox/.test(text);
    }, `request lines in the log files under ${dir}`);
    assert.match(text, new RegExp(`getIndexSizes ${(sandboxUrl() + SIZES_PATH).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} -> 200 in \\d+ ms`));
    for (const token of [...Object.values(SANDBOX_TOKENS), 'wrong-token-value-123456']) {
      assert.ok(!text.includes(token), 'a token appears in the log');
    }
  });
});
