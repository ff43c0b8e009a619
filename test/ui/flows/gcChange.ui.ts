// A change to DataHub's garbage collector in the browser: the settings typed from the palette, the plan (DataHub's
// own dry run on a temporary source, the server's truncate dry runs) opened as a read-only document, and the change
// preview before anything is written: the modal listing each recipe key's change and saying DataHub's UI will list
// the GC afterwards. Dismissed: nothing is written. A screenshot of the dry run's report and of the change preview.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { previewWith } from '../harness/preview';

const SETTINGS = '{"truncateIndicesOlderThanDays": 14, "dataProcessCleanup": {"keepLastN": 3}, "softDeletedCleanup": {"retentionDays": 20}}';

describe("DataHub's GC change, in the browser", { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'gc-change' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it("plans a GC change with DataHub's dry run, then shows the change preview before applying", async () => {
    const wb = session.workbench;
    const { page } = wb;
    await wb.step('dry-run-report', async () => {
      await wb.runCommand("DataHub: Plan a GC Change (DataHub's Dry Run)…");
      await wb.quickInput.locator('.quick-input-title', { hasText: /garbage collector: the settings to change/ }).waitFor({ timeout: 10_000 });
      await wb.quickInputBox.fill(SETTINGS);
      await wb.quickInputBox.press('Enter');
      await wb.waitForNotification(/^GC plan on "sandbox": 3 change\(s\)/, 60_000);
      const preview = await previewWith(page, /GC plan on/);
      await preview.locator('h2', { hasText: 'Dry run' }).waitFor({ timeout: 10_000 });
      const text = (await preview.locator('body').textContent()) ?? '';
      assert.match(text, /soft-deleted entities would be hard-deleted/);
      assert.match(text, /truncate_index_older_than_days/);
      await wb.clearNotifications();
      await wb.screenshot('01-gc-dry-run-report');
    });
    await wb.step('change-preview', async () => {
      await wb.runCommand("DataHub: Change DataHub's Garbage Collector…");
      await wb.quickInput.locator('.quick-input-title', { hasText: /garbage collector: the settings to change/ }).waitFor({ timeout: 10_000 });
      await wb.quickInputBox.fill(SETTINGS);
      await wb.quickInputBox.press('Enter');
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 60_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Change DataHub's garbage collector on "sandbox"\?/);
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /dataprocess_cleanup\.keep_last_n: 5 → 3/);
      assert.match(detail, /soft_deleted_entities_cleanup\.retention_days: 10 → 20/);
      assert.match(detail, /DataHub's UI lists the GC among the ingestion sources/);
      await wb.screenshot('02-gc-change-preview');
      await page.keyboard.press('Escape');
      await wb.waitForNotification(/Not applied: the confirmation was dismissed/, 20_000).catch(() => undefined);
    });
  });
});
