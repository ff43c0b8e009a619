// Copying from the focused tree without an argument (what Ctrl+C / Cmd+C sends),
// and the entity group's Copy Entity Type.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import type { IndexTreeNode } from '../../../src/indices/logic/indexTreeNodes';

async function waitFor(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

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

    assert.deepEqual(await run('datahub.copyEntityType', { kind: 'group', entityName: 'chart' }), { text: 'chart', message: 'Copied entity type: chart' });
    await assert.rejects(run('datahub.copyEntityType', { kind: 'group', entityName: 'other indices' }), /"other indices" is not an entity type/);
    await assert.rejects(run('datahub.copyEntityType', {}), /Run this from an entity group/);
  });
});
