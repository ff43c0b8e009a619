// The Ingestion view in the browser: the sources with their last runs and problems as badges (a run stuck RUNNING
// for 30 hours, a request the executor never picked up, a failed run; DataHub's GC marked system), then a run rolled
// back from its row's menu: the confirmation shows DataHub's own dry run figures before anything changes. A
// screenshot of each.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { widenSideBar } from '../harness/sideBar';

const VIEW = 'Ingestion';

describe('Ingestion, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'ingestion' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows the stuck run and the executor that is down, then a rollback with DataHub’s dry run in its modal', async () => {
    const wb = session.workbench;
    const { page } = wb;
    await wb.step('stuck-run', async () => {
      await wb.openViewContainer('DataHub');
      await wb
        .treeRow('Timeseries Indices', /dataset/)
        .first()
        .waitFor({ timeout: 30_000 });
      await widenSideBar(wb, 320);
      // More room for the runs: the indices and Search Health panes folded away.
      await page.locator('.part.sidebar .pane-header', { hasText: 'Timeseries Indices' }).click();
      await page.locator('.part.sidebar .pane-header', { hasText: 'Search Health' }).click();
      await wb.runCommand('DataHub: List Ingestion Runs');
      await wb.treeRow(VIEW, 'Snowflake (prod)').waitFor({ timeout: 30_000 });
      await wb.waitForNotification(/^Ingestion on "sandbox": 4 sources/, 20_000);
      for (const name of ['MySQL analytics', 'datahub-gc']) await wb.treeRow(VIEW, name).waitFor({ timeout: 10_000 });
      const rows = await wb.treeItems(VIEW);
      assert.match(rows.find((r) => r.label === 'Snowflake (prod)')?.description ?? '', /⚠ running too long · snowflake · last: RUNNING/);
      assert.match(rows.find((r) => r.label === 'MySQL analytics')?.description ?? '', /⚠ never started/);
      assert.match(rows.find((r) => r.label === 'datahub-gc')?.description ?? '', /datahub-gc · system/);
      assert.ok(
        rows.some((r) => /never started \(no result for up to 2 h/.test(r.label)),
        JSON.stringify(rows.map((r) => r.label)),
      );
      await wb.clearNotifications();
      await wb.screenshot('01-ingestion-stuck-run');
    });
    await wb.step('rollback-modal', async () => {
      const row = wb.treeRow(VIEW, /^SUCCESS · 3 h/).first();
      await row.click({ button: 'right' });
      const item = /Roll Back Ingestion Run/;
      const action = page.locator('.context-view .monaco-menu .action-item .action-label:visible', { hasText: item });
      await action.waitFor({ timeout: 10_000 });
      await action.hover();
      await page.locator('.context-view .monaco-menu .action-item.focused', { hasText: item }).waitFor({ timeout: 5_000 });
      await page.keyboard.press('Enter');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Roll back ingestion run .* on "sandbox"\?/);
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /DataHub's dry run: 6 entities affected, 18 aspects reverted/);
      assert.match(detail, /2 of them were written by other runs too/);
      await wb.screenshot('02-rollback-modal-dry-run');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Roll Back$/ }).click();
      await wb.waitForNotification(/^Rolled back run .* \(safe\): 6 entities affected, 18 aspects reverted/, 30_000);
    });
  });
});
