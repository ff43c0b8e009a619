// datahub.applyGarbageCollection inside VS Code against the sandbox: after its plan, the modal lists the changes and
// says DataHub's UI will list the GC; the update changes exactly the named keys and nothing else (the whole stored
// source compared before and after: only the recipe's named keys and the SYSTEM marker, which the update cannot
// carry); the stored source read back; one journal entry; runNow runs the GC to its end with its figures; a
// dismissed modal changes nothing; "Hand to DataHub's GC…" clicked beside a cleanup's dry run is the person's step
// (its modal does not say a program asked, the journal says `person`), and an equal object from a command is not.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { CaughtNotification } from '../../../src/platform/safeWindow';
import { needsOpenapi } from '../support/doctor';
import { exec, execCommandId, waitFor } from '../support/core';
import { answering } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import type { ApplyGarbageCollectionResult } from '../../../src/gc/apply';
import type { PlanGarbageCollectionResult } from '../../../src/gc/plan';
import type { ReadJournalResult } from '../../../src/connections/journalCommands';
import { GC_SOURCE_URN } from '../../../src/gc/logic/recipe';
import { bootstrapGc, dataNow, gcSource, sources } from '../support/gc';

const GO = 'Apply to the GC';
const HAND = "Hand to DataHub's GC…";
/** `dismiss`: the modal is closed (Escape). */
const apply = async (arg: Record<string, unknown>, dismiss = false) => {
  const asked = await answering(dismiss ? undefined : GO);
  try {
    return { result: await execCommandId<ApplyGarbageCollectionResult>(Commands.applyGarbageCollection, arg), modals: asked.modals };
  } finally {
    asked.stop();
  }
};
const configOf = (recipe: string) => (JSON.parse(recipe) as { source: { config: Record<string, Record<string, unknown>> } }).source.config;

describe('gc: apply a change', function () {
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

  it('changes exactly the named keys and nothing else, reads it back, and journals one entry', async () => {
    const before = await gcSource();
    assert.ok(before);
    const others = (await sources()).filter((s) => s.urn !== GC_SOURCE_URN);
    const since = Date.now();
    const { result, modals } = await apply({ dataProcessCleanup: { enabled: true, keepLastN: 3 }, softDeletedCleanup: { limitEntitiesDelete: 50000 } });
    assert.equal(result.applied, true, result.message);
    assert.deepEqual(result.readBackDiffers, []);
    assert.equal(modals.length, 1);
    assert.match(modals[0], /Change DataHub's garbage collector on "sandbox"\?/);
    assert.match(modals[0], /dataprocess_cleanup\.enabled: false → true/);
    assert.match(modals[0], /dataprocess_cleanup\.keep_last_n: 5 → 3/);
    assert.match(modals[0], /soft_deleted_entities_cleanup\.limit_entities_delete: 25000 → 50000/);
    assert.match(modals[0], /DataHub's UI lists the GC among the ingestion sources/);
    const after = await gcSource();
    assert.ok(after);
    // The whole stored source: the recipe's named keys changed, SYSTEM lost (the update cannot carry it), the rest kept.
    const expected = configOf(before.recipe);
    expected.dataprocess_cleanup = { ...expected.dataprocess_cleanup, enabled: true, keep_last_n: 3 };
    expected.soft_deleted_entities_cleanup = { ...expected.soft_deleted_entities_cleanup, limit_entities_delete: 50000 };
    assert.deepEqual(configOf(after.recipe), expected);
    const recipeRest = (r: string) => ({
      ...(JSON.parse(r) as Record<string, unknown>),
      source: { ...(JSON.parse(r) as { source: object }).source, config: null },
    });
    assert.deepEqual(recipeRest(after.recipe), recipeRest(before.recipe));
    assert.deepEqual({ ...after, recipe: '', system: true }, { ...before, recipe: '' });
    assert.equal(after.system, false);
    assert.deepEqual(
      (await sources()).filter((s) => s.urn !== GC_SOURCE_URN),
      others,
    );
    const entries = (await exec<ReadJournalResult>(Commands.readJournal, { since })).entries;
    assert.equal(entries.length, 1);
    assert.equal(entries[0].command, Commands.applyGarbageCollection);
    assert.equal(entries[0].outcome, 'done');
    assert.ok(entries[0].sent.targets.includes(GC_SOURCE_URN), JSON.stringify(entries[0].sent));
  });

  it('runNow runs the GC with the new settings to its end, with its figures', async () => {
    const before = await dataNow();
    const { result } = await apply({ softDeletedCleanup: { retentionDays: 20 }, runNow: true });
    assert.equal(result.applied, true, result.message);
    assert.equal(result.run?.status, 'SUCCESS', result.message);
    assert.ok((result.run?.figures.hardDeleted ?? 0) > 0, JSON.stringify(result.run));
    assert.match(result.message, /ended SUCCESS: \d+ hard-deleted/);
    const now = await dataNow();
    assert.equal(now.present['urn:li:chart:(looker,retired_0000000)'], false, 'the real run hard-deleted what the plan only counted');
    assert.notDeepEqual(now.rows, before.rows, "the real run truncates (DataHub's default recipe truncates at 30 days)");
  });

  it('refuses a plan made on another connection, or more than a day ago, before any request', async () => {
    await sandbox.clearRequests();
    const gmsOrigin = 'http://127.0.0.1';
    for (const [planOrigin, reason] of [
      [{ kind: 'garbageCollector', connection: 'elsewhere', gmsOrigin, readAt: Date.now() }, 'otherConnection'],
      [{ kind: 'retention', connection: 'sandbox', gmsOrigin, readAt: Date.now() }, 'unreadable'],
    ] as const) {
      const { result, modals } = await apply({ dataProcessCleanup: { enabled: true }, planOrigin });
      assert.equal(result.applied, false);
      assert.equal(result.notDone?.reason, reason, result.message);
      assert.equal(modals.length, 0);
    }
    assert.equal((await sandbox.requests()).length, 0);
    const p = await exec<PlanGarbageCollectionResult>(Commands.planGarbageCollection, { dataProcessCleanup: { enabled: true } });
    const stale = await apply({ dataProcessCleanup: { enabled: true }, planOrigin: { ...p.origin, readAt: Date.now() - 2 * 86_400_000 } });
    assert.equal(stale.result.notDone?.reason, 'stale', stale.result.message);
    const fresh = await apply({ dataProcessCleanup: { enabled: true }, planOrigin: p.origin });
    assert.equal(fresh.result.applied, true, fresh.result.message);
  });

  it('a dismissed modal changes nothing on the GC', async () => {
    const before = await gcSource();
    const { result } = await apply({ dataProcessCleanup: { enabled: true } }, true);
    assert.equal(result.applied, false);
    assert.equal(result.notDone?.reason, 'declined');
    assert.deepEqual(await gcSource(), before);
  });

  it("Hand to DataHub's GC… from a cleanup's dry run is the person's step; the same arguments from a command are a program's", async function () {
    needsOpenapi(this);
    const api = await activateExtension();
    const caught: CaughtNotification[] = [];
    api.screen.catchNotifications((n) => caught.push(n));
    try {
      await vscode.commands.executeCommand(Commands.planEntityCleanup, { entityType: 'chart', olderThanDays: 5, notify: true });
      await waitFor(() => caught.some((n) => n.buttons.includes(HAND)), "the cleanup's dry run offers the hand-off");
    } finally {
      api.screen.catchNotifications(undefined);
    }
    const offer = caught.find((n) => n.buttons.includes(HAND));
    assert.ok(offer);
    const since = Date.now();
    const journal = async () => (await exec<ReadJournalResult>(Commands.readJournal, { since })).entries;
    const asked = await answering(GO);
    try {
      offer.click(HAND);
      await waitFor(async () => (await journal()).length > 0, 'the GC change is journaled', 60_000);
    } finally {
      asked.stop();
    }
    assert.equal(asked.modals.length, 1, asked.modals.join('\n---\n'));
    assert.match(asked.modals[0], /soft_deleted_entities_cleanup\.retention_days: 10 → 5/);
    assert.doesNotMatch(asked.modals[0], /Asked for/, "the person's click, not a program's");
    const entries = await journal();
    assert.equal(entries.length, 1, JSON.stringify(entries));
    const [entry] = entries;
    assert.deepEqual([entry.command, entry.askedBy, entry.outcome], [Commands.applyGarbageCollection, 'person', 'done']);
    // An equal object written by a caller is not ours: the modal says a command asked.
    const copied = await apply({ softDeletedCleanup: { enabled: true, retentionDays: 4 } }, true);
    assert.match(copied.modals[0], /Asked for by a command with arguments/);
  });
});
