// DataHub Doctor inside VS Code against the sandbox's scripted GMS: datahub.diagnose in each state
// (green, yellow, red with a stopped consumer, bootstrapping, behind, throttled, rate limited,
// maintenance), an older server whose lines are "not offered" without an error, one endpoint that
// does not answer while the others do, and Copy as Markdown.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import type { DiagnoseResult, DoctorLine } from '../../../src/doctor';
import { exec } from '../support/core';
import { needsOpenapi, setDoctor } from '../support/doctor';
import { Commands } from '../../../src/shared/commandIds';
import { SAMPLE_URNS } from '../../sandbox/data';
import { DEMO_ORPHANS } from '../../sandbox/drift';

const MAE = 'consumer:generic-mae-consumer-job-client';

const diagnose = (arg: Record<string, unknown> = {}) => exec<DiagnoseResult>(Commands.diagnose, arg);
const line = (r: DiagnoseResult, id: string): DoctorLine => {
  const found = r.lines.find((l) => l.id === id);
  assert.ok(found, `a line ${id} in ${r.lines.map((l) => l.id).join(', ')}`);
  return found;
};

describe('doctor: datahub.diagnose', function () {
  this.timeout(40_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('green: every line ok, each naming the endpoint it read, read at once', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    const r = await diagnose();
    assert.equal(r.connection, 'sandbox');
    assert.deepEqual(
      r.lines.filter((l) => l.verdict !== 'ok').map((l) => `${l.id}: ${l.verdict} ${l.summary}`),
      [],
    );
    assert.equal(r.counts.failing, 0);
    assert.ok(r.lines.length >= 10, `${r.lines.length} lines`);
    for (const l of r.lines) assert.match(l.source, /^(GET|POST) \//, `${l.id} names its endpoint`);
    assert.equal(line(r, 'searchCluster').figures.status, 'green');
    assert.match(line(r, 'failedMcps').summary, /no failed writes/);
    assert.match(r.message, /^DataHub Doctor on "sandbox": \d+ OK\.$/);
    const paths = (await sandbox.requests()).map((q) => q.path);
    for (const p of ['/health', '/check/ready', '/debug/elastic', '/openapi/v1/system-info', '/openapi/operations/maintenance/status'])
      assert.ok(paths.includes(p), `${p} was read`);
  });

  it('red with a stopped consumer: failing lines that say what to do', async function () {
    needsOpenapi(this);
    await setDoctor({ states: ['red', 'consumerStopped'] });
    const r = await diagnose();
    const cluster = line(r, 'searchCluster');
    assert.equal(cluster.verdict, 'failing');
    assert.match(cluster.summary, /red/);
    assert.ok(cluster.nextStep, 'a next step for the red cluster');
    const mae = line(r, MAE);
    assert.equal(mae.verdict, 'failing');
    assert.match(mae.summary, /not consuming at all/);
    assert.match(mae.nextStep ?? '', /restart/);
    assert.equal(line(r, 'gmsReady').verdict, 'failing', '/check/ready is false while the cluster is red');
    assert.ok(r.counts.failing >= 3);
    assert.match(r.message, /failing/);
  });

  it('yellow, behind, throttled, rate limited, maintenance: warnings with their figures', async function () {
    needsOpenapi(this);
    await setDoctor({ states: ['yellow', 'consumerBehind', 'throttled', 'rateLimited', 'maintenance'] });
    const r = await diagnose();
    assert.equal(line(r, 'searchCluster').verdict, 'warning');
    assert.ok(Number(line(r, 'searchCluster').figures.unassignedShards) > 0);
    const mae = line(r, MAE);
    assert.equal(mae.verdict, 'warning');
    assert.match(mae.summary, /behind by [\d,]+ message/);
    assert.equal(line(r, 'throttle').verdict, 'warning');
    assert.equal(line(r, 'rateLimits').verdict, 'warning');
    const maintenance = line(r, 'maintenance');
    assert.equal(maintenance.verdict, 'warning');
    assert.match(maintenance.summary, /maintenance window on since/);
    // A second report has the lag's trend.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await diagnose();
    assert.match(line(again, MAE).summary, /growing|shrinking|not moving/);
  });

  it('bootstrapping: GMS is not ready yet, and the next step says to wait', async function () {
    needsOpenapi(this);
    await setDoctor({ state: 'bootstrapping', bootstrapMs: 20_000 });
    const r = await diagnose();
    const ready = line(r, 'gmsReady');
    assert.equal(ready.verdict, 'failing');
    assert.match(ready.summary, /bootstrapping/);
    assert.match(ready.nextStep ?? '', /wait/);
  });

  it('failed writes growing: the count, and the change since the last report', async function () {
    needsOpenapi(this);
    await sandbox.control('POST', '/doctor/failed', { count: 12 });
    const first = await diagnose();
    const f = line(first, 'failedMcps');
    assert.equal(f.verdict, 'warning');
    assert.equal(f.figures.count, 12);
    await sandbox.control('POST', '/doctor/failed', { count: 5 });
    const second = await diagnose();
    assert.match(line(second, 'failedMcps').summary, /^17 failed write\(s\), \+5 since/);
  });

  it('an older server: "not offered" lines and no error', async () => {
    await sandbox.setVersion('legacy');
    const r = await diagnose();
    const notOffered = r.lines.filter((l) => l.verdict === 'notOffered').map((l) => l.id);
    assert.ok(notOffered.includes('searchCluster') && notOffered.includes('failedMcps') && notOffered.includes('maintenance'), notOffered.join(', '));
    assert.equal(r.counts.failing, 0);
    assert.equal(r.counts.unreadable, 0, r.lines.map((l) => `${l.id}: ${l.summary}`).join('; '));
    assert.equal(line(r, 'gmsReady').verdict, 'ok', '/health answers on every release');
    for (const l of r.lines.filter((x) => x.verdict === 'notOffered')) assert.match(l.summary, /^not offered by this server/);
  });

  it('one endpoint that does not answer is that line only, within its time limit', async function () {
    needsOpenapi(this);
    await sandbox.addFault({ action: 'debug/elastic', fault: { kind: 'latency', ms: 5000 }, times: 5 });
    const started = Date.now();
    const r = await diagnose({ timeoutSeconds: 1 });
    const took = Date.now() - started;
    const cluster = line(r, 'searchCluster');
    assert.equal(cluster.verdict, 'unreadable');
    assert.match(cluster.summary, /no answer within/);
    assert.equal(line(r, 'maintenance').verdict, 'ok', 'the others were read');
    assert.ok(took < 4000, `the report took ${took} ms with a 1 s limit`);
  });

  it('a reader token: the Kafka lines name the privilege they need', async function () {
    needsOpenapi(this);
    await useSandboxConnection({ token: 'reader' });
    try {
      const r = await diagnose();
      const consumers = r.lines.find((l) => l.id === 'consumers' || l.id.startsWith('consumer:'));
      assert.ok(consumers);
      assert.equal(consumers.verdict, 'unreadable');
      assert.match(consumers.summary, /Manage System Operations/);
      assert.equal(line(r, 'maintenance').verdict, 'ok', 'any login reads the maintenance window');
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('Copy as Markdown: the report for a ticket, on the clipboard', async function () {
    needsOpenapi(this);
    await setDoctor({ states: ['red'] });
    await diagnose();
    const copied = await exec<{ markdown: string; message: string }>(Commands.copyDoctorReport, {});
    assert.match(copied.markdown, /^## DataHub Doctor: sandbox/);
    assert.match(copied.markdown, /\| Failing \| Search cluster \|/);
    assert.equal(await vscode.env.clipboard.readText(), copied.markdown);
  });

  it("Search Health's lag and drift are lines of the report, with their next steps", async function () {
    needsOpenapi(this);
    // A connection of its own: Search Health keeps its lag readings per connection, and the next suites start afresh.
    await useSandboxConnection({ name: 'health-facts', token: 'admin' });
    try {
      await sandbox.control('POST', '/drift/preset', { name: 'demo' });
      await sandbox.control('POST', '/lag', { consumer: 'mcl', events: 30_000, drainPerSecond: 1000 });
      await exec(Commands.checkSearchHealth, { urns: [SAMPLE_URNS.ordersDataset, SAMPLE_URNS.ordersUnderscoreDataset, ...DEMO_ORPHANS] });
      await exec(Commands.refreshSearchHealth, {});
      await factsOfSearchHealth();
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  async function factsOfSearchHealth(): Promise<void> {
    const r = await diagnose();
    const drift = line(r, 'searchDrift');
    assert.equal(drift.verdict, 'warning');
    assert.match(drift.summary, /^4 of 5 disagree for 5 URNs/);
    assert.equal(r.connection, 'health-facts');
    assert.equal(drift.nextCommand, Commands.fixSearchDrift);
    assert.equal(drift.source, 'Search Health (the last drift check)');
    // The MAE group read by the report itself: Search Health's older reading of it is not a second line.
    assert.ok(line(r, MAE));
    assert.equal(r.lines.filter((l) => l.id.startsWith('lag:mcl:')).length, 0, r.lines.map((l) => l.id).join(', '));
    // Where the report cannot read the group, Search Health's reading (dated) stands in.
    await sandbox.addFault({ action: 'kafka/consumer-groups/{groupId}', fault: { kind: 'status', status: 500 }, times: 20 });
    try {
      // The group's lag read now through the messaging endpoints stands in first: the older reading is left out.
      const without = await diagnose();
      assert.equal(line(without, MAE).verdict, 'unreadable');
      assert.match(line(without, 'messagingLag:mcl:MetadataChangeLog_Versioned_v1').summary, /behind by [\d,]+ message/);
      assert.equal(without.lines.filter((l) => l.id.startsWith('lag:mcl:')).length, 0);
      // Neither read now: Search Health's reading (dated) stands in.
      await sandbox.addFault({ action: 'messaging/mcl/consumer/lag', fault: { kind: 'status', status: 500 }, times: 20 });
      const neither = await diagnose();
      const lag = neither.lines.find((l) => l.id.startsWith('lag:mcl:'));
      assert.ok(lag, neither.lines.map((l) => l.id).join(', '));
      assert.match(lag.summary, /events behind.*\(read /);
    } finally {
      await sandbox.clearFaults();
    }
  }

  it('bad input changes nothing', async () => {
    await sandbox.clearRequests();
    await assert.rejects(() => diagnose({ timeoutSeconds: 0 }), /"timeoutSeconds" must be a whole number of seconds from 1 to 120/);
    // None of the Doctor's reads (every report starts with these); a view's own refresh may still go by.
    const doctorReads = ['/health', '/check/ready', '/debug/elastic', '/openapi/v1/system-info', '/openapi/operations/maintenance/status'];
    assert.deepEqual(
      (await sandbox.requests()).filter((q) => doctorReads.includes(q.path)).map((q) => q.path),
      [],
    );
  });
});
