// Search Health in the browser: a note listing URNs (one healthy, three the search index is
// missing, three documents whose entity is gone, one that exists nowhere) against the
// sandbox's demo drift with a lagging indexing consumer: the view shows the lag and the four
// groups; Fix Drift runs its dry run and asks with its figures; after the fix the view and
// the notification say the drift is gone.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { DEMO_ORPHANS } from '../../sandbox/drift';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { widenSideBar } from '../harness/sideBar';

const FILE = 'search-drift-suspects.md';
const MISSING = [
  'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)',
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.accounts_raw,PROD)',
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.campaigns,PROD)',
];
const NOTE = [
  '# Entities users could not find (or found but could not open)',
  '',
  '- healthy: urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)',
  ...MISSING.map((u) => `- not found by search: ${u}`),
  ...DEMO_ORPHANS.map((u) => `- found, but the page is empty: ${u}`),
  '- typo from a ticket: urn:li:dataset:(urn:li:dataPlatform:hive,db.ordres,PROD)',
  '',
].join('\n');

describe('Search Health, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'health' });
    fs.writeFileSync(path.join(session.dirs.workspace, FILE), NOTE);
    await session.control('/drift/preset', { name: 'demo' });
    await session.control('/lag', { consumer: 'mcl', events: 48_000, drainPerSecond: 1200 });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows the lag and the four groups, fixes after a dry run, and the drift is gone', async () => {
    const wb = session.workbench;
    const view = 'Search Health';
    await wb.step('lag-and-groups', async () => {
      await wb.openFile(FILE);
      await wb.runCommand('DataHub: Check Search Health…');
      await wb.pickQuickInputItem('URNs in This File');
      await wb.treeRow(view, 'In search only').waitFor({ timeout: 30_000 });
      await wb.clickViewAction(view, 'Refresh Search Health');
      await wb.treeRow(view, /^Search indexing: /).waitFor({ timeout: 30_000 });
      await wb.page.waitForFunction(() => /Search indexing: [\d,]+ behind, about/.test(document.body.innerText), undefined, { timeout: 30_000 });
      // More room for Search Health: the indices pane folded away, the side bar wider (its sash dragged).
      await wb.page.locator('.part.sidebar .pane-header', { hasText: 'Timeseries Indices' }).click();
      await widenSideBar(wb, 180);
      await wb.treeRow(view, 'In search only').click();
      await wb.treeRow(view, 'In both').waitFor({ timeout: 10_000 });
      // The tree redraws when the lag reading lands: read its rows once they are all there.
      let items = await wb.treeItems(view);
      for (let i = 0; i < 20 && !items.some((r) => r.label === 'In both'); i++) {
        await wb.page.waitForTimeout(250);
        items = await wb.treeItems(view);
      }
      const described = (label: string) => items.find((i) => i.label === label)?.description;
      assert.equal(described('In the database only'), '3');
      assert.equal(described('In search only'), '3');
      assert.equal(described('In neither'), '1');
      assert.equal(described('In both'), '1');
      assert.ok(
        items.some((i) => /^Search indexing: [\d,]+ behind, about [\d.]+ s$/.test(i.label)),
        JSON.stringify(items),
      );
      await wb.clearNotifications();
      await wb.screenshot('01-view-with-lag-and-drift-groups');
    });
    await wb.step('dry-run-confirmation', async () => {
      await wb.treeRow(view, 'Fix Drift…').click();
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Fix search drift of 8 URNs on "sandbox"\?/);
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /Restore the search documents of 3 entities in the database only/);
      assert.match(detail, /Remove 3 search documents whose entity is gone .*dry run: 3 would be removed, 0 would fail/);
      await wb.screenshot('02-dry-run-confirmation');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Fix Drift$/ }).click();
    });
    await wb.step('result', async () => {
      const text = await wb.waitForNotification(/^Search drift of 8 URNs: 3 restored, 3 removed; drift now 0\./, 120_000);
      assert.ok(text);
      await wb.treeRow(view, /^Fixed at /).waitFor({ timeout: 10_000 });
      await wb.screenshot('03-result-after-the-fix');
    });
    const fixes = session.sandbox.requests.filter((r) => r.action === 'consistency/fix-issues');
    assert.deepEqual(
      fixes.map((r) => r.params?.dryRun),
      [true, false],
    );
  });
});
