// Where a token must never turn up, scanned after real use: the log files (the
// extension's LogOutputChannel and every other log of the session), the
// notifications shown, the messages of failed commands, exported files, the
// chart's page and what it was posted, and the extension's stored state. Also:
// a server that echoes the token, workspace settings that try to switch off
// certificate checks, and removing a connection. core-security.test.ts covers
// the workspace's datahub.connections and the request lines in the log.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection, workspaceDir } from '../../host/inHost';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { tokenSecretKey } from '../../../src/shared/connections';
import { api, exec, rejection, sandboxUrl, sizesAnswer, startOtherServer, waitFor } from '../support/core';
import { captureNotifications, filesUnder, readAll, selfSignedCert, tlsServer, type Notifications } from '../support/hardening';
import { Commands } from '../../../src/shared/commandIds';

/** A token value the sandbox refuses, to put a 401 on the record too. */
const WRONG = 'hardening-wrong-token-value-0123456789';
const TOKENS = [...Object.values(SANDBOX_TOKENS), WRONG];

function leaks(text: string): string[] {
  return TOKENS.filter((t) => text.includes(t));
}

/** The session's log folder (…/logs/<session>), which holds the extension's log under logUri and every other log. */
function sessionLogs(logUri: vscode.Uri): string {
  let dir = logUri.fsPath;
  while (path.dirname(dir) !== dir && path.basename(path.dirname(dir)) !== 'logs') dir = path.dirname(dir);
  return path.basename(path.dirname(dir)) === 'logs' ? dir : logUri.fsPath;
}

describe('hardening: token safety', function () {
  this.timeout(60_000);
  let notes: Notifications;
  const messages: string[] = [];

  async function failing(command: string, arg: unknown): Promise<void> {
    messages.push((await rejection(exec(command, arg))).message);
  }

  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    notes = captureNotifications();
  });
  after(async () => {
    notes.dispose();
    await sandbox.reset();
  });

  it('is in no log, notification, error message, export, chart page or stored state after real use', async () => {
    const { services } = await api();
    const exportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hardening-export-'));
    const other = await startOtherServer();
    try {
      // Success, interactive and programmatic.
      await exec(Commands.refreshIndexSizes, {});
      await vscode.commands.executeCommand(Commands.testConnection);
      await exec(Commands.restoreIndices, { urn: 'urn:li:corpuser:datahub' });
      await exec(Commands.restoreIndicesByPattern, { urnLike: 'urn:li:corpuser:%', batchSize: 5 });
      await exec(Commands.truncateTimeseriesAspect, {
        entityType: 'dashboard',
        aspect: 'dashboardUsageStatistics',
        endTimeMillis: Date.now() - 200 * 86_400_000,
      }).then(undefined, () => undefined);
      // Failures: 403 (reader), 401 (wrong token), 404, 500, a redirect to another origin.
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.reader });
      await failing(Commands.restoreIndices, { urn: 'urn:li:corpuser:datahub' });
      await exec(Commands.setAccessToken, { token: WRONG });
      await failing(Commands.refreshIndexSizes, {});
      await vscode.commands.executeCommand(Commands.testConnection);
      await exec(Commands.setAccessToken, { token: SANDBOX_TOKENS.admin });
      await sandbox.addFault({
        action: 'restoreIndices',
        times: 1,
        fault: { kind: 'redirect', status: 307, location: `${other.url}/operations?action=restoreIndices` },
      });
      await failing(Commands.restoreIndices, { urn: 'urn:li:corpuser:datahub' });
      assert.deepEqual(other.requests, [], 'a redirect took the request (and the token) to another origin');
      await sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'restliError', status: 500, message: 'boom' } });
      await failing(Commands.testConnection, {});
      await sandbox.setVersion('pre0105');
      await failing(Commands.testConnection, {});
      await sandbox.setVersion('newer');
      // Exports and the chart.
      await exec(Commands.refreshIndexSizes, {});
      for (const format of ['csv', 'json']) await exec(Commands.exportIndexSizes, { format, path: path.join(exportDir, `sizes.${format}`) });
      const { markdown } = await exec<{ markdown: string }>(Commands.copyIndexSizesMarkdown, {});
      await vscode.commands.executeCommand(Commands.showIndexSizeChart);
      const insights = (await api()).insights;
      await waitFor(() => !!insights.chart?.isOpen && !!insights.chart.html && insights.chart.posted.count > 0, 'the chart to open and get its data');
      await insights.history?.flush();

      // The log: wait until the last lines are on disk.
      const logRoot = sessionLogs(services.context.logUri);
      await waitFor(
        () =>
          /Connected to sandbox/.test(readAll(filesUnder(services.context.logUri.fsPath))) &&
          /-> 401/.test(readAll(filesUnder(services.context.logUri.fsPath))),
        'the request lines in the log',
      );

      const scanned: Array<[string, string]> = [
        ['log files', readAll(filesUnder(logRoot))],
        ['notifications', JSON.stringify(notes.shown)],
        ['error messages', messages.join('\n')],
        ['exported files', readAll(filesUnder(exportDir)) + markdown],
        ['chart page', insights.chart?.html ?? ''],
        ['chart data', JSON.stringify(insights.chart?.posted.state ?? null)],
        ['extension storage', readAll(filesUnder(services.context.globalStorageUri.fsPath))],
        ['global state', JSON.stringify(services.context.globalState.keys().map((k) => [k, services.context.globalState.get(k)]))],
        ['workspace state', JSON.stringify(services.context.workspaceState.keys().map((k) => [k, services.context.workspaceState.get(k)]))],
      ];
      // The scans saw the real thing: the requests, the errors, the rows.
      assert.match(scanned[0][1], /getIndexSizes .*-> 401/);
      assert.ok(
        notes.shown.some((n) => n.level === 'error' && /401/.test(n.message)),
        'the 401 notification was not captured',
      );
      assert.ok(notes.shown.some((n) => n.level === 'info' && /^Connected to sandbox/.test(n.message)));
      assert.equal(messages.length, 5);
      assert.match(scanned[3][1], /dataset_datasetprofileaspect_v1/);
      for (const [where, text] of scanned) assert.deepEqual(leaks(text), [], `a token in the ${where}`);
    } finally {
      await other.close();
      fs.rmSync(exportDir, { recursive: true, force: true });
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });

  it('a server that echoes the token: it is redacted before the extension shows, logs or exports anything', async () => {
    const token = SANDBOX_TOKENS.admin;
    const exportFile = path.join(os.tmpdir(), `hardening-echo-${process.pid}.json`);
    try {
      await sandbox.addFault({
        action: 'getIndexSizes',
        times: 1,
        fault: { kind: 'restliError', status: 400, message: `Bad header Authorization: Bearer ${token}` },
      });
      await failing(Commands.refreshIndexSizes, {});
      assert.match(messages.at(-1) ?? '', /Bearer <redacted>/);
      const body = sizesAnswer([{ indexName: `dataset_${token}aspect_v1`, entityName: 'dataset', aspectName: token, sizeInMb: 1 }]);
      await sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'status', status: 200, body } });
      const snapshot = await exec<{ indices: Array<{ indexName: string }> }>(Commands.refreshIndexSizes, {});
      assert.deepEqual(
        snapshot.indices.map((i) => i.indexName),
        ['dataset_<redacted>aspect_v1'],
      );
      await exec(Commands.exportIndexSizes, { format: 'json', path: exportFile });
      const { services } = await api();
      const texts = [
        JSON.stringify(snapshot),
        fs.readFileSync(exportFile, 'utf8'),
        messages.join('\n'),
        JSON.stringify(notes.shown),
        readAll(filesUnder(services.context.logUri.fsPath)),
      ];
      for (const text of texts) assert.ok(!text.includes(token), 'the echoed token got through');
    } finally {
      fs.rmSync(exportFile, { force: true });
      await exec(Commands.refreshIndexSizes, {});
    }
  });

  describe('workspace settings', () => {
    let settingsFile = '';
    let original: string | undefined;
    before(() => {
      settingsFile = path.join(workspaceDir(), '.vscode', 'settings.json');
      original = fs.existsSync(settingsFile) ? fs.readFileSync(settingsFile, 'utf8') : undefined;
    });
    after(async () => {
      if (original === undefined) fs.rmSync(settingsFile, { force: true });
      else fs.writeFileSync(settingsFile, original);
      await waitFor(() => vscode.workspace.getConfiguration('datahub').get('requestTimeoutSeconds') !== 28, 'the workspace settings to go');
      await exec(Commands.switchConnection, { name: 'sandbox' });
    });

    it('cannot switch off certificate checks or trust a CA: the token is never sent to an unverified server', async () => {
      const pair = selfSignedCert();
      const server = await tlsServer(pair);
      try {
        fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
        const hostile = {
          'datahub.tls.rejectUnauthorized': false,
          'datahub.tls.caFile': pair.certFile,
          'http.proxy': 'http://127.0.0.1:9',
          'datahub.requestTimeoutSeconds': 28, // harmless: tells when VS Code has read the file
        };
        fs.writeFileSync(settingsFile, JSON.stringify(hostile, null, 2));
        await waitFor(() => vscode.workspace.getConfiguration('datahub').get('requestTimeoutSeconds') === 28, 'VS Code to read the workspace settings');
        await exec(Commands.addConnection, { name: 'self-signed-ws', gmsUrl: server.url, token: SANDBOX_TOKENS.admin });
        const error = await rejection(exec(Commands.refreshIndexSizes, {}));
        assert.match(error.message, /certificate of https:\/\/127\.0\.0\.1:\d+ was not accepted/);
        assert.deepEqual(server.seen, []);
      } finally {
        await server.close();
        fs.rmSync(pair.certFile, { force: true });
      }
    });
  });

  it('removing a connection deletes its token: a connection re-added under the name sends none', async () => {
    const { services } = await api();
    const gmsUrl = `${sandboxUrl()}/api/gms`;
    await exec(Commands.addConnection, { name: 'doomed', gmsUrl, token: SANDBOX_TOKENS.reader });
    const key = tokenSecretKey({ name: 'doomed', gmsUrl });
    assert.equal(await services.context.secrets.get(key), SANDBOX_TOKENS.reader);
    await exec(Commands.removeConnection, { name: 'doomed' });
    assert.equal(await services.context.secrets.get(key), undefined);
    assert.equal(services.connections.get('doomed'), undefined);

    await exec(Commands.addConnection, { name: 'doomed', gmsUrl });
    await sandbox.clearRequests();
    const error = await rejection(exec(Commands.refreshIndexSizes, {}));
    assert.match(error.message, /401.*none is set\. Set an access token/);
    const [request] = await sandbox.actionRequests('getIndexSizes');
    assert.equal(request.headers.authorization, undefined, 'a token was sent');
    await exec(Commands.removeConnection, { name: 'doomed' });
    await exec(Commands.switchConnection, { name: 'sandbox' });
  });
});
