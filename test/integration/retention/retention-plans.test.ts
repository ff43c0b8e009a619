// The retention planner under the write discipline (src/retention/applyGuard.ts, src/shared/writePlan.ts),
// inside a real VS Code against the sandbox: each index is read again right before its truncation, a plan
// whose server changed while the modal was open, or that waited past its day, is not applied, and one apply runs
// at a time per connection.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, run, sandbox, useSandboxConnection } from '../../host/inHost';
import type { RetentionPlanResult } from '../../../src/retention';
import { rows } from '../support/truncate';
import { CHART, DASHBOARD, DAY, plan, sizes, truncations } from '../support/retention';

describe('retention planner: the dry runs are the plan', function () {
  this.timeout(90_000);
  beforeEach(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 400 });
    await useSandboxConnection({ token: 'admin' });
    await sizes();
    await sandbox.clearRequests();
  });
  afterEach(async () => {
    (await activateExtension()).screen.answerModals(undefined);
    (await activateExtension()).writeClock.shift(0);
    await useSandboxConnection({ token: 'admin' });
  });
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  it('each index is read again right before its truncation: one emptied since the dry runs is left out, counted and named', async () => {
    const api = await activateExtension();
    api.screen.answerModals(async (_message, _detail, buttons) => {
      // While the modal is open, the chart index's old rows go by another hand.
      const other = await run<{ kind: string; task?: string }>('datahub.truncateTimeseriesAspect', {
        indexName: CHART,
        endTimeMillis: Date.now() - 100 * DAY,
        dryRun: false,
      });
      if (other.kind === 'task') await run('datahub.showTaskStatus', { task: other.task });
      await sandbox.clearRequests();
      return buttons.find((b) => b === 'Apply');
    });
    const arg = {
      cutoffs: [
        { indexName: DASHBOARD, days: 90 },
        { indexName: CHART, days: 120 },
      ],
      apply: true,
    };
    const result = await vscode.commands.executeCommand<RetentionPlanResult>('datahub.planRetention', arg);
    assert.ok(result.rows[1].toDelete > 0, 'the dry run counted chart rows');
    assert.deepEqual(
      result.applied?.map((o) => [o.indexName, o.outcome]),
      [
        [DASHBOARD, 'done'],
        [CHART, 'skipped'],
      ],
    );
    assert.deepEqual(result.leftOut, [{ why: 'no rows at or before the cutoff any more (dry run again)', count: 1, sample: [CHART] }]);
    assert.match(
      result.message,
      /1 index left out, read again right before sending: 1 no rows at or before the cutoff any more .*chart_chartusagestatisticsaspect_v1/,
    );
    const real = (await truncations()).filter((b) => b.dryRun === false).map((b) => String(b.aspect).toLowerCase());
    assert.ok(real.length > 0 && real.every((a) => a === 'dashboardusagestatistics'), real.join(', '));
  });

  it("the connection's URL changed while the modal was open: not applied (otherServer), no truncation sent", async () => {
    const api = await activateExtension();
    api.screen.answerModals(async (_message, _detail, buttons) => {
      await useSandboxConnection({ token: 'admin', viaFrontend: true });
      await sandbox.clearRequests();
      return buttons.find((b) => b === 'Apply');
    });
    const result = await vscode.commands.executeCommand<RetentionPlanResult>('datahub.planRetention', {
      cutoffs: [{ indexName: DASHBOARD, days: 90 }],
      apply: true,
    });
    assert.deepEqual(result.notApplied, { reason: 'otherServer' });
    assert.equal(result.applied, undefined);
    assert.match(
      result.message,
      /This retention plan was made against .*, but "sandbox" now points at .*\/api\/gms\. Run the dry runs again on "sandbox"; nothing was sent\./,
    );
    assert.deepEqual(await truncations(), []);
    assert.equal((await rows('dashboard', 'dashboardusagestatistics')).total, 201);
  });

  it("the modal stayed open past the plan's day: not applied (stale), no truncation sent", async () => {
    const api = await activateExtension();
    api.screen.answerModals((_message, _detail, buttons) => {
      // Answered 25 hours after the dry runs, on the write discipline's clock.
      api.writeClock.shift(25 * 3_600_000);
      return buttons.find((b) => b === 'Apply');
    });
    const result = await vscode.commands.executeCommand<RetentionPlanResult>('datahub.planRetention', {
      cutoffs: [{ indexName: DASHBOARD, days: 90 }],
      apply: true,
    });
    assert.deepEqual(result.notApplied, { reason: 'stale' });
    assert.equal(result.applied, undefined);
    assert.match(result.message, /This retention plan was made 25 hours ago; .*within 24 hours\. Run the dry runs again on "sandbox"; nothing was sent\./);
    assert.deepEqual(
      (await truncations()).filter((b) => b.dryRun === false),
      [],
    );
    assert.equal((await rows('dashboard', 'dashboardusagestatistics')).total, 201);
  });

  it('two applies at once on one connection: one runs, the other is refused (busy) and sends no truncation', async () => {
    const arg = { cutoffs: [{ indexName: DASHBOARD, days: 90 }], apply: true };
    const [a, b] = await Promise.all([plan(arg), plan(arg)]);
    const busy = [a, b].filter((r) => r.notApplied?.reason === 'busy');
    const ran = [a, b].filter((r) => r.applied);
    assert.equal(busy.length, 1, `${a.message} | ${b.message}`);
    assert.equal(ran.length, 1);
    assert.match(busy[0].message, /Another apply of a retention plan on "sandbox" is running in this window/);
    const real = (await truncations()).filter((t) => t.dryRun === false && t.forceDeleteByQuery !== true);
    assert.equal(real.length, 1, JSON.stringify(real));
  });
});
