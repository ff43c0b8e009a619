// Run on the Cluster under the write discipline (src/jobs/cluster/clusterRun.ts, src/shared/applyLock.ts),
// inside VS Code against the sandbox's scripted cluster (test/sandbox/k8s.ts): right before a trigger the
// CronJob must still be listed and have no Job running, and two triggers at once start one Job.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, TRANSPORT } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import type { RunOnClusterResult } from '../../../src/jobs';

const CRON = 'datahub-datahub-restore-indices-job-template';
const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';
const fast = { pollSeconds: 1, stallAfterSeconds: 3 };

describe('run RestoreIndices on the cluster: checked again right before the trigger', function () {
  this.timeout(60_000);
  before(function () {
    // The Kubernetes operations are OpenAPI (KubernetesController.java): a Rest.li-only sandbox has none.
    if (TRANSPORT === 'restli') this.skip();
  });
  beforeEach(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/k8s', { stepMs: 300, totalRows: 24_000, pendingMs: 800 });
  });

  it('right before a trigger: a CronJob no longer listed, or one with a Job still running, is refused and nothing is triggered', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.clearRequests();
    const gone = await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, {
      urnLike: HIVE,
      cronJob: 'datahub-old-restore-indices-job-template',
      ...fast,
    });
    assert.ok(gone && !gone.triggered && 'notDone' in gone);
    assert.deepEqual(gone.notDone, { reason: 'cronJobGone' });
    assert.match(gone.message, /The CronJob datahub-old-restore-indices-job-template is no longer listed by GMS; nothing was sent\./);
    // A Job triggered from the CronJob earlier (another window, kubectl) is still running.
    await sandbox.control('POST', '/k8s/jobs', { name: 'restore-earlier', script: 'stall', labels: { 'app.kubernetes.io/triggered-from': CRON } });
    const running = await exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { urnLike: HIVE, cronJob: CRON, ...fast });
    assert.ok(running && !running.triggered && 'notDone' in running);
    assert.deepEqual(running.notDone, { reason: 'alreadyRunning' });
    assert.match(running.message, /A Job of datahub-datahub-restore-indices-job-template is still running \("restore-earlier"\); nothing was sent\./);
    assert.equal((await sandbox.requests()).filter((r) => r.action === 'k8sTrigger').length, 0);
  });

  it('two triggers of the CronJob at once start one Job: the second is refused and triggers nothing', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.clearRequests();
    const arg = { urnLike: HIVE, cronJob: CRON, ...fast };
    const both = await Promise.all([
      exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { ...arg, jobName: 'restore-a' }),
      exec<RunOnClusterResult>(Commands.runRestoreJobOnCluster, { ...arg, jobName: 'restore-b' }),
    ]);
    assert.equal(both.filter((r) => r?.triggered).length, 1, both.map((r) => r?.message).join(' | '));
    const refused = both.find((r) => r && !r.triggered);
    assert.ok(refused && !refused.triggered && 'notDone' in refused);
    assert.ok(['busy', 'alreadyRunning'].includes(refused.notDone.reason), refused.message);
    assert.equal((await sandbox.requests()).filter((r) => r.action === 'k8sTrigger').length, 1);
  });
});
