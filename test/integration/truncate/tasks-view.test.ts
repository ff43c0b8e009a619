// The DataHub Tasks rows (entity/aspect and cutoff, a spinner while watched)
// and their commands: Copy Task ID, Stop Watching, Clear Finished.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import { formatLocalDate } from '../../../src/truncate/logic/cutoff';
import type { TaskRecord } from '../../../src/truncate/logic/truncateText';
import { truncate } from '../support/truncate';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };

async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('surfaces: DataHub Tasks rows and commands', () => {
  before(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 4000 });
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  async function seam(): Promise<{
    store: { get(task: string): TaskRecord | undefined; list(): TaskRecord[] };
    provider: vscode.TreeDataProvider<TaskRecord>;
  }> {
    const api = await activateExtension();
    return api.truncate as never;
  }

  it('labels by entity/aspect and cutoff, spins while watched, copies the id, stops watching, clears finished', async () => {
    const first = Date.now() - 150 * DAY;
    const second = Date.now() - 120 * DAY;
    const a = await truncate({ ...DASHBOARD, endTimeMillis: first, dryRun: false, watch: false });
    const b = await truncate({ ...DASHBOARD, endTimeMillis: second, dryRun: false, watch: false });
    assert.ok(a.kind === 'task' && b.kind === 'task');
    const { store, provider } = await seam();
    const itemOf = async (task: string) => provider.getTreeItem(store.get(task)!);
    const labelA = (await itemOf(a.task)).label;
    const labelB = (await itemOf(b.task)).label;
    assert.equal(labelA, `up to ${formatLocalDate(first)} · dashboard/dashboardusagestatistics`);
    assert.equal(labelB, `up to ${formatLocalDate(second)} · dashboard/dashboardusagestatistics`);
    assert.notEqual(labelA, labelB, 'two tasks on one aspect read differently');

    assert.deepEqual(await run('datahub.copyTaskId', { task: a.task }), { text: a.task, message: `Copied task ID: ${a.task}` });
    assert.equal(await vscode.env.clipboard.readText(), a.task);
    await assert.rejects(run('datahub.copyTaskId', { task: 'node-9:999' }), /task node-9:999 is not in DataHub Tasks/);
    await assert.rejects(run('datahub.copyTaskId', { task: 'not a task' }), /datahub\.copyTaskId: /);

    // Watch A in the background: the row spins; Stop Watching ends the watch, the task goes on.
    const watching = run<{ outcome: string }>('datahub.showTaskStatus', { task: a.task });
    await waitFor(() => store.get(a.task)?.state === 'watching', 'A to be watched');
    const spinning = (await itemOf(a.task)).iconPath as vscode.ThemeIcon;
    assert.match(spinning.id, /~spin$/);
    assert.equal((await itemOf(a.task)).contextValue, 'task.watching');
    assert.deepEqual(await run('datahub.stopWatchingTask', { task: a.task }), {
      task: a.task,
      stopped: true,
      message: `Stopped watching task ${a.task}; it keeps running on the server.`,
    });
    assert.equal((await watching).outcome, 'stopped');
    assert.equal(store.get(a.task)?.state, 'running');
    assert.doesNotMatch(((await itemOf(a.task)).iconPath as vscode.ThemeIcon).id, /~spin$/);
    assert.deepEqual(await run('datahub.stopWatchingTask', { task: a.task }), {
      task: a.task,
      stopped: false,
      message: `Task ${a.task} was not being watched.`,
    });

    // B runs to the end; Clear Finished removes it and keeps A (still running).
    assert.equal((await run<{ outcome: string }>('datahub.showTaskStatus', { task: b.task })).outcome, 'completed');
    assert.deepEqual(await run('datahub.clearFinishedTasks', {}), { cleared: [b.task], message: 'Cleared 1 finished task.' });
    assert.equal(store.get(b.task), undefined);
    assert.ok(store.get(a.task), 'the unfinished task stays');
    assert.deepEqual(await run('datahub.clearFinishedTasks', {}), { cleared: [], message: 'No finished tasks to clear.' });
  });
});
