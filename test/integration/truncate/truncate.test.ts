// Truncation through the commands' argument objects, inside a real VS Code, over
// HTTP to the run's sandbox: the dry run's numbers match the sandbox's rows, a
// real run deletes them (the index shrinks), and every refusal reads plainly.
import type { TruncateTestApi } from '../../../src/api/testApi';
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { TaskStatusResult, TruncateCommandResult } from '../../../src/truncate';
import type { WatchResult } from '../../../src/truncate/truncateWatch';
import type { IndexSizesSnapshot } from '../../../src/platform/services';
import { execCommandId, rejection } from '../support/core';
import { rows, truncate } from '../support/truncate';
import { Commands } from '../../../src/shared/commandIds';
import { formatLocalDate } from '../../../src/truncate/logic/cutoff';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };
const DASHBOARD_INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';

async function seam(): Promise<Required<TruncateTestApi>> {
  const { truncate } = await activateExtension();
  assert.ok(truncate.store && truncate.provider, 'activate() returns the truncate test seam');
  return truncate as Required<TruncateTestApi>;
}

async function dashboardSizeMb(): Promise<number> {
  const snapshot = await vscode.commands.executeCommand<IndexSizesSnapshot>(Commands.refreshIndexSizes);
  const index = snapshot.indices.find((i) => i.indexName === DASHBOARD_INDEX);
  assert.ok(index?.sizeMb, `${DASHBOARD_INDEX} is listed with a size`);
  return index.sizeMb;
}

describe('truncate: dry runs (nothing is deleted)', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.clearRequests());

  it('defaults to a dry run whose numbers match the rows at or before the cutoff', async () => {
    const endTimeMillis = Date.now() - 200 * DAY;
    const expected = await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis);
    assert.equal(expected.total, 201);
    const result = await truncate({ ...DASHBOARD, endTimeMillis });
    assert.equal(result.kind, 'dryRun');
    if (result.kind !== 'dryRun') return;
    assert.equal(result.toDelete, expected.atOrBefore);
    assert.equal(result.total, 201);
    assert.ok(result.percent !== null && Math.abs(result.percent - (expected.atOrBefore / 201) * 100) < 0.01, `percent ${result.percent}`);
    assert.match(result.summary, new RegExp(`^Delete ${expected.atOrBefore} out of 201 rows`));

    const [sent] = await sandbox.actionRequests('truncateTimeseriesAspect');
    assert.deepEqual(sent.body, { ...DASHBOARD, endTimeMillis, dryRun: true });
    assert.equal((await rows(DASHBOARD.entityType, DASHBOARD.aspect)).total, 201, 'a dry run deletes nothing');
  });

  it('sends exactly one force flag, as true, for a forced method, and the server says which method it would use', async () => {
    const endTimeMillis = Date.now() - 300 * DAY;
    const reindex = await truncate({ ...DASHBOARD, endTimeMillis, method: 'reindex', batchSize: 500, timeoutSeconds: 120 });
    const byQuery = await truncate({ ...DASHBOARD, endTimeMillis, method: 'deleteByQuery' });
    const [first, second] = await sandbox.actionRequests('truncateTimeseriesAspect');
    assert.deepEqual(first.body, { ...DASHBOARD, endTimeMillis, dryRun: true, batchSize: 500, timeoutSeconds: 120, forceReindex: true });
    assert.deepEqual(second.body, { ...DASHBOARD, endTimeMillis, dryRun: true, forceDeleteByQuery: true });
    assert.equal(reindex.kind === 'dryRun' && reindex.method, 'reindex');
    assert.equal(byQuery.kind === 'dryRun' && byQuery.method, 'deleteByQuery');
  });

  it('reports an empty index as percent null (the server prints NaN%)', async () => {
    const result = await truncate({ entityType: 'assertion', aspect: 'assertionrunevent', endTimeMillis: Date.now() - DAY });
    assert.deepEqual(result.kind === 'dryRun' && { toDelete: result.toDelete, total: result.total, percent: result.percent }, {
      toDelete: 0,
      total: 0,
      percent: null,
    });
    assert.match(result.kind === 'dryRun' ? result.summary : '', /NaN%/);
  });

  it('reports "nothing to delete" when no row is that old', async () => {
    const result = await truncate({ ...DASHBOARD, endTimeMillis: Date.now() - 2000 * DAY });
    assert.equal(result.kind === 'dryRun' && result.toDelete, 0);
    assert.equal(result.kind === 'dryRun' && result.total, 201);
  });

  it('refuses a future cutoff, a bad method and a missing aspect before sending anything', async () => {
    assert.match((await rejection(truncate({ ...DASHBOARD, endTimeMillis: Date.now() + DAY }))).message, /in the future/);
    assert.match((await rejection(truncate({ ...DASHBOARD, endTimeMillis: 1_700_000_000_000, method: 'both' }))).message, /"method" must be one of/);
    assert.match((await rejection(truncate({ entityType: 'dashboard', endTimeMillis: 1_700_000_000_000 }))).message, /"aspect"/);
    assert.match((await rejection(truncate({ ...DASHBOARD, endTimeMillis: 1_700_000_000_000, dryRun: 'no' }))).message, /"dryRun" must be true or false/);
    assert.deepEqual(await sandbox.actionRequests('truncateTimeseriesAspect'), []);
  });
});

describe('truncate: refusals', () => {
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  afterEach(() => sandbox.clearFaults());

  it('names the missing privilege on a 403 (reader token), and deletes nothing', async () => {
    await useSandboxConnection({ token: 'reader' });
    const error = await rejection(truncate({ ...DASHBOARD, endTimeMillis: Date.now() - 100 * DAY, dryRun: false }));
    assert.match(error.message, /403/);
    assert.match(error.message, /Truncate timeseries aspect index size API/);
    assert.equal((await rows(DASHBOARD.entityType, DASHBOARD.aspect)).total, 201);
  });

  it('shows the server\'s "please only set forceReindex OR forceDeleteByQuery flags" (status 200) as an error', async () => {
    await sandbox.addFault({
      action: 'truncateTimeseriesAspect',
      fault: {
        kind: 'status',
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ value: 'please only set forceReindex OR forceDeleteByQuery flags' }),
      },
    });
    const error = await rejection(truncate({ ...DASHBOARD, endTimeMillis: Date.now() - 100 * DAY, method: 'reindex' }));
    assert.match(error.message, /at most one of forceReindex and forceDeleteByQuery/);
  });

  it('says "Could not get task status" for a task the engine does not know', async () => {
    const task = 'qhxGdzytQS-pQek8CwBCZg:1';
    const error = await rejection(vscode.commands.executeCommand(Commands.getTaskStatus, { task }));
    assert.match(error.message, /^Could not get task status for qhxGdzytQS-pQek8CwBCZg:1/);
    assert.doesNotMatch(error.message, /operations endpoint/);
  });

  it('refuses an invalid task id without asking the server', async () => {
    await sandbox.clearRequests();
    for (const task of ['54654', 'node 1:2', 'node:abc']) {
      const error = await rejection(vscode.commands.executeCommand(Commands.getTaskStatus, { task }));
      assert.match(error.message, /nodeId:number/, task);
    }
    assert.match((await rejection(vscode.commands.executeCommand(Commands.getTaskStatus, {}))).message, /"task" string is required/);
    assert.deepEqual(await sandbox.actionRequests('getEsTaskStatus'), []);
  });
});

describe('truncate: a real run', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 1500 });
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  it('returns a task, reports progress until completed, really deletes the rows, and the index shrinks', async () => {
    const endTimeMillis = Date.now() - 150 * DAY;
    const before = await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis);
    const sizeBefore = await dashboardSizeMb();
    assert.ok(before.atOrBefore > 0);

    const started = await truncate({ ...DASHBOARD, endTimeMillis, dryRun: false });
    assert.equal(started.kind, 'task');
    if (started.kind !== 'task') return;
    assert.match(started.task, /^[^:\s]+:\d+$/);
    // More than half the rows go: the server picks reindex, refuses it (a plain index), and the rows go by query.
    assert.equal(started.fallback, 'deleteByQuery');
    const [first, sent] = (await sandbox.actionRequests('truncateTimeseriesAspect')).slice(-2);
    assert.deepEqual(first.body, { ...DASHBOARD, endTimeMillis, dryRun: false });
    assert.deepEqual(sent.body, { ...DASHBOARD, endTimeMillis, dryRun: false, forceDeleteByQuery: true });

    // The task is listed in DataHub Tasks, labelled by entity/aspect.
    const { store, provider } = await seam();
    const listed = ((await provider.getChildren()) ?? []).find((r) => 'task' in r && r.task === started.task);
    assert.ok(listed, 'the task is in the DataHub Tasks view');
    const item = await provider.getTreeItem(listed);
    assert.equal(item.label, `up to ${formatLocalDate(endTimeMillis)} · dashboard/dashboardusagestatistics`);
    assert.match(String(item.tooltip), new RegExp(`Task: ${started.task}`));

    let status: TaskStatusResult | undefined;
    const seen: number[] = [];
    for (let i = 0; i < 40; i++) {
      status = await vscode.commands.executeCommand<TaskStatusResult>(Commands.getTaskStatus, { task: started.task });
      seen.push(Number(status.status.deleted ?? -1));
      if (status.completed) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.ok(status?.completed, `the task completed (deleted seen: ${seen.join(', ')})`);
    assert.equal(status.task, started.task);
    assert.equal(status.status.deleted, before.atOrBefore);
    assert.equal(status.status.total, before.atOrBefore);
    assert.ok(
      seen.some((d) => d < before.atOrBefore),
      'progress was reported before completion',
    );
    assert.equal(store.get(started.task)?.state, 'completed', 'the list shows it completed');

    const after = await rows(DASHBOARD.entityType, DASHBOARD.aspect);
    assert.equal(after.total, 201 - before.atOrBefore);
    assert.ok((await dashboardSizeMb()) < sizeBefore, 'the index size shrinks');
  });

  it('watches a task by id until it completes, then refreshes the index sizes', async () => {
    const api = await activateExtension();
    const endTimeMillis = Date.now() - 60 * DAY;
    const toDelete = (await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)).atOrBefore;
    const sizeBefore = await dashboardSizeMb();
    const started = await truncate({ ...DASHBOARD, endTimeMillis, dryRun: false });
    assert.equal(started.kind, 'task');
    if (started.kind !== 'task') return;

    const watched = await vscode.commands.executeCommand<WatchResult>(Commands.showTaskStatus, { task: started.task });
    assert.equal(watched.outcome, 'completed');
    assert.equal(watched.status?.status.deleted, toDelete);
    const { store } = await seam();
    assert.equal(store.get(started.task)?.state, 'completed');
    const refreshed = api.services.indexSizes.current?.indices.find((i) => i.indexName === DASHBOARD_INDEX);
    assert.ok(refreshed?.sizeMb !== undefined && refreshed.sizeMb !== null && refreshed.sizeMb < sizeBefore, 'sizes were refreshed on completion');
  });
});

describe('truncate: the dry run is the plan', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await activateExtension().then((api) => api.screen.answerModals(undefined));
    await useSandboxConnection({ token: 'admin' });
    await sandbox.reset();
  });

  it('the connection pointed at another server while the modal was open: the truncation is not sent, and it says to dry-run again', async () => {
    const api = await activateExtension();
    const endTimeMillis = Date.now() - 150 * DAY;
    const before = await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis);
    assert.ok(before.atOrBefore > 0);
    await sandbox.clearRequests();
    const modals: string[] = [];
    api.screen.answerModals(async (message, _detail, buttons) => {
      modals.push(message);
      // Same name, another GMS base: what the dry run read is not what the truncation would be sent to.
      await useSandboxConnection({ token: 'admin', viaFrontend: true });
      return buttons.find((b) => b === 'Truncate');
    });
    try {
      const result = await execCommandId<TruncateCommandResult>(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis, dryRun: false });
      assert.equal(modals.length, 1, 'the modal asked');
      assert.equal(result.kind, 'dryRun');
      assert.equal(result.kind === 'dryRun' && result.notDone?.reason, 'otherServer', result.message);
      assert.match(
        result.message,
        /The dry run of .* was made against http:\/\/127\.0\.0\.1:\d+, but "sandbox" now points at .*\/api\/gms\. Run the dry run again on "sandbox"; nothing was sent\./,
      );
      const sent = (await sandbox.actionRequests('truncateTimeseriesAspect')).map((q) => (q.body as { dryRun?: boolean }).dryRun);
      assert.deepEqual(sent, [true], 'the dry run only');
      assert.equal((await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)).atOrBefore, before.atOrBefore, 'nothing deleted');
    } finally {
      api.screen.answerModals(undefined);
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it("the modal stayed open past the dry run's hour: the truncation is not sent (stale), and it says to dry-run again", async () => {
    const api = await activateExtension();
    const endTimeMillis = Date.now() - 150 * DAY;
    const before = await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis);
    await sandbox.clearRequests();
    api.screen.answerModals((_message, _detail, buttons) => {
      // Answered 61 minutes after the dry run, on the write discipline's clock.
      api.writeClock.shift(61 * 60_000);
      return buttons.find((b) => b === 'Truncate');
    });
    try {
      const result = await execCommandId<TruncateCommandResult>(Commands.truncateTimeseriesAspect, { ...DASHBOARD, endTimeMillis, dryRun: false });
      assert.equal(result.kind === 'dryRun' && result.notDone?.reason, 'stale', result.message);
      assert.match(
        result.message,
        /The dry run of .* was made 61 minutes ago; .* applied within 60 minutes\. Run the dry run again on "sandbox"; nothing was sent\./,
      );
      const sent = (await sandbox.actionRequests('truncateTimeseriesAspect')).map((q) => (q.body as { dryRun?: boolean }).dryRun);
      assert.deepEqual(sent, [true], 'the dry run only');
      assert.equal((await rows(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)).atOrBefore, before.atOrBefore, 'nothing deleted');
    } finally {
      api.writeClock.shift(0);
      api.screen.answerModals(undefined);
    }
  });
});
