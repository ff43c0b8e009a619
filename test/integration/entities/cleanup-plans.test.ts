// The entity cleanup under the write discipline (src/shared/writePlan.ts, src/shared/applyLock.ts), inside VS
// Code against the sandbox (test/sandbox/cleanup.ts): a resume reads each entity's status again first and keeps
// one ingested again; two applies of one plan at once send each URN once; a stale or foreign stopped plan is
// refused before any request; a plan-file line of another entity type is never sent.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { answering } from '../support/modals';
import { needsOpenapi } from '../support/doctor';
import { apply, FAILING, plan, script, seen, stoppedApply, storedDatasetPlan, writesSeen } from '../support/cleanup';

describe('entities: a cleanup plan applied under the write discipline', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('a resumed cleanup reads each status again: an entity ingested again since the plan is kept, counted and named', async function () {
    needsOpenapi(this);
    await stoppedApply();
    // Weeks later in the words: the one left is ingested again (status removed: false), same URN.
    await script({ ingestedAgain: [FAILING] });
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      const again = await apply({ entityType: 'dataset' });
      assert.equal(again.resumed, true);
      assert.equal(again.deleted, 0, again.message);
      assert.deepEqual(again.leftOut, [{ why: 'no longer soft-deleted (ingested or restored again)', count: 1, sample: [FAILING] }]);
      assert.equal(again.notDone, undefined);
      assert.match(again.message, /1 planned URN left out, read again right before sending: 1 no longer soft-deleted .*retired\.table_0000004/);
      const state = await seen([FAILING]);
      assert.equal(state.present[FAILING], true, 'still there');
      assert.equal(state.softDeleted[FAILING], false);
      assert.equal(state.deletes[FAILING], 1, 'only the delete that failed before');
    } finally {
      asked.stop();
    }
  });

  it('two applies of one plan at once: the second is refused (busy) and sends nothing; each URN is deleted once', async function () {
    needsOpenapi(this);
    await script({ softDeleted: { dataset: 60 }, deleteDelayMs: 20 });
    const dry = await plan({ entityType: 'dataset' });
    assert.equal(dry.count, 84);
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      const [a, b] = await Promise.all([apply({ entityType: 'dataset' }), apply({ entityType: 'dataset' })]);
      const busy = [a, b].filter((r) => r.notDone?.reason === 'busy');
      const ran = [a, b].filter((r) => r.notDone?.reason !== 'busy');
      assert.equal(busy.length, 1, `${a.message} | ${b.message}`);
      assert.equal(busy[0].deleted, 0);
      assert.match(busy[0].message, /Another apply of this entity cleanup .* is running in this window .*nothing was sent/);
      assert.equal(ran[0].deleted, 84, ran[0].message);
      const deletes = (await seen()).deletes;
      assert.equal(Object.keys(deletes).length, 84);
      assert.ok(
        Object.values(deletes).every((n) => n === 1),
        'each URN deleted once',
      );
    } finally {
      asked.stop();
    }
  });

  it('a stale stopped plan (older than a day) is refused before any request, and says to plan again', async function () {
    needsOpenapi(this);
    await stoppedApply();
    const { json } = await storedDatasetPlan();
    const stored = JSON.parse(await fs.readFile(json, 'utf8')) as { origin: { readAt: number } };
    stored.origin.readAt -= 2 * 86_400_000;
    await fs.writeFile(json, JSON.stringify(stored));
    await sandbox.clearRequests();
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      const r = await apply({ entityType: 'dataset' });
      assert.deepEqual(r.notDone, { reason: 'stale', remaining: 1 }, r.message);
      assert.equal(r.deleted, 0);
      assert.match(r.message, /was made 2 days ago.*applied within 24 hours\. Plan again on "sandbox"; nothing was sent\./);
      assert.equal(asked.modals.length, 0, 'refused before the confirmation');
      assert.deepEqual(await sandbox.requests(), []);
      // Planning again makes a fresh plan: the next apply goes ahead.
      await plan({ entityType: 'dataset' });
      const fresh = await apply({ entityType: 'dataset' });
      assert.equal(fresh.resumed, undefined);
      assert.equal(fresh.deleted, 1, fresh.message);
    } finally {
      asked.stop();
    }
  });

  it("a stopped plan made against another server (the connection's URL changed) is refused before any write", async function () {
    needsOpenapi(this);
    await stoppedApply();
    // Same name, another GMS base: the plan read another server.
    await useSandboxConnection({ token: 'admin', viaFrontend: true });
    try {
      await sandbox.clearRequests();
      const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
      try {
        const r = await apply({ entityType: 'dataset' });
        assert.deepEqual(r.notDone, { reason: 'otherServer', remaining: 1 }, r.message);
        assert.match(r.message, /was made against http:\/\/127\.0\.0\.1:\d+, but "sandbox" now points at http:\/\/127\.0\.0\.1:\d+\/api\/gms\. Plan again/);
        assert.equal(asked.modals.length, 0);
      } finally {
        asked.stop();
      }
      assert.deepEqual(await writesSeen(), []);
      assert.equal((await seen([FAILING])).deletes[FAILING], 1);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a plan-file line of another entity type (or no URN at all) is never sent; it is counted and named', async function () {
    needsOpenapi(this);
    await stoppedApply();
    const { urns } = await storedDatasetPlan();
    const chart = 'urn:li:chart:(looker,retired_0000000)';
    await fs.appendFile(urns, `${chart}\nrm -rf /\n`);
    const asked = await answering((buttons) => buttons.find((b) => b.startsWith('Delete')));
    try {
      await sandbox.clearRequests();
      const r = await apply({ entityType: 'dataset' });
      assert.equal(r.deleted, 1, r.message);
      assert.deepEqual(r.leftOut, [{ why: 'not a dataset URN (a line of the plan file)', count: 2, sample: [chart, 'rm -rf /'] }]);
      const sent = await writesSeen();
      assert.ok(!sent.some((q) => q.includes('chart')), sent.join('\n'));
      assert.equal((await seen([chart])).present[chart], true);
    } finally {
      asked.stop();
    }
  });
});
