// Upgrade reindex watch, inside VS Code against the sandbox's scripted system-update Job
// (test/sandbox/k8sSystemUpdate.ts): the running Job found through the Kubernetes operations,
// each index's progress from the task-status operation in DataHub Tasks, the document-count
// mismatch abort told with the log's reason, the estimate's warning with its figures on a
// read-only connection, and 503 / 404 / 403 in words.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { api, exec, rejection, SANDBOX_API, sandboxUrl, waitFor } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { JOB, systemUpdate, taskRows, watch } from '../support/upgrade';
import type { EstimateResult } from '../../../src/jobs';
import type { ShownText } from '../../../src/platform/safeWindow';

const NODE = 'Xq3mR7kTTy2nGf0bA1cZ9w';

async function recordScreen(): Promise<{ shown: ShownText[]; stop: () => void }> {
  const { screen } = await api();
  const shown: ShownText[] = [];
  screen.record(shown);
  return { shown, stop: () => screen.record(undefined) };
}

describe('upgrade reindex watch (system update)', function () {
  this.timeout(90_000);
  // The Kubernetes operations are OpenAPI only: a Rest.li-only sandbox has none (the 404 case below).
  const k8sThere = SANDBOX_API !== 'restli';
  beforeEach(async () => {
    await sandbox.reset();
  });

  (k8sThere ? it : it.skip)('finds the running system-update Job and shows each index with its progress from the task status', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.control('POST', '/k8s/jobs', { name: 'restore-by-hand' });
    await systemUpdate({ stepMs: 500 });
    await sandbox.clearRequests();
    const first = await watch();
    assert.equal(first.job, JOB);
    // The first index's task, read through the task-status operation, advancing.
    const seen: number[] = [];
    let row: { label: string; description: string } | undefined;
    await waitFor(
      async () => {
        const s = await watch();
        const ix = s.indices.find((i) => i.index === 'datasetindex_v2');
        if (ix?.state === 'running' && ix.done !== undefined && ix.done !== seen[seen.length - 1]) seen.push(ix.done);
        row = (await taskRows()).find((r) => r.label === 'reindex datasetindex_v2');
        return seen.length >= 2 && ix?.etaMs !== undefined && /ETA/.test(row?.description ?? '');
      },
      'two progress readings of datasetindex_v2 with an ETA',
      20_000,
    );
    assert.ok(seen[1] > seen[0], `documents advance: ${seen.join(', ')}`);
    assert.match(String(row?.description), /^reindexing · [\d,]+\/240,000 docs \(\d+\.\d%\) · \d+ batches · [\d,]+ docs\/s · ETA /);
    const asked = (await sandbox.requests()).filter((r) => /TaskStatus$/.test(String(r.action)));
    assert.ok(asked.length > 0, 'the task status was asked');
    assert.ok(
      asked.some((r) => JSON.stringify(r).includes(`${NODE}:7001`)),
      'for the task id the log printed',
    );
    const end = await watch({ untilDone: true });
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.result, 'SUCCEEDED');
    assert.deepEqual(
      end.indices.map((i) => [i.index, i.state, i.task]),
      [
        ['datasetindex_v2', 'done', `${NODE}:7001`],
        ['dataset_datasetprofileaspect_v1', 'done', `${NODE}:7002`],
        ['dataprocessinstanceindex_v2', 'done', `${NODE}:7003`],
      ],
    );
    const rows = await taskRows();
    assert.ok(rows.some((r) => r.label === `system update ${JOB}` && r.description === 'succeeded · 3/3 indices reindexed'));
  });

  (k8sThere ? it : it.skip)('keeps watching through a GMS restart gap, saying so on the row, to the end', async () => {
    await useSandboxConnection({ token: 'admin' });
    await systemUpdate({ stepMs: 120 });
    await watch();
    await sandbox.control('POST', '/k8s/restart', { ms: 4000 });
    await waitFor(
      async () =>
        /^GMS not answering for [\d.]+ s; still watching · /.test((await taskRows()).find((r) => r.label === `system update ${JOB}`)?.description ?? ''),
      'the row saying GMS does not answer',
      10_000,
    );
    // Asked by name while GMS still does not answer: the watch goes on, no listing needed.
    const end = await watch({ job: JOB, untilDone: true });
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.trouble, undefined);
  });

  (k8sThere ? it : it.skip)("shows a document-count mismatch abort truthfully, with the log's reason, once", async () => {
    await useSandboxConnection({ token: 'admin' });
    await systemUpdate({ script: 'reindexMismatch', stepMs: 150 });
    const screen = await recordScreen();
    try {
      const end = await watch({ untilDone: true });
      assert.equal(end.state, 'failed', end.message);
      assert.equal(end.result, 'FAILED');
      const bad = end.indices.find((i) => i.index === 'dataprocessinstanceindex_v2');
      assert.equal(bad?.state, 'failed');
      assert.match(bad?.reason ?? '', /^Reindex from dataprocessinstanceindex_v2 to dataprocessinstanceindex_v2_\d+ failed\. Document count 600000 != 597883$/);
      assert.equal(bad?.retriggers, 1);
      assert.deepEqual(
        end.indices.slice(0, 2).map((i) => i.state),
        ['done', 'done'],
      );
      assert.match(
        end.message,
        /FAILED: dataprocessinstanceindex_v2: Reindex from .* Document count 600000 != 597883 \(the upgrade reported FAILED, failed step 4\/14: BuildIndicesStep\)/,
      );
      await waitFor(() => screen.shown.some((t) => t.surface === 'error' && t.text.includes('Document count 600000 != 597883')), 'the error notification');
      assert.equal(screen.shown.filter((t) => t.surface === 'error' && t.text.includes(JOB)).length, 1, 'told once');
      const row = (await taskRows()).find((r) => r.label === 'reindex dataprocessinstanceindex_v2');
      assert.match(
        row?.description ?? '',
        /^FAILED · 597,883\/600,000 docs \(99\.6%\) · 120 batches · [\d,]+ docs\/s · re-triggered ×1 · Reindex from .* failed\. Document count 600000 != 597883$/,
      );
    } finally {
      screen.stop();
    }
  });

  (k8sThere ? it : it.skip)('reads the task status over Rest.li (getEsTaskStatus) on a connection pinned to it', async () => {
    await exec(Commands.addConnection, { name: 'pinned', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', api: 'restli' });
    await exec(Commands.switchConnection, { name: 'pinned' });
    try {
      await systemUpdate({ stepMs: 60 });
      await sandbox.clearRequests();
      const end = await watch({ untilDone: true });
      assert.equal(end.state, 'succeeded', end.message);
      const asked = (await sandbox.requests()).filter((r) => String(r.action).endsWith('TaskStatus'));
      assert.ok(asked.length > 0 && asked.every((r) => r.action === 'getEsTaskStatus' && r.path === '/operations'), JSON.stringify(asked.slice(0, 2)));
    } finally {
      await exec(Commands.removeConnection, { name: 'pinned' });
    }
  });

  it('warns before an upgrade, with the figures, when the largest index would exceed maxReindexHours and all the Job deadline (read-only connection)', async () => {
    await exec(Commands.addConnection, { name: 'replica', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', readOnly: true });
    await exec(Commands.switchConnection, { name: 'replica' });
    if (k8sThere) await systemUpdate({ stepMs: 100_000, activeDeadlineSeconds: 1800 });
    const screen = await recordScreen();
    try {
      const r = await exec<EstimateResult>(Commands.estimateUpgradeReindex, { throughputMbPerSecond: 4, maxReindexHours: 1 });
      assert.ok(r);
      assert.equal(r.indices[0].index, 'dataset_datasetprofileaspect_v1');
      assert.match(
        r.warnings[0],
        /^The largest index would take longer than maxReindexHours = 1 h \(given\): dataset_datasetprofileaspect_v1, 18\.3 GB, about 1 h 16 min at 4\.00 MB\/s \(given\)\./,
      );
      if (k8sThere) {
        assert.equal(r.jobDeadlineSeconds, 1800);
        assert.match(r.warnings[1], /longer than the Job's activeDeadlineSeconds = 1,800 \(30 min 00 s, Job datahub-datahub-system-update-job\)/);
      }
      await waitFor(
        () => screen.shown.some((t) => t.surface === 'warning' && t.text.includes('dataset_datasetprofileaspect_v1, 18.3 GB')),
        'the warning notification',
      );
      const e = await rejection(exec(Commands.estimateUpgradeReindex, { throughputMbPerSecond: -1 }));
      assert.match(e.message, /"throughputMbPerSecond" must be a number above 0/);
    } finally {
      screen.stop();
      await exec(Commands.removeConnection, { name: 'replica' });
    }
  });

  it('says in words where GMS is not in Kubernetes (503), has no Kubernetes operations (404) or the token lacks Manage System Operations (403)', async () => {
    await useSandboxConnection({ token: 'admin' });
    if (k8sThere) {
      await sandbox.control('POST', '/k8s', { mode: 'unavailable' });
      const e503 = await rejection(watch());
      assert.match(
        e503.message,
        /GMS is not running in Kubernetes \(its Kubernetes operations answer 503\): follow the job with `kubectl logs -f job\/<release>-datahub-system-update-job`/,
      );
      const estimate = await exec<EstimateResult>(Commands.estimateUpgradeReindex, { throughputMbPerSecond: 50 });
      assert.ok(estimate?.notes.some((n) => /^No Job deadline read: GMS is not running in Kubernetes/.test(n)));
      await sandbox.control('POST', '/k8s', { mode: 'off' });
    }
    const e404 = await rejection(watch());
    assert.match(e404.message, /no Kubernetes operations \(404\): they are switched off \(kubernetes\.operationsApiEnabled=false\) or the server is older/);
    if (k8sThere) {
      await sandbox.control('POST', '/k8s', { mode: 'available' });
      await useSandboxConnection({ token: 'reader' });
      const e403 = await rejection(watch());
      assert.match(e403.message, /403.*Manage System Operations/s);
    }
    const bad = await rejection(watch({ job: 'Not A Job' }));
    assert.match(bad.message, /"job" must be a Kubernetes Job name/);
  });
});
