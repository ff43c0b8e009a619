// The ingestion commands inside VS Code against the sandbox (test/sandbox/ingestion.ts): a run stuck RUNNING for 30
// hours named and cancelled, a cancel the executor ignores said as such (#11005), a request without a result for two
// hours said as an executor that is down, a rollback whose DataHub dry run is shown in the confirmation and whose
// real call is exactly one safe rollback of that run id, the reserved run id refused, a read-only connection
// refusing with no request at all, and a hostile report rendered as text.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import { exec, execCommandId, rejection } from '../support/core';
import { answering } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import { SEED_RUNS } from '../../sandbox/ingestionSeed';
import type { CancelIngestionRunResult, ListIngestionRunsResult, RollbackIngestionRunResult, ShowIngestionReportResult } from '../../../src/ingestion';
import type { ReadJournalResult } from '../../../src/connections/journalCommands';

interface IngestionState {
  requests: Array<{ id: string; status: string | null; signals: number }>;
  rollbacks: Array<{ runId: string; dryRun: boolean; safe?: boolean }>;
  softDeleted: string[];
}
const state = () => sandbox.control<IngestionState>('GET', '/ingestion');
const script = (body: Record<string, unknown>) => sandbox.control<object>('POST', '/ingestion', body);
const list = (arg: Record<string, unknown> = {}) => exec<ListIngestionRunsResult>(Commands.listIngestionRuns, arg);
const urnOf = (id: string) => `urn:li:dataHubExecutionRequest:${id}`;
/** The operations journal's entries since `since` (the dry runs and reads write none). */
const journalSince = async (since: number) => (await exec<ReadJournalResult>(Commands.readJournal, { since })).entries;

describe('ingestion: runs, their problems, cancel, rollback and report', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('lists every source (the GC as system), names the run stuck RUNNING for 30 hours and the executor that is down', async () => {
    const l = await list();
    assert.deepEqual(l.sources.map((s) => s.name).sort(), ['Looker', 'MySQL analytics', 'Snowflake (prod)', 'datahub-gc']);
    assert.equal(l.sources.find((s) => s.urn === 'urn:li:dataHubIngestionSource:datahub-gc')?.system, true);
    assert.equal(l.sources.find((s) => s.name === 'Looker')?.system, false);
    const stuck = l.runs.find((r) => r.id === SEED_RUNS.stuck);
    assert.equal(stuck?.status, 'RUNNING');
    assert.equal(stuck?.problem, 'runningTooLong');
    const waiting = l.runs.find((r) => r.id === SEED_RUNS.neverStarted);
    assert.deepEqual([waiting?.status, waiting?.problem], [null, 'neverStarted']);
    assert.equal(l.runs.find((r) => r.id === SEED_RUNS.failed)?.problem, 'failed');
    assert.deepEqual(
      l.findings.map((f) => f.id),
      ['executorDown', 'runningTooLong', 'failed'],
    );
    assert.match(l.findings[0].summary, /no result for up to 2 h.*the ingestion executor \(datahub-actions\) is not picking requests up/);
    assert.match(l.message, /4 sources, \d+ runs in the last 24 hours/);
  });

  it('cancels the stuck run after asking: one cancel sent, followed to CANCELLED', async () => {
    const l = await list();
    const stuck = l.runs.find((r) => r.problem === 'runningTooLong');
    assert.ok(stuck);
    await sandbox.clearRequests();
    const since = Date.now();
    const asked = await answering('Cancel Run');
    try {
      const c = await execCommandId<CancelIngestionRunResult>(Commands.cancelIngestionRun, { executionRequestUrn: stuck.urn, waitSeconds: 10 });
      assert.equal(c.status, 'CANCELLED', c.message);
      assert.equal(c.stillRunning, false);
      assert.match(asked.modals[0], /Cancel ingestion run .* on "sandbox"\?/);
      assert.match(asked.modals[0], /running for 1 d 6 h|running for 30 h/);
    } finally {
      asked.stop();
    }
    const cancels = (await sandbox.requests()).filter((q) => q.rawBody.includes('cancelIngestionExecutionRequest'));
    assert.equal(cancels.length, 1);
    assert.equal((await state()).requests.find((r) => r.id === SEED_RUNS.stuck)?.signals, 1);
    // The cancel is a write: one journal entry, the request its target; the listing and the follow-up reads none.
    const entries = await journalSince(since);
    assert.deepEqual(
      entries.map((e) => [e.command, e.askedBy, e.outcome, e.sent.requests, e.sent.targets]),
      [[Commands.cancelIngestionRun, 'link', 'done', 1, [stuck.urn]]],
    );
  });

  it('a cancel the executor ignores is said as still running (#11005)', async () => {
    await script({
      runs: [{ sourceUrn: 'urn:li:dataHubIngestionSource:looker', id: 'deaf-run', requestedAgoMs: 3_600_000, status: 'RUNNING', onKill: 'leavesRunning' }],
    });
    const c = await exec<CancelIngestionRunResult>(Commands.cancelIngestionRun, { executionRequestUrn: urnOf('deaf-run'), waitSeconds: 2 });
    assert.deepEqual([c.status, c.stillRunning], ['RUNNING', true]);
    assert.match(c.message, /still RUNNING.*#11005/);
  });

  it('a run that has ended is not cancelled: notDone says why, and nothing is sent or journaled', async () => {
    const since = Date.now();
    await sandbox.clearRequests();
    const c = await exec<CancelIngestionRunResult>(Commands.cancelIngestionRun, { executionRequestUrn: urnOf(SEED_RUNS.bad) });
    assert.deepEqual([c.status, c.stillRunning, c.notDone], ['SUCCESS', false, { reason: 'notRunning' }]);
    assert.match(c.message, /is SUCCESS, not running: nothing to cancel\. Nothing was sent\./);
    assert.equal((await sandbox.requests()).filter((q) => q.rawBody.includes('cancelIngestionExecutionRequest')).length, 0);
    assert.deepEqual(await journalSince(since), []);
  });

  it("shows DataHub's dry run in the confirmation, then makes exactly one safe rollback of that run id", async () => {
    const since = Date.now();
    const asked = await answering('Roll Back');
    try {
      const r = await execCommandId<RollbackIngestionRunResult>(Commands.rollbackIngestionRun, { runId: SEED_RUNS.bad });
      assert.deepEqual(r.dryRun, {
        entitiesAffected: 6,
        aspectsReverted: 18,
        unsafeEntities: 2,
        unsafeSample: [
          'urn:li:dataset:(urn:li:dataPlatform:mysql,analytics.bad_table_0,PROD)',
          'urn:li:dataset:(urn:li:dataPlatform:mysql,analytics.bad_table_1,PROD)',
        ],
      });
      assert.deepEqual(r.applied, { entitiesAffected: 6, aspectsReverted: 18, unsafeEntities: 2 });
      assert.match(
        asked.modals[0],
        /DataHub's dry run: 6 entities affected, 18 aspects reverted; 6 entities the run created would be soft-deleted \(not purged\); 2 of them were written by other runs too/,
      );
      assert.match(asked.modals[0], /analytics\.bad_table_0/);
      assert.match(r.message, /Next: inspect or restore a sample/);
    } finally {
      asked.stop();
    }
    const s = await state();
    assert.deepEqual(s.rollbacks, [
      { runId: SEED_RUNS.bad, dryRun: true, safe: true },
      { runId: SEED_RUNS.bad, dryRun: false, safe: true },
    ]);
    assert.equal(s.softDeleted.length, 6);
    assert.equal(s.requests.find((q) => q.id === SEED_RUNS.bad)?.status, 'ROLLED_BACK');
    // The real rollback is the one write journaled (its dry run is not), the run id its target.
    const entries = await journalSince(since);
    assert.deepEqual(
      entries.map((e) => [e.command, e.outcome, e.sent.requests, e.sent.targets]),
      [[Commands.rollbackIngestionRun, 'done', 1, [SEED_RUNS.bad]]],
    );
  });

  it('refuses the reserved run id, and on a read-only connection refuses cancel and rollback with no request at all', async () => {
    await sandbox.clearRequests();
    const reserved = await rejection(exec(Commands.rollbackIngestionRun, { runId: 'no-run-id-provided' }));
    assert.match(reserved.message, /reserved run id/);
    assert.equal((await state()).rollbacks.length, 0);
    await exec(Commands.editConnection, { name: 'sandbox', readOnly: true });
    try {
      await sandbox.clearRequests();
      for (const [command, arg] of [
        [Commands.rollbackIngestionRun, { runId: SEED_RUNS.bad }],
        [Commands.rollbackIngestionRun, { runId: SEED_RUNS.bad, dryRunOnly: true }],
        [Commands.cancelIngestionRun, { executionRequestUrn: urnOf(SEED_RUNS.stuck) }],
      ] as const) {
        const refused = await rejection(exec(command, arg));
        assert.match(refused.message, /read-only/);
      }
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.editConnection, { name: 'sandbox', readOnly: false });
    }
  });

  it('renders a hostile report as text, and says when a run has no result', async () => {
    const hostile = '[open](command:workbench.action.terminal.new) ![x](https://evil.example/x.png) <img src=x onerror=alert(1)>';
    await script({
      runs: [
        {
          sourceUrn: 'urn:li:dataHubIngestionSource:looker',
          id: 'hostile-run',
          requestedAgoMs: 600_000,
          status: 'FAILURE',
          report: `${hostile}\n\`\`\`\n# heading?`,
          structuredReport: {
            type: 'INGESTION_REPORT',
            contentType: 'application/json',
            serializedValue: JSON.stringify({ source: { report: { failures: [{ title: hostile, message: hostile, context: [hostile] }] } } }),
          },
        },
      ],
    });
    const d = await exec<ShowIngestionReportResult>(Commands.showIngestionReport, { executionRequestUrn: urnOf('hostile-run') });
    const text = (await vscode.workspace.openTextDocument(vscode.Uri.parse(d.documentUri))).getText();
    const fence = text.match(/^(`{3,})text$/m)?.[1] ?? '```';
    const outsideCode = text.slice(0, text.indexOf(`${fence}text`)).replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, '');
    assert.doesNotMatch(outsideCode, /\]\(|<img|https:\/\//);
    assert.ok(fence.length > 3);
    const none = await exec<ShowIngestionReportResult>(Commands.showIngestionReport, { executionRequestUrn: urnOf(SEED_RUNS.neverStarted) });
    assert.equal(none.status, null);
    assert.match(none.message, /no result: the executor \(datahub-actions\) never picked it up/);
  });
});
