// The DataHub Doctor's row commands inside VS Code against the sandbox: a row counts only when the view
// handed it out (src/platform/treeRows.ts). A row-shaped object sent through a bare command call (a
// command link, another extension) is refused with a message and changes nothing: no token cleared, no
// dry run, no replay. The view's own rows work: Take Next Step on a watched job's line resumes that job
// (its arguments in the modal), and a group of failed writes asks as the person's own click.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import type { BrowseResult, DiagnoseResult, DoctorNode } from '../../../src/doctor';
import type { ClusterJobSnapshot } from '../../../src/jobs';
import { api, exec, rejection } from '../support/core';
import { answering } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import { needsOpenapi } from '../support/doctor';

const notARow = /acts only on a row of the DataHub Doctor view .*Nothing was run or sent\./;
const replays = async () => (await sandbox.requests()).filter((r) => r.path.endsWith('/mcp-failed/replay'));
const triggers = async () => (await sandbox.requests()).filter((r) => r.action === 'k8sTrigger');

/** The rows the view hands out now: the top ones, or a row's children. */
async function rows(parent?: DoctorNode): Promise<DoctorNode[]> {
  const { doctor } = await api();
  assert.ok(doctor, 'the Doctor started');
  return (await doctor.provider.getChildren(parent)) ?? [];
}

async function lineRow(id: string): Promise<Extract<DoctorNode, { kind: 'line' }>> {
  const row = (await rows()).find((r): r is Extract<DoctorNode, { kind: 'line' }> => r.kind === 'line' && r.line.id === id);
  assert.ok(row, `the view shows the line ${id}`);
  return row;
}

describe('doctor: the rows of the view, and what is not one', function () {
  this.timeout(90_000);
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('a forged line naming clearAccessToken, sent through a bare command call, is refused: the token stays, the next request carries it', async function () {
    needsOpenapi(this);
    await exec<DiagnoseResult>(Commands.diagnose, {});
    await sandbox.clearRequests();
    const forged = { kind: 'line', line: { id: 'gmsReady', title: 'GMS', verdict: 'failing', nextCommand: Commands.clearAccessToken, figures: {} } };
    const error = await rejection(vscode.commands.executeCommand(Commands.doctorNextStep, forged));
    assert.match(error.message, notARow);
    // A copy of a real line is no more a row than a forged one: only the view's own object is.
    const real = await lineRow('gmsReady');
    assert.match((await rejection(vscode.commands.executeCommand(Commands.doctorNextStep, { ...real }))).message, notARow);
    const reset = { groupId: 'generic-mae-consumer-job-client', topic: 'mcl-versioned', resetStrategy: 'earliest' };
    const forgedReset = { kind: 'line', line: { id: 'consumer:x', nextCommand: Commands.resetConsumerOffsets, figures: reset } };
    assert.match((await rejection(vscode.commands.executeCommand(Commands.doctorNextStep, forgedReset))).message, notARow);
    assert.deepEqual(
      (await sandbox.requests()).map((r) => `${r.method} ${r.path}`),
      [],
      'nothing sent',
    );
    // The token is still stored: the next request carries it.
    await exec<DiagnoseResult>(Commands.diagnose, {});
    const info = (await sandbox.requests()).find((q) => q.path === '/openapi/v1/system-info');
    assert.equal(info?.tokenName, 'admin');
  });

  it('a forged group of failed writes is refused and sends nothing; the view’s own group asks as the person’s click', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<DiagnoseResult>(Commands.diagnose, {});
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const forged = { kind: 'failedGroup', group: { error: 'x', count: 1, urns: [], urnCount: 0, aspects: [], aspectCount: 0 } };
    const error = await rejection(vscode.commands.executeCommand(Commands.replayFailedGroup, forged));
    assert.match(error.message, notARow);
    assert.deepEqual(await sandbox.requests(), [], 'nothing sent');

    const group = (await rows(await lineRow('failedMcps'))).find((r) => r.kind === 'failedGroup');
    assert.ok(group, 'the view lists a group of failed writes');
    const no = await answering(undefined);
    try {
      await vscode.commands.executeCommand(Commands.replayFailedGroup, group);
    } finally {
      no.stop();
    }
    assert.equal(no.modals.length, 1, no.modals.join('\n---\n'));
    assert.doesNotMatch(no.modals[0], /Asked for by a command with arguments/, 'the view’s own row is the person’s click');
    // The person's own click reads the server's dry run first, then asks; declined, nothing is replayed for real.
    assert.deepEqual(
      (await replays()).map((q) => (q.body as { dryRun: boolean }).dryRun),
      [true],
      'declined: only the dry run was sent',
    );
  });

  it("Take Next Step on a watched job's line resumes that job, its arguments in the modal", async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/k8s', { stepMs: 50, totalRows: 24_000 });
    const args = ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'urnBasedPagination=false'];
    await sandbox.control('POST', '/k8s/jobs', { name: 'doctor-stuck', args, script: 'stall', labels: {} });
    const end = await exec<ClusterJobSnapshot>(Commands.watchClusterJob, { job: 'doctor-stuck', untilDone: true, pollSeconds: 1, stallAfterSeconds: 1 });
    assert.equal(end.state, 'stalled', end.message);
    await exec<DiagnoseResult>(Commands.diagnose, {});
    const row = await lineRow('clusterJob:doctor-stuck');
    assert.equal(row.line.nextCommand, Commands.resumeClusterJob);
    await sandbox.clearRequests();
    const no = await answering(undefined);
    try {
      await vscode.commands.executeCommand(Commands.doctorNextStep, row);
    } finally {
      no.stop();
    }
    assert.equal(no.modals.length, 1, no.modals.join('\n---\n'));
    assert.match(no.modals[0], /^Run DataHub's RestoreIndices job as \S+ from CronJob /);
    assert.match(no.modals[0], /-a "urnLike=urn:li:%"/, 'the job’s own arguments');
    assert.deepEqual(await triggers(), [], 'declined: nothing triggered');
    const yes = await answering('Run on the Cluster');
    try {
      await vscode.commands.executeCommand(Commands.doctorNextStep, row);
    } finally {
      yes.stop();
    }
    const sent = await triggers();
    assert.equal(sent.length, 1, 'the resume triggered one job');
    assert.match(JSON.stringify(sent[0].body), /urnLike=urn:li:%/);
    // The suites after this one start with no watched job.
    const { truncate } = await api();
    const watched = ((await truncate.provider?.getChildren()) ?? []).flatMap((r) => ('extraRowId' in r && 'name' in r ? [String(r.name)] : []));
    for (const job of watched) await exec(Commands.stopWatchingClusterJob, { job });
  });
});
