// DataHub Doctor in the browser: the report on a healthy server (run when the view is first
// opened), then on a server with a red search cluster and a stopped indexing consumer; the failed
// writes listed under their line, grouped by error, and a group's replay with the server's dry run
// in the confirmation; the end-to-end canary asked for, written and timed.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { DOCTOR_VIEW, openDoctorWide } from '../harness/doctorView';

const VIEW = DOCTOR_VIEW;

describe('DataHub Doctor, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'doctor' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('reports, lists and replays failed writes after a dry run, and times the canary', async () => {
    const wb = session.workbench;
    const { page } = wb;
    const described = async (label: string) => (await wb.treeItems(VIEW)).find((i) => i.label === label)?.description ?? '';
    const contextAction = async (row: ReturnType<typeof wb.treeRow>, item: RegExp) => {
      await row.click({ button: 'right' });
      const action = page.locator('.context-view .monaco-menu .action-item .action-label:visible', { hasText: item });
      await action.waitFor({ timeout: 10_000 });
      await action.hover();
      await page.locator('.context-view .monaco-menu .action-item.focused', { hasText: item }).waitFor({ timeout: 5_000 });
      await page.keyboard.press('Enter');
    };

    await wb.step('healthy', async () => {
      await openDoctorWide(wb);
      await wb.treeRow(VIEW, 'GMS ready').waitFor({ timeout: 30_000 });
      await wb.treeRow(VIEW, 'Maintenance window').waitFor({ timeout: 10_000 });
      assert.equal(await described('GMS ready'), 'GMS is up and ready');
      assert.match(await described('Search cluster'), /^green/);
      await wb.clearNotifications();
      await wb.screenshot('01-healthy-server');
    });

    await wb.step('red-cluster-stopped-consumer', async () => {
      await session.control('/doctor', { states: ['red', 'consumerStopped'] });
      await wb.clickViewAction(VIEW, 'Run Doctor');
      await wb.waitForNotification(/^DataHub Doctor on "sandbox": \d+ failing/, 30_000);
      await page.waitForFunction(() => /not consuming at all/.test(document.body.innerText), undefined, { timeout: 20_000 });
      assert.match(await described('Search cluster'), /red/);
      assert.match(await described('MAE consumer (search, graph)'), /not consuming at all.*restart/);
      await wb.screenshot('02-red-cluster-and-stopped-consumer');
    });

    await wb.step('failed-writes', async () => {
      await wb.clearNotifications();
      await session.control('/doctor', { state: 'green' });
      await session.control('/doctor/failed', { count: 40 });
      await wb.clickViewAction(VIEW, 'Run Doctor');
      await wb.waitForNotification(/^DataHub Doctor on "sandbox": 1 warning/, 30_000);
      await wb.clearNotifications();
      const failedRow = wb.treeRow(VIEW, 'Failed writes (mcp-failed)');
      await failedRow.click();
      await wb.treeRow(VIEW, 'Browse the failed writes').click();
      const group = wb.treeRows(VIEW).filter({ has: page.locator('.label-description', { hasText: /^\d+ · \d+ URN\(s\)/ }) });
      await group.first().waitFor({ timeout: 20_000 });
      await group.first().click();
      await wb
        .treeRows(VIEW)
        .filter({ has: page.locator('.label-name', { hasText: /^0:\d+ / }) })
        .first()
        .waitFor({ timeout: 10_000 });
      await wb.screenshot('03-failed-writes-grouped-by-error');
      await contextAction(group.first(), /^Replay These Failed Writes…$/);
      // The palette's pick: every listed message of the group preselected by the group itself.
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Replay \d+ failed write\(s\) on "sandbox"\?/);
      assert.match((await dialog.locator('.dialog-message-detail').textContent()) ?? '', /The server's dry run: \d+ of \d+ would be re-published/);
      await wb.screenshot('04-replay-confirmation-with-the-dry-run');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Replay$/ }).click();
      await wb.waitForNotification(/^Replayed \d+ of \d+ failed write\(s\)/, 30_000);
    });

    await wb.step('canary', async () => {
      await wb.clearNotifications();
      await session.control('/doctor', { processingDelayMs: 300, indexingDelayMs: 1500 });
      await wb.treeRow(VIEW, 'End-to-end indexing').click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.locator('.dialog-message-detail').textContent()) ?? '', /vscode-canary/);
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Write Canary$/ }).click();
      await wb.waitForNotification(/^Indexed end to end in \d/, 60_000);
      await page.waitForFunction(() => /Indexed end to end in/.test(document.body.innerText), undefined, { timeout: 10_000 });
      await wb.screenshot('05-canary-timed-end-to-end');
    });
    const replays = session.sandbox.requests.filter((r) => r.path.endsWith('/mcp-failed/replay'));
    const dry = replays.filter((r) => (r.body as { dryRun?: boolean }).dryRun === true).length;
    assert.ok(dry > 0 && dry === replays.length - dry, `dry runs first, then as many real ones: ${replays.length} requests`);
  });
});
