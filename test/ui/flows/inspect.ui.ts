// Inspect URN in the browser: DataHub: Inspect URN: Database vs Search… from the palette, for an
// entity whose search document is stale (its description and owners changed since it was indexed)
// and for one soft-deleted in the database that search still lists. The document opens in the
// Markdown preview; the notification offers the next step. Screenshots per state.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { SAMPLE_URNS } from '../../sandbox/data';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { previewWith as previewOf } from '../harness/preview';

describe('Inspect URN, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;

  const previewWith = (headline: RegExp): Promise<Frame> => previewOf(session.workbench.page, headline);

  async function inspect(urn: string): Promise<void> {
    const wb = session.workbench;
    await wb.runCommand('DataHub: Inspect URN: Database vs Search…');
    await wb.typeInQuickInput(urn, { title: /Inspect URN/ });
  }

  before(async () => {
    session = await startUiSession({ prefix: 'inspect' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('a stale search document: the differences field by field, and Restore as the next step', async () => {
    const wb = session.workbench;
    await wb.step('search-stale', async () => {
      await inspect(SAMPLE_URNS.lookerChart);
      const frame = await previewWith(/Search is stale/);
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /Weekly orders by region/);
      assert.match(body, /looker-2026_11_25-01/);
      assert.equal(await frame.locator('table').first().locator('tr').count(), 3, 'the entity table: header and two rows');
      await wb.waitForNotification(/Search is stale/, 30_000);
      const toast = wb.page.locator('.notification-list-item', { hasText: 'Search is stale' }).first();
      assert.equal(await toast.locator('.monaco-button', { hasText: /^Restore Indices for this URN$/ }).count(), 1);
      await wb.screenshot('01-search-stale');
    });
  });

  it('soft-deleted but still in search: removed differs', async () => {
    const wb = session.workbench;
    await wb.clearNotifications();
    await wb.step('soft-deleted-in-search', async () => {
      await inspect(SAMPLE_URNS.dailyEtlFlow);
      const frame = await previewWith(/Soft-deleted, but search still finds it/);
      const body = (await frame.locator('body').textContent()) ?? '';
      assert.match(body, /removed/);
      await wb.screenshot('02-soft-deleted-in-search');
    });
  });
});
