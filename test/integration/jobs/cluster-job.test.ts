// Run on the Cluster, inside VS Code against the sandbox's scripted cluster (its
// Kubernetes operations, test/sandbox/k8s.ts): the trigger with exactly the manifest's
// arguments, progress and ETA advancing in DataHub Tasks, each end told as it is
// (success, FAILED after 100%, stalled), the manifest where GMS is not in Kubernetes,
// read-only refused before any request, and a resume sending the right offset.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, rejection, waitFor, api, sandboxUrl, TRANSPORT } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import type { ClusterJobSnapshot, RunOnClusterResult } from '../../../src/jobs';

const CRON = 'datahub-datahub-restore-indices-job-template';
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const fast = { pollSeconds: 1, stallAfterSeconds: 3 };
const k8s = (body: Record<string, unknown>) => sandbox.control('POST', '/k8s', body);
const triggered = (r: RunOnClusterResult | undefined) => {
  assert.ok(r && r.triggered, `expected a triggered job, got ${JSON.stringify(r)}`);
  return r;
};
const until = (job: string) => exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job, untilDone: true, ...fast });

describe('run RestoreIndices on the cluster', function () {
  this.timeout(60_000);
  before(function () {
    // The Kubernetes operations are OpenAPI (KubernetesController.java): a Rest.li-only sandbox has none.
    if (TRANSPORT === 'restli') this.skip();
  });
  beforeEach(async () => {
    await sandbox.reset();
    await k8s({ stepMs: 300, totalRows: 24_000 });
  });

  it('triggers the CronJob with exactly the arguments the manifest carries, shows progress and an ETA advancing, and ends succeeded', async () => {
    await useSandboxConnection({ token: 'admin' });
    const window = { gePitEpochMs: Date.UTC(2026, 0, 1), lePitEpochMs: Date.UTC(2026, 1, 1) };
    const manifest = await exec<{ args: string[] }>(Commands.restoreIndicesAsJob, { urnLike: HIVE, ...window, batchSize: 500, format: 'args' });
    await sandbox.clearRequests();
    const run = triggered(
      await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, {
        urnLike: HIVE,
        ...window,
        batchSize: 500,
        cronJob: CRON,
        jobName: 'restore-ok',
        ...fast,
      }),
    );
    assert.equal(run.cronJob, CRON);
    assert.equal(run.namespace, 'datahub');
    const sent = (await sandbox.requests()).filter((r) => r.action === 'k8sTrigger');
    assert.equal(sent.length, 1);
    assert.equal(sent[0].path, `/openapi/operations/k8/cronjobs/${CRON}/trigger`);
    assert.deepEqual(sent[0].body, { jobName: 'restore-ok', args: manifest.args });
    // Progress advances, with a rate and an ETA, in DataHub Tasks.
    const seen: number[] = [];
    let eta: number | undefined;
    await waitFor(
      async () => {
        const s = await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'restore-ok', ...fast });
        if (s.sent !== undefined && seen[seen.length - 1] !== s.sent) seen.push(s.sent);
        eta ??= s.etaMs;
        return seen.length >= 3 && eta !== undefined;
      },
      'three progress readings and an ETA',
      20_000,
    );
    assert.ok(seen[1] > seen[0] && seen[2] > seen[1], `rows advance: ${seen.join(', ')}`);
    const end = await until('restore-ok');
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.result, 'SUCCEEDED');
    assert.match(end.message, /succeeded: 24,000 rows sent/);
    // A row of DataHub Tasks.
    const { truncate } = await api();
    const rows = (await truncate.provider?.getChildren()) ?? [];
    const items = await Promise.all(rows.map((r) => truncate.provider!.getTreeItem(r)));
    const row = items.find((i) => i.label === 'job restore-ok');
    assert.ok(row, 'the job is a row of DataHub Tasks');
    assert.match(String(row.description), /^succeeded · 24,000\/24,000 rows \(100\.00%\) · 48 batches/);
  });

  it('shows a job that reports FAILED after reaching 100% as exactly that', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ script: 'failAfter100', stepMs: 100 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'restore-bad', ...fast }));
    const end = await until('restore-bad');
    assert.equal(end.state, 'failed');
    assert.equal(end.percent, 100);
    assert.match(end.message, /FAILED after reaching 100%: the job reported FAILED/);
  });

  it('names a job stalled after the quiet time, and a resume sends the offset after its last whole batch', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ script: 'stall', stepMs: 100 });
    triggered(
      await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, {
        urnLike: 'urn:li:%',
        urnBasedPagination: false,
        batchSize: 1000,
        cronJob: CRON,
        jobName: 'restore-stuck',
        ...fast,
      }),
    );
    const end = await until('restore-stuck');
    assert.equal(end.state, 'stalled', end.message);
    assert.match(end.message, /looks stalled: no rows sent for/);
    const sentRows = end.sent ?? 0;
    assert.ok(sentRows > 0);
    await k8s({ script: 'succeed' });
    await sandbox.clearRequests();
    triggered(await exec<RunOnClusterResult>(Commands.resumeClusterJob, { job: 'restore-stuck', jobName: 'restore-stuck-2', ...fast }));
    const trigger = (await sandbox.requests()).find((r) => r.action === 'k8sTrigger');
    const args = (trigger?.body as { args: string[] }).args;
    assert.ok(args.includes(`startingOffset=${Math.floor(sentRows / 1000) * 1000}`), args.join(' '));
    assert.equal(args.filter((a) => a.startsWith('startingOffset=')).length, 1);
    const resumed = await until('restore-stuck-2');
    assert.equal(resumed.state, 'succeeded', resumed.message);
  });

  it('falls back to the manifest, saying why, where GMS is not in Kubernetes (503) or has no such operations (404)', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ mode: 'unavailable' });
    const r503 = await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: HIVE, cronJob: CRON });
    assert.ok(r503 && !r503.triggered);
    assert.match(r503.reason, /not running in Kubernetes/);
    assert.match(r503.manifest.text, /^kind: Job$/m);
    await k8s({ mode: 'off' });
    await sandbox.clearRequests();
    const r404 = await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: HIVE, cronJob: CRON });
    assert.ok(r404 && !r404.triggered);
    assert.match(r404.reason, /switched off \(kubernetes\.operationsApiEnabled=false\) or the server is older/);
    assert.equal((await sandbox.requests()).filter((r) => r.action === 'k8sTrigger').length, 0);
  });

  it('refuses on a read-only connection before any request', async () => {
    await exec(Commands.addConnection, { name: 'replica', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', readOnly: true });
    await sandbox.clearRequests();
    const e = await rejection(exec(Commands.runRestoreJobOnCluster, { urnLike: HIVE, cronJob: CRON }));
    assert.match(e.message, /read-only.*nothing was sent/);
    assert.deepEqual(
      (await sandbox.requests()).filter((r) => r.path.includes('/k8s')),
      [],
    );
    await exec(Commands.removeConnection, { name: 'replica' });
  });

  it('watches a Job created by hand from the manifest, by name', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ stepMs: 50 });
    await sandbox.control('POST', '/k8s/jobs', { name: 'by-hand', args: ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'batchSize=1000'] });
    const end = await until('by-hand');
    assert.equal(end.state, 'succeeded', end.message);
    const missing = await until('no-such-job');
    assert.match(missing.error ?? '', /Job no-such-job is not in GMS's namespace/);
  });
});
