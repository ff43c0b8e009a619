// Run on the Cluster, inside VS Code against the sandbox's scripted cluster (its
// Kubernetes operations, test/sandbox/k8s.ts): the trigger with exactly the manifest's
// arguments, each pod first ContainerCreating (its log refused as Kubernetes does), progress
// and ETA advancing in DataHub Tasks, each end told as it is (success, FAILED after 100%,
// stalled), a retried pod followed (attempt 2 of 7), a GMS restart gap survived and said on the
// row, the manifest where GMS is not in Kubernetes, and a resume sending the right offset.
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
    // Every pod is ContainerCreating for a while first, as on a real cluster (the image pull).
    await k8s({ stepMs: 300, totalRows: 24_000, pendingMs: 800 });
  });

  /** The row of DataHub Tasks for a job, as shown. */
  const rowOf = async (job: string) => {
    const { truncate } = await api();
    const rows = (await truncate.provider?.getChildren()) ?? [];
    const items = await Promise.all(rows.map((r) => truncate.provider!.getTreeItem(r)));
    return items.find((i) => i.label === `job ${job}`);
  };

  it('watches a fresh job through ContainerCreating to success, reading only what is new', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ pendingMs: 2500, stepMs: 100 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'fresh', ...fast }));
    let starting: ClusterJobSnapshot | undefined;
    await waitFor(async () => {
      const s = await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'fresh', ...fast });
      if (s.state === 'starting' && s.startingReason === 'ContainerCreating') starting = s;
      return starting !== undefined;
    }, 'the job starting, ContainerCreating');
    assert.match(starting?.message ?? '', /is starting: its pod is ContainerCreating for/);
    assert.match(String((await rowOf('fresh'))?.description), /^starting \(ContainerCreating\)/);
    const end = await until('fresh');
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.error, undefined);
    // The log is read once the container runs: the whole (cut) log first, then only what is new.
    const logReads = (await sandbox.requests()).filter((r) => r.action === 'k8sLogs');
    assert.ok(logReads.length >= 2);
    assert.ok(
      logReads.slice(1).every((r) => Number(r.query.sinceSeconds) > 0),
      'after the first read, only what is new',
    );
  });

  it('follows a retried pod after an OOMKill to success, saying attempt 2 of 7 and why the first ended', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ script: 'oomThenSucceed', stepMs: 150, pendingMs: 400 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'retried', ...fast }));
    let second: ClusterJobSnapshot | undefined;
    await waitFor(
      async () => {
        const s = await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'retried', ...fast });
        if (s.attempt === 2) second = s;
        return second !== undefined;
      },
      'the second pod',
      20_000,
    );
    assert.equal(second?.maxAttempts, 7);
    assert.equal(second?.previousEnd, 'OOMKilled (exit 137)');
    assert.match(String((await rowOf('retried'))?.description), /attempt 2 of 7 \(last: OOMKilled \(exit 137\)\)/);
    const end = await until('retried');
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.attempt, 2);
    assert.equal(end.sent, 24_000);
  });

  it('survives a GMS restart gap (an ingress 503, then resets), saying so on the row, and ends succeeded', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ stepMs: 250, pendingMs: 200 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'through-restart', ...fast }));
    await waitFor(
      async () => ((await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'through-restart', ...fast })).sent ?? 0) > 0,
      'the first batch',
    );
    await sandbox.control('POST', '/k8s/restart', { ms: 5000 });
    let row: string | undefined;
    await waitFor(
      async () => {
        row = String((await rowOf('through-restart'))?.description);
        return /^GMS not answering for [\d.]+ s; still watching · /.test(row);
      },
      'the row saying GMS does not answer',
      10_000,
    );
    const end = await until('through-restart');
    assert.equal(end.state, 'succeeded', end.message);
    assert.equal(end.trouble, undefined);
    assert.equal(end.sent, 24_000);
  });

  it('gives up after the give-up time, saying so, and Watch Again follows the job to its end', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ stepMs: 200, pendingMs: 200 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'given-up', ...fast }));
    await sandbox.control('POST', '/k8s/restart', { ms: 6000 });
    const stopped = await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'given-up', untilDone: true, ...fast, giveUpSeconds: 2 });
    assert.equal(stopped.gaveUp, true);
    assert.match(stopped.message, /Stopped watching job given-up: GMS has not answered for .*Watch Again once GMS answers/);
    assert.match(String((await rowOf('given-up'))?.description), /^GMS not answering: watch stopped/);
    await new Promise((r) => setTimeout(r, 4500));
    const end = await until('given-up');
    assert.equal(end.state, 'succeeded', end.message);
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

  it('shows a job that reports SUCCEEDED with rows left unsent as rows missing, not succeeded', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ script: 'rowsMissing', stepMs: 100 });
    triggered(await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'restore-short', ...fast }));
    const end = await until('restore-short');
    assert.equal(end.state, 'incomplete', end.message);
    assert.equal(end.result, 'SUCCEEDED');
    assert.match(end.message, /reported SUCCEEDED but 720 rows were not sent/);
    assert.match(String((await rowOf('restore-short'))?.description), /^rows missing · 23,280\/24,000 rows/);
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
    assert.ok(r503 && !r503.triggered && 'manifest' in r503);
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

  it('keeps a watched job for the next window, and Stop Watching removes it (row, log and kept entry)', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.control('POST', '/k8s/jobs', { name: 'kept-one', script: 'stall' });
    await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'kept-one', ...fast });
    const { services } = await api();
    const kept = () =>
      (services.context.workspaceState.get<Array<{ job: string; connection: string }>>('datahub.clusterJobs.watched.v1') ?? []).map((w) => w.job);
    await waitFor(() => kept().includes('kept-one'), 'the watch kept');
    assert.ok(await rowOf('kept-one'));
    assert.deepEqual(await exec(Commands.stopWatchingClusterJob, { job: 'kept-one' }), {
      job: 'kept-one',
      stopped: true,
      message: 'Stopped watching kept-one; the job itself goes on on the cluster.',
    });
    assert.equal(await rowOf('kept-one'), undefined, 'the row is gone');
    await waitFor(() => !kept().includes('kept-one'), 'the kept entry removed');
    const e = await rejection(exec(Commands.stopWatchingClusterJob, { job: 'kept-one' }));
    assert.match(e.message, /kept-one is not watched in this window/);
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
