// "Why isn't it found?" in the browser: DataHub: Explain Search for This URN… from the
// palette, for an entity that is indexed but not matched by the search text, and from
// the search check's Explain Search button, for one that is not in the search index at all. The explain document opens in the
// Markdown preview (a webview: an iframe in an iframe). Screenshots per state. A hostile
// server's index name (a heading, a link, an image, HTML and a command link after line
// breaks) shows as text in the preview.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { SEARCH_SAMPLES } from '../../sandbox/searchIndex';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { previewWith as previewOf } from '../harness/preview';

const ORDERS = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';

describe('Explain search for a URN, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;

  const previewWith = (headline: RegExp): Promise<Frame> => previewOf(session.workbench.page, headline);

  async function explain(urn: string, query: string): Promise<void> {
    const wb = session.workbench;
    await wb.runCommand('DataHub: Explain Search for This URN…');
    await wb.typeInQuickInput(urn, { title: /Explain Search \(1\/2\)/ });
    await wb.typeInQuickInput(query, { title: /Explain Search \(2\/2\)/ });
  }

  before(async () => {
    session = await startUiSession({ prefix: 'explain' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('indexed but not matched: the verdict, the failing clause and the first result that matched', async () => {
    const wb = session.workbench;
    await wb.step('indexed-not-matched', async () => {
      await explain(ORDERS, 'customers');
      const frame = await previewWith(/In the index, but the query does not match it/);
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /no searched field contains "customers"/);
      assert.match(body, /The first result that matched/);
      await wb.clearNotifications();
      await wb.screenshot('01-indexed-not-matched');
    });
    const explains = session.sandbox.requests.filter((r) => r.action === 'explainSearchQuery');
    assert.equal(explains[0].query.documentId, ORDERS);
    assert.equal(explains[0].query.query, 'customers');
  });

  it("not in the index, from the search check's Explain Search button: says so first, with the raw document missing too", async () => {
    const wb = session.workbench;
    await wb.step('not-in-index', async () => {
      await wb.runCommand('DataHub: Check Search Index for URN…');
      await wb.typeInQuickInput(SEARCH_SAMPLES.missingFromSearch);
      await wb.waitForNotification(/missing from the search index/, 30_000);
      const toast = wb.page.locator('.notification-list-item', { hasText: 'missing from the search index' }).first();
      await toast.locator('.monaco-button', { hasText: /^Explain Search$/ }).click();
      // The button hands over the URN: only the search text is asked for.
      await wb.typeInQuickInput('orders', { title: /Explain Search \(2\/2\)/ });
      const frame = await previewWith(/Not in the search index/);
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /holds no document for this URN/);
      await wb.clearNotifications();
      await wb.screenshot('02-not-in-index');
    });
  });

  it('a hostile index name: heading, link, image, HTML and command link stay text in the preview', async () => {
    const wb = session.workbench;
    const hostile = [
      'datasetindex_v2',
      '# Planted heading',
      '[planted link](https://evil.example/x) ![beacon](https://evil.example/b.png)',
      '<img src="https://evil.example/b.png"> <a href="command:workbench.action.terminal.new">planted command</a> | x |',
    ].join('\n');
    await session.control('/explain', { indexName: hostile });
    await wb.step('hostile-index-name', async () => {
      await explain(ORDERS, 'customers');
      const frame = await previewWith(/In the index, but the query does not match it/);
      assert.equal(await frame.locator('h1').count(), 1, 'only the document’s own title is a heading');
      assert.equal(await frame.locator('h1, h2, h3, h4').filter({ hasText: 'Planted heading' }).count(), 0);
      assert.equal(await frame.locator('img').count(), 0, 'no image (no beacon)');
      assert.equal(await frame.locator('a[href*="evil.example"], a[href^="command:"], a[data-href^="command:"]').count(), 0, 'no planted link');
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /# Planted heading/, 'the planted text is there, as text');
      assert.match(body, /<a href="command:workbench\.action\.terminal\.new">planted command<\/a>/);
      // The table keeps two cells a row: the "|" in the name did not add one.
      for (const row of await frame.locator('table tr').all()) assert.equal(await row.locator('td, th').count(), 2);
      await wb.clearNotifications();
      await wb.screenshot('03-hostile-index-name');
    });
    await session.control('/explain', {});
  });
});
