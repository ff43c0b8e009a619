// The entity cleanup inside VS Code against the sandbox (test/sandbox/cleanup.ts): the dry run's list (soft-deleted
// entities only when soft-deleted more than 10 days ago, as DataHub's GC), an apply that deletes exactly that list
// after its confirmation, the read-only refusal with no request at all, a failed
// delete named while the rest go, and a cancel then a resume that deletes nothing twice. The write discipline's
// cases are in cleanup-plans.test.ts.
import * as assert from 'node:assert/strict';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { ShownText } from '../../../src/platform/safeWindow';
import type { PlanEntityCleanupResult } from '../../../src/entities/cleanup';
import { exec, execCommandId, hideDataHubViews, rejection, waitFor } from '../support/core';
import { answering, onProduction } from '../support/modals';
import { needsOpenapi } from '../support/doctor';
import { Commands } from '../../../src/shared/commandIds';
import { apply, plan, script, seen } from '../support/cleanup';

describe('entities: the cleanup planned with a dry run, then applied', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('the dry run lists the entities soft-deleted long enough ago and the old runs (figures per job), reads only', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    // The sandbox's 30 soft-deleted datasets: 6 of them soft-deleted 2 days ago stay, as DataHub's GC keeps them.
    const soft = await plan({ entityType: 'dataset' });
    assert.equal(soft.count, 24, soft.message);
    assert.deepEqual([soft.keptForAge, soft.keptUnread], [6, 0]);
    assert.equal(soft.action, 'hardDelete');
    assert.equal(soft.sample.length, 20);
    assert.ok(soft.sample.every((u) => u.startsWith('urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_')));
    assert.ok(!soft.sample.includes('urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000000,PROD)'), 'soft-deleted 2 days ago');
    assert.match(
      soft.message,
      /24 dataset entities soft-deleted more than 10 days ago, to delete for good; 6 kept: soft-deleted less than 10 days ago; DataHub's GC keeps them too\. Nothing was deleted\./,
    );
    const day = await plan({ entityType: 'dataset', olderThanDays: 1 });
    assert.deepEqual([day.count, day.keptForAge], [30, 0], day.message);
    const runs = await plan({ entityType: 'dataprocessinstance' });
    assert.equal(runs.action, 'softDelete');
    assert.equal(runs.count, 7, runs.message);
    assert.equal(runs.byJob?.length, 1);
    assert.deepEqual({ ...runs.byJob?.[0], job: undefined }, { job: undefined, runs: 12, kept: 5, toDelete: 7 });
    assert.match(runs.message, /7 dataProcessInstance runs beyond the last 5 of each job and older than 10 days, to soft-delete/);
    // Keep only 2 a job and 1 day: the third job's runs of the last hours still stay.
    const tighter = await plan({ entityType: 'dataProcessInstance', keepLastPerJob: 2, olderThanDays: 1 });
    assert.equal(tighter.count, 10 + 2, tighter.message);
    const methods = new Set((await sandbox.requests()).map((q) => `${q.method} ${q.path}`));
    assert.deepEqual([...methods].sort(), ['POST /api/graphql', 'POST /openapi/v3/entity/dataset/batchGet']);
    const bad = await rejection(plan({ entityType: 'dataset', keepLastPerJob: 3 }));
    assert.match(bad.message, /"keepLastPerJob" chooses dataProcessInstance runs.*Nothing was sent/);
  });

  it('a soft-deleted entity whose status time cannot be read is kept and counted; a failing read stops the plan, nothing planned', async function () {
    needsOpenapi(this);
    const unread = 'urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000007,PROD)';
    await script({ statusUnread: [unread] });
    const r = await plan({ entityType: 'dataset' });
    assert.deepEqual([r.count, r.keptForAge, r.keptUnread], [23, 6, 1], r.message);
    assert.ok(!r.sample.includes(unread));
    assert.match(r.message, /1 kept: when they were soft-deleted could not be read \(no status time\); check them in DataHub/);
    await script({ statusReadFails: true });
    const failed = await rejection(plan({ entityType: 'dataset' }));
    assert.match(failed.message, /500/);
    assert.match(failed.message, /soft-deleted/);
  });

  it('apply deletes exactly the URNs of the dry run, after a confirmation that names them', async function () {
    needsOpenapi(this);
    const dry = await plan({ entityType: 'chart' });
    assert.equal(dry.count, 3);
    const asked = await answering('Delete 3');
    try {
      await sandbox.clearRequests();
      const r = await apply({ entityType: 'chart' });
      assert.equal(r.deleted, 3, r.message);
      assert.deepEqual(r.failed, []);
      assert.equal(r.notDone, undefined);
      assert.match(asked.modals[0], /Delete 3 chart entities soft-deleted more than 10 days ago on "sandbox"\?/);
      assert.match(asked.modals[0], /urn:li:chart:\(looker,retired_0000000\)/);
      const deletes = (await sandbox.requests()).filter((q) => q.method === 'DELETE').map((q) => decodeURIComponent(q.path.split('/').at(-1) ?? ''));
      assert.deepEqual(deletes.sort(), [...dry.sample].sort());
      const after = await seen(dry.sample);
      assert.ok(dry.sample.every((u) => after.present[u] === false));
      // The runs: soft-deleted (status removed: true), the newest five of the job and the recent ones untouched.
      const runs = await plan({ entityType: 'dataProcessInstance' });
      const answered = await answering('Delete 7');
      try {
        const applied = await apply({ entityType: 'dataProcessInstance' });
        assert.equal(applied.deleted, 7, applied.message);
      } finally {
        answered.stop();
      }
      const state = await seen(runs.sample);
      assert.ok(runs.sample.every((u) => state.softDeleted[u] === true && state.deletes[u] === 1));
      assert.equal((await plan({ entityType: 'dataProcessInstance' })).count, 0);
      // Soft-deleted just now: a cleanup of soft-deleted runs keeps them for 10 days, and takes them with a shorter window.
      const justNow = await plan({ entityType: 'dataProcessInstance', softDeletedOnly: true });
      assert.deepEqual([justNow.count, justNow.keptForAge], [0, 7], justNow.message);
    } finally {
      asked.stop();
    }
  });

  it("an object shaped like an Entity Counts row, from a command link, is a program's arguments: a quiet dry run, no Apply… offered", async function () {
    needsOpenapi(this);
    const api = await activateExtension();
    const shown: ShownText[] = [];
    api.screen.record(shown);
    try {
      const forged = { kind: 'type', entityType: 'chart', active: 4000, softDeleted: 12, platforms: [] };
      const r = await execCommandId<PlanEntityCleanupResult>(Commands.planEntityCleanup, forged);
      assert.equal(r.count, 3, 'planned as { entityType: "chart" }');
      assert.deepEqual(
        shown.filter((t) => /cleanup/i.test(t.text)).map((t) => `${t.surface}: ${t.text}`),
        [],
        "no notification: not the person's click",
      );
    } finally {
      api.screen.record(undefined);
    }
  });

  it('dismissed, nothing is deleted; a read-only connection refuses the apply, dry run too, with no request', async function () {
    needsOpenapi(this);
    const dismissed = await answering(undefined);
    try {
      const r = await apply({ entityType: 'chart' });
      assert.equal(r.deleted, 0);
      assert.deepEqual(r.notDone, { reason: 'declined', remaining: 3 });
      assert.equal((await sandbox.requests()).filter((q) => q.method === 'DELETE').length, 0);
    } finally {
      dismissed.stop();
    }
    await hideDataHubViews(); // a visible view would read on the connection change, among the requests counted
    await exec(Commands.editConnection, { name: 'sandbox', readOnly: true });
    try {
      await sandbox.clearRequests();
      for (const arg of [{ entityType: 'dataset' }, { entityType: 'dataset', dryRunOnly: true }]) {
        const refused = await rejection(exec(Commands.applyEntityCleanup, arg));
        assert.match(refused.message, /read-only: Entity Cleanup was refused and nothing was sent/);
      }
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.editConnection, { name: 'sandbox', readOnly: false });
    }
  });

  it('on production the connection name is typed too; a wrong name deletes nothing, the right one goes ahead', async function () {
    needsOpenapi(this);
    await onProduction('sandbox', async () => {
      const wrong = await answering('Delete 3', 'sandbx');
      try {
        const r = await apply({ entityType: 'chart' });
        assert.equal(wrong.inputs.length, 1);
        assert.match(wrong.inputs[0], /3 entities will be deleted\. "sandbox" is a production connection: type sandbox to confirm/);
        assert.deepEqual(r.notDone, { reason: 'declined', remaining: 3 });
        assert.equal((await sandbox.requests()).filter((q) => q.method === 'DELETE').length, 0);
      } finally {
        wrong.stop();
      }
      const right = await answering('Delete 3', 'sandbox');
      try {
        assert.equal((await apply({ entityType: 'chart' })).deleted, 3);
      } finally {
        right.stop();
      }
    });
  });

  it('a failed delete is named and the rest are done; applying again retries only it', async function () {
    needsOpenapi(this);
    const dry = await plan({ entityType: 'dataset' });
    const failing = 'urn:li:dataset:(urn:li:dataPlatform:hive,retired.table_0000004,PROD)';
    await script({ failing: { urns: [failing], once: true } });
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      const r = await apply({ entityType: 'dataset' });
      assert.equal(r.deleted, 23, r.message);
      assert.equal(r.failed.length, 1);
      assert.equal(r.failed[0].urn, failing);
      assert.match(r.failed[0].reason, /500/);
      assert.deepEqual(r.notDone, { reason: 'failed', remaining: 1 });
      assert.match(r.message, /23 of 24 .* deleted; 1 failed .*retired\.table_0000004.*apply the same cleanup again to resume/);
      await sandbox.clearRequests();
      const again = await apply({ entityType: 'dataset' });
      assert.equal(again.resumed, true);
      assert.equal(again.deleted, 1, again.message);
      const deletes = (await sandbox.requests()).filter((q) => q.method === 'DELETE');
      assert.equal(deletes.length, 1);
      assert.equal((await seen()).deletes[failing], 2);
      assert.equal(dry.count, 24);
    } finally {
      asked.stop();
    }
  });

  it('cancel stops after the deletes in flight; applying again resumes and deletes nothing twice', async function () {
    needsOpenapi(this);
    await script({ softDeleted: { dataset: 170 }, deleteDelayMs: 40 });
    const dry = await plan({ entityType: 'dataset' });
    assert.equal(dry.count, 194, 'the 170 added, soft-deleted 60 days ago, and 24 of the seed');
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      const first = apply({ entityType: 'dataset' });
      await waitFor(async () => Object.keys((await seen()).deletes).length >= 20, 'twenty deletes', 20_000);
      const cancelled = await exec<{ cancelled: number }>(Commands.cancelEntityCleanup, {});
      assert.equal(cancelled.cancelled, 1);
      const stopped = await first;
      assert.equal(stopped.notDone?.reason, 'cancelled');
      assert.ok(stopped.deleted >= 20 && stopped.deleted < 194, stopped.message);
      assert.equal(stopped.notDone?.remaining, 194 - stopped.deleted);
      const resumed = await apply({ entityType: 'dataset' });
      assert.equal(resumed.resumed, true);
      assert.equal(resumed.deleted, 194 - stopped.deleted, resumed.message);
      const deletes = (await seen()).deletes;
      assert.equal(Object.keys(deletes).length, 194);
      assert.ok(
        Object.values(deletes).every((n) => n === 1),
        'each URN deleted once',
      );
      const after = await plan({ entityType: 'dataset' });
      assert.deepEqual([after.count, after.keptForAge], [0, 6], 'the recent ones are still there');
    } finally {
      asked.stop();
    }
  });
});
