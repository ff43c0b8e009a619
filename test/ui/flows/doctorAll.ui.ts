// The DataHub Doctor across connections in the browser: Run Doctor on All Connections over the run's
// sandbox (healthy), a second sandbox with a red search cluster and an older version, and a port nothing
// listens on; the table of connections by area in the Markdown preview. Then Compare Connections… picked
// from the palette: a table per section, the version and count differences first. Screenshots of both.
import * as assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { previewWith } from '../harness/preview';
import { runCommandAndPick } from '../harness/commandPicks';

/** A port nothing listens on (bound, then closed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('DataHub Doctor on every connection, and two side by side, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  let other: Sandbox;
  before(async () => {
    other = await startSandbox({ quiet: true });
    for (const [route, body] of [
      ['/doctor', { states: ['red'] }],
      ['/entityCounts', { entityType: 'dataset', active: 120, softDeleted: 3 }],
    ] as const) {
      const res = await fetch(`${other.url}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) });
      assert.equal(res.status, 200, route);
    }
    other.setReportedVersion('v0.14.1');
    session = await startUiSession({
      prefix: 'doctorAll',
      connections: [
        { name: 'staging', gmsUrl: 'sandbox/api/gms', environment: 'staging' },
        { name: 'production', gmsUrl: `${other.url}/api/gms`, environment: 'production' },
        { name: 'retired', gmsUrl: `http://127.0.0.1:${await closedPort()}` },
      ],
    });
    const wb = session.workbench;
    // A token for each: the active one's, then each other's after switching to it (typed: the pick's first match).
    await setAccessToken(wb, SANDBOX_TOKENS.admin);
    for (const name of ['production', 'retired']) {
      await wb.step(`token-${name}`, async () => {
        await wb.runCommand('DataHub: Switch Connection…');
        await wb.typeInQuickInput(name);
        await wb.waitQuickInputClosed();
        await wb.clearNotifications();
        await setAccessToken(wb, SANDBOX_TOKENS.admin);
      });
    }
  });
  after(async () => {
    await session?.close();
    await other?.stop();
  });

  it('the table of connections by area, then a comparison', async () => {
    const wb = session.workbench;
    await wb.step('all-connections', async () => {
      await wb.runCommand('DataHub: Run Doctor on All Connections');
      const frame = await previewWith(wb.page, /DataHub Doctor: all connections/);
      await frame.locator('table td', { hasText: 'retired' }).waitFor({ timeout: 30_000 });
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /Unreachable/);
      assert.match(body, /Failing: .*red/);
      assert.match(body, /retired.*Unreachable.*no answer/s);
      await wb.waitForNotification(/DataHub Doctor on 3 connections/, 30_000);
      await wb.screenshot('01-all-connections');
      await wb.clearNotifications();
    });
    await wb.step('compare', async () => {
      // The all-connections preview may still take focus as it settles: a closed pick is asked again (it sends nothing).
      await runCommandAndPick(wb, 'DataHub: Compare Connections…', [/^staging/, /^production/]);
      const frame = await previewWith(wb.page, /Compare connections: staging and production/);
      await frame.locator('h2', { hasText: 'Entity counts' }).waitFor({ timeout: 30_000 });
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /v0\.14\.1/);
      assert.match(body, /\+120 active, \+3 soft-deleted/);
      await wb.clearNotifications();
      await wb.screenshot('02-compare');
      // The counts: the dataset row and the total first, with their difference.
      await frame.locator('h2', { hasText: 'Entity counts' }).evaluate((h) => h.scrollIntoView());
      await wb.screenshot('03-compare-counts');
    });
  });
});
