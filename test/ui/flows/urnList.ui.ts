// Many URNs in one go, in the browser: a Markdown note listing URNs (one twice, one
// that is not in the database) is restored from the editor's context menu with
// "Restore Indices for URNs in This File": one confirmation with the count, one POST
// list to the sandbox, and a result that names the URN that restored nothing and why.
// In a source file without a URN the context menu has none of the DataHub entries.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS, type RecordedRequest } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';

const FILE = 'reindex-after-incident.md';
const CODE_FILE = 'totals.ts';
const CODE = ['export function total(values: number[]): number {', '  return values.reduce((sum, v) => sum + v, 0);', '}', ''].join('\n');
const DATAHUB_ENTRIES = /Restore Indices|Check Search Index|Explain Search|DataHub/;
const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';
const LOAD_JOB = 'urn:li:dataJob:(urn:li:dataFlow:(airflow,daily_etl,prod),load_orders)';
const MISSING = 'urn:li:glossaryTerm:Finance.GrossMargin';
const NOTE = [
  '# Entities to re-index after the search outage',
  '',
  `- orders table: ${ORDERS}`,
  `- its load job: ${LOAD_JOB}`,
  '- owner: urn:li:corpuser:jdoe',
  '- tag: urn:li:tag:pii',
  `- glossary term: ${MISSING}`,
  '',
  `Checked again: ${ORDERS} (listed twice on purpose).`,
  '',
].join('\n');

describe('Restore the URNs of a file, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  const actions = (name: string): RecordedRequest[] => session.sandbox.requests.filter((r) => r.action === name);

  before(async () => {
    session = await startUiSession({ prefix: 'urnlist' });
    fs.writeFileSync(path.join(session.dirs.workspace, FILE), NOTE);
    fs.writeFileSync(path.join(session.dirs.workspace, CODE_FILE), CODE);
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('asks once with the count, sends one list, and names the URN that restored nothing', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.step('file-context-menu', async () => {
      await wb.openFile(FILE);
      const entries = ['Restore Indices for This URN', 'Restore Indices for URNs in This File', 'Check Search Index for URN…'];
      await wb.editorContextMenu(
        'urn:li:corpuser:jdoe',
        'Restore Indices for URNs in This File',
        async () => {
          const items = await wb.contextMenuItems();
          for (const entry of entries) assert.ok(items.includes(entry), `${entry} in the menu: ${items.join(' | ')}`);
          await wb.screenshot('01-context-menu-urns-in-file', { keepMouse: true });
        },
        entries,
      );
    });
    await wb.step('confirmation', async () => {
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      assert.equal((await dialog.locator('.dialog-message-text').textContent()) ?? '', 'Restore indices for 5 URNs? · sandbox');
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /glossaryTerm:Finance\.GrossMargin/);
      assert.match(detail, /sent 100 per request \(1 request\)/);
      await wb.screenshot('02-confirmation-with-count');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Restore 5 URNs$/ }).click();
    });
    await wb.step('result', async () => {
      const text = await wb.waitForNotification(/^Restored 4 of 5 URNs/, 30_000);
      assert.match(
        text,
        /^Restored 4 of 5 URNs: \d+ rows(, \d+ ignored)?, 1 request, (under 0\.1 s|\d+\.\d s)\. This URN restored nothing: urn:li:glossaryTerm:Finance\.GrossMargin \(not in the database\)\./,
      );
      await wb.waitForNotificationGone(/^Restoring indices/);
      await wb.screenshot('03-result-names-urn-that-restored-nothing');
    });
    const restores = actions('restoreIndices');
    assert.equal(restores.length, 1, `expected one request, got ${restores.length}`);
    assert.equal(restores[0].transport, 'openapi');
    assert.equal((restores[0].params?.urns as string[]).length, 5);
  });

  it('the right-click menu of a file without a URN has no DataHub entry', async () => {
    const wb = session.workbench;
    await wb.step('code-context-menu', async () => {
      await wb.openFile(CODE_FILE);
      await wb.openEditorContextMenu('reduce');
      const items = await wb.contextMenuItems();
      assert.ok(items.length > 3, `the menu is open: ${items.join(' | ')}`);
      assert.deepEqual(
        items.filter((label) => DATAHUB_ENTRIES.test(label)),
        [],
        'no DataHub entry in a file without a URN',
      );
      await wb.screenshot('00-context-menu-without-urn', { keepMouse: true });
      await wb.page.keyboard.press('Escape');
    });
  });
});
