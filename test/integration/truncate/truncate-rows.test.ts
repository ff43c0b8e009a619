// Truncate Index on a row, inside VS Code against the sandbox: only a row the Timeseries Indices tree
// (or the size chart) handed out is the person's click (src/platform/treeRows.ts). An object shaped
// like a row from a command link or another extension is arguments from a program: its modal says a
// program asked (mode link), and one that names no index is refused with a message before anything is sent.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { IndexTreeNode } from '../../../src/indices/logic/indexTreeNodes';
import { rejection } from '../support/core';
import { answering } from '../support/modals';
import { picking } from '../support/picks';
import { Commands } from '../../../src/shared/commandIds';

const DASHBOARD_INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';
const FROM_PROGRAM = /Asked for by a command with arguments/;
const realTruncations = async () => (await sandbox.actionRequests('truncateTimeseriesAspect')).filter((r) => (r.body as { dryRun?: boolean }).dryRun === false);

/** The tree's own row of the dashboard usage index, as VS Code would hand it to the context menu. */
async function treeRow(): Promise<Extract<IndexTreeNode, { kind: 'index' }>> {
  const { indicesView } = await activateExtension();
  await vscode.commands.executeCommand(Commands.refreshIndexSizes);
  for (const group of (await indicesView.provider.getChildren()) ?? []) {
    for (const node of (await indicesView.provider.getChildren(group)) ?? []) {
      if (node.kind === 'index' && node.index.indexName === DASHBOARD_INDEX) return node;
    }
  }
  assert.fail(`the tree lists ${DASHBOARD_INDEX}`);
}

describe('truncate: Truncate Index accepts only rows our tree handed out', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it("the tree's own row is the person's click; a copy of it from a program is arguments, and its modal says so", async () => {
    const row = await treeRow();
    const picks = picking((_title, labels) => labels.find((l) => l.includes('30 days')));
    const s = await answering(undefined);
    try {
      await sandbox.clearRequests();
      await vscode.commands.executeCommand(Commands.truncateIndex, row);
      assert.equal(s.modals.length, 1, s.modals.join('\n---\n'));
      assert.doesNotMatch(s.modals[0], FROM_PROGRAM, 'the tree row is the person');

      // The same shape, written by a program (and naming the index as arguments would): asked as a program's call.
      const lookAlike = { ...row, index: { ...row.index }, indexName: DASHBOARD_INDEX };
      const result = await vscode.commands.executeCommand<{ kind: string; notDone?: { reason: string } }>(Commands.truncateIndex, lookAlike);
      assert.equal(s.modals.length, 2, s.modals.join('\n---\n'));
      assert.match(s.modals[1], FROM_PROGRAM);
      assert.match(s.modals[1], /dashboard_dashboardusagestatisticsaspect_v1|dashboard/);
      assert.equal(result.kind, 'dryRun');
      assert.deepEqual(result.notDone, { reason: 'declined' });
      assert.deepEqual(await realTruncations(), [], 'dismissed: nothing deleted');

      // A row-shaped object that names no index as arguments: refused (a program's call throws), nothing sent.
      await sandbox.clearRequests();
      const refused = await rejection(vscode.commands.executeCommand(Commands.truncateIndex, { ...row, index: { ...row.index } }));
      assert.match(refused.message, /needs a non-empty string "entityType"/);
      assert.equal(s.modals.length, 2);
      assert.deepEqual(await sandbox.actionRequests('truncateTimeseriesAspect'), []);
    } finally {
      s.stop();
      picks.stop();
    }
  });
});
