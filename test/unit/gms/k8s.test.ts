// DataHub's Kubernetes operations over real HTTP to the sandbox: status, lists,
// a CronJob's trigger with exact arguments, a pod's log; the 503 of a GMS outside
// Kubernetes and the 404 of a server without the controller, in words that say
// what to do next; bad input refused before anything is sent.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

const CRON = 'datahub-datahub-restore-indices-job-template';
const control = (path: string, body: unknown) =>
  fetch(`${sandbox.url}/__sandbox${path}`, { method: 'POST', body: JSON.stringify(body) }).then((r) => assert.equal(r.status, 200));

describe('k8s operations', () => {
  it('reads the status, lists the CronJobs, triggers one with exact arguments and reads its pod log', async () => {
    sandbox.reset();
    await control('/k8s', { stepMs: 20 });
    const client = clientFor(sandbox.url);
    try {
      assert.deepEqual(await client.k8s.status(), { available: true, namespace: 'datahub' });
      const crons = await client.k8s.listAll('cronjobs');
      assert.ok(crons.some((c) => c.name === CRON));
      const args = ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'batchSize=1000', '-a', 'urnBasedPagination=false'];
      sandbox.clearRequests();
      const job = await client.k8s.triggerCronJob({ cronJob: CRON, jobName: 'restore-t1', args });
      assert.equal(job.name, 'restore-t1');
      assert.equal(job.labels['app.kubernetes.io/triggered-from'], CRON);
      assert.deepEqual(job.args, args);
      const sent = sandbox.requests.filter((r) => r.action === 'k8sTrigger');
      assert.equal(sent.length, 1);
      assert.deepEqual(sent[0].body, { jobName: 'restore-t1', args });
      const pods = await client.k8s.listAll('pods');
      const pod = pods.find((p) => p.labels['job-name'] === 'restore-t1');
      assert.ok(pod);
      await new Promise((r) => setTimeout(r, 200));
      const log = await client.k8s.podLogs({ pod: pod.name, limitBytes: 4096 });
      assert.match(log, /Successfully sent MAEs for \d+\/24000 rows/);
    } finally {
      await client.close();
    }
  });

  it('says GMS is not in Kubernetes on a 503, and that the operations are off or missing on a 404', async () => {
    sandbox.reset();
    const client = clientFor(sandbox.url, { retries: 0 });
    try {
      await control('/k8s', { mode: 'unavailable' });
      const status = await client.k8s.status();
      assert.equal(status.available, false);
      const e503 = await rejectsWith(client.k8s.listJobs(), 'server', 'k8sUnavailable');
      assert.match(e503.message, /not running in Kubernetes.*manifest or the docker command/);
      await control('/k8s', { mode: 'off' });
      const e404 = await rejectsWith(client.k8s.status(), 'notFound', 'k8sMissing');
      assert.match(e404.message, /switched off \(kubernetes\.operationsApiEnabled=false\) or the server is older/);
      await control('/k8s', { mode: 'available' });
      // A pod whose container has not started: GMS's 500 "Failed to retrieve logs: ... is waiting to start" is expected, not a failure.
      await control('/k8s', { pendingMs: 60_000 });
      await client.k8s.triggerCronJob({ cronJob: CRON, jobName: 'waits' });
      const waiting = await rejectsWith(client.k8s.podLogs({ pod: 'waits-x7k2p' }), 'badRequest', 'k8sLogWaiting');
      assert.match(waiting.message, /has not started yet \(ContainerCreating\)/);
      // An ingress's 503 page while GMS restarts is a server not answering, not GMS outside Kubernetes.
      await control('/k8s/restart', { ms: 2000 });
      const ingress = await rejectsWith(client.k8s.listJobs(), 'server');
      assert.equal(ingress.code, undefined);
      await new Promise((r) => setTimeout(r, 2100));
      const missing = await rejectsWith(client.k8s.triggerCronJob({ cronJob: 'nope', jobName: 'x1' }), 'notFound');
      assert.match(missing.message, /CronJob not found: nope/);
      assert.equal(missing.code, undefined);
    } finally {
      await client.close();
    }
  });

  it('refuses bad names and arguments before sending anything', async () => {
    sandbox.reset();
    const client = clientFor(sandbox.url);
    try {
      sandbox.clearRequests();
      await rejectsWith(client.k8s.triggerCronJob({ cronJob: CRON, jobName: 'Bad Name' }), 'invalidInput');
      await rejectsWith(client.k8s.triggerCronJob({ cronJob: '../x', jobName: 'ok' }), 'invalidInput');
      await rejectsWith(client.k8s.triggerCronJob({ cronJob: CRON, jobName: 'ok', args: [] }), 'invalidInput');
      await rejectsWith(client.k8s.podLogs({ pod: 'p', limitBytes: 10 }), 'invalidInput');
      assert.equal(sandbox.requests.length, 0);
    } finally {
      await client.close();
    }
  });

  it('needs Manage System Operations', async () => {
    sandbox.reset();
    const client = clientFor(sandbox.url, { token: 'sandbox-reader-token-0123456789' });
    try {
      const e = await rejectsWith(client.k8s.listJobs(), 'forbidden');
      assert.match(e.message, /Manage System Operations|MANAGE_SYSTEM_OPERATIONS/);
    } finally {
      await client.close();
    }
  });
});
