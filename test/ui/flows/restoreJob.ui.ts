// A restore too big for the API, handed to DataHub's RestoreIndices job: the
// palette command's prompts, then the Kubernetes Job in an untitled YAML editor
// on the image tag of the server's version. Saves a screenshot of the manifest.
import * as assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startUiSession, type UiSession } from '../harness/session';

describe('Restore Indices as an Upgrade Job, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;

  before(async () => {
    session = await startUiSession({ prefix: 'job', connections: [{ name: 'sandbox', gmsUrl: 'sandbox/api/gms' }] });
  });
  after(async () => {
    await session?.close();
  });

  it('writes a Kubernetes Job for urn:li:dataset:% into a YAML editor', async () => {
    const wb = session.workbench;
    session.sandbox.clearRequests();
    await wb.step('restore-job-manifest', async () => {
      await wb.runCommand('DataHub: Restore Indices as an Upgrade Job…');
      await wb.typeInQuickInput('urn:li:dataset:%', { title: /pattern/ });
      await wb.pickQuickInputItem('(all aspects)');
      await wb.pickQuickInputItem('Any time');
      await wb.quickInput.locator('.quick-input-title', { hasText: /batchSize/ }).waitFor({ timeout: 10_000 });
      assert.equal(await wb.quickInputBox.inputValue(), '1000', "DataHub's job default");
      await wb.quickInputBox.press('Enter');
      await wb.pickQuickInputItem('Kubernetes Job (YAML)');
      const editor = wb.page.locator('.editor-instance .monaco-editor .view-lines');
      await editor.filter({ hasText: 'kind: Job' }).waitFor({ timeout: 20_000 });
      // Monaco draws spaces as non-breaking ones.
      const text = ((await editor.textContent()) ?? '').replace(/\u00a0/g, ' ');
      assert.match(text, /DataHub RestoreIndices job \(datahub-upgrade\), for connection "sandbox"/);
      assert.match(text, /Image tag v1\.0\.0: the version this DataHub GMS reports/);
      assert.match(text, /image: "acryldata\/datahub-upgrade:v1\.0\.0"/);
      assert.match(text, /- "urnLike=urn:li:dataset:%"/);
      const language = wb.page.locator('.statusbar-item', { hasText: /^YAML$/ });
      await language.first().waitFor({ timeout: 10_000 });
      await wb.screenshot('10-restore-job-kubernetes-manifest');
    });
    const requests = session.sandbox.requests;
    assert.ok(
      requests.some((r) => r.method === 'GET' && r.path === '/api/gms/config'),
      'the version was read from /config',
    );
    assert.deepEqual(
      requests.filter((r) => r.action === 'restoreIndices'),
      [],
      'nothing was restored',
    );
  });
});
