// DataHub Doctor's writes inside VS Code against the sandbox: failed writes browsed and replayed (only
// the offsets shown, after the server's dry run and a modal with its figures; nothing when dismissed),
// the end-to-end canary (its measured time, and where it stops when search never gets it), and
// read-only connections refusing both with zero requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import type { BrowseResult, CheckEndToEndResult, ReplayFailedWritesResult } from '../../../src/doctor';
import { exec, hideDataHubViews, pointSandboxAt, rejection } from '../support/core';
import { answering, onProduction } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import { needsOpenapi, setDoctor } from '../support/doctor';

const CANARY = 'urn:li:dataset:(urn:li:dataPlatform:datahub,vscode-canary,PROD)';
const replays = async () => (await sandbox.requests()).filter((r) => r.path.endsWith('/mcp-failed/replay'));
const replayed = async () => (await sandbox.control<{ offsets: number[] }>('GET', '/doctor/replayed')).offsets;
const writes = async () => (await sandbox.requests()).filter((r) => r.path.startsWith('/openapi/v3/entity/'));

describe('doctor: failed writes and the end-to-end check', function () {
  this.timeout(40_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('browse: pages of failed writes grouped by error, each with its URN and aspect', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 250 });
    const first = await exec<BrowseResult>(Commands.browseFailedWrites, {});
    assert.equal(first.messages.length, 250, 'three pages of 100 read at once');
    assert.equal(first.hasMore, false);
    assert.ok(first.groups.length >= 2, `${first.groups.length} groups`);
    assert.equal(
      first.groups.reduce((n, g) => n + g.count, 0),
      250,
    );
    assert.ok(first.messages.every((m) => m.urn?.startsWith('urn:li:') && m.aspect));
    const opened = await exec<{ value: { error: unknown; proposal: { urn: string } } }>(Commands.openFailedWrite, { partition: 0, offset: 7 });
    assert.equal(opened.value.proposal.urn, first.messages.find((m) => m.offset === 7)?.urn);
  });

  it('replay: the dry run first, its figures in the modal, then only the offsets chosen', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 20 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const m = await answering('Replay');
    try {
      const chosen = [3, 4, 5, 9].map((offset) => ({ partition: 0, offset }));
      const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: chosen });
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Replay 4 failed write\(s\) on "sandbox"\?/);
      assert.match(m.modals[0], /The server's dry run: \d of 4 would be re-published/);
      assert.match(m.modals[0], /partition 0: offsets 3–5, 9\./);
      const sent = await replays();
      const bodies = sent.map((q) => q.body as { startOffset: number; endOffset: number; dryRun: boolean });
      assert.deepEqual(
        bodies.map((b) => [b.startOffset, b.endOffset, b.dryRun]),
        [
          [3, 5, true],
          [9, 9, true],
          [3, 5, false],
          [9, 9, false],
        ],
      );
      assert.deepEqual(await replayed(), [3, 4, 5, 9]);
      assert.equal(r.replayed?.offsets, 4);
      assert.match(r.message, /^Replayed 4 of 4 failed write\(s\)/);
    } finally {
      m.stop();
    }
  });

  it('replay dismissed: only the dry run was sent, and the result says so', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const m = await answering(undefined);
    try {
      const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 1 }] });
      assert.deepEqual(r.notDone, { reason: 'declined' });
      assert.match(r.message, /only the dry run was sent/);
      assert.ok((await replays()).every((q) => (q.body as { dryRun: boolean }).dryRun === true));
      assert.deepEqual(await replayed(), []);
    } finally {
      m.stop();
    }
  });

  it('on production the replay also asks for the connection name typed; a wrong name re-publishes nothing', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await onProduction('sandbox', async () => {
      await exec<BrowseResult>(Commands.browseFailedWrites, {});
      const wrong = await answering('Replay', 'sandbx');
      try {
        const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 2 }] });
        assert.equal(wrong.inputs.length, 1);
        assert.match(wrong.inputs[0], /"sandbox" is a production connection: type sandbox to confirm/);
        assert.deepEqual(r.notDone, { reason: 'declined' });
        assert.deepEqual(await replayed(), []);
      } finally {
        wrong.stop();
      }
      const right = await answering('Replay', 'sandbox');
      try {
        const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 2 }] });
        assert.equal(r.replayed?.offsets, 1);
        assert.deepEqual(await replayed(), [2]);
      } finally {
        right.stop();
      }
    });
  });

  it('replay: a write replayed since the list was read is left out, counted and named', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 10 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    const m = await answering('Replay');
    try {
      const first = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 3 }] });
      assert.equal(first.replayed?.offsets, 1);
      await sandbox.clearRequests();
      // The same list again: offset 3 was replayed meanwhile (Kafka keeps it in mcp-failed), 4 was not.
      const r = await vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, {
        messages: [
          { partition: 0, offset: 3 },
          { partition: 0, offset: 4 },
        ],
      });
      assert.deepEqual(
        (await replays()).map((q) => q.body as { startOffset: number; endOffset: number; dryRun: boolean }).map((b) => [b.startOffset, b.endOffset, b.dryRun]),
        [
          [4, 4, true],
          [4, 4, false],
        ],
      );
      assert.deepEqual(await replayed(), [3, 4], 'offset 3 re-published once');
      assert.deepEqual(r.leftOut, [{ why: 'already replayed', count: 1, sample: ['partition 0 offset 3'] }]);
      assert.match(r.message, /1 failed write left out, read again right before sending: 1 already replayed \(partition 0 offset 3\)\./);
      assert.match(m.modals[m.modals.length - 1], /1 failed write left out/);
    } finally {
      m.stop();
    }
  });

  it('replay: two at once never send twice; the second is refused as busy and sends nothing', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 10 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const m = await answering('Replay');
    try {
      const messages = [5, 6].map((offset) => ({ partition: 0, offset }));
      const both = await Promise.all([
        vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages }),
        vscode.commands.executeCommand<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages }),
      ]);
      const busy = both.filter((r) => r.notDone?.reason === 'busy');
      assert.equal(busy.length, 1, both.map((r) => r.message).join(' | '));
      assert.match(busy[0].message, /Another apply of the replay of failed writes on "sandbox" is running in this window.*nothing was sent/);
      assert.equal(busy[0].dryRun.requests, 0);
      assert.deepEqual(await replayed(), [5, 6]);
      assert.equal((await replays()).length, 2, 'one dry run and one real replay, of one range');
    } finally {
      m.stop();
    }
  });

  it('replay: a list read from another server address is refused before any request', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    // The connection's URL changes between the list (the plan) and the replay (its apply).
    await pointSandboxAt(`${sandboxUrl()}/api/gms`);
    try {
      await sandbox.clearRequests();
      const r = await exec<ReplayFailedWritesResult>(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 1 }] });
      assert.deepEqual(r.notDone, { reason: 'otherServer' });
      assert.match(
        r.message,
        /The list of failed writes was made against .* but "sandbox" now points at .*\/api\/gms\. Browse the failed writes of "sandbox" again; nothing was sent\./,
      );
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('an offset not on the list is refused before any request', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await exec<BrowseResult>(Commands.browseFailedWrites, {});
    await sandbox.clearRequests();
    const error = await rejection(
      exec(Commands.replayFailedWrites, {
        messages: [
          { partition: 0, offset: 4 },
          { partition: 0, offset: 40 },
        ],
      }),
    );
    assert.match(error.message, /Offset 40 of partition 0 was not shown/);
    assert.equal((await replays()).length, 0);
  });

  it('the canary: written soft-deleted, followed to search, its time measured', async function () {
    needsOpenapi(this);
    await setDoctor({ processingDelayMs: 300, indexingDelayMs: 1200 });
    const r = await exec<CheckEndToEndResult>(Commands.checkEndToEnd, {});
    assert.equal(r.verdict, 'ok', r.message);
    assert.ok(r.endToEndMs !== undefined && r.endToEndMs >= 1400 && r.endToEndMs < 10_000, `end to end ${r.endToEndMs} ms`);
    assert.ok(r.databaseMs !== undefined && r.databaseMs <= r.endToEndMs);
    assert.match(r.message, /^Indexed end to end in \d/);
    const status = await sandbox.control<{ value: { removed: boolean } }>('GET', `/doctor/aspect?urn=${encodeURIComponent(CANARY)}&aspect=status`);
    assert.equal(status.value.removed, true, 'the canary stays soft-deleted');
  });

  it('a canary stuck before search: where it stopped and how long it waited', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'searchStuck', processingDelayMs: 100 });
    const r = await exec<CheckEndToEndResult>(Commands.checkEndToEnd, { waitSeconds: 5 });
    assert.equal(r.verdict, 'failing');
    assert.equal(r.stoppedAt, 'search');
    assert.ok(r.waitedMs >= 5000);
    assert.match(r.message, /reached the database after .* but not search within/);
    assert.match(r.nextStep ?? '', /MAE consumer/);
  });

  it('the canary through a command id asks first, naming the URN; dismissed, nothing is written', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    const m = await answering(undefined);
    try {
      const r = await vscode.commands.executeCommand<CheckEndToEndResult>(Commands.checkEndToEnd, { waitSeconds: 5 });
      assert.equal(m.modals.length, 1);
      assert.ok(m.modals[0].includes(CANARY));
      assert.deepEqual(r.notDone, { reason: 'declined' });
      assert.equal((await writes()).length, 0);
    } finally {
      m.stop();
    }
  });

  it('read-only: replay and the canary are refused with zero requests', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    await hideDataHubViews(); // a visible view would read on the connection change, among the requests counted
    await exec(Commands.addConnection, { name: 'replica', gmsUrl: sandboxUrl(), token: 'sandbox-admin-token-0123456789', readOnly: true });
    try {
      await sandbox.clearRequests();
      const replay = await rejection(exec(Commands.replayFailedWrites, { messages: [{ partition: 0, offset: 1 }] }));
      assert.match(replay.message, /read-only/i);
      const canary = await rejection(exec(Commands.checkEndToEnd, {}));
      assert.match(canary.message, /read-only/i);
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.removeConnection, { name: 'replica' });
    }
  });
});
