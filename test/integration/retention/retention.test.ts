// The retention planner through its contract (datahub.planRetention through the
// typed API, and once through the command id with its modal), inside a real
// VS Code against the sandbox: the dry-run numbers are the sandbox's rows, apply
// deletes exactly those, one failing index leaves the others done, bad input
// sends nothing, and the GC recipe is YAML with the source's keys. The write discipline's cases are in
// retention-plans.test.ts.
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { RetentionPlanResult } from '../../../src/retention';
import type { ShownText } from '../../../src/platform/safeWindow';
import { rejection } from '../support/core';
import { rows } from '../support/truncate';
import { CHART, DASHBOARD, DATAJOB, DAY, plan, sizes, truncations } from '../support/retention';

// js-yaml is a devDependency; read through require so its typing is not needed here.
const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };

describe('retention planner: dry runs and bad input', function () {
  this.timeout(60_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.clearRequests());

  it('the dry-run rows are the sandbox rows at or before each cutoff; estimates are size × share', async () => {
    const snapshot = await sizes();
    await sandbox.clearRequests();
    const end = Date.now() - 30 * DAY;
    const result = await plan({
      cutoffs: [
        { indexName: DASHBOARD, days: 90 },
        { entityType: 'chart', aspect: 'chartUsageStatistics', days: 180 },
        { indexName: DATAJOB, endTimeMillis: end },
      ],
    });
    assert.deepEqual(
      result.rows.map((r) => r.indexName),
      [DASHBOARD, CHART, DATAJOB],
    );
    for (const row of result.rows) {
      const counts = await rows(row.entityType, row.aspect, row.endTimeMillis);
      assert.equal(counts.indexName, row.indexName);
      assert.equal(row.toDelete, counts.atOrBefore, `${row.indexName}: rows to delete`);
      assert.equal(row.total, counts.total, `${row.indexName}: total rows`);
      assert.ok(row.toDelete > 0 && row.toDelete < row.total, `${row.indexName}: a real share (${row.toDelete} of ${row.total})`);
      assert.equal(row.percent, Math.round((row.toDelete / row.total) * 10_000) / 100);
      const size = snapshot.indices.find((i) => i.indexName === row.indexName)?.sizeMb;
      assert.ok(typeof size === 'number');
      assert.ok(Math.abs((row.estimatedFreedMb ?? -1) - (size * row.toDelete) / row.total) < 0.01, `${row.indexName}: estimate`);
    }
    assert.equal(result.rows[2].endTimeMillis, end);
    assert.equal(result.rows[0].days, 90);
    assert.equal(
      result.totals.toDelete,
      result.rows.reduce((s, r) => s + r.toDelete, 0),
    );
    assert.match(result.totals.label, /^about \S+ \S+ of \S+ \S+$/);
    assert.match(result.note, /estimate.*segments merge/i);
    // Only dry runs were sent, one per index.
    const sent = await truncations();
    assert.equal(sent.length, 3);
    assert.ok(
      sent.every((b) => b.dryRun === true),
      JSON.stringify(sent),
    );
  });

  it('the recipe is YAML for the datahub-gc source with its truncation keys and the longest covered retention', async () => {
    const result = await plan({
      cutoffs: [
        { indexName: DASHBOARD, days: 30 },
        { entityType: 'dataset', aspect: 'operation', days: 120 },
        { indexName: DATAJOB, days: 45 },
      ],
    });
    const doc = yaml.load(result.recipe.text) as { source: { type: string; config: Record<string, unknown> } };
    assert.equal(doc.source.type, 'datahub-gc');
    assert.deepEqual(Object.keys(doc.source.config).sort(), [
      'truncate_index_older_than_days',
      'truncate_indices',
      'truncation_sleep_between_seconds',
      'truncation_watch_until',
    ]);
    assert.equal(doc.source.config.truncate_indices, true);
    // dashboard (30) and dataset/operation (120) are on the GC source's list: the longer one is written.
    assert.equal(doc.source.config.truncate_index_older_than_days, 120);
    assert.equal(result.recipe.days, 120);
    assert.deepEqual(result.recipe.notCovered, [DATAJOB]);
    assert.match(result.recipe.text, /cannot take a cutoff per index/);
    assert.match(result.recipe.text, new RegExp(`# +${DATAJOB} \\(datajob/datajobrunevent\\): 45 days`));
  });

  const bad: Array<[string, Record<string, unknown>, RegExp]> = [
    ['an empty list', { cutoffs: [] }, /"cutoffs" is empty/],
    ['no list', {}, /"cutoffs" must be a list/],
    ['an unknown index', { cutoffs: [{ indexName: 'dataset_nosuchaspect_v1', days: 30 }] }, /lists no index named "dataset_nosuchaspect_v1"/],
    [
      "another deployment's (unnamed) index",
      { cutoffs: [{ indexName: 't01_dataset_operationaspect_v1', days: 30 }] },
      /t01_dataset_operationaspect_v1 cannot be truncated/,
    ],
    [
      'both days and endTimeMillis',
      { cutoffs: [{ indexName: DASHBOARD, days: 30, endTimeMillis: Date.now() - DAY }] },
      /cutoffs\[0\] \(dashboard_dashboardusagestatisticsaspect_v1\): give either "days" or "endTimeMillis", not both/,
    ],
    ['negative days', { cutoffs: [{ indexName: DASHBOARD, days: -5 }] }, /"days" must be from 1 to 36500; -5 is not/],
    ['a future cutoff', { cutoffs: [{ indexName: DASHBOARD, endTimeMillis: Date.now() + DAY }] }, /is in the future/],
    [
      'a pair without an index',
      { cutoffs: [{ entityType: 'dataset', aspect: 'datasetprofil', days: 30 }] },
      /no index for dataset\/datasetprofil; did you mean datasetprofile/,
    ],
    [
      'one index twice',
      {
        cutoffs: [
          { indexName: DASHBOARD, days: 30 },
          { entityType: 'dashboard', aspect: 'dashboardUsageStatistics', days: 90 },
        ],
      },
      /planned twice/,
    ],
    ['apply that is not a boolean', { cutoffs: [{ indexName: DASHBOARD, days: 30 }], apply: 'yes' }, /"apply" must be true or false/],
  ];
  for (const [what, arg, message] of bad) {
    it(`rejects ${what} with a specific message and sends no truncation`, async () => {
      const error = await rejection(plan(arg));
      assert.match(error.message, message);
      assert.match(error.message, /^datahub\.planRetention: /);
      assert.deepEqual(await truncations(), []);
    });
  }
});

describe('retention planner: apply', function () {
  this.timeout(90_000);
  let shown: ShownText[] = [];
  beforeEach(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 400 });
    await useSandboxConnection({ token: 'admin' });
    await sizes();
    await sandbox.clearRequests();
    shown = [];
    (await activateExtension()).screen.record(shown);
  });
  afterEach(async () => {
    const api = await activateExtension();
    api.screen.record(undefined);
    api.screen.answerModals(undefined);
    await sandbox.clearFaults();
  });
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  it('deletes exactly the rows the dry runs counted, one task per index, and shows one summary', async () => {
    const cutoffs = [
      { indexName: DASHBOARD, days: 90 },
      { indexName: DATAJOB, days: 150 },
    ];
    const before = await Promise.all([rows('dashboard', 'dashboardusagestatistics'), rows('datajob', 'datajobrunevent')]);
    const result = await plan({ cutoffs, apply: true });
    assert.ok(result.applied, 'applied');
    assert.deepEqual(
      result.applied.map((o) => [o.indexName, o.outcome]),
      [
        [DASHBOARD, 'done'],
        [DATAJOB, 'done'],
      ],
    );
    for (const [i, row] of result.rows.entries()) {
      const after = await rows(row.entityType, row.aspect, row.endTimeMillis);
      assert.equal(after.atOrBefore, 0, `${row.indexName}: nothing left at or before the cutoff`);
      assert.equal(after.total, before[i].total - row.toDelete, `${row.indexName}: exactly the counted rows went`);
      assert.equal(result.applied[i].planned, row.toDelete);
      assert.equal(result.applied[i].deleted, row.toDelete);
      assert.ok(result.applied[i].task, 'a task per index');
    }
    const real = (await truncations()).filter((b) => b.dryRun === false);
    // More than half of each goes: the server picks reindex, refuses it on a plain index, and the fallback deletes by query.
    assert.equal(real.filter((b) => b.forceDeleteByQuery === true).length, 2, JSON.stringify(real));
    const summaries = shown.filter((s) => s.text.startsWith('Retention plan applied'));
    assert.equal(summaries.length, 1, JSON.stringify(summaries));
    assert.match(summaries[0].text, /2 of 2 indices done/);
    assert.equal(result.summary, summaries[0].text);
  });

  it('one index failing on the server leaves the others done and is named in the summary', async () => {
    // The search engine refuses the delete by query of one index (a full write queue), which GMS answers with a 500.
    await sandbox.addFault({
      fault: {
        kind: 'restliError',
        status: 500,
        message:
          'OpenSearchStatusException[OpenSearch exception [type=es_rejected_execution_exception, reason=rejected execution of TransportDeleteByQueryAction]]',
      },
      action: 'truncateTimeseriesAspect',
      aspect: 'datajobrunevent',
      dryRun: false,
    });
    const before = await rows('datajob', 'datajobrunevent');
    const result = await plan({
      cutoffs: [
        { indexName: DASHBOARD, days: 90 },
        { indexName: DATAJOB, days: 150 },
        { entityType: 'chart', aspect: 'chartUsageStatistics', days: 120 },
      ],
      apply: true,
    });
    assert.ok(result.applied);
    assert.deepEqual(
      result.applied.map((o) => o.outcome),
      ['done', 'failed', 'done'],
    );
    assert.match(result.applied[1].message ?? '', /500|server/i);
    assert.deepEqual(await rows('datajob', 'datajobrunevent'), before, 'the failing index kept its rows');
    for (const i of [0, 2]) assert.equal((await rows(result.rows[i].entityType, result.rows[i].aspect, result.rows[i].endTimeMillis)).atOrBefore, 0);
    const summary = shown.find((s) => s.text.startsWith('Retention plan applied'));
    assert.equal(summary?.surface, 'warning');
    assert.match(summary?.text ?? '', /2 of 3 indices done.*1 failed: datajob_datajobruneventaspect_v1/);
  });

  it('through the command id, apply keeps its modal: dismissed, nothing is deleted; confirmed, the rows go', async () => {
    const api = await activateExtension();
    const modals: string[] = [];
    let answer: string | undefined;
    api.screen.answerModals((message, detail, buttons) => {
      modals.push(`${message}\n${detail ?? ''}\n[${buttons.join('|')}]`);
      return answer;
    });
    const arg = { cutoffs: [{ indexName: DASHBOARD, days: 90 }], apply: true };
    const dismissed = await vscode.commands.executeCommand<RetentionPlanResult>('datahub.planRetention', arg);
    assert.equal(dismissed.applied, undefined);
    assert.equal(modals.length, 1);
    assert.match(modals[0], /^Delete old rows from 1 index on "sandbox"\?/);
    assert.match(modals[0], new RegExp(`• ${DASHBOARD}: \\d+ of 201 rows .*method: `));
    assert.match(modals[0], /\[Apply\]$/);
    assert.equal((await truncations()).filter((b) => b.dryRun === false).length, 0, 'nothing destructive was sent');
    assert.equal((await rows('dashboard', 'dashboardusagestatistics')).total, 201);

    answer = 'Apply';
    const confirmed = await vscode.commands.executeCommand<RetentionPlanResult>('datahub.planRetention', arg);
    assert.equal(confirmed.applied?.[0].outcome, 'done');
    assert.equal((await rows('dashboard', 'dashboardusagestatistics')).total, 201 - confirmed.rows[0].toDelete);
  });
});
