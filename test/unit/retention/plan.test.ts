// The retention plan's model: argument checks, matching against the listing,
// rows, totals and estimates, the apply modal's text, the plan file and the
// webview message guards.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { IndexSize } from '../../../src/gms/types';
import { daysAgo } from '../../../src/truncate/logic/cutoff';
import { applyModalText, checkCutoff, checkCutoffs, resolveCutoffs, rowOf, totalsOf, type PlanTarget } from '../../../src/retention/logic/plan';
import { parsePlanFile, planFileText } from '../../../src/retention/logic/planFile';
import { parsePlannerMessage } from '../../../src/retention/logic/protocol';

const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;

const named = (indexName: string, entityName: string, aspectName: string, sizeMb: number | null): IndexSize => ({
  indexName,
  entityName,
  aspectName,
  sizeMb,
  sizeSource: 'current',
  named: true,
});
const INDICES: IndexSize[] = [
  named('dashboard_dashboardusagestatisticsaspect_v1', 'dashboard', 'dashboardusagestatistics', 9.001),
  named('dataset_operationaspect_v1', 'dataset', 'operation', 640.5),
  named('datajob_datajobruneventaspect_v1', 'datajob', 'datajobrunevent', null),
  { indexName: 't01_dataset_operationaspect_v1', entityName: 't01', aspectName: 'dataset_operation', sizeMb: 1.25, sizeSource: 'current', named: false },
];

test('checkCutoff accepts an index name or a pair, with days or an instant', () => {
  assert.deepEqual(checkCutoff({ indexName: ' a ', days: 30 }, 'x', NOW), { label: 'a', by: { indexName: 'a' }, days: 30 });
  const end = NOW.getTime() - DAY;
  assert.deepEqual(checkCutoff({ entityType: 'dataset', aspect: 'operation', endTimeMillis: end }, 'x', NOW), {
    label: 'dataset/operation',
    by: { entityType: 'dataset', aspect: 'operation' },
    endTimeMillis: end,
  });
});

test('checkCutoff says what is wrong, naming the entry', () => {
  const cases: Array<[unknown, RegExp]> = [
    [null, /x must be an object/],
    [{ days: 3 }, /name the index with "indexName"/],
    [{ indexName: 'a', entityType: 'b', aspect: 'c', days: 1 }, /either "indexName" or "entityType" and "aspect", not both/],
    [{ entityType: 'b', days: 1 }, /"entityType" and "aspect" must both be non-empty strings/],
    [{ indexName: 'a' }, /give the cutoff as "days"/],
    [{ indexName: 'a', days: 1, endTimeMillis: 1e12 }, /either "days" or "endTimeMillis", not both/],
    [{ indexName: 'a', days: -1 }, /"days" must be from 1 to 36500; -1 is not/],
    [{ indexName: 'a', days: 0 }, /from 1 to 36500; 0 is not/],
    [{ indexName: 'a', days: 1.5 }, /whole number of days/],
    [{ indexName: 'a', days: '30' }, /whole number of days/],
    [{ indexName: 'a', endTimeMillis: NOW.getTime() + DAY }, /in the future/],
    [{ indexName: 'a', endTimeMillis: -4 }, /whole number of milliseconds/],
  ];
  for (const [value, message] of cases) {
    const result = checkCutoff(value, 'x', NOW);
    assert.equal(typeof result, 'string', JSON.stringify(value));
    assert.match(result as string, message, JSON.stringify(value));
  }
});

test('checkCutoffs refuses a missing, empty or faulty list and lists every problem', () => {
  assert.throws(() => checkCutoffs(undefined, 'cmd', NOW), /^Error: cmd: "cutoffs" must be a list/);
  assert.throws(() => checkCutoffs([], 'cmd', NOW), /"cutoffs" is empty.*Nothing was sent\./);
  assert.throws(
    () => checkCutoffs([{ indexName: 'a', days: -1 }, { indexName: 'b', days: 1 }, { indexName: 'c' }], 'cmd', NOW),
    (error: Error) => {
      assert.match(error.message, /cutoffs\[0\] \(a\): "days" must be from 1/);
      assert.match(error.message, /cutoffs\[2\] \(c\): give the cutoff/);
      assert.doesNotMatch(error.message, /cutoffs\[1\]/);
      return true;
    },
  );
});

test('resolveCutoffs uses only indices the server named, with its names; days become instants', () => {
  const checked = checkCutoffs(
    [
      { indexName: 'dataset_operationaspect_v1', days: 90 },
      { entityType: 'Dashboard', aspect: 'dashboardUsageStatistics', endTimeMillis: 1.7e12 },
    ],
    'cmd',
    NOW,
  );
  const targets = resolveCutoffs(INDICES, checked, 'cmd', NOW);
  assert.deepEqual(targets[0], {
    target: { entityType: 'dataset', aspect: 'operation', indexName: 'dataset_operationaspect_v1' },
    sizeMb: 640.5,
    endTimeMillis: daysAgo(90, NOW),
    days: 90,
  });
  assert.deepEqual(targets[1].target, {
    entityType: 'dashboard',
    aspect: 'dashboardusagestatistics',
    indexName: 'dashboard_dashboardusagestatisticsaspect_v1',
  });
  assert.equal(targets[1].endTimeMillis, 1.7e12);
  assert.throws(
    () => resolveCutoffs(INDICES, checkCutoffs([{ indexName: 't01_dataset_operationaspect_v1', days: 1 }], 'cmd', NOW), 'cmd', NOW),
    /cannot be truncated/,
  );
  assert.throws(() => resolveCutoffs(INDICES, checkCutoffs([{ indexName: 'nope', days: 1 }], 'cmd', NOW), 'cmd', NOW), /lists no index named "nope"/);
  assert.throws(
    () => resolveCutoffs(INDICES, checkCutoffs([{ entityType: 'dataset', aspect: 'operatio', days: 1 }], 'cmd', NOW), 'cmd', NOW),
    /did you mean operation/,
  );
  assert.throws(
    () =>
      resolveCutoffs(
        INDICES,
        checkCutoffs(
          [
            { indexName: 'dataset_operationaspect_v1', days: 1 },
            { entityType: 'dataset', aspect: 'OPERATION', days: 2 },
          ],
          'cmd',
          NOW,
        ),
        'cmd',
        NOW,
      ),
    /planned twice \(dataset_operationaspect_v1 and dataset\/OPERATION\)/,
  );
});

const planned = (indexName: string, sizeMb: number | null, days?: number): PlanTarget => ({
  target: { entityType: 'e', aspect: 'a', indexName },
  sizeMb,
  endTimeMillis: 1.7e12,
  ...(days ? { days } : {}),
});

test('rowOf: the estimate is size × share; unknown size, empty index', () => {
  const row = rowOf(planned('x', 1000, 90), { toDelete: 120, total: 201, percent: 59.7, method: 'reindex' });
  assert.equal(row.estimatedFreedMb, Math.round(1000 * (120 / 201) * 1000) / 1000);
  assert.equal(row.days, 90);
  assert.equal(row.percent, 59.7);
  assert.equal(rowOf(planned('y', null), { toDelete: 5, total: 10, percent: 50, method: 'unknown' }).estimatedFreedMb, null);
  assert.equal(rowOf(planned('z', 50), { toDelete: 0, total: 0, percent: null, method: 'unknown' }).estimatedFreedMb, 0);
});

test('totalsOf sums and labels "about X of Y"', () => {
  const rows = [
    rowOf(planned('a', 20_000, 30), { toDelete: 50, total: 100, percent: 50, method: 'deleteByQuery' }),
    rowOf(planned('b', 13_200), { toDelete: 1, total: 4, percent: 25, method: 'reindex' }),
    rowOf(planned('c', null), { toDelete: 3, total: 3, percent: 100, method: 'unknown' }),
  ];
  const t = totalsOf(rows);
  assert.equal(t.toDelete, 54);
  assert.equal(t.total, 107);
  assert.equal(t.sizeMb, 33_200);
  assert.equal(t.estimatedFreedMb, 13_300);
  assert.equal(t.label, 'about 13.3 GB of 33.2 GB');
});

test('the apply modal lists every index with rows, cutoff and method, and skips empty ones', () => {
  const rows = [
    rowOf(planned('idx_a', 100, 90), { toDelete: 120, total: 201, percent: 59.7, method: 'reindex' }),
    rowOf(planned('idx_b', 100, 30), { toDelete: 0, total: 10, percent: 0, method: 'deleteByQuery' }),
  ];
  const { message, detail } = applyModalText(rows, 'prod');
  assert.match(message, /^Delete old rows from 1 index on "prod"\? 120 rows, about 59\.7 MB of 100 MB \(estimate\)\.$/);
  assert.match(
    detail,
    /• idx_a: 120 of 201 rows \(59\.70%\), older than 90 days \(at or before .*\); method: reindex \(delete by query if the server cannot reindex\)\./,
  );
  assert.doesNotMatch(detail, /• idx_b/);
  assert.match(detail, /1 index has nothing to delete/);
  assert.match(detail, /segments merge/);
});

test('a saved plan file opens again with the same cutoffs', () => {
  const text = planFileText(
    [
      { indexName: 'a_bcaspect_v1', entityType: 'a', aspect: 'bc', days: 90 },
      { indexName: 'd_efaspect_v1', entityType: 'd', aspect: 'ef', endTimeMillis: 1.7e12 },
    ],
    'prod',
    NOW,
  );
  const parsed = parsePlanFile(text, NOW);
  assert.ok(parsed.ok);
  assert.equal(parsed.connection, 'prod');
  assert.deepEqual(parsed.cutoffs, [
    { label: 'a_bcaspect_v1', by: { indexName: 'a_bcaspect_v1' }, days: 90 },
    { label: 'd_efaspect_v1', by: { indexName: 'd_efaspect_v1' }, endTimeMillis: 1.7e12 },
  ]);
  assert.doesNotMatch(text, /token|http/i);
});

test('a bad plan file is refused with a clear message', () => {
  const file = (over: Record<string, unknown>) =>
    JSON.stringify({ kind: 'datahub-retention-plan', version: 1, savedAt: NOW.toISOString(), cutoffs: [{ indexName: 'a', days: 3 }], ...over });
  const cases: Array<[string, RegExp]> = [
    ['{', /not valid JSON/],
    ['[]', /expected a JSON object/],
    [file({ kind: 'other' }), /"kind" must be "datahub-retention-plan"/],
    [file({ version: 2 }), /version 2; this extension reads version 1/],
    [file({ cutoffs: [] }), /has no cutoffs/],
    [file({ cutoffs: [{ days: 3 }] }), /cutoffs\[0\]: "indexName" must be a non-empty string/],
    [file({ cutoffs: [{ indexName: 'a', days: 3, endTimeMillis: 5 }] }), /not both/],
    [file({ cutoffs: [{ indexName: 'a', days: -3 }] }), /from 1 to 36500/],
    [file({ cutoffs: [{ indexName: 'a', days: 3, aspect: 4 }] }), /must be strings when given/],
    ['x'.repeat(1_000_001), /larger than/],
  ];
  for (const [text, message] of cases) {
    const parsed = parsePlanFile(text, NOW);
    assert.equal(parsed.ok, false, text.slice(0, 80));
    assert.match((parsed as { message: string }).message, message, text.slice(0, 80));
  }
});

test('webview messages: only known kinds and fields pass', () => {
  assert.deepEqual(parsePlannerMessage({ type: 'setCutoff', indexName: 'a', cutoff: { kind: 'days', days: 90 }, extra: 1 }), {
    type: 'setCutoff',
    indexName: 'a',
    cutoff: { kind: 'days', days: 90 },
  });
  assert.deepEqual(parsePlannerMessage({ type: 'cancel' }), { type: 'cancel' });
  assert.deepEqual(parsePlannerMessage({ type: 'setAll', cutoff: { kind: 'date', date: '2025-01-01' } }), {
    type: 'setAll',
    cutoff: { kind: 'date', date: '2025-01-01' },
  });
  for (const bad of [
    null,
    { type: 'toString' },
    { type: 'setCutoff', indexName: '', cutoff: { kind: 'none' } },
    { type: 'setCutoff', indexName: 'a', cutoff: { kind: 'days', days: -1 } },
    { type: 'setCutoff', indexName: 'a', cutoff: { kind: 'date', date: 'x'.repeat(41) } },
    { type: 'cancel', indexName: 5 },
    { type: 'apply!' },
  ]) {
    assert.equal(parsePlannerMessage(bad), undefined, JSON.stringify(bad));
  }
});
