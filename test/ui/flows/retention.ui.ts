// The retention planner the way a person uses it, in the packaged extension:
// open it from the Command Palette, choose cutoffs for three indices, dry-run
// them (rows fill in, then the total), apply through the one modal that lists
// every index, and read the summary; then open it on two indices selected in
// the tree, with 90 days preselected, and copy it as a datahub-gc recipe.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { webviewWith } from '../harness/preview';
import { startUiSession, type UiSession } from '../harness/session';

const VIEW = 'Timeseries Indices';
const DASHBOARD = 'dashboard_dashboardusagestatisticsaspect_v1';
const DATAJOB = 'datajob_datajobruneventaspect_v1';
const CHART = 'chart_chartusagestatisticsaspect_v1';

describe('retention planner, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  let frame: Frame;
  const truncates = () => session.sandbox.requests.filter((r) => r.action === 'truncateTimeseriesAspect');

  /** The planner's page. */
  const plannerFrame = (): Promise<Frame> => webviewWith(session.workbench.page, 'table.plan', 'retention planner');

  const row = (indexName: string) => frame.locator('tr.row', { has: frame.locator('.index', { hasText: new RegExp(`^${indexName}$`) }) });

  before(async () => {
    session = await startUiSession({ prefix: 'retention', sandbox: { auth: { enabled: false }, taskDurationMs: 2000 } });
  });
  after(async () => {
    await session?.close();
  });

  it('plans three indices, shows each dry run and the total, and applies through one modal', async () => {
    const wb = session.workbench;
    await wb.step('open', async () => {
      await wb.runCommand('DataHub: Plan Retention…');
      frame = await plannerFrame();
      await row(DASHBOARD).waitFor({ timeout: 20_000 });
      // Another deployment's index is not offered.
      assert.equal(await frame.locator('.index', { hasText: /^t01_dataset_operationaspect_v1$/ }).count(), 0);
      await frame.locator('.banner', { hasText: /1 index is left out/ }).waitFor();
    });

    await wb.step('choose-cutoffs', async () => {
      await row(DASHBOARD).locator('select').selectOption('d90');
      await row(DASHBOARD)
        .locator('.sub', { hasText: /older than 90 days \(at or before/ })
        .waitFor();
      await row(CHART).locator('select').selectOption('d180');
      await row(DATAJOB).locator('select').selectOption('custom');
      const input = row(DATAJOB).locator('input');
      await input.fill('2999-01-01');
      await input.press('Enter');
      await row(DATAJOB)
        .locator('.error', { hasText: /2999-01-01 is in the future/ })
        .waitFor();
      await wb.screenshot('01-planner-future-date-refused');
      await row(DATAJOB).locator('input').fill('150');
      await row(DATAJOB).locator('input').press('Enter');
      await row(DATAJOB)
        .locator('.sub', { hasText: /older than 150 days/ })
        .waitFor();
    });

    await wb.step('dry-run', async () => {
      await frame.locator('button', { hasText: /^Dry Run$/ }).click();
      for (const name of [DASHBOARD, CHART, DATAJOB])
        await row(name)
          .locator('td.counts', { hasText: /[\d,]+ of [\d,]+ rows \(\d+\.\d\d%\)/ })
          .waitFor({ timeout: 30_000 });
      await frame.locator('.totals .total', { hasText: /^Frees about .+ of .+ \(estimate\), [\d,]+ rows$/ }).waitFor();
      await frame.locator('.totals .sub', { hasText: /^3 of 3 counted$/ }).waitFor();
      assert.match((await frame.locator('.totals .note').textContent()) ?? '', /segments merge/);
      assert.equal(truncates().length, 3);
      assert.ok(truncates().every((r) => (r.body as { dryRun?: boolean }).dryRun === true));
      await wb.screenshot('02-planner-with-results');
    });

    await wb.step('apply-modal', async () => {
      await frame.locator('button', { hasText: /^Apply…$/ }).click();
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      const message = (await dialog.locator('.dialog-message-text').textContent()) ?? '';
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(message, /^Delete old rows from 3 indices on "sandbox"\?/);
      for (const name of [DASHBOARD, CHART, DATAJOB]) assert.match(detail, new RegExp(`• ${name}: [\\d,]+ of [\\d,]+ rows .*method: `));
      await wb.screenshot('03-apply-modal');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Apply$/ }).click();
    });

    await wb.step('applied', async () => {
      for (const name of [DASHBOARD, CHART, DATAJOB])
        await row(name)
          .locator('.outcome.done', { hasText: /^done: [\d,]+ rows deleted/ })
          .waitFor({ timeout: 60_000 });
      // Each task's own completion toast comes too, and only three toasts show at once: the
      // summary may wait in the notification center, so it is read there when not on screen.
      const SUMMARY = /^Retention plan applied: 3 of 3 indices done/;
      const summary = await wb.waitForNotification(SUMMARY, 10_000).catch(async () => {
        await wb.runCommand('Notifications: Show Notifications');
        return wb.waitForNotification(SUMMARY, 10_000);
      });
      assert.match(summary, /rows deleted/);
      await wb.screenshot('04-applied-summary');
    });
    const real = truncates().filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);
    assert.ok(real.length >= 3, `one real truncation per index (plus fallbacks): ${real.length}`);
  });

  it('opens on indices selected in the tree, with 90 days preselected', async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    await wb.step('tree-selection', async () => {
      const first = wb.treeRow(VIEW, 'datasetprofile');
      await first.waitFor({ timeout: 30_000 });
      await first.click();
      const second = wb.treeRow(VIEW, 'operation');
      await second.click({ modifiers: ['Control'] });
      await second.click({ button: 'right' });
      const action = wb.page.locator('.context-view .monaco-menu .action-item .action-label:visible', { hasText: /^Plan Retention…$/ });
      await action.waitFor({ timeout: 10_000 });
      await action.hover();
      await wb.page.locator('.context-view .monaco-menu .action-item.focused', { hasText: /^Plan Retention…$/ }).waitFor({ timeout: 5_000 });
      await wb.page.keyboard.press('Enter');
      frame = await plannerFrame();
      await frame.locator('tr.row').nth(1).waitFor({ timeout: 20_000 });
      // The panel of the previous test may still show its rows for a moment: wait for the selection's.
      const wanted = ['dataset_datasetprofileaspect_v1', 'dataset_operationaspect_v1'];
      let names: string[] = [];
      for (const until = Date.now() + 20_000; Date.now() < until; await new Promise((r) => setTimeout(r, 200))) {
        names = (await frame.locator('tr.row .index').allTextContents()).sort();
        if (names.join() === wanted.join()) break;
      }
      assert.deepEqual(names, wanted);
      for (const select of await frame.locator('tr.row select').all()) assert.equal(await select.inputValue(), 'd90');
      await wb.screenshot('05-planner-from-tree-selection');
    });
    await wb.step('copy-gc-recipe', async () => {
      await frame.locator('button', { hasText: /^Copy as GC Recipe$/ }).click();
      // dataset/operation is on the datahub-gc source's list, the profile index is not.
      const said = await wb.waitForNotification(/^GC recipe copied: truncate_index_older_than_days: 90/, 20_000);
      assert.match(said, /1 planned index is not covered by that source/);
      await wb.screenshot('06-gc-recipe-copied');
    });
  });
});
