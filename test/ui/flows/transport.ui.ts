// Which DataHub API a connection speaks, in the browser: Test Connection says the
// transport the first request found out (OpenAPI on a server that has it), and the
// sandbox saw one sizes request over it, no extra probe.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';

describe('The transport in Test Connection, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;

  before(async () => {
    session = await startUiSession({ prefix: 'transport' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('says the connection speaks OpenAPI, found out from the server', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.step('test-connection', async () => {
      await wb.runCommand('DataHub: Test Connection');
      const text = await wb.waitForNotification(/^Connected to sandbox over /, 30_000);
      assert.match(text, /^Connected to sandbox over OpenAPI \(found out from the server\) in \d+ ms: 10 timeseries indices\./);
      await wb.waitForNotificationGone(/^Testing DataHub connection/);
      await wb.screenshot('01-test-connection-names-the-transport');
    });
    const sizes = session.sandbox.requests.filter((r) => r.action === 'getIndexSizes');
    assert.ok(sizes.length >= 1);
    assert.ok(sizes.every((r) => r.transport === 'openapi'));
  });
});
