// Run on the Cluster in the browser: the restore-as-job prompts, the restore CronJob
// picked from those GMS lists, the confirmation (its arguments first, one per line), then
// the job starting (its pod ContainerCreating: the image pull), running with its progress
// in DataHub Tasks, its pod log in an output channel, a job created by hand that reports
// FAILED after reaching 100%, told as such, a retried job on attempt 2 after an OOMKill, and
// a job whose GMS is restarting, said on its row. Saves a screenshot of each.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';
import { setAccessToken } from '../harness/signIn';
import { showTasksWide } from '../harness/tasksPane';
import { SANDBOX_TOKENS } from '../../sandbox';

const TASKS = 'DataHub Tasks';
const CRON = 'datahub-datahub-restore-indices-job-template';

/** A Job applied by hand (kubectl create -f the manifest) running `script`, then watched by name through the palette. */
async function watchByHand(session: UiSession, name: string, script: string, cluster: Record<string, unknown>): Promise<void> {
  await session.control('/k8s', cluster);
  await session.control('/k8s/jobs', { name, script, args: ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'batchSize=5000'] });
  await session.workbench.runCommand('DataHub: Watch Job on the Cluster…');
  await session.workbench.typeInQuickInput(name);
}

describe('Run RestoreIndices on the cluster, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({
      prefix: 'cluster',
      connections: [{ name: 'sandbox', gmsUrl: 'sandbox/api/gms' }],
      settings: { 'datahub.clusterJobs.pollSeconds': 2 },
    });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('runs the job on the cluster and shows it running, its log, and a failed job told as FAILED after 100%', async () => {
    const wb = session.workbench;
    await session.control('/k8s', { stepMs: 1500, totalRows: 1_200_000, pendingMs: 12_000 });
    session.sandbox.clearRequests();
    await wb.step('cluster-job-trigger', async () => {
      await wb.runCommand('DataHub: Restore Indices as an Upgrade Job…');
      await wb.typeInQuickInput('urn:li:dataset:%', { title: /pattern/ });
      await wb.pickQuickInputItem('(all aspects)');
      await wb.pickQuickInputItem('Any time');
      await wb.quickInput.locator('.quick-input-title', { hasText: /batchSize/ }).waitFor({ timeout: 10_000 });
      await wb.quickInputBox.fill('10000');
      await wb.quickInputBox.press('Enter');
      await wb.pickQuickInputItem('Run on the Cluster');
      await wb.pickQuickInputItem(CRON);
      const dialog = wb.page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 20_000 });
      const message = (await dialog.locator('.dialog-message-text').textContent()) ?? '';
      assert.match(message, new RegExp(`from CronJob ${CRON} in namespace datahub`));
      const detail = (await dialog.locator('.dialog-message-detail').textContent()) ?? '';
      assert.match(detail, /^Arguments \(8\):\s+-u "RestoreIndices"\s+-a "urnLike=urn:li:dataset:%"/);
      await wb.screenshot('19-cluster-job-confirm');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Run on the Cluster$/ }).click();
    });
    for (let i = 0; i < 100 && !session.sandbox.requests.some((r) => r.action === 'k8sTrigger'); i++) await new Promise((r) => setTimeout(r, 100));
    const trigger = session.sandbox.requests.find((r) => r.action === 'k8sTrigger');
    assert.ok(trigger, 'the CronJob was triggered');
    assert.deepEqual((trigger.body as { args: string[] }).args, [
      '-u',
      'RestoreIndices',
      '-a',
      'urnLike=urn:li:dataset:%',
      '-a',
      'batchSize=10000',
      '-a',
      'urnBasedPagination=true',
    ]);
    await wb.step('cluster-job-starting', async () => {
      await showTasksWide(wb, 560);
      // The pod is pulling its image: the row says so, with the pod's own reason.
      await wb
        .treeRows(TASKS)
        .filter({ hasText: /starting \(ContainerCreating\)/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await wb.screenshot('20-cluster-job-starting');
    });
    await wb.step('cluster-job-running', async () => {
      const row = wb.treeRows(TASKS).filter({ hasText: /job datahub-restore-indices-/ });
      await row
        .filter({ hasText: /running · .*rows\/s · ETA / })
        .first()
        .waitFor({ timeout: 60_000 });
      const items = await wb.treeItems(TASKS);
      const job = items.find((i) => i.label.startsWith('job datahub-restore-indices-'));
      assert.ok(job, JSON.stringify(items));
      assert.match(job.description, /^running · [\d,]+\/1,200,000 rows \(\d+\.\d\d%\) · \d+ batches · [\d,]+ rows\/s · ETA /);
      await wb.screenshot('20b-cluster-job-running');
    });
    await wb.step('cluster-job-log', async () => {
      const row = wb
        .treeRows(TASKS)
        .filter({ hasText: /job datahub-restore-indices-/ })
        .first();
      await row.click();
      const output = wb.page.locator('.part.panel .view-lines');
      await output
        .filter({ hasText: /Successfully\ssent\sMAEs\sfor/ })
        .first()
        .waitFor({ timeout: 20_000 });
      await wb.screenshot('21-cluster-job-log');
    });
    await wb.step('cluster-job-failed', async () => {
      await watchByHand(session, 'restore-by-hand', 'failAfter100', { stepMs: 150, totalRows: 240_000 });
      const text = await wb.waitForNotification(/Job restore-by-hand FAILED after reaching 100%/, 60_000);
      assert.match(text, /the job reported FAILED/);
      const items = await wb.treeItems(TASKS);
      assert.ok(
        items.some((i) => i.label === 'job restore-by-hand' && /^FAILED after 100% · /.test(i.description)),
        JSON.stringify(items),
      );
      await wb.screenshot('22-cluster-job-failed');
    });
    await wb.step('cluster-job-attempt-2', async () => {
      await watchByHand(session, 'restore-retried', 'oomThenSucceed', { stepMs: 700, totalRows: 240_000, pendingMs: 500 });
      await wb
        .treeRows(TASKS)
        .filter({ hasText: /job restore-retried/ })
        .filter({ hasText: /attempt 2 of 7 \(last: OOMKilled \(exit 137\)\)/ })
        .first()
        .waitFor({ timeout: 60_000 });
      await wb.screenshot('23-cluster-job-attempt-2');
    });
    await wb.step('cluster-job-gms-restarting', async () => {
      await session.control('/k8s/restart', { ms: 30_000 });
      await wb
        .treeRows(TASKS)
        .filter({ hasText: /GMS not answering for ([3-9]\.\d|\d{2,}) s; still watching/ })
        .first()
        .waitFor({ timeout: 30_000 });
      await wb.screenshot('24-cluster-job-gms-restarting');
    });
  });
});
