// DataHub Doctor in the browser on a DataHub whose events go through the Postgres queue (no Kafka): the
// transport named, a partition stuck past its log's end said as stuck with the way out, the registered
// consumers as lines, and Kafka's lines "not offered on the Postgres queue"; its next step, Reset Consumer
// Offsets, with the stuck-ahead partitions' figures in the confirmation.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { SANDBOX_TOKENS } from '../../sandbox/api';
import { setAccessToken } from '../harness/signIn';
import { startUiSession, type UiSession } from '../harness/session';
import { DOCTOR_VIEW, openDoctorWide } from '../harness/doctorView';

describe('DataHub Doctor on the Postgres queue, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  before(async () => {
    session = await startUiSession({ prefix: 'doctor-queue' });
    await setAccessToken(session.workbench, SANDBOX_TOKENS.admin);
  });
  after(async () => {
    await session?.close();
  });

  it('says a stuck partition with the way out, and resets it after the confirmation', async () => {
    const wb = session.workbench;
    const { page } = wb;
    const described = async (label: string) => (await wb.treeItems(DOCTOR_VIEW)).find((i) => i.label === label)?.description ?? '';
    await wb.step('stuck-partition', async () => {
      await session.control('/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
      await openDoctorWide(wb);
      await wb.treeRow(DOCTOR_VIEW, 'Messaging transport').waitFor({ timeout: 30_000 });
      await wb.clickViewAction(DOCTOR_VIEW, 'Run Doctor');
      await wb.waitForNotification(/^DataHub Doctor on "sandbox": 1 failing/, 30_000);
      await page.waitForFunction(() => /committed past the log's end/.test(document.body.innerText), undefined, { timeout: 20_000 });
      assert.match(await described('Messaging transport'), /Postgres queue/);
      assert.match(await described('MAE consumer (search, graph): MetadataChangeLog_Versioned_v1'), /^stuck: partition 1 committed past the log's end by 228/);
      assert.match(await described('Kafka consumer groups'), /not offered on the Postgres queue/);
      await wb.clearNotifications();
      await wb.screenshot('01-doctor-on-the-postgres-queue-stuck-partition');
    });
    await wb.step('reset-confirmation', async () => {
      // The stuck line's next step (inline): Reset Consumer Offsets for its group and topic, the figures in the modal.
      const row = wb.treeRow(DOCTOR_VIEW, 'MAE consumer (search, graph): MetadataChangeLog_Versioned_v1');
      await row.hover();
      await row.locator('.action-label[aria-label^="Take Next Step"]').click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 30_000 });
      assert.match((await dialog.locator('.dialog-message-text').textContent()) ?? '', /^Reset generic-mae-consumer-job-client's offsets on mcl-versioned/);
      assert.match((await dialog.locator('.dialog-message-detail').textContent()) ?? '', /partition 1: [\d,]+ → [\d,]+ \(−228\)/);
      await wb.screenshot('02-reset-confirmation-with-the-stuck-partitions');
      await dialog.locator('.dialog-buttons .monaco-button', { hasText: /^Reset Offsets$/ }).click();
      await wb.waitForNotification(/^Reset 1 of 1 partition\(s\) of generic-mae-consumer-job-client/, 30_000);
    });
    assert.equal(session.sandbox.requests.filter((r) => r.path.startsWith('/openapi/operations/kafka')).length, 0, 'nothing asked of Kafka');
  });
});
