// Reset Consumer Offsets inside VS Code against the sandbox: on the Postgres queue the stuck-ahead
// partitions (from the lag endpoint; the queue has no dry run) in the modal, then each reset to its log's
// end; on Kafka a stopped group's dry run in the modal, then exactly those partitions to exactly those
// offsets, an active group refused with only the dry run sent, a dismissed modal sending only the dry
// run, and read-only connections refused with zero requests.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, sandboxUrl, useSandboxConnection } from '../../host/inHost';
import type { DiagnoseResult, ResetConsumerOffsetsResult } from '../../../src/doctor';
import { exec, hideDataHubViews, rejection } from '../support/core';
import { answering } from '../support/modals';
import { Commands } from '../../../src/shared/commandIds';
import { needsOpenapi, setDoctor } from '../support/doctor';

const MAE = 'generic-mae-consumer-job-client';
const MCE = 'generic-mce-consumer-job-client';
const MCL = 'MetadataChangeLog_Versioned_v1';
interface Applied {
  transport: string;
  group: string;
  topic: string;
  partition: number;
  from: number;
  to: number;
}
const applied = () => sandbox.control<Applied[]>('GET', '/messaging/resets');
const resetRequests = async () => (await sandbox.requests()).filter((r) => r.path.endsWith('/offsets/reset'));
const reset = (arg: Record<string, unknown>) => vscode.commands.executeCommand<ResetConsumerOffsetsResult>(Commands.resetConsumerOffsets, arg);

describe('doctor: reset consumer offsets', function () {
  this.timeout(40_000);
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('Postgres queue: the stuck-ahead partitions in the modal, then each to its log end; the Doctor no longer says stuck', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
    await sandbox.clearRequests();
    const m = await answering('Reset Offsets');
    try {
      const r = await reset({ group: MAE, topic: 'mcl-versioned' });
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /^Reset generic-mae-consumer-job-client's offsets on mcl-versioned \(MetadataChangeLog_Versioned_v1\) \("sandbox"\)\?/);
      assert.match(m.modals[0], /the Postgres queue has no dry run.*: partition 1: [\d,]+ → [\d,]+ \(−228\)\./);
      assert.equal(r.transport, 'pgqueue');
      assert.deepEqual(
        r.dryRun.partitionResets.map((p) => [p.partition, p.change]),
        [[1, -228]],
      );
      assert.deepEqual(
        r.applied?.partitionResets.map((p) => [p.partition, p.change]),
        [[1, -228]],
      );
      const bodies = (await resetRequests()).map((q) => q.body);
      assert.deepEqual(bodies, [{ consumerGroup: MAE, topicName: MCL, partitionId: 1, onlyStuckAhead: true }]);
      assert.deepEqual(
        (await applied()).map((a) => [a.transport, a.group, a.partition]),
        [['pgqueue', MAE, 1]],
      );
    } finally {
      m.stop();
    }
    const after = await exec<DiagnoseResult>(Commands.diagnose, {});
    assert.equal(after.lines.find((l) => l.id === `messagingLag:mcl:${MCL}`)?.verdict, 'ok');
    // Nothing stuck any more: nothing to reset, nothing sent.
    await sandbox.clearRequests();
    const none = await exec<ResetConsumerOffsetsResult>(Commands.resetConsumerOffsets, { group: MAE, topic: MCL });
    assert.deepEqual(none.notDone, { reason: 'nothingToReset' });
    assert.equal((await resetRequests()).length, 0);
    const strategy = await rejection(exec(Commands.resetConsumerOffsets, { group: MAE, topic: 'mcl-versioned', strategy: 'earliest' }));
    assert.match(strategy.message, /leave "strategy" out/);
  });

  it('Kafka, a stopped group: the dry run in the modal, then exactly those partitions to exactly those offsets', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'consumerStopped' });
    // Stopped a while: messages wait behind it, so "latest" moves it forward.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sandbox.clearRequests();
    const m = await answering('Reset Offsets');
    try {
      const r = await reset({ group: MAE, topic: 'mcl-versioned', strategy: 'latest', partitions: [0, 2] });
      assert.equal(m.modals.length, 1);
      assert.match(m.modals[0], /The server's dry run: partition 0: [\d,]+ → [\d,]+ \(\+[\d,]+\); partition 2: /);
      assert.match(m.modals[0], /skips the messages in between/);
      const sent = (await resetRequests()).map((q) => q.body as { strategy: string; value?: string; partitions: number[]; dryRun: boolean });
      assert.deepEqual(sent[0], { topic: 'mcl-versioned', strategy: 'latest', partitions: [0, 2], dryRun: true });
      // Each partition's offset read again (a dry run to the planned offset) right before it is moved.
      assert.deepEqual(
        sent.slice(1).map((b) => [b.strategy, b.partitions, b.dryRun]),
        [
          ['to-offset', [0], true],
          ['to-offset', [0], false],
          ['to-offset', [2], true],
          ['to-offset', [2], false],
        ],
      );
      const real = sent.filter((b) => !b.dryRun);
      assert.deepEqual(
        real.map((b) => [b.strategy, b.partitions, b.dryRun]),
        [
          ['to-offset', [0], false],
          ['to-offset', [2], false],
        ],
      );
      assert.deepEqual(
        real.map((b) => Number(b.value)),
        r.dryRun.partitionResets.map((p) => p.to),
        'the real reset goes to exactly the dry run offsets',
      );
      assert.deepEqual(
        (await applied()).map((a) => [a.partition, a.to]),
        r.dryRun.partitionResets.map((p) => [p.partition, p.to]),
      );
      assert.match(r.message, /^Reset 2 of 2 partition\(s\) of generic-mae-consumer-job-client/);
    } finally {
      m.stop();
    }
  });

  it('Kafka: a partition whose offset moved since the dry run is left out and named; the others are moved', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'consumerStopped' });
    await sandbox.clearRequests();
    // Between the dry run and the reset (while the modal is open) the group commits partition 2 elsewhere.
    const m = await answering(async () => {
      await sandbox.control('POST', '/messaging/commit', { group: MAE, topic: MCL, partition: 2, offset: 3 });
      return 'Reset Offsets';
    });
    try {
      const r = await reset({ group: MAE, topic: 'mcl-versioned', strategy: 'earliest', partitions: [0, 2] });
      const planned2 = r.dryRun.partitionResets.find((p) => p.partition === 2);
      assert.ok(planned2 && planned2.from !== 3, `partition 2 planned from ${planned2?.from}`);
      assert.deepEqual(
        (await applied()).map((a) => a.partition),
        [0],
      );
      assert.deepEqual(
        r.applied?.partitionResets.map((p) => p.partition),
        [0],
      );
      assert.deepEqual(r.leftOut, [
        { why: 'offset moved since the dry run', count: 1, sample: [`partition 2 (${planned2.from.toLocaleString('en-US')} → now 3)`] },
      ]);
      assert.match(
        r.message,
        /^Reset 1 of 2 partition\(s\).*\. 1 partition left out, read again right before sending: 1 offset moved since the dry run \(partition 2 /,
      );
    } finally {
      m.stop();
    }
  });

  it('Kafka: a dry run whose connection now points elsewhere is refused after the modal; nothing is moved', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'consumerStopped' });
    const config = vscode.workspace.getConfiguration('datahub');
    const m = await answering(async () => {
      await config.update('connections', [{ name: 'sandbox', gmsUrl: `${sandboxUrl()}/api/gms` }], vscode.ConfigurationTarget.Global);
      return 'Reset Offsets';
    });
    try {
      await sandbox.clearRequests();
      const r = await reset({ group: MAE, topic: 'mcl-versioned', strategy: 'earliest' });
      assert.deepEqual(r.notDone, { reason: 'otherServer' });
      assert.match(r.message, /The dry run of this reset was made against .*\/api\/gms\. Reset again on "sandbox"; only the dry run was sent\./);
      assert.ok((await resetRequests()).every((q) => (q.body as { dryRun: boolean }).dryRun === true));
      assert.deepEqual(await applied(), []);
    } finally {
      m.stop();
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('Kafka: two resets of one group at once never move twice; the second is refused as busy and sends nothing', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'consumerStopped' });
    await sandbox.clearRequests();
    const m = await answering('Reset Offsets');
    try {
      const arg = { group: MAE, topic: 'mcl-versioned', strategy: 'earliest', partitions: [1] };
      const both = await Promise.all([reset(arg), reset(arg)]);
      const busy = both.filter((r) => r.notDone?.reason === 'busy');
      assert.equal(busy.length, 1, both.map((r) => r.message).join(' | '));
      assert.match(busy[0].message, /Another apply of the reset of generic-mae-consumer-job-client's offsets on mcl-versioned .* is running in this window/);
      assert.deepEqual(
        (await applied()).map((a) => a.partition),
        [1],
      );
      assert.equal(m.modals.length, 1, 'one confirmation: the second never got that far');
    } finally {
      m.stop();
    }
  });

  it('Kafka, dismissed: only the dry run was sent', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'consumerStopped' });
    await sandbox.clearRequests();
    const m = await answering(undefined);
    try {
      const r = await reset({ group: MAE, topic: 'mcl-versioned', strategy: 'earliest' });
      assert.deepEqual(r.notDone, { reason: 'declined' });
      assert.ok((await resetRequests()).every((q) => (q.body as { dryRun: boolean }).dryRun === true));
      assert.deepEqual(await applied(), []);
    } finally {
      m.stop();
    }
  });

  it('Kafka, an active group: told to stop its consumer first, nothing sent for real', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    const r = await exec<ResetConsumerOffsetsResult>(Commands.resetConsumerOffsets, { group: MCE, topic: 'mcp', strategy: 'latest' });
    assert.deepEqual(r.notDone, { reason: 'active' });
    assert.match(r.message, /is active \(Stable, 1 member\(s\)\).*Stop its consumer first, then reset\. Only the dry run was sent\./);
    assert.ok((await resetRequests()).every((q) => (q.body as { dryRun: boolean }).dryRun === true));
    assert.deepEqual(await applied(), []);
  });

  it("only DataHub's groups and topic aliases; read-only refused with zero requests", async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    const group = await rejection(exec(Commands.resetConsumerOffsets, { group: 'my-own-group', topic: 'mcp', strategy: 'latest' }));
    assert.match(group.message, /"group" must be one of DataHub's consumer groups/);
    const topic = await rejection(exec(Commands.resetConsumerOffsets, { group: MAE, topic: 'orders', strategy: 'latest' }));
    assert.match(topic.message, /"topic" must be one of DataHub's topic aliases or names/);
    assert.equal((await resetRequests()).length, 0);
    await hideDataHubViews(); // a visible view would read on the connection change, among the requests counted
    await exec(Commands.editConnection, { name: 'sandbox', readOnly: true });
    try {
      await sandbox.clearRequests();
      const refused = await rejection(exec(Commands.resetConsumerOffsets, { group: MAE, topic: 'mcl-versioned', strategy: 'latest', dryRunOnly: true }));
      assert.match(refused.message, /read-only/i);
      assert.equal((await sandbox.requests()).length, 0);
    } finally {
      await exec(Commands.editConnection, { name: 'sandbox', readOnly: false });
    }
  });
});
