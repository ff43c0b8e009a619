// Production safety the way a person meets it: a production connection's
// status bar item in the warning colours; a truncation from the tree that,
// after the dry run's modal, asks for the index name typed exactly (a wrong
// name is refused as it is typed, Escape sends nothing, the exact name goes
// ahead); then a read-only connection refusing a restore before anything is
// sent. Asserts on the screen and on the sandbox's request log.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';

const VIEW = 'Timeseries Indices';
const ASPECT_ROW = 'dashboardusagestatistics';
const INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';
const TRUNCATE_ITEM = /^Truncate (Entries Older Than|Old Rows)…$/;

describe('production safety, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  const truncates = () => session.sandbox.requests.filter((r) => r.action === 'truncateTimeseriesAspect');
  const realTruncates = () => truncates().filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);

  before(async () => {
    session = await startUiSession({
      prefix: 'production',
      sandbox: { auth: { enabled: false }, taskDurationMs: 3000 },
      connections: [
        { name: 'prod', gmsUrl: 'sandbox', environment: 'production' },
        { name: 'replica', gmsUrl: 'sandbox', readOnly: true },
      ],
    });
  });
  after(async () => {
    await session?.close();
  });

  /** Right-click the index, choose the truncate item, pick 180 days; waits for the dry run's modal and clicks Truncate. */
  async function truncateUpToTypedName(): Promise<void> {
    const wb = session.workbench;
    const cutoffTitle = wb.quickInput.locator('.quick-input-title', { hasText: new RegExp(`Truncate ${INDEX}: .* · prod \\(production\\)`) });
    for (let attempt = 1; ; attempt++) {
      const row = wb.treeRow(VIEW, ASPECT_ROW);
      await row.waitFor({ timeout: 30_000 });
      await row.click({ button: 'right' });
      const action = wb.page.locator('.context-view .monaco-menu .action-item .action-label:visible', { hasText: TRUNCATE_ITEM });
      await action.waitFor({ timeout: 10_000 });
      await action.hover();
      await wb.page.locator('.context-view .monaco-menu .action-item.focused', { hasText: TRUNCATE_ITEM }).waitFor({ timeout: 5_000 });
      await wb.page.keyboard.press('Enter');
      try {
        await cutoffTitle.waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt >= 3) throw error;
        await wb.page.keyboard.press('Escape');
      }
    }
    await wb.pickQuickInputItem(/^\s*180 days\s*$/);
    const dialog = wb.page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 20_000 });
    const message = (await dialog.locator('.dialog-message-text').textContent()) ?? '';
    assert.match(message, new RegExp(`from ${INDEX}\\? · prod \\(production\\)$`));
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Truncate$/ }).click();
    await wb.quickInput.locator('.quick-input-title', { hasText: /^Truncate Old Rows · prod \(production\)$/ }).waitFor({ timeout: 10_000 });
  }

  it('shows a production connection in the warning colours', async () => {
    const wb = session.workbench;
    await wb.step('production-status-bar', async () => {
      await wb.openViewContainer('DataHub');
      const item = wb.page.locator('.statusbar-item', { hasText: /DataHub: prod \(production\)/ });
      await item.waitFor({ timeout: 30_000 });
      // VS Code paints a warning-coloured item with the theme's statusBarItem.warningBackground.
      const background = await item.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.notEqual(background, 'rgba(0, 0, 0, 0)', 'the item has a background of its own');
      const description = wb.viewPane(VIEW).locator('.pane-header .description');
      assert.match((await description.textContent()) ?? '', /prod · production/);
      await wb.treeRow(VIEW, ASPECT_ROW).waitFor({ timeout: 30_000 });
      await wb.screenshot('01-status-bar');
    });
  });

  it('asks for the index name typed exactly before truncating; a wrong name is refused, Escape sends nothing', async () => {
    const wb = session.workbench;
    await wb.step('typed-name-refused', async () => {
      await truncateUpToTypedName();
      await wb.typeInQuickInput('dashboard', { submit: false });
      await wb.quickInput.locator('.quick-input-message', { hasText: `Type ${INDEX} exactly to confirm` }).waitFor({ timeout: 10_000 });
      await wb.screenshot('02-typed-name-wrong');
      await wb.quickInputBox.press('Enter');
      await wb.page.waitForTimeout(500);
      assert.ok(await wb.quickInput.isVisible(), 'Enter on a wrong name does not close the box');
      await wb.quickInputBox.press('Escape');
      await wb.waitQuickInputClosed();
      await wb.page.waitForTimeout(1000);
      assert.equal(realTruncates().length, 0, 'Escape: nothing was sent but the dry run');
      assert.equal(truncates().length, 1);
    });
    await wb.step('typed-name-accepted', async () => {
      await truncateUpToTypedName();
      await wb.typeInQuickInput(INDEX, { submit: false });
      await wb.screenshot('03-typed-name-exact');
      await wb.quickInputBox.press('Enter');
      await wb.waitQuickInputClosed();
      const deadline = Date.now() + 20_000;
      while (realTruncates().length === 0 && Date.now() < deadline) await wb.page.waitForTimeout(200);
      // The exact name started it (the sandbox may refuse the reindex, and the extension then deletes by query: two requests).
      assert.ok(realTruncates().length >= 1, 'the exact name started the truncation');
    });
  });

  it('refuses a restore on a read-only connection, saying so, before anything is sent', async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    await wb.step('read-only-refused', async () => {
      await wb.page.locator('.statusbar-item', { hasText: /DataHub: prod/ }).click();
      await wb.quickInputRow(/replica/).waitFor({ timeout: 10_000 });
      await wb.quickInput
        .locator('.monaco-list-row', { hasText: /production/ })
        .first()
        .waitFor({ timeout: 5_000 });
      await wb.screenshot('04a-switch-connection');
      await wb.pickQuickInputItem(/replica/);
      await wb.page.locator('.statusbar-item', { hasText: /DataHub: replica/ }).waitFor({ timeout: 10_000 });
      const before = session.sandbox.requests.length;
      await wb.runCommand('DataHub: Restore Indices for URN…');
      const text = await wb.waitForNotification(/The connection "replica" is read-only: Restore Indices was refused and nothing was sent to DataHub/, 15_000);
      assert.match(text, /DataHub: Edit Connection…/);
      await wb.page
        .locator('.notification-toast .monaco-button', { hasText: /^Edit Connection$/ })
        .first()
        .waitFor({ timeout: 5_000 });
      await wb.screenshot('05-read-only-refused');
      // Reads may go on meanwhile: the view's size refresh, the status polls of the task the previous step started,
      // and Search Health's lag reading for the connection just picked (a busy machine delays it into this step).
      const background = (action = ''): boolean =>
        ['getIndexSizes', 'getEsTaskStatus', 'getTaskStatus'].includes(action) || /^messaging\/[a-z]+\/consumer\/lag$/.test(action);
      const sent = session.sandbox.requests.slice(before).filter((r) => !background(r.action));
      assert.deepEqual(sent, [], "nothing but the view's size refresh and task status polls reached the sandbox");
    });
  });
});
