// datahub.planGarbageCollection inside VS Code against the sandbox's GC and executor: DataHub's dry run runs on the
// server on a temporary source and truncates and deletes nothing (the rows and entities as they were, the GC and
// every other source as stored before, the temporary source gone); a stalled executor said within pickupSeconds and
// the temporary source removed; settings refused before any request; a read-only connection refused with no request.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, hideDataHubViews, rejection } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import type { PlanGarbageCollectionResult } from '../../../src/gc/plan';
import { bootstrapGc, dataNow, script, sources } from '../support/gc';

const plan = (arg: Record<string, unknown>) => exec<PlanGarbageCollectionResult>(Commands.planGarbageCollection, arg);

describe('gc: plan a change (DataHub dry run)', function () {
  this.timeout(90_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(async () => {
    await sandbox.reset();
    await bootstrapGc();
  });
  after(() => sandbox.reset());

  it('runs the dry run on the server: figures, nothing truncated or deleted, the temporary source gone', async () => {
    const before = { data: await dataNow(), sources: await sources() };
    const p = await plan({ truncateIndicesOlderThanDays: 7, dataProcessCleanup: { enabled: true, keepLastN: 3 }, softDeletedCleanup: { retentionDays: 20 } });
    assert.equal(p.dryRun?.status, 'SUCCESS', p.message);
    assert.ok((p.dryRun?.figures.softDeletedFound ?? 0) > 0);
    assert.equal(p.dryRun?.figures.hardDeleted ?? 0, 0);
    assert.ok((p.dryRun?.figures.runRecordsRemoved ?? 0) > 0);
    assert.deepEqual(
      p.changes.map((c) => [c.path, c.from, c.to]),
      [
        ['truncate_index_older_than_days', 30, 7],
        ['dataprocess_cleanup.enabled', false, true],
        ['dataprocess_cleanup.keep_last_n', 5, 3],
        ['soft_deleted_entities_cleanup.retention_days', 10, 20],
      ],
    );
    assert.equal(p.truncation?.length, 4);
    assert.ok(p.truncation?.every((t) => t.error === undefined && (t.total ?? 0) >= (t.rowsToDelete ?? 0)));
    assert.equal(p.temporarySourceRemoved, true);
    assert.equal(p.origin.kind, 'garbageCollector');
    assert.match(p.message, /4 change\(s\).*DataHub's dry run: \d+ soft-deleted entities would be hard-deleted.*nothing was deleted/);
    assert.deepEqual(await dataNow(), before.data, 'nothing truncated, nothing deleted');
    assert.deepEqual(await sources(), before.sources, 'the GC as stored, the temporary source gone');
    const graphql = (await sandbox.requests()).filter((r) => r.path === '/api/graphql').map((r) => r.rawBody);
    assert.equal(graphql.filter((b) => b.includes('updateIngestionSource')).length, 0, 'a plan never updates the GC');
    assert.equal(graphql.filter((b) => b.includes('deleteIngestionSource')).length, 1);
  });

  it('a stalled executor is said within pickupSeconds, and the temporary source removed', async () => {
    await script({ executor: { stopped: true } });
    const before = await sources();
    const started = Date.now();
    const p = await plan({ dataProcessCleanup: { enabled: true }, pickupSeconds: 2 });
    assert.ok(Date.now() - started < 20_000);
    assert.equal(p.dryRun?.status, 'notPickedUp');
    assert.match(p.message, /did not pick the dry run up within 2 s/);
    assert.equal(p.temporarySourceRemoved, true);
    assert.deepEqual(await sources(), before);
  });

  it('refuses settings before any request, and a read-only connection with no request at all', async () => {
    await sandbox.clearRequests();
    for (const [arg, pattern] of [
      [{ dataProcessCleanup: { keepLastN: 0 } }, /keepLastN" must be a whole number from 1/],
      [{ softDeletedCleanup: { retentionDays: 2.5 } }, /whole number of days/],
      [{ dry_run: true }, /"dry_run" is not a GC setting/],
      [{}, /No setting was named/],
    ] as const) {
      const refused = await rejection(plan(arg));
      assert.match(refused.message, pattern);
    }
    assert.equal((await sandbox.requests()).length, 0);
    await hideDataHubViews(); // a visible view would read on the connection change, among the requests counted
    await exec(Commands.editConnection, { name: 'sandbox', readOnly: true });
    try {
      await sandbox.clearRequests();
      for (const command of [Commands.planGarbageCollection, Commands.applyGarbageCollection]) {
        const refused = await rejection(exec(command, { dataProcessCleanup: { enabled: true } }));
        assert.match(refused.message, /read-only/);
      }
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.editConnection, { name: 'sandbox', readOnly: false });
    }
  });
});
