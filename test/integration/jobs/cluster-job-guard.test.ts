// What a server says never widens what runs on the cluster, inside VS Code against the
// sandbox's scripted cluster (test/sandbox/k8s.ts): a read-only connection refused on every
// path that triggers (palette, API, command id, the Resume button of a row) before any
// request; a resume of a Job made by hand refusing each hostile argument form; the
// confirmation listing the arguments first, one per line, quoted; a created Job of another
// name not followed.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { api, exec, execCommandId, rejection, sandboxUrl, TRANSPORT } from '../support/core';
import { answering } from '../support/modals';
import { picking } from '../support/picks';
import { Commands } from '../../../src/shared/commandIds';
import type { ClusterJobSnapshot } from '../../../src/jobs';
import type { ShownText } from '../../../src/platform/safeWindow';

const CRON = 'datahub-datahub-restore-indices-job-template';
const fast = { pollSeconds: 1, stallAfterSeconds: 1 };
const k8s = (body: Record<string, unknown>) => sandbox.control('POST', '/k8s', body);
const byHand = (name: string, args: string[], script = 'stall', labels: Record<string, string> = {}) =>
  sandbox.control('POST', '/k8s/jobs', { name, args, script, labels });
const until = (job: string) => exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job, untilDone: true, ...fast });
const triggers = async () => (await sandbox.requests()).filter((r) => r.action === 'k8sTrigger');

describe('cluster jobs: nothing a server says widens what runs', function () {
  this.timeout(90_000);
  before(function () {
    if (TRANSPORT === 'restli') this.skip();
  });
  beforeEach(async () => {
    await sandbox.reset();
    await k8s({ stepMs: 50, totalRows: 24_000 });
  });

  it('refuses a read-only connection on every path that triggers, before any request', async () => {
    await exec(Commands.addConnection, { name: 'replica', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', readOnly: true });
    await exec(Commands.switchConnection, { name: 'replica' });
    const { screen } = await api();
    const shown: ShownText[] = [];
    try {
      // A job made by hand, watched from the read-only connection (watching only reads), to have a row with Resume.
      await byHand('ro-stuck', ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'urnBasedPagination=false']);
      assert.equal((await until('ro-stuck')).state, 'stalled');
      await sandbox.clearRequests();
      const refused = /read-only: Run RestoreIndices on the Cluster was refused and nothing was sent/;
      // The typed API and a command id with an argument object.
      assert.match((await rejection(exec(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON }))).message, refused);
      assert.match((await rejection(execCommandId(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON }))).message, refused);
      // Resume, through the API and through the row's Resume button (the row itself as the argument).
      assert.match((await rejection(exec(Commands.resumeClusterJob, { job: 'ro-stuck', cronJob: CRON }))).message, refused);
      const tasks = (await api()).truncate.provider;
      const row = ((await tasks?.getChildren()) ?? []).find((r) => 'extraRowId' in r && r.extraRowId === 'clusterJob:replica:ro-stuck');
      assert.ok(row, 'the job is a row of DataHub Tasks');
      assert.match((await rejection(execCommandId(Commands.resumeClusterJob, row))).message, refused);
      // A look-alike of the row is not one: it is read as arguments, and names no job.
      const lookAlike = { extraRowId: 'clusterJob:replica:ro-stuck', name: 'ro-stuck' };
      assert.match((await rejection(execCommandId(Commands.resumeClusterJob, lookAlike))).message, /datahub\.resumeClusterJob: .*"job"/);
      // The palette: Restore Indices as an Upgrade Job… → Run on the Cluster, every prompt answered as a person would.
      screen.record(shown);
      const picks = picking((_title, labels) =>
        ['urn:li:%', '(all aspects)', 'Any time', 'Restore into the current indices', 'Run on the Cluster'].find((l) => labels.includes(l)),
      );
      const typing = await answering(undefined, '1000');
      try {
        await execCommandId(Commands.restoreIndicesAsJob);
      } finally {
        picks.stop();
        typing.stop();
      }
      assert.ok(
        picks.titles.some((t) => /format/.test(t)),
        `the flow reached the format: ${picks.titles.join(' | ')}`,
      );
      assert.ok(
        shown.some((t) => t.surface === 'error' && refused.test(t.text)),
        shown.map((t) => t.text).join('\n'),
      );
      // The kept watch of ro-stuck (a stalled Job is still followed, in case it moves) reads its Job and pods on its
      // own clock: those reads are not the refused paths'. Anything else (a CronJob listing, a trigger) would be.
      const watchReads = /^\/openapi\/operations\/k8\/(jobs|pods)(\/|$)/;
      const sent = (await sandbox.requests()).filter((r) => !(r.method === 'GET' && watchReads.test(r.path)));
      assert.deepEqual(sent, [], "no request but the watch's own reads");
    } finally {
      screen.record(undefined);
      await exec(Commands.removeConnection, { name: 'replica' });
    }
  });

  it('refuses to resume a Job whose arguments are hostile, in each form, sending nothing', async () => {
    await useSandboxConnection({ token: 'admin' });
    const base = ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'urnBasedPagination=false'];
    const longUrn = `urn:li:dataset:(urn:li:dataPlatform:hive,${'x'.repeat(4096)},PROD)`;
    const forms: Array<[string, string[], RegExp]> = [
      ['h-clean', [...base, '-a', 'clean'], /clean .*wipe them again/],
      ['h-aclean', [...base, '-aclean'], /clean .*wipe them again/],
      ['h-argsclean', [...base, '--args=clean'], /clean .*wipe them again/],
      ['h-argclean', [...base, '--arg', 'clean'], /clean .*wipe them again/],
      [
        'h-upgrade',
        ['-u', 'NoCodeDataMigrationCleanup', '-a', 'RestoreIndices', '-a', 'urnBasedPagination=false'],
        /only a RestoreIndices job .*"NoCodeDataMigrationCleanup"/,
      ],
      ['h-unknown', [...base, '-a', 'urn=urn:li:corpuser:admin'], /"urn=urn:li:corpuser:admin" is not one a resume keeps/],
      ['h-longurn', ['-u', 'RestoreIndices', '-a', 'urnBasedPagination=true', '-a', `lastUrn=${longUrn}`], /"lastUrn" is not a URN .*characters\)/],
    ];
    for (const [name, args, why] of forms) {
      await byHand(name, args);
      const end = await until(name);
      assert.equal(end.state, 'stalled', `${name}: ${end.message}`);
      await sandbox.clearRequests();
      const e = await rejection(exec(Commands.resumeClusterJob, { job: name, cronJob: CRON, jobName: `${name}-2` }));
      assert.match(e.message, why, name);
      assert.match(e.message, new RegExp(`job ${name} cannot be resumed`));
      assert.deepEqual(await triggers(), [], `${name}: nothing triggered`);
    }
  });

  it('asks with the arguments first, one per line and quoted, long values after; the CronJob is never the label', async () => {
    await useSandboxConnection({ token: 'admin' });
    // Urn paging from a key: the job prints its batch keys (long URNs) before each batch.
    await byHand('keyed', ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'urnBasedPagination=true', '-a', 'batchSize=1000']);
    const end = await until('keyed');
    assert.equal(end.state, 'stalled', end.message);
    await sandbox.clearRequests();
    const asked = await answering(undefined);
    try {
      // Through the command id (link mode): the modal asks, and is dismissed.
      const r = await execCommandId(Commands.resumeClusterJob, { job: 'keyed', cronJob: CRON, jobName: 'keyed-2' });
      assert.equal(r, undefined);
    } finally {
      asked.stop();
    }
    assert.equal(asked.modals.length, 1);
    const [, detail] = asked.modals[0].split('\n', 2);
    assert.equal(detail, 'Arguments (12):');
    const lines = asked.modals[0].split('\n').slice(2, 8);
    assert.deepEqual(lines.slice(0, 5), [
      '  -u "RestoreIndices"',
      '  -a "urnLike=urn:li:%"',
      '  -a "batchSize=1000"',
      '  -a "urnBasedPagination=true"',
      lines[4],
    ]);
    assert.match(lines[4], /^ {2}-a "lastUrn=urn:li:dataset:\(urn:li:dataPlatform:hive,db\.t\d{7},PROD\)"$/);
    assert.equal(lines[5], '  -a "lastAspect=schemaMetadata"');
    assert.deepEqual(await triggers(), [], 'dismissed: nothing sent');
    // Without a CronJob given, the one chosen for the connection or listed, never the Job's label: a Job
    // labelled as triggered from the cleanup CronJob still resumes from the restore CronJob the server lists.
    await byHand('labelled', ['-u', 'RestoreIndices', '-a', 'urnBasedPagination=false'], 'stall', {
      'app.kubernetes.io/triggered-from': 'datahub-datahub-cleanup-job-template',
    });
    assert.equal((await until('labelled')).state, 'stalled');
    const resumed = await exec<{ cronJob: string }>(Commands.resumeClusterJob, { job: 'labelled', jobName: 'labelled-2', ...fast });
    assert.equal(resumed.cronJob, CRON);
  });

  it('does not follow a created Job whose name is not the one asked for', async () => {
    await useSandboxConnection({ token: 'admin' });
    await k8s({ createdName: 'someone-elses-job' });
    const e = await rejection(exec(Commands.runRestoreJobOnCluster, { urnLike: 'urn:li:%', cronJob: CRON, jobName: 'mine', ...fast }));
    assert.match(e.message, /GMS answered the trigger with a Job named "someone-elses-job", not mine as asked: it is not watched/);
    const { truncate } = await api();
    const rows = (await truncate.provider?.getChildren()) ?? [];
    const labels = await Promise.all(rows.map(async (r) => String((await truncate.provider!.getTreeItem(r)).label)));
    assert.ok(!labels.some((l) => /someone-elses-job/.test(l)), labels.join(', '));
  });
});
