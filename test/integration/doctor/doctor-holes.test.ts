// DataHub Doctor's guard rails inside VS Code against the sandbox: /health read without the token, a
// dry-run-only replay refused on read-only and asked for when a link or a program wants it (before any
// request), a list of failed writes that stops being replayable once the connection points elsewhere,
// and the end-to-end check's remembered answer covering only the person's own clicks, one check at a time.
// The rows of the view and what is not one of them: doctor-rows.test.ts.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import type { BrowseResult, CheckEndToEndResult, DiagnoseResult, ReplayFailedWritesResult } from '../../../src/doctor';
import { exec, hideDataHubViews, pointSandboxAt, rejection, waitFor } from '../support/core';
import { answering } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import { needsOpenapi, setDoctor } from '../support/doctor';

const replays = async () => (await sandbox.requests()).filter((r) => r.path.endsWith('/mcp-failed/replay'));
const writes = async () => (await sandbox.requests()).filter((r) => r.path.startsWith('/openapi/v3/entity/'));

describe('doctor: guard rails', function () {
  this.timeout(60_000);
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('/health is read without the token; the endpoints that need it get it', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    await exec<DiagnoseResult>(Commands.diagnose, {});
    const sent = await sandbox.requests();
    const health = sent.filter((q) => q.path === '/health');
    assert.equal(health.length, 1);
    assert.equal(health[0].headers.authorization, undefined, 'no Authorization header on /health');
    const info = sent.find((q) => q.path === '/openapi/v1/system-info');
    assert.equal(info?.headers.authorization, 'Bearer <redacted>');
  });

  it('read-only: a dry-run-only replay is refused with zero requests', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await hideDataHubViews(); // a visible view would read on the connection change, among the requests counted
    await exec(Commands.editConnection, { name: 'sandbox', readOnly: true });
    try {
      await sandbox.clearRequests();
      const error = await rejection(exec(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 1 }], dryRunOnly: true }));
      assert.match(error.message, /read-only/i);
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.editConnection, { name: 'sandbox', readOnly: false });
    }
  });

  it('a dry-run-only replay from a command link asks first; dismissed, nothing is sent', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const no = await answering(undefined);
    try {
      const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, {
        messages: [{ partition: 0, offset: 1 }],
        dryRunOnly: true,
      });
      assert.equal(no.modals.length, 1);
      assert.match(no.modals[0], /^Send the server a dry run of replaying 1 failed write\(s\) on "sandbox"\?/);
      assert.match(no.modals[0], /Asked for by a command with arguments/);
      assert.deepEqual(r.notDone, { reason: 'declined' });
      assert.equal((await replays()).length, 0);
    } finally {
      no.stop();
    }
    const yes = await answering('Dry Run');
    try {
      const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, {
        messages: [{ partition: 0, offset: 1 }],
        dryRunOnly: true,
      });
      assert.equal(yes.modals.length, 1);
      assert.deepEqual(r.notDone, { reason: 'dryRunOnly' });
      assert.deepEqual(
        (await replays()).map((q) => (q.body as { dryRun: boolean }).dryRun),
        [true],
      );
    } finally {
      yes.stop();
    }
  });

  it('after the address changed, the list read from the old one is not replayed: nothing sent', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    const moved = `${sandboxUrl()}/api/gms`;
    await pointSandboxAt(moved);
    try {
      await sandbox.clearRequests();
      // The list is a plan made against the old address: refused as such, before any request.
      const replay = await exec<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 1 }] });
      assert.deepEqual(replay.notDone, { reason: 'otherServer' });
      assert.match(
        replay.message,
        /was made against .* but "sandbox" now points at .*api\/gms\. Browse the failed writes of "sandbox" again; nothing was sent\./,
      );
      const open = await rejection(exec(Commands.openFailedWrite, { partition: 0, offset: 1 }));
      assert.match(open.message, /Browse the failed writes again/);
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await pointSandboxAt(sandboxUrl());
    }
  });

  it("the canary: the person's remembered answer does not cover a command link, which asks", async function () {
    needsOpenapi(this);
    await setDoctor({ processingDelayMs: 50, indexingDelayMs: 100 });
    const always = await answering((buttons) => buttons.find((b) => b.startsWith('Write, and')));
    try {
      // No argument: the person's own click (mode ui), where "don't ask again" is offered and kept.
      await vscode.commands.executeCommand(Commands.checkEndToEnd);
      assert.equal(always.modals.length, 1);
      assert.match(always.modals[0], /\[Write Canary\|Write, and Don't Ask Again Here\]/);
    } finally {
      always.stop();
    }
    await sandbox.clearRequests();
    const no = await answering(undefined);
    try {
      const r = await vscode.commands.executeCommand<CheckEndToEndResult>(Commands.checkEndToEnd, { waitSeconds: 5 });
      assert.equal(no.modals.length, 1, 'a link asks although the person said not to ask for their own clicks');
      assert.match(no.modals[0], /\[Write Canary\]$/, 'a link is not offered "don\'t ask again"');
      assert.deepEqual(r.notDone, { reason: 'declined' });
      assert.equal((await writes()).length, 0);
    } finally {
      no.stop();
    }
  });

  it('one end-to-end check at a time: a second is refused while the first follows its canary', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'searchStuck', processingDelayMs: 50 });
    const first = exec<CheckEndToEndResult>(Commands.checkEndToEnd, { waitSeconds: 5 });
    await waitFor(async () => (await writes()).length >= 2, 'the first check to write its canary');
    const before = (await writes()).length;
    const second = await rejection(exec(Commands.checkEndToEnd, { waitSeconds: 5 }));
    assert.match(second.message, /already following its canary on "sandbox": wait for it or cancel it\. Nothing was written\./);
    assert.equal((await writes()).length, before, 'the second wrote nothing');
    assert.equal((await first).stoppedAt, 'search');
    const third = await exec<CheckEndToEndResult>(Commands.checkEndToEnd, { waitSeconds: 5 });
    assert.equal(third.stoppedAt, 'search', 'once the first ended, the next one runs');
  });
});
