// A person's first session: store the token through the password box, look at
// the index sizes, filter them, restore a URN from the command palette and one
// from the editor's context menu, then the rows written in the last 24 hours.
// Asserts on the screen and on what the sandbox received; saves a screenshot per step.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS, type RecordedRequest } from '../../sandbox/api';
import { startUiSession, type UiSession } from '../harness/session';

const VIEW = 'Timeseries Indices';
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const LOAD_JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)';
/** "3 indices · 21.7 GB": count and total of a group. */
const GROUP_DESCRIPTION = /^(\d+) ind(?:ex|ices)(?: · \d+ unknown)?$/;

describe('DataHub view and restore, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  const actions = (name: string): RecordedRequest[] => session.sandbox.requests.filter((r) => r.action === name);

  before(async () => {
    session = await startUiSession({ prefix: 'restore' });
  });
  after(async () => {
    await session?.close();
  });

  it('stores the access token typed into the password box', async () => {
    const wb = session.workbench;
    await wb.step('set-token', async () => {
      await wb.runCommand('DataHub: Set Access Token…');
      await wb.quickInput.locator('input[type="password"]').waitFor();
      await wb.typeInQuickInput(SANDBOX_TOKENS.admin);
      const text = await wb.waitForNotification(/Access token stored/);
      assert.match(text, /"sandbox"/);
      // Nothing on screen shows the token.
      assert.ok(!(await wb.page.content()).includes(SANDBOX_TOKENS.admin), 'the token is visible in the page');
      await wb.screenshot('01-access-token-stored');
      await wb.clearNotifications();
    });
  });

  it('shows the index sizes grouped by entity, with count and total size', async () => {
    const wb = session.workbench;
    await wb.step('datahub-view', async () => {
      await wb.openViewContainer('DataHub');
      await wb.treeRow(VIEW, 'dataset').waitFor({ timeout: 30_000 });
      const items = await wb.treeItems(VIEW);
      const dataset = items.find((i) => i.name === 'dataset');
      assert.ok(dataset, `no dataset group in ${JSON.stringify(items)}`);
      assert.match(dataset.description, GROUP_DESCRIPTION);
      // The size leads the row; the count follows the name.
      assert.equal(dataset.label, '21.7 GB  dataset');
      assert.equal(dataset.description, '3 indices');
      for (const group of ['chart', 'dataprocessinstance']) {
        assert.ok(
          items.some((i) => i.name === group),
          `no ${group} group in ${JSON.stringify(items)}`,
        );
      }
      await wb.screenshot('02-datahub-view-entity-groups');
    });
    await wb.step('index-tooltip', async () => {
      // Tooltips are built on hover (resolveTreeItem): check the workbench really shows one.
      await wb.treeRow(VIEW, 'datasetusagestatistics').hover();
      const hover = wb.page.locator('.monaco-hover, .workbench-hover', { hasText: 'dataset_datasetusagestatisticsaspect_v1' }).first();
      await hover.waitFor({ timeout: 15_000 });
      const text = (await hover.textContent()) ?? '';
      assert.match(text, /2,711\.05 MB/);
      assert.match(text, /Share/);
      await wb.screenshot('02b-index-tooltip-on-hover', { keepMouse: true });
    });
    const sizes = actions('getIndexSizes');
    assert.ok(sizes.length >= 1, 'the view did not ask DataHub for index sizes');
    assert.equal(sizes.at(-1)?.tokenName, 'admin', 'getIndexSizes was not sent with the stored token');
    // The sandbox has both transports: the connection (api auto) found OpenAPI, a GET.
    assert.equal(sizes.at(-1)?.transport, 'openapi');
    assert.equal(sizes.at(-1)?.method, 'GET');
  });

  it('filters the indices by typing part of a name', async () => {
    const wb = session.workbench;
    await wb.step('filter', async () => {
      await wb.runCommand('DataHub: Filter Indices…');
      await wb.typeInQuickInput('usage');
      await wb.treeRow(VIEW, 'dataprocessinstance').waitFor({ state: 'detached', timeout: 15_000 });
      const items = await wb.treeItems(VIEW);
      const dataset = items.find((i) => i.name === 'dataset');
      assert.ok(dataset, `no dataset group after filtering: ${JSON.stringify(items)}`);
      assert.match(dataset.label, /^2\.71? GB {2}dataset$/);
      assert.equal(dataset.description, '1 index');
      assert.ok(!items.some((i) => i.name === 'assertion'), 'a group without usage indices is still shown');
      await wb.screenshot('03-indices-filtered-by-usage');
      await wb.clickViewAction(VIEW, 'Clear Filter');
      await wb.treeRow(VIEW, 'dataprocessinstance').waitFor({ timeout: 15_000 });
    });
  });

  it('restores a URN typed into the command palette', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.step('restore-palette', async () => {
      await wb.runCommand('DataHub: Restore Indices for URN…');
      await wb.typeInQuickInput(ORDERS, { submit: false });
      await wb.screenshot('04-restore-urn-typed-in-palette');
      await wb.quickInputBox.press('Enter');
      // Step 2 of 2: the aspect; keep "(all aspects)".
      await wb.pickQuickInputItem('(all aspects)');
      const text = await wb.waitForNotification(/^Restored 7 rows for /, 30_000);
      assert.match(
        text,
        /^Restored 7 rows for urn:li:dataset:.*db\.orders.*, 1 ignored, (under 0\.1 s|\d+\.\d s)\. Ignored rows are rows DataHub read but did not index/,
      );
      await wb.waitForNotificationGone(/^Restoring indices/);
      await wb.screenshot('05-restore-by-urn-result');
    });
    const restores = actions('restoreIndices');
    assert.equal(restores.length, 1, `expected one restoreIndices request, got ${restores.length}`);
    assert.equal((restores[0].params as { urn?: string }).urn, ORDERS);
    assert.equal(restores[0].tokenName, 'admin');
  });

  it('restores the URN under the cursor from the editor context menu', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.clearNotifications();
    await wb.step('restore-context-menu', async () => {
      await wb.openFile('lineage.json');
      await wb.editorContextMenu(LOAD_JOB, 'Restore Indices for This URN', async () => {
        await wb.screenshot('06-editor-context-menu-on-urn', { keepMouse: true });
      });
      const text = await wb.waitForNotification(/^Restored \d+ rows? for urn:li:dataJob:/, 30_000);
      assert.match(text, /^Restored 5 rows for urn:li:dataJob:.*load_orders[^,]*, (under 0\.1 s|\d+\.\d s)\.$/);
      await wb.waitForNotificationGone(/^Restoring indices/);
      await wb.screenshot('07-restore-at-cursor-result');
    });
    const restores = actions('restoreIndices');
    assert.equal(restores.length, 1, `expected one restoreIndices request, got ${restores.length}`);
    assert.equal((restores[0].params as { urn?: string }).urn, LOAD_JOB);
  });

  it('restores the rows written in the last 24 hours, after a confirmation that shows the instants', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.clearNotifications();
    const before = Date.now();
    await wb.step('restore-window', async () => {
      await wb.runCommand('DataHub: Restore Indices Changed Between…');
      await wb.pickQuickInputItem('Last 24 hours');
      await wb.quickInput.locator('.quick-input-title', { hasText: /\(2\/3\)/ }).waitFor({ timeout: 10_000 });
      assert.equal(await wb.quickInputBox.inputValue(), 'urn:li:%', 'the pattern defaults to every entity');
      await wb.quickInputBox.press('Enter');
      await wb.pickQuickInputItem('Restore every matching row');
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      assert.match(
        (await dialog.locator('.dialog-message-text').textContent()) ?? '',
        /row of urn:li:% written in this window \(this pattern matches every URN\)\?/,
      );
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /every entity type/);
      // The one date-time format: local time to the minute, with the zone.
      assert.match(detail, /Rows written until: \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/);
      assert.match(detail, /Rows written from: \d{4}-\d\d-\d\d \d\d:\d\d \(UTC[+-]\d\d:\d\d\)/);
      await wb.screenshot('08-restore-window-confirmation');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Restore All Matching Rows$/ }).click();
      const text = await wb.waitForNotification(/^Restored \d+ rows? .*matching urn:li:%/, 30_000);
      assert.match(text, /in \d+ requests matching urn:li:%/);
      await wb.waitForNotificationGone(/^Restoring indices/);
      await wb.screenshot('09-restore-window-result');
    });
    const restores = actions('restoreIndices').map((r) => r.params as Record<string, number | string>);
    assert.equal(restores[0].start, 2_147_483_647, 'a request that matches no row checks the window first');
    assert.ok(restores.length >= 3, `the check, a page and the probe after it (${restores.length})`);
    for (const body of restores) {
      assert.ok(Math.abs(Number(body.gePitEpochMs) - (before - 86_400_000)) < 120_000, `gePitEpochMs ${body.gePitEpochMs}`);
      assert.ok(Number(body.lePitEpochMs) >= before - 1000);
    }
  });
});
