// Is it in the search index? In the browser: the check finds an entity missing
// from DataHub search, its Restore Indices button restores it, and the extension
// waits until search has it ("now searchable after …"); then a URN is found by
// typing a table name into the restore prompt. Screenshots per step.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS, type RecordedRequest } from '../../sandbox/api';
import { SEARCH_SAMPLES } from '../../sandbox/searchIndex';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';

describe('Search index check and confirm after restore, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  const actions = (name: string): RecordedRequest[] => session.sandbox.requests.filter((r) => r.action === name);

  before(async () => {
    session = await startUiSession({ prefix: 'search', sandbox: { searchLagMs: 1500 } });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows an entity missing from search, restores it from the button and reports it searchable', async () => {
    const wb = session.workbench;
    const missing = SEARCH_SAMPLES.missingFromSearch;
    await wb.step('check-missing', async () => {
      await wb.runCommand('DataHub: Check Search Index for URN…');
      await wb.typeInQuickInput(missing);
      const text = await wb.waitForNotification(/missing from the search index/, 30_000);
      assert.match(text, /db_orders.*is in the database but missing from the search index\. Restore Indices rebuilds its search entry\./);
      await wb.screenshot('01-check-missing-from-search');
    });
    assert.equal(actions('restoreIndices').length, 0, 'the check restored something');
    await wb.step('restore-and-confirm', async () => {
      const toast = wb.page.locator('.notification-list-item', { hasText: 'missing from the search index' }).first();
      await toast.locator('.monaco-button', { hasText: /^Restore Indices$/ }).click();
      await wb.waitForNotification(/Waiting for DataHub search to index/, 15_000).catch(() => undefined);
      await wb.screenshot('02-restored-waiting-for-search');
      const text = await wb.waitForNotification(/is now searchable after \d+\.\d s/, 40_000);
      assert.equal(actions('restoreIndices').length, 1, 'the button restored the URN once');
      assert.match(text, /db_orders.*is now searchable after [1-9]\.\d s\./);
      await wb.screenshot('03-now-searchable');
    });
    const restores = actions('restoreIndices');
    assert.equal(restores.length, 1);
    assert.deepEqual(restores[0].params, { urn: missing });
    assert.ok(session.sandbox.inSearch(missing));
    assert.ok(actions('graphql').length >= 3, 'the check, the check before the restore and at least one poll');
  });

  it('finds a URN by typing a table name into the restore prompt', async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    session.sandbox.clearRequests();
    await wb.step('find-by-name', async () => {
      await wb.runCommand('DataHub: Restore Indices for URN…');
      await wb.typeInQuickInput('db.orders', { submit: false });
      const row = wb.quickInput.locator('.monaco-list-row', { hasText: ORDERS }).first();
      await row.waitFor({ timeout: 15_000 });
      const rowText = (await row.textContent()) ?? '';
      assert.match(rowText, /db\.orders/);
      assert.match(rowText, /dataset · hive/);
      await wb.screenshot('04-urn-found-by-table-name');
      await wb.waitUntilStill(row);
      await row.click();
      await wb.pickQuickInputItem('(all aspects)');
      const text = await wb.waitForNotification(/^Restored 7 rows for /, 30_000);
      assert.match(text, /db\.orders/);
      await wb.screenshot('05-restored-found-urn');
    });
    const searches = actions('graphql').filter((r) => (r.body as { operationName?: string }).operationName === 'findEntities');
    assert.ok(searches.length >= 1 && searches.length <= 3, `typing sent ${searches.length} searches (debounced)`);
    assert.deepEqual(actions('restoreIndices')[0].params, { urn: ORDERS });
  });
});
