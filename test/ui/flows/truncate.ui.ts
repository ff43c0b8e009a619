// Truncating old rows the way a person does: right-click an index, pick a
// cutoff, read the dry run in the modal, confirm, see the refused reindex fall
// back to delete by query, watch the progress notification until the summary;
// find another deployment's index without a truncate action; then stop watching
// a second task (it goes on) and find it in DataHub Tasks. Asserts on the screen
// and on the sandbox's data.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';

const VIEW = 'Timeseries Indices';
const TASKS = 'DataHub Tasks';
const ASPECT_ROW = 'dashboardusagestatistics';
const DASHBOARD = ['dashboard', 'dashboardUsageStatistics'] as const;

/** Right-click the index and pick "Truncate Old Rows…"; waits for the cutoff picker. */
async function openTruncateFromTree(session: UiSession): Promise<void> {
  const wb = session.workbench;
  const title = wb.quickInput.locator('.quick-input-title', { hasText: /Truncate dashboard_dashboardusagestatisticsaspect_v1/ });
  for (let attempt = 1; ; attempt++) {
    const row = wb.treeRow(VIEW, ASPECT_ROW);
    await row.waitFor({ timeout: 30_000 });
    await row.click({ button: 'right' });
    // Only the menu on screen: the tree re-renders after a refresh and earlier menus may linger in the DOM.
    const action = wb.page.locator('.context-view .monaco-menu .action-item .action-label:visible', { hasText: /^Truncate Old Rows…$/ });
    await action.waitFor({ timeout: 10_000 });
    // Choose the item by keyboard: a mouse click that lands while the menu is still settling can be dropped.
    await action.hover();
    await wb.page.locator('.context-view .monaco-menu .action-item.focused', { hasText: /^Truncate Old Rows…$/ }).waitFor({ timeout: 5_000 });
    await wb.page.keyboard.press('Enter');
    try {
      await title.waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      await wb.page.keyboard.press('Escape');
    }
  }
}

describe('truncate old rows, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  const truncates = () => session.sandbox.requests.filter((r) => r.action === 'truncateTimeseriesAspect');
  const rows = () => session.sandbox.timeseriesCounts(...DASHBOARD);

  before(async () => {
    // Auth off: the token flow has its own UI test. Tasks last long enough to be seen.
    session = await startUiSession({ prefix: 'truncate', sandbox: { auth: { enabled: false }, taskDurationMs: 12000 } });
  });
  after(async () => {
    await session?.close();
  });

  it('offers presets with their dates, and refuses a future date as it is typed', async () => {
    const wb = session.workbench;
    await wb.step('cutoff-picker', async () => {
      await wb.openViewContainer('DataHub');
      await openTruncateFromTree(session);
      for (const days of [30, 90, 180, 365]) await wb.quickInputRow(new RegExp(`^\\s*${days} days\\s*$`)).waitFor();
      const description = await wb
        .quickInputRow(/^\s*180 days\s*$/)
        .locator('.label-description')
        .textContent();
      assert.match(description ?? '', /^rows at or before \d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC[+-]\d{2}:\d{2}\)$/);
      await wb.quickInputRow(/Advanced options…/).waitFor();
      await wb.screenshot('01-cutoff-presets');
      await wb.typeInQuickInput('2999-01-01', { submit: false });
      await wb.quickInput.locator('.monaco-list-row', { hasText: /2999-01-01 is in the future: 2999-01-01 00:00/ }).waitFor();
      await wb.screenshot('02-future-date-refused');
      await wb.quickInputBox.fill('');
      await wb.pickQuickInputItem(/^\s*180 days\s*$/);
    });
  });

  it('dry-runs first and shows what would go in a modal; deletes only after "Truncate"', async () => {
    const wb = session.workbench;
    const before = rows();
    assert.ok(before);
    await wb.step('dry-run-modal', async () => {
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      const message = (await dialog.locator('.dialog-message-text').textContent()) ?? '';
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(message, /^Delete \d+ of 201 rows \(\d+\.\d\d%\) from dashboard_dashboardusagestatisticsaspect_v1\? · sandbox$/);
      assert.match(detail, /Connection: sandbox/);
      assert.match(detail, /Rows at or before .* \(180 days ago\)/);
      // 180 days of 400 is more than half the rows: the server picks reindex, which real servers refuse on plain indices.
      assert.match(detail, /Method: reindex: .* If the server cannot reindex this index, the rows are deleted in place instead\./);
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Truncate$/ }).waitFor();
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Cancel$/ }).waitFor();
      await wb.screenshot('03-dry-run-modal');
      const sent = truncates();
      assert.equal(sent.length, 1, 'only the dry run was sent before confirming');
      assert.equal((sent[0].body as { dryRun?: boolean }).dryRun, true);
      assert.equal(rows()?.total, 201, 'nothing deleted before confirming');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Truncate$/ }).click();
    });

    await wb.step('progress-then-one-result', async () => {
      // The refused reindex and the delete in place are said in the watch's progress and in the result, not in a toast of their own.
      await wb.waitForNotification(/DataHub: truncating dashboard\/dashboardusagestatistics/, 20_000);
      await wb.screenshot('04-progress-notification');
      const summary = await wb.waitForNotification(/^Deleted \d+ rows from dashboard_dashboardusagestatisticsaspect_v1, /, 40_000);
      assert.match(
        summary,
        /^Deleted \d+ rows from dashboard_dashboardusagestatisticsaspect_v1, [\d.]+ [kMG]?B → about [\d.]+ [kMG]?B \(estimate\) after the next refresh; deleted space is freed as the search engine merges segments\./,
      );
      assert.match(summary, /The server could not reindex this index, so the rows were deleted in place instead/);
      assert.match(summary, /run time (under 0\.1 s|\d+(\.\d)? s)/);
      assert.doesNotMatch(summary, /forceDeleteByQuery/);
      await wb.waitForNotificationGone(/DataHub: truncating/, 10_000);
      const shown = await wb.notificationTexts();
      assert.deepEqual(shown.filter((t) => /could not reindex|truncat/i.test(t)).length, 1, `one notification for the truncation: ${shown.join(' | ')}`);
      await wb.screenshot('05-completed-summary');
    });
    const sent = truncates();
    assert.equal(sent.length, 3, 'dry run, the refused reindex, the delete by query');
    assert.equal((sent[1].body as { dryRun?: boolean }).dryRun, false);
    assert.deepEqual([sent[1].status, sent[2].status], [400, 200]);
    assert.equal((sent[2].body as { forceDeleteByQuery?: boolean }).forceDeleteByQuery, true);
    assert.ok((rows()?.total ?? 201) < 201, 'rows were deleted');
  });

  it("another deployment's index is listed under other indices, without a truncate action", async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    await wb.step('other-indices', async () => {
      await wb.runCommand('DataHub: Filter Indices…');
      await wb.typeInQuickInput('t01_', { title: /Filter Timeseries Indices/ });
      const clearFilter = wb.viewPane(VIEW).locator('.pane-header .actions a.action-label[aria-label^="Clear Filter"]');
      // The filter took: its title action is there (a filter typed into a closing palette would be lost).
      await clearFilter.waitFor({ state: 'attached', timeout: 15_000 });
      try {
        await wb.treeRow(VIEW, 'other indices').waitFor({ timeout: 15_000 });
        const row = wb.treeRow(VIEW, 't01_dataset_operationaspect_v1');
        await row.waitFor({ timeout: 15_000 });
        // Tooltips are built on hover (resolveTreeItem): select the row, then come back to it from outside.
        await row.click();
        await wb.page.mouse.move(700, 300);
        await wb.page.waitForTimeout(300);
        await row.hover();
        const hover = wb.page.locator('.monaco-hover, .workbench-hover', { hasText: /not named by the server/ }).first();
        await hover.waitFor({ timeout: 15_000 });
        assert.match((await hover.textContent()) ?? '', /another deployment sharing the search cluster/);
        await wb.screenshot('08-other-index-tooltip', { keepMouse: true });
        await row.click({ button: 'right' });
        const menu = wb.page.locator('.context-view .monaco-menu .action-item .action-label:visible');
        await menu.filter({ hasText: /^Copy Index Name$/ }).waitFor({ timeout: 10_000 });
        const labels = await menu.allTextContents();
        assert.ok(!labels.some((l) => /Truncate/.test(l)), `no truncate action: ${JSON.stringify(labels)}`);
        assert.ok(!labels.some((l) => /Entity Type and Aspect/.test(l)), `no copy of derived names: ${JSON.stringify(labels)}`);
        await wb.screenshot('09-other-index-menu-without-truncate', { keepMouse: true });
        await wb.page.keyboard.press('Escape');
      } finally {
        // The next test right-clicks the dashboard index: the filter must go whatever happened here.
        await wb.page.keyboard.press('Escape');
        if ((await clearFilter.count()) > 0) await wb.clickViewAction(VIEW, 'Clear Filter');
        await wb.treeRow(VIEW, 'dashboard').waitFor({ timeout: 15_000 });
      }
    });
  });

  it('cancelling the notification stops watching, not the task; DataHub Tasks lists both tasks', async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    await wb.step('stop-watching', async () => {
      // A task that outlives the clicks below, however loaded the machine: this step is about a running task.
      session.sandbox.setTaskDuration(120_000);
      await openTruncateFromTree(session);
      // The collapsed second step: force delete by query.
      await wb.pickQuickInputItem(/Advanced options…/);
      await wb.pickQuickInputItem(/^\s*Method\s*$/);
      await wb.pickQuickInputItem(/^\s*Force delete by query\s*$/);
      await wb
        .quickInputRow(/Use these options/)
        .locator('.label-description', { hasText: /^force delete by query · default batch size · default timeout$/ })
        .waitFor();
      await wb.screenshot('06-advanced-options');
      await wb.pickQuickInputItem(/Use these options/);
      await wb.pickQuickInputItem(/^\s*90 days\s*$/);
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      assert.match((await dialog.locator('.dialog-message-detail').textContent()) ?? '', /Method: delete by query \(forced\)/);
      const dry = truncates().at(-1)?.body as Record<string, unknown>;
      assert.equal(dry.forceDeleteByQuery, true);
      assert.equal('forceReindex' in dry, false, 'only one force flag is sent');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Truncate$/ }).click();
      const toast = wb.page.locator('.notification-list-item', { hasText: /DataHub: truncating/ }).first();
      await toast.waitFor({ timeout: 20_000 });
      // The "starting the truncation" toast closes below this one and shifts it: click once the button is still.
      await wb.page
        .locator('.notification-list-item', { hasText: /starting the truncation/ })
        .waitFor({ state: 'hidden', timeout: 10_000 })
        .catch(() => undefined);
      const cancel = toast.locator('.monaco-button', { hasText: /^Cancel$/ });
      await toast.hover();
      await wb.waitUntilStill(cancel);
      await cancel.click();
      const text = await wb.waitForNotification(/^Stopped watching task /, 10_000);
      assert.match(text, /keeps running on the server/);
    });
    await wb.step('tasks-view', async () => {
      const header = wb.page.locator('.part.sidebar .pane-header', { hasText: TASKS });
      if ((await header.getAttribute('aria-expanded')) !== 'true') await header.click();
      await wb.treeRows(TASKS).nth(1).waitFor({ timeout: 10_000 });
      const items = await wb.treeItems(TASKS);
      assert.equal(items.length, 2, JSON.stringify(items));
      // Entity/aspect and the cutoff date: the two tasks read differently.
      assert.ok(
        items.every((i) => /^up to \d{4}-\d\d-\d\d · dashboard\/dashboardusagestatistics$/.test(i.label)),
        JSON.stringify(items),
      );
      assert.notEqual(items[0].label, items[1].label, JSON.stringify(items));
      assert.match(items[0].description, /^running, not watched/);
      assert.match(items[1].description, /^completed · \d+\/\d+ deleted/);
      await wb.treeRows(TASKS).first().hover();
      await wb.treeRows(TASKS).first().locator('.action-label[aria-label="Watch Task"]').waitFor({ timeout: 5_000 });
      await wb.screenshot('07-tasks-view');
    });
  });
});
