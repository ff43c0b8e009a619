// Upgrade reindex in the browser: the palette's Watch Upgrade Reindex finds the running
// system-update Job and shows a row per index in DataHub Tasks with its progress from the
// task status; the palette's Estimate Upgrade Reindex Time warns, with the figures, when
// all the indices would take longer than the Job's activeDeadlineSeconds. A screenshot of each.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';
import { setAccessToken } from '../harness/signIn';
import { showTasksWide } from '../harness/tasksPane';
import { SANDBOX_TOKENS } from '../../sandbox';

const TASKS = 'DataHub Tasks';
const JOB = 'datahub-datahub-system-update-job';

describe('Upgrade reindex watch and estimate, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'upgrade', connections: [{ name: 'sandbox', gmsUrl: 'sandbox/api/gms' }] });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('shows the reindex rows of a running system update, then warns before an upgrade with the figures', async () => {
    const wb = session.workbench;
    await session.control('/k8s/systemUpdate', { stepMs: 2500, activeDeadlineSeconds: 1200 });
    await wb.step('upgrade-reindex-rows', async () => {
      await wb.runCommand('DataHub: Watch Upgrade Reindex (System Update)…');
      await showTasksWide(wb, 620);
      // The second index running (the first done), with its rate and ETA from the task status.
      await wb
        .treeRows(TASKS)
        .filter({ hasText: /reindex dataset_datasetprofileaspect_v1/ })
        .filter({ hasText: /reindexing · .*docs\/s · ETA / })
        .first()
        .waitFor({ timeout: 90_000 });
      const items = await wb.treeItems(TASKS);
      const job = items.find((i) => i.label === `system update ${JOB}`);
      assert.ok(job, JSON.stringify(items));
      assert.match(job.description, /^reindexing · 1\/2 indices reindexed$/);
      const first = items.find((i) => i.label === 'reindex datasetindex_v2');
      assert.match(first?.description ?? '', /^done · 240,000\/240,000 docs \(100\.0%\)/);
      const second = items.find((i) => i.label === 'reindex dataset_datasetprofileaspect_v1');
      assert.match(second?.description ?? '', /^reindexing · [\d,]+\/1,200,000 docs \(\d+\.\d%\) · \d+ batches · [\d,]+ docs\/s · ETA /);
      await wb.screenshot('23-upgrade-reindex-rows');
    });
    await wb.step('upgrade-estimate-warning', async () => {
      await wb.clearNotifications();
      await wb.runCommand('DataHub: Estimate Upgrade Reindex Time…');
      await wb.typeInQuickInput('15', { title: /Estimate Upgrade Reindex Time/ });
      const text = await wb.waitForNotification(/longer than the Job's activeDeadlineSeconds/, 30_000);
      assert.match(text, /All \d+ indices together \([\d.]+ GB\) would take about \d+ min \d+ s at 15 MB\/s \(given\)/);
      assert.match(text, /activeDeadlineSeconds = 1,200 \(20 min 00 s, Job datahub-datahub-system-update-job\)/);
      await wb.screenshot('24-upgrade-estimate-warning');
    });
  });
});
