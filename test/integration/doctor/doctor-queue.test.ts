// DataHub Doctor, Search Health and Test Connection inside VS Code against a sandbox on the Postgres queue
// (test/sandbox/pgQueue.ts, as DataHub #17446 answers): the transport named, the lag read through the
// messaging endpoints with a stuck-ahead partition said as stuck (with the way out, never its sentinel lag),
// the registered consumers as lines (one not polling), Kafka-only lines "not offered on the Postgres queue"
// with nothing asked of Kafka's endpoints, and failed writes that cannot be browsed there.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import type { DiagnoseResult, DoctorLine } from '../../../src/doctor';
import { exec, rejection } from '../support/core';
import { Commands } from '../../../src/shared/commandIds';
import { needsOpenapi } from '../support/doctor';

const MAE = 'generic-mae-consumer-job-client';
const MCL = 'MetadataChangeLog_Versioned_v1';
const line = (r: DiagnoseResult, id: string): DoctorLine => {
  const found = r.lines.find((l) => l.id === id);
  assert.ok(found, `a line ${id} in ${r.lines.map((l) => l.id).join(', ')}`);
  return found;
};
const onQueue = (body: Record<string, unknown> = {}) => sandbox.control('POST', '/messaging', { transport: 'pgqueue', ...body });

describe('doctor: on the Postgres queue', function () {
  this.timeout(40_000);
  beforeEach(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  after(() => sandbox.reset());

  it('a stuck-ahead partition is said as stuck with the way out; consumers are lines; Kafka lines not offered', async function () {
    needsOpenapi(this);
    await onQueue({ stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
    await sandbox.control('POST', '/lag', { consumer: 'mcp', events: 2400, drainPerSecond: 0 });
    await sandbox.clearRequests();
    const r = await exec<DiagnoseResult>(Commands.diagnose, {});
    assert.match(line(r, 'transport').summary, /the Postgres queue \(pgqueue\): no Kafka/);
    const stuck = line(r, `messagingLag:mcl:${MCL}`);
    assert.equal(stuck.verdict, 'failing');
    assert.match(stuck.summary, /^stuck: partition 1 committed past the log's end by 228; new messages there are skipped/);
    assert.match(stuck.nextStep ?? '', /Reset Consumer Offsets/);
    assert.ok(!JSON.stringify(r).includes('2305843009213694000'), 'the sentinel lag is never shown as a number');
    const behind = line(r, 'messagingLag:mcp:MetadataChangeProposal_v1');
    assert.equal(behind.verdict, 'warning');
    assert.match(behind.summary, /behind by 2,400 message\(s\)/);
    assert.equal(line(r, 'messagingLag:usage-events:DataHubUsageEvent_v1').verdict, 'ok');
    assert.match(line(r, `registered:${MAE}:${MCL}`).summary, /^polling \(heartbeat/);
    const groups = line(r, 'consumers');
    assert.equal(groups.verdict, 'notOffered');
    assert.match(groups.summary, /not offered on the Postgres queue/);
    const failed = line(r, 'failedMcps');
    assert.equal(failed.verdict, 'notOffered');
    assert.match(failed.summary, /cannot be browsed on the Postgres queue/);
    assert.equal(
      r.counts.unreadable,
      0,
      r.lines
        .filter((l) => l.verdict === 'unreadable')
        .map((l) => `${l.id}: ${l.summary}`)
        .join('; '),
    );
    const paths = (await sandbox.requests()).map((q) => q.path);
    assert.deepEqual(
      paths.filter((p) => p.startsWith('/openapi/operations/kafka')),
      [],
      'nothing asked of Kafka',
    );
    for (const p of ['/openapi/operations/messaging/transport', '/openapi/operations/messaging/mcl/consumer/lag', '/openapi/operations/messaging/consumers'])
      assert.ok(paths.includes(p), `${p} was read`);
  });

  it('a registered consumer not polling is a warning naming it; failed writes cannot be browsed here', async function () {
    needsOpenapi(this);
    await onQueue({ heartbeatAgeMs: { [MAE]: 900_000 } });
    const r = await exec<DiagnoseResult>(Commands.diagnose, {});
    const mae = line(r, `registered:${MAE}:${MCL}`);
    assert.equal(mae.verdict, 'warning');
    assert.match(mae.summary, /last heartbeat 15 min( 00 s)? ago: not polling/);
    assert.match(mae.nextStep ?? '', /MAE consumer/);
    const error = await rejection(exec(Commands.browseFailedWrites, {}));
    assert.match(error.message, /cannot be browsed on the Postgres queue/);
  });

  it('Test Connection names the transport; Search Health says the stuck partition', async function () {
    needsOpenapi(this);
    // A connection of its own: Search Health keeps its lag per connection (its facts would be the next suites' lines).
    await useSandboxConnection({ name: 'queue-health', token: 'admin' });
    await onQueue({ stuckAhead: [{ consumer: 'mcl', partition: 0, aheadBy: 5 }] });
    const tested = await exec<{ message: string; messaging?: string }>(Commands.testConnection, {});
    assert.equal(tested.messaging, 'pgqueue');
    assert.match(tested.message, /Events go through the Postgres queue \(pgqueue\)\./);
    const health = await exec<{ lag: Array<{ consumer: string; group?: string; state?: string; description: string }> }>(Commands.refreshSearchHealth, {});
    const mcl = health.lag.find((l) => l.consumer === 'mcl' && l.group === MAE);
    assert.equal(mcl?.state, 'stuck');
    assert.match(mcl?.description ?? '', /^stuck: partition 0 committed past the log's end/);
    await useSandboxConnection({ token: 'admin' });
  });

  it('on Kafka, Test Connection names Kafka and the Doctor reads the transport beside its Kafka lines', async function () {
    needsOpenapi(this);
    const tested = await exec<{ message: string }>(Commands.testConnection, {});
    assert.match(tested.message, /Events go through Kafka\./);
    const r = await exec<DiagnoseResult>(Commands.diagnose, {});
    assert.match(line(r, 'transport').summary, /events go through Kafka/);
    assert.ok(r.lines.some((l) => l.id.startsWith('consumer:')));
    assert.ok(!r.lines.some((l) => l.id.startsWith('messagingLag:') && l.figures.groupId === MAE), 'the MAE group is its Kafka line only');
  });
});
