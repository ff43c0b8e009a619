// Check Upgrade Readiness inside VS Code against the sandbox (test/sandbox/upgradeRoutes.ts): on risky
// settings each guardrail named with its next step (no time limit, a mismatch allowance the incremental
// path ignores, a heavy index by DataHub's cost formula, the restore CronJob every minute with one time
// bound); on sound settings no warning; the time estimate from the last reindex's rate; read-only.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, rejection, SANDBOX_API, sandboxUrl } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import type { ReadinessResult } from '../../../src/jobs';

const check = (arg: Record<string, unknown> = {}) => exec<ReadinessResult>(Commands.checkUpgradeReadiness, arg);
const line = (r: ReadinessResult, id: string) => {
  const l = r.lines.find((x) => x.id === id);
  assert.ok(l, `a line ${id} in ${r.lines.map((x) => x.id).join(', ')}`);
  return l;
};

describe('upgrade readiness', function () {
  this.timeout(60_000);
  const there = SANDBOX_API !== 'restli';
  beforeEach(async () => {
    await sandbox.reset();
  });

  (there ? it : it.skip)('names each risky setting with its next step (read-only connection)', async () => {
    await exec(Commands.addConnection, { name: 'replica', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', readOnly: true });
    await exec(Commands.switchConnection, { name: 'replica' });
    try {
      await sandbox.control('POST', '/k8s/upgradeSettings', { profile: 'risky' });
      const r = await check();
      assert.equal(line(r, 'path').summary.startsWith('incremental (zero downtime)'), true);
      const hours = line(r, 'maxReindexHours');
      assert.equal(hours.verdict, 'warning');
      assert.match(hours.summary, /maxReindexHours is 0: no time limit/);
      assert.match(hours.nextStep ?? '', /ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS/);
      const mismatch = line(r, 'docCountMismatch');
      assert.equal(mismatch.verdict, 'warning');
      assert.match(mismatch.summary, /ignored on the incremental path \(issue 18949\)/);
      assert.match(mismatch.nextStep ?? '', /PRE_PROCESS_HOOKS_UI_ENABLED=false/);
      const heavy = line(r, 'index:datasetindex_v2');
      assert.equal(heavy.verdict, 'warning');
      assert.equal(heavy.summary.startsWith('cost 720,000 = 240,000 documents × 3 primary shards ÷ 1 data node: heavy'), true, heavy.summary);
      assert.equal(heavy.figures.heavy, true);
      assert.ok(heavy.nextStep);
      assert.equal(line(r, 'index:dataprocessinstanceindex_v2').verdict, 'ok');
      const cron = line(r, 'cronJob:datahub-datahub-restore-indices-job-template');
      assert.equal(cron.verdict, 'failing');
      assert.match(cron.summary, /only gePitEpochMs: DataHub then restores 0 rows and reports SUCCEEDED \(issue 18849\)/);
      assert.match(cron.nextStep ?? '', /both -a gePitEpochMs and -a lePitEpochMs/);
      assert.match(r.message, /^Upgrade readiness of "replica": 1 failing, 3 warnings, /);
      // Nothing was written: only reads reached the server.
      assert.ok(
        (await sandbox.requests()).every((q) => q.method === 'GET'),
        'reads only',
      );
    } finally {
      await exec(Commands.removeConnection, { name: 'replica' });
    }
  });

  (there ? it : it.skip)('finds no warning on sound settings, with a time estimate from the last reindex and a Doctor line', async () => {
    await useSandboxConnection({ token: 'admin' });
    const r = await check({ docsPerSecond: 2000 });
    const bad = r.lines.filter((l) => l.verdict !== 'ok');
    assert.deepEqual(bad, [], JSON.stringify(bad));
    assert.equal(line(r, 'maxReindexHours').summary, '12 h per index; the longest estimate is about 2 min 00 s');
    assert.match(
      line(r, 'index:datasetindex_v2').summary,
      /^cost 240,000 = 240,000 documents × 1 primary shard ÷ 1 data node; about 2 min 00 s at 2,000 docs\/s \(given\)$/,
    );
    assert.equal(line(r, 'cronJob:datahub-datahub-restore-indices-job-template').summary, 'suspended (run on demand)');
    assert.match(r.message, /Ready for the upgrade\.$/);
    const doctor = await exec<{ lines: Array<{ id: string; verdict: string; nextCommand?: string }> }>(Commands.diagnose, {});
    const fact = doctor.lines.find((l) => l.id === 'upgradeReadiness');
    assert.equal(fact?.verdict, 'ok');
    assert.equal(fact?.nextCommand, Commands.checkUpgradeReadiness);
  });

  (there ? it : it.skip)('takes the rate of an incremental reindex DataHub recorded', async () => {
    await useSandboxConnection({ token: 'admin' });
    await sandbox.control('POST', '/k8s/systemUpdate', { script: 'incrementalSucceed', stepMs: 50 });
    const end = await exec<{ state: string; message: string }>(Commands.watchUpgradeReindex, { pollSeconds: 1, untilDone: true });
    assert.equal(end.state, 'succeeded', end.message);
    const r = await check();
    assert.match(line(r, 'index:datasetindex_v2').summary, /docs\/s \((seen reindexing|the incremental reindex DataHub recorded)/);
  });

  it('refuses a bad argument before asking anything, and says what the server does not offer', async () => {
    await useSandboxConnection({ token: 'admin' });
    const e = await rejection(check({ docsPerSecond: -3 }));
    assert.match(e.message, /"docsPerSecond" must be a number above 0/);
    if (!there) {
      const r = await check();
      assert.ok(r.lines.some((l) => l.verdict === 'notOffered' || l.verdict === 'unreadable'));
    }
  });
});
