// The operations journal inside VS Code against the sandbox: an entry for each write a command sent
// (a truncation, a restore, an entity cleanup, a failed-write replay, an offset reset) with its
// connection, outcome and asker and its dry run's figures; none for reads (index sizes, counts) or a
// dry run alone; a refused write as refused; readJournal's filter; no token anywhere in the file.
import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import { SAMPLE_URNS } from '../../sandbox/data';
import type { ReadJournalResult, ShowJournalResult } from '../../../src/connections/journalCommands';
import type { JournalEntry } from '../../../src/shared/journal';
import { Commands } from '../../../src/shared/commandIds';
import { exec, execCommandId, rejection, SANDBOX_TOKENS } from '../support/core';
import { answering } from '../support/modals';
import { needsOpenapi } from '../support/doctor';
import { truncate } from '../support/truncate';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };

/** The entries since `since`, newest first. */
async function journalSince(since: number): Promise<JournalEntry[]> {
  const r = await exec<ReadJournalResult>(Commands.readJournal, { since });
  assert.match(r.message, /journal entr(y|ies)/);
  return r.entries;
}

/** The one entry since `since` (after the journal's writer has caught up). */
async function onlyEntry(since: number): Promise<JournalEntry> {
  const entries = await journalSince(since);
  assert.equal(entries.length, 1, JSON.stringify(entries, undefined, 1));
  return entries[0];
}

describe('operations journal: every write sent, never a read', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('reads and a dry run alone write no entry', async () => {
    const since = Date.now();
    await vscode.commands.executeCommand(Commands.refreshIndexSizes);
    await exec(Commands.countEntities, {});
    const dry = await truncate({ ...DASHBOARD, endTimeMillis: Date.now() - 200 * DAY });
    assert.equal(dry.kind, 'dryRun');
    assert.deepEqual(await journalSince(since), []);
  });

  it('a truncation through a command id: the dry run, then the write, asked by a link, done with its task', async () => {
    const since = Date.now();
    const m = await answering('Truncate');
    try {
      const r = await execCommandId<{ kind: string; task?: string; message: string }>(Commands.truncateTimeseriesAspect, {
        ...DASHBOARD,
        endTimeMillis: Date.now() - 200 * DAY,
        dryRun: false,
      });
      assert.equal(m.modals.length, 1);
      assert.equal(r.kind, 'task', r.message);
      const e = await onlyEntry(since);
      assert.equal(e.command, Commands.truncateTimeseriesAspect);
      assert.equal(e.connection, 'sandbox');
      assert.equal(e.gmsOrigin, new URL(sandboxUrl()).origin);
      assert.equal(e.askedBy, 'link');
      assert.equal(e.outcome, 'done');
      assert.equal(e.summary, r.message.replace(/\s+/g, ' ').trim().slice(0, 400));
      assert.ok(r.task && e.summary.includes(r.task), 'the task id in the summary');
      assert.deepEqual(e.sent, { requests: 1, targets: ['dashboard.dashboardusagestatistics'] });
      assert.equal(typeof e.dryRun?.toDelete, 'number', 'the dry run figures');
    } finally {
      m.stop();
    }
  });

  it('a restore through the typed API: asked by api, its URN the target; a refused one (no privilege) is refused', async () => {
    const since = Date.now();
    const r = await run<{ message: string }>(Commands.restoreIndices, { urn: SAMPLE_URNS.ordersDataset });
    const e = await onlyEntry(since);
    assert.deepEqual([e.command, e.askedBy, e.outcome, e.connection], [Commands.restoreIndices, 'api', 'done', 'sandbox']);
    assert.deepEqual(e.sent, { requests: 1, targets: [SAMPLE_URNS.ordersDataset] });
    assert.ok(e.summary.length > 0 && r.message.startsWith(e.summary.slice(0, 20)));

    await useSandboxConnection({ token: 'none' });
    try {
      const later = Date.now();
      await rejection(run(Commands.restoreIndices, { urn: SAMPLE_URNS.ordersDataset }));
      const refused = await onlyEntry(later);
      assert.deepEqual([refused.command, refused.outcome], [Commands.restoreIndices, 'refused']);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('an entity cleanup applied: one entry with every delete counted and the plan in its figures', async function () {
    needsOpenapi(this);
    const dry = await exec<{ count: number }>(Commands.planEntityCleanup, { entityType: 'chart' });
    assert.equal(dry.count, 3);
    const since = Date.now();
    const asked = await answering('Delete 3');
    try {
      const r = await execCommandId<{ deleted: number; message: string }>(Commands.applyEntityCleanup, { entityType: 'chart' });
      assert.equal(r.deleted, 3, r.message);
    } finally {
      asked.stop();
    }
    const e = await onlyEntry(since);
    assert.deepEqual([e.command, e.askedBy, e.outcome], [Commands.applyEntityCleanup, 'link', 'done']);
    assert.equal(e.sent.requests, 3);
    assert.equal(e.sent.targets.length, 3);
    assert.ok(e.sent.targets.every((t) => t.startsWith('urn:li:chart:')));
    assert.equal(e.dryRun?.planned, 3);
  });

  it('a failed-write replay in the Doctor: the real replay only, the dry run in its figures', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 20 });
    await exec(Commands.browseFailedWrites, {});
    const since = Date.now();
    const m = await answering('Replay');
    try {
      const chosen = [3, 4, 5, 9].map((offset) => ({ partition: 0, offset }));
      await execCommandId(Commands.replayFailedWrites, { messages: chosen });
    } finally {
      m.stop();
    }
    const e = await onlyEntry(since);
    assert.deepEqual([e.command, e.askedBy, e.connection], [Commands.replayFailedWrites, 'link', 'sandbox']);
    assert.ok(e.outcome === 'done' || e.outcome === 'partial', e.outcome);
    assert.equal(e.sent.requests, 2, 'two ranges replayed for real; the two dry-run requests are not counted');
    assert.equal(e.dryRun?.offsets, 4);
  });

  it('an offset reset (Postgres queue): one entry naming the group and the topic', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
    const since = Date.now();
    const m = await answering('Reset Offsets');
    try {
      await execCommandId(Commands.resetConsumerOffsets, { group: 'generic-mae-consumer-job-client', topic: 'mcl-versioned' });
    } finally {
      m.stop();
    }
    const e = await onlyEntry(since);
    assert.deepEqual([e.command, e.askedBy, e.outcome], [Commands.resetConsumerOffsets, 'link', 'done']);
    assert.deepEqual(e.sent, { requests: 1, targets: ['generic-mae-consumer-job-client MetadataChangeLog_Versioned_v1 partition 1'] });
    assert.equal(e.dryRun?.partitions, 1);
  });

  it('filters by connection and time, shows the document, and the file holds no token', async () => {
    const since = Date.now();
    await run(Commands.restoreIndices, { urn: SAMPLE_URNS.ordersDataset });
    assert.equal((await exec<ReadJournalResult>(Commands.readJournal, { since, connection: 'elsewhere' })).entries.length, 0);
    assert.equal((await exec<ReadJournalResult>(Commands.readJournal, { since, connection: 'sandbox' })).entries.length, 1);
    assert.equal((await exec<ReadJournalResult>(Commands.readJournal, { since: Date.now() + DAY })).entries.length, 0);
    const all = await exec<ReadJournalResult>(Commands.readJournal, { limit: 2 });
    assert.equal(all.entries.length, 2);
    assert.ok(all.entries[0].at >= all.entries[1].at, 'newest first');
    const bad = await rejection(exec(Commands.readJournal, { limit: 0 }));
    assert.match(bad.message, /"limit" must be a whole number from 1 to 10000/);

    const shown = await exec<ShowJournalResult>(Commands.showOperationsJournal, { since, connection: 'sandbox', copy: true });
    assert.equal(shown.count, 1);
    assert.ok(shown.copied);
    assert.equal(await vscode.env.clipboard.readText(), shown.markdown);
    assert.match(shown.markdown, /\| sandbox \(`http:\/\/127\.0\.0\.1:\d+`\) \|.*\| restoreIndices \| api \| \*\*done\*\* \| 1 \|/);

    const api = await activateExtension();
    const dir = path.join(api.services.context.globalStorageUri.fsPath, 'journal');
    const files = await fs.readdir(dir);
    assert.ok(files.includes('journal.jsonl'), files.join(', '));
    for (const file of files) {
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      for (const token of Object.values(SANDBOX_TOKENS)) assert.ok(!text.includes(token), `${file} holds a sandbox token`);
      assert.doesNotMatch(text, /Bearer|authorization/i);
    }
  });
});
