// Before and during an upgrade, in the browser: the palette's Check Upgrade Readiness on risky
// settings (its notification and the report in its output channel, each risk with its next step),
// then Watch Upgrade Reindex on the incremental (zero-downtime) path: the rows mid-run (an index
// copying with its task and ETA, the ones before it swapped) and at the end (a failed catch-up with
// its cursor). A screenshot of each.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';
import { setAccessToken } from '../harness/signIn';
import { showTasksWide } from '../harness/tasksPane';
import { SANDBOX_TOKENS } from '../../sandbox';

const TASKS = 'DataHub Tasks';
const JOB = 'datahub-datahub-system-update-job';

describe('Upgrade readiness and the incremental reindex, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'readiness', connections: [{ name: 'sandbox', gmsUrl: 'sandbox/api/gms' }] });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows the readiness report with each risk, then the incremental reindex mid-run and at its end', async () => {
    const wb = session.workbench;
    await session.control('/k8s/upgradeSettings', { profile: 'risky' });
    await wb.step('upgrade-readiness-report', async () => {
      await wb.runCommand('DataHub: Check Upgrade Readiness');
      const text = await wb.waitForNotification(/Upgrade readiness of "sandbox": 1 failing, 3 warnings/, 30_000);
      assert.match(text, /CronJob datahub-datahub-restore-indices-job-template: its job has only gePitEpochMs/);
      const output = wb.page.locator('.part.panel .view-lines');
      await output
        .filter({ hasText: /Read\sfrom:\sGET/ })
        .first()
        .waitFor({ timeout: 20_000 });
      await wb.runCommand('View: Toggle Maximized Panel');
      await output
        .filter({ hasText: /\[FAILING\]\sCronJob\sdatahub-datahub-restore-indices-job-template/ })
        .filter({ hasText: /\[WARNING\]\sReindex\stime\slimit/ })
        .first()
        .waitFor({ timeout: 20_000 });
      await wb.screenshot('25-upgrade-readiness-report');
      await wb.runCommand('View: Toggle Maximized Panel');
    });
    // 2.5 s a step: the second index copies from 22.5 to 37.5 s after this, a window a busy machine's palette,
    // watch and first draw of DataHub Tasks still reach (at 1.5 s a step it had passed once, on four test lanes).
    await session.control('/k8s/systemUpdate', { script: 'incrementalCatchUpFailed', stepMs: 2500 });
    await wb.step('incremental-watch-mid-run', async () => {
      await wb.clearNotifications();
      await wb.runCommand('DataHub: Watch Upgrade Reindex (System Update)…');
      await showTasksWide(wb, 620);
      // The second index copying (the first swapped), with its task and ETA.
      await wb
        .treeRows(TASKS)
        .filter({ hasText: /reindex dataset_datasetprofileaspect_v1/ })
        .filter({ hasText: /copying · .* · ETA / })
        .first()
        .waitFor({ timeout: 90_000 });
      const items = await wb.treeItems(TASKS);
      const job = items.find((i) => i.label === `system update ${JOB}`);
      assert.match(job?.description ?? '', /^reindexing · incremental · 0\/\d caught up$/);
      const first = items.find((i) => i.label === 'reindex datasetindex_v2');
      assert.match(first?.description ?? '', /^swapped(, dual writes on)? · 240,000 docs · → datasetindex_v2_next_\d+$/);
      await wb.screenshot('26-incremental-watch-mid-run');
    });
    await wb.step('incremental-watch-end', async () => {
      const text = await wb.waitForNotification(/incremental reindex FAILED/, 120_000);
      assert.match(text, /catch-up FAILED at urn:li:dataProcessInstance:run-000417/);
      const items = await wb.treeItems(TASKS);
      const bad = items.find((i) => i.label === 'reindex dataprocessinstanceindex_v2');
      assert.match(bad?.description ?? '', /^catch-up FAILED · 600,000 docs · → \S+ · cursor urn:li:dataProcessInstance:run-000417$/);
      const done = items.find((i) => i.label === 'reindex datasetindex_v2');
      assert.match(done?.description ?? '', /^catch-up done · 240,000 docs/);
      await wb.screenshot('27-incremental-watch-end');
    });
  });
});
