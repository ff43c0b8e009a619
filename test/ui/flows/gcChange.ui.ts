// A change to DataHub's garbage collector in the browser: the settings typed from the palette, the plan (DataHub's
// own dry run on a temporary source, the server's truncate dry runs) opened as a read-only document, and the change
// preview before anything is written: the modal listing each recipe key's change and saying DataHub's UI will list
// the GC afterwards. Dismissed: nothing is written. Then a cleanup's dry run handed to the GC with its button: the
// same modal, as the person's step. Screenshots of the dry run's report, the change preview and the hand-off.
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
    await wb.step('hand-off', async () => {
      // A cleanup's dry run hands its rule to DataHub's GC: the same plan and modal, as the person's own step.
      await wb.clearNotifications();
      await wb.runCommand('DataHub: Plan Entity Cleanup (Dry Run)…');
      await wb.pickQuickInputItem('Old dataProcessInstance runs');
      await wb.waitForNotification(/^Cleanup plan on "sandbox": 7 dataProcessInstance runs beyond the last 5 of each job/, 30_000);
      await page
        .locator('.notification-list-item .monaco-button', { hasText: /^Hand to DataHub's GC…$/ })
        .first()
        .click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 60_000 });
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /dataprocess_cleanup\.enabled: false → true/);
      assert.doesNotMatch(detail, /Asked for by/, 'the person clicked the button: no program asked');
      // Behind the modal, the preview shows this plan (one change), not the change preview before it.
      const deadline = Date.now() + 20_000;
      let shown: string[] = [];
      const isThisPlan = (t: string) => /dataprocess_cleanup\.enabled/.test(t) && !/truncate_index_older_than_days/.test(t);
      while (Date.now() < deadline) {
        shown = [];
        for (const f of page.frames()) {
          const h1 = (await f.$('h1').catch(() => null))
            ? await f
                .locator('h1')
                .first()
                .textContent()
                .catch(() => '')
            : '';
          if (/GC plan on/.test(h1 ?? ''))
            shown.push(
              (
                (await f
                  .locator('body')
                  .textContent()
                  .catch(() => '')) ?? ''
              )
                .replace(/\s+/g, ' ')
                .slice(0, 300),
            );
        }
        if (shown.some(isThisPlan)) break;
        await page.waitForTimeout(250);
      }
      assert.ok(shown.some(isThisPlan), `the previews: ${JSON.stringify(shown, null, 1)}`);
      await wb.screenshot('03-gc-hand-off-from-cleanup');
      await page.keyboard.press('Escape');
      await wb.waitForNotification(/Not applied: the confirmation was dismissed/, 20_000).catch(() => undefined);
    });
  });
});
