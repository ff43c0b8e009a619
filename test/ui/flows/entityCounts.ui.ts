// Entity Counts in the browser: the view beside Timeseries Indices, counted from the palette (the source and
// the totals on top, a row per type biggest first), then counted again after the server gained documents:
// the change since the last reading on the totals and on the types that grew; the same growth in the size
// chart, beside the index sizes. A screenshot of each.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { widenSideBar } from '../harness/sideBar';
import { webviewWith } from '../harness/preview';

const VIEW = 'Entity Counts';

describe('Entity Counts, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'counts' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('counts the entities beside the index sizes, then shows their growth', async () => {
    const wb = session.workbench;
    const items = () => wb.treeItems(VIEW);
    await wb.step('counts-beside-sizes', async () => {
      await wb.openViewContainer('DataHub');
      await wb
        .treeRow('Timeseries Indices', /dataset/)
        .first()
        .waitFor({ timeout: 30_000 });
      // A wider side bar (its sash dragged), so the rows show their figures whole.
      await widenSideBar(wb, 260);
      await wb.runCommand('DataHub: Count Entities');
      await wb.treeRow(VIEW, /^All types: /).waitFor({ timeout: 30_000 });
      await wb.waitForNotification(/^Entities on "sandbox": 362,350 active and 2,012 soft-deleted/, 20_000);
      const rows = await items();
      assert.equal(rows[0].label, 'Source: counts endpoint', JSON.stringify(rows));
      assert.equal(rows[1].label, 'All types: 364,362');
      assert.deepEqual(
        rows.slice(3, 5).map((r) => r.label),
        ['dataset', 'dataprocessinstance'],
      );
      assert.equal(rows[2].label, 'By platform');
      assert.match(rows[3].description, /^240,000 · 238,000 active · 2,000 soft-deleted$/);
      await wb.clearNotifications();
      await wb.screenshot('01-entity-counts-beside-index-sizes');
    });
    await wb.step('growth', async () => {
      await session.control('/entityCounts', { entityType: 'dataprocessinstance', active: 45_000 });
      await wb.clickViewAction(VIEW, 'Count Entities');
      await wb.waitForNotification(/\+45,000 documents since the last reading/, 20_000);
      // The tree redraws on the store's change: read its rows once the new totals are there.
      await wb.treeRow(VIEW, 'All types: 409,362').waitFor({ timeout: 10_000 });
      const rows = await items();
      assert.match(rows.find((r) => r.label.startsWith('All types'))?.description ?? '', /^\+45,000 since last · 407,350 active/);
      assert.match(rows.find((r) => r.label === 'dataprocessinstance')?.description ?? '', /^165,000 · \+45,000 since last · 165,000 active/);
      await wb.clearNotifications();
      await wb.screenshot('02-entity-counts-growth');
    });
    await wb.step('by-platform', async () => {
      // More room for the counts: the indices and Search Health panes folded away.
      await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Timeseries Indices' }).click();
      await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Search Health' }).click();
      await wb.treeRow(VIEW, 'By platform').click();
      await wb.treeRow(VIEW, 'By type').waitFor({ timeout: 20_000 });
      await wb.treeRow(VIEW, 'dataset').click();
      await wb.treeRow(VIEW, 'snowflake').waitFor({ timeout: 10_000 });
      const rows = await items();
      assert.equal(rows.find((r) => r.label === 'hive')?.description, '150,000 active · 1,500 soft-deleted');
      assert.ok(!rows.some((r) => r.label === 'corpuser'), 'a type without a platform is left out');
      await wb.screenshot('03-entity-counts-by-platform');
    });
    await wb.step('growth-in-chart', async () => {
      await wb.runCommand('DataHub: Show Index Size Chart');
      const frame = await webviewWith(wb.page, '#root', 'chart');
      const section = frame.locator('section.entities');
      await section.waitFor({ timeout: 30_000 });
      assert.match((await section.locator('h2 .meta').textContent()) ?? '', /^409,362 documents in \d+ types \(407,350 active, 2,012 soft-deleted\)$/);
      const dpi = section.locator('.entity-row', { hasText: 'dataprocessinstance' });
      assert.equal(await dpi.locator('.badge-slot').textContent(), '+45,000');
      assert.match(
        (await section.locator('.legend').textContent()) ?? '',
        /^Counted .* from the counts endpoint\. All types: Since the reading of .*: \+45,000/,
      );
      await section.scrollIntoViewIfNeeded();
      await wb.screenshot('04-entity-growth-in-size-chart');
    });
  });

  it('plans a cleanup with a dry run, then asks before it deletes exactly that list', async () => {
    const wb = session.workbench;
    await wb.step('cleanup-dry-run', async () => {
      await wb.runCommand('DataHub: Plan Entity Cleanup (Dry Run)…');
      await wb.pickQuickInputItem('Old dataProcessInstance runs');
      const text = await wb.waitForNotification(/^Cleanup plan on "sandbox": 7 dataProcessInstance runs beyond the last 5 of each job/, 30_000);
      assert.match(text, /12 of 12|7 of 12/);
      assert.match(text, /Nothing was deleted\./);
      await wb.screenshot('05-entity-cleanup-dry-run');
    });
    await wb.step('cleanup-confirmation', async () => {
      await wb.page
        .locator('.notification-list-item .monaco-button', { hasText: /^Apply…$/ })
        .first()
        .click();
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Delete 7 dataProcessInstance runs .* on "sandbox"\?$/);
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /The planned URNs only, soft-deleted/);
      assert.doesNotMatch(detail, /Asked for by/, 'the person clicked Apply…: no program asked');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Delete 7$/ }).waitFor();
      await wb.screenshot('06-entity-cleanup-confirmation');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Delete 7$/ }).click();
      await wb.waitForNotification(/^Entity cleanup on "sandbox": 7 of 7 dataProcessInstance runs .* deleted\.$/, 30_000);
      await wb.screenshot('07-entity-cleanup-applied');
      await wb.clearNotifications();
    });
    await wb.step('cleanup-from-a-row', async () => {
      // A type row with soft-deleted entities offers its cleanup inline: that type's dry run, no question asked.
      const row = wb.treeRow(VIEW, 'chart');
      await row.hover();
      await row.locator('.action-label[aria-label^="Plan Entity Cleanup"]').waitFor({ timeout: 10_000 });
      await wb.screenshot('08-entity-cleanup-offered-on-a-row', { keepMouse: true });
      await row.locator('.action-label[aria-label^="Plan Entity Cleanup"]').click();
      await wb.waitForNotification(
        /^Cleanup plan on "sandbox": 3 chart entities soft-deleted more than 10 days ago, to delete for good\. Nothing was deleted\.$/,
        30_000,
      );
      const platform = wb.treeRow(VIEW, 'hive');
      await platform.hover();
      assert.equal(await platform.locator('.action-label[aria-label^="Plan Entity Cleanup"]').count(), 0, 'a platform row offers no cleanup');
    });
    await wb.step('cleanup-keeps-recently-soft-deleted', async () => {
      // As DataHub's GC: the 6 datasets soft-deleted 2 days ago stay, counted in the figures.
      await wb.clearNotifications();
      await wb.runCommand('DataHub: Plan Entity Cleanup (Dry Run)…');
      await wb.pickQuickInputItem('Soft-deleted entities of a type…');
      await wb.typeInQuickInput('dataset');
      await wb.waitForNotification(
        /^Cleanup plan on "sandbox": 24 dataset entities soft-deleted more than 10 days ago, to delete for good; 6 kept: soft-deleted less than 10 days ago; DataHub's GC keeps them too\. Nothing was deleted\.$/,
        30_000,
      );
      await wb.screenshot('09-entity-cleanup-keeps-recent');
      await wb.clearNotifications();
    });
  });
});
