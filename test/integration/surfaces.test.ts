// The surfaces around the commands: the editor's cursor-on-URN context key,
// copying from the focused tree without an argument (what Ctrl+C sends), the
// entity group's copy, and the DataHub Tasks rows and their commands.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, useSandboxConnection } from '../host/inHost';
import { SAMPLE_URNS } from '../sandbox/data';
import { formatLocalDate } from '../../src/model/cutoff';
import type { TaskRecord } from '../../src/model/truncateText';
import type { IndexTreeNode } from '../../src/views/indexTreeNodes';
import { truncate } from './truncateSupport';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };

async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

describe('surfaces: editor context key datahub.cursorOnUrn', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('is true on a URN, false elsewhere, follows typing, and is sent only when it changes', async () => {
    const seam = (await activateExtension()).cursorOnUrn;
    assert.ok(seam, 'activate() returns the cursorOnUrn seam');
    const urn = SAMPLE_URNS.ordersDataset;
    const content = `# notes\nowner: someone\ndataset: ${urn} (orders)\n`;
    const document = await vscode.workspace.openTextDocument({ language: 'markdown', content });
    const editor = await vscode.window.showTextDocument(document);
    const place = (needle: string, delta = 0) => {
      const at = document.positionAt(document.getText().indexOf(needle) + delta);
      editor.selection = new vscode.Selection(at, at);
    };
    place('owner');
    await waitFor(() => seam.current === false, 'false on a line without a URN');
    place(urn, 12);
    await waitFor(() => seam.current === true, 'true inside the URN');
    const sent = seam.sent;
    place(urn, 20);
    place(urn, 30);
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(seam.sent, sent, 'moving within the URN sends nothing new');
    place('(orders)', 3);
    await waitFor(() => seam.current === false, 'false after the URN');
    // A selection over the URN on its line counts.
    const line = document.positionAt(content.indexOf('dataset:')).line;
    editor.selection = new vscode.Selection(line, 0, line, document.lineAt(line).text.length);
    await waitFor(() => seam.current === true, 'true for a selection over the URN');
    // Typing a URN where the cursor is.
    place('owner: ', 7);
    await waitFor(() => seam.current === false, 'false on "someone"');
    await editor.edit((e) => e.insert(editor.selection.active, 'urn:li:corpuser:jdoe '));
    place('urn:li:corpuser', 4);
    await waitFor(() => seam.current === true, 'true on the typed URN');
  });
});

describe('surfaces: copy from the tree without an argument (Ctrl+C)', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
    await run('datahub.refreshIndexSizes', {});
  });

  it('copies the selected index name, or the selected group entity type; refuses the other-indices group', async () => {
    const api = await activateExtension();
    await api.services.indicesView.reveal('dataset_datasetprofileaspect_v1');
    await waitFor(() => (api.indicesView.treeView.selection[0] as IndexTreeNode | undefined)?.kind === 'index', 'the index to be selected');
    await vscode.commands.executeCommand('datahub.copyIndexName');
    assert.equal(await vscode.env.clipboard.readText(), 'dataset_datasetprofileaspect_v1');

    const groups = (await api.indicesView.provider.getChildren()) ?? [];
    const dataset = groups.find((g) => g.kind === 'group' && g.entityName === 'dataset');
    assert.ok(dataset);
    await api.indicesView.treeView.reveal(dataset, { select: true, focus: true });
    await waitFor(() => (api.indicesView.treeView.selection[0] as IndexTreeNode | undefined)?.kind === 'group', 'the group to be selected');
    await vscode.commands.executeCommand('datahub.copyIndexName');
    assert.equal(await vscode.env.clipboard.readText(), 'dataset');

    assert.deepEqual(await run('datahub.copyEntityType', { kind: 'group', entityName: 'chart' }), { text: 'chart' });
    await assert.rejects(run('datahub.copyEntityType', { kind: 'group', entityName: 'other indices' }), /"other indices" is not an entity type/);
    await assert.rejects(run('datahub.copyEntityType', {}), /Run this from an entity group/);
  });
});

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

  async function seam(): Promise<{ store: { get(task: string): TaskRecord | undefined; list(): TaskRecord[] }; provider: vscode.TreeDataProvider<TaskRecord> }> {
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
    assert.equal(labelA, `dashboard/dashboardusagestatistics · up to ${formatLocalDate(first)}`);
    assert.equal(labelB, `dashboard/dashboardusagestatistics · up to ${formatLocalDate(second)}`);
    assert.notEqual(labelA, labelB, 'two tasks on one aspect read differently');

    assert.deepEqual(await run('datahub.copyTaskId', { task: a.task }), { text: a.task });
    assert.equal(await vscode.env.clipboard.readText(), a.task);
    await assert.rejects(run('datahub.copyTaskId', { task: 'node-9:999' }), /task node-9:999 is not in DataHub Tasks/);
    await assert.rejects(run('datahub.copyTaskId', { task: 'not a task' }), /datahub\.copyTaskId: /);

    // Watch A in the background: the row spins; Stop Watching ends the watch, the task goes on.
    const watching = run<{ outcome: string }>('datahub.showTaskStatus', { task: a.task });
    await waitFor(() => store.get(a.task)?.state === 'watching', 'A to be watched');
    const spinning = (await itemOf(a.task)).iconPath as vscode.ThemeIcon;
    assert.match(spinning.id, /~spin$/);
    assert.equal((await itemOf(a.task)).contextValue, 'task.watching');
    assert.deepEqual(await run('datahub.stopWatchingTask', { task: a.task }), { task: a.task, stopped: true });
    assert.equal((await watching).outcome, 'stopped');
    assert.equal(store.get(a.task)?.state, 'running');
    assert.doesNotMatch(((await itemOf(a.task)).iconPath as vscode.ThemeIcon).id, /~spin$/);
    assert.deepEqual(await run('datahub.stopWatchingTask', { task: a.task }), { task: a.task, stopped: false });

    // B runs to the end; Clear Finished removes it and keeps A (still running).
    assert.equal((await run<{ outcome: string }>('datahub.showTaskStatus', { task: b.task })).outcome, 'completed');
    assert.deepEqual(await run('datahub.clearFinishedTasks', {}), { cleared: [b.task] });
    assert.equal(store.get(b.task), undefined);
    assert.ok(store.get(a.task), 'the unfinished task stays');
    assert.deepEqual(await run('datahub.clearFinishedTasks', {}), { cleared: [] });
  });
});
