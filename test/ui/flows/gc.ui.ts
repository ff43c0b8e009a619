// DataHub's garbage collector in the browser: the DataHub Doctor's "DataHub GC" group on a default install (every
// night stopped at the deletion limit, a million run records with their cleanup off): the line with the worst
// finding, and each finding under it with its next step; then failing runs, the group open on its failure; then
// DataHub: Read DataHub's Garbage Collector from the palette, its one sentence.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { DOCTOR_VIEW, openDoctorWide } from '../harness/doctorView';

const VIEW = DOCTOR_VIEW;

describe("DataHub's GC, in the browser", { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'gc' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows the GC group with its findings, worst first, each with its next step', async () => {
    const wb = session.workbench;
    const { page } = wb;
    const described = async (label: string) => (await wb.treeItems(VIEW)).find((i) => i.label === label)?.description ?? '';

    await wb.step('default-install', async () => {
      await session.control('/gc', { scenario: 'defaultInstall' });
      await openDoctorWide(wb);
      const gc = wb.treeRow(VIEW, 'DataHub GC');
      await gc.waitFor({ timeout: 30_000 });
      assert.match(
        await described('DataHub GC'),
        /^every recent night stopped at the deletion limit \(25,000\); backlog about 16 more night\(s\) \(\+1 more\): raise soft_deleted_entities_cleanup\.limit_entities_delete/,
      );
      // Folded away the lines above it, so the group and its findings show whole.
      await gc.click();
      await page.waitForFunction(() => /next: turn dataprocess_cleanup on/.test(document.body.innerText), undefined, { timeout: 10_000 });
      await wb.clearNotifications();
      await wb.screenshot('01-gc-group-with-findings');
    });

    await wb.step('failing-runs', async () => {
      await session.control('/gc', { scenario: 'failingRuns' });
      await wb.clickViewAction(VIEW, 'Run Doctor');
      await page.waitForFunction(() => /the last 3 runs failed/.test(document.body.innerText), undefined, { timeout: 20_000 });
      assert.match(await described('DataHub GC'), /^the last 3 runs failed: "While trying to truncate indices" and 1 more: open the newest run's report/);
      await wb.clearNotifications();
      await wb.screenshot('02-gc-failing-runs');
    });

    await wb.step('read-from-the-palette', async () => {
      await session.control('/gc', { scenario: 'stalledExecutor' });
      await wb.runCommand("DataHub: Read DataHub's Garbage Collector");
      await wb.waitForNotification(/^DataHub's GC on "sandbox": The GC has not run for more than twice its interval/, 30_000);
      await wb.screenshot('03-gc-read-stalled-executor');
    });
  });
});
