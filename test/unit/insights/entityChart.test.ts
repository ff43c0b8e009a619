// The entity counts beside the sizes: the chart's entity section and the export's rows, from a reading
// of this window or from the count history alone (src/insights/logic/entityChart.ts, export.ts).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ALL_TYPES, DAY_MS, recordFetch, emptyHistory, type ConnectionHistory } from '../../../src/insights/logic/history';
import { buildEntityChart, type EntityCountsSnapshot } from '../../../src/insights/logic/entityChart';
import { entitiesToMarkdown, entitiesToText, entityExportRows } from '../../../src/insights/logic/export';

const T0 = Date.UTC(2026, 10, 20, 12);
const URL = 'http://127.0.0.1:1';

function reading(at: number, dataset: [number, number], dpi: [number, number]): EntityCountsSnapshot {
  return {
    source: 'countsApi',
    computedAt: at,
    types: [
      { entityType: 'dataset', active: dataset[0], softDeleted: dataset[1] },
      { entityType: 'dataProcessInstance', active: dpi[0], softDeleted: dpi[1] },
    ],
    totals: { active: dataset[0] + dpi[0], softDeleted: dataset[1] + dpi[1] },
  };
}

/** The history as src/entities keeps it: documents per type and for all types. */
function historyOf(...readings: EntityCountsSnapshot[]): ConnectionHistory | undefined {
  let h = emptyHistory();
  for (const r of readings) {
    const indices = r.types.map((t) => ({ indexName: t.entityType, sizeMb: t.active + t.softDeleted }));
    indices.push({ indexName: ALL_TYPES, sizeMb: r.totals.active + r.totals.softDeleted });
    h = recordFetch(h, { connection: 'prod', gmsUrl: URL, fetchedAt: r.computedAt, indices }, r.computedAt);
  }
  return h.connections.get('prod');
}

const first = reading(T0, [1_000, 10], [50_000, 0]);
const second = reading(T0 + 2 * DAY_MS, [1_100, 10], [60_000, 0]);

test('the chart lists types by documents, with the split, the change since the reading before and per day', () => {
  const chart = buildEntityChart(second, historyOf(first, second), T0 + 2 * DAY_MS);
  assert.ok(chart);
  assert.deepEqual(
    chart.types.map((t) => [t.entityType, t.documentsLabel, t.splitLabel]),
    [
      ['dataProcessInstance', '60,000', '60,000 active · 0 soft-deleted'],
      ['dataset', '1,110', '1,100 active · 10 soft-deleted'],
    ],
  );
  assert.match(chart.types[0].growth[0], /^Since the reading of .*: \+10,000 \(\+5,000 a day\)$/);
  assert.equal(chart.types[0].changeLabel, '+10,000 (+5,000 a day)');
  assert.match(chart.growth[0], /: \+10,100 \(\+5,050 a day\)$/);
  assert.equal(chart.totalLabel, '61,110 documents in 2 types (61,100 active, 10 soft-deleted)');
  assert.match(chart.readingLabel, /from the counts endpoint$/);
  assert.equal(chart.maxDocuments, 60_000);
  assert.deepEqual(chart.types[0].trend, [
    [T0, 50_000],
    [T0 + 2 * DAY_MS, 60_000],
  ]);
});

test('without a reading in this window the chart and the export use the newest reading of the history', () => {
  const history = historyOf(first, second);
  const chart = buildEntityChart(undefined, history, T0 + 3 * DAY_MS);
  assert.ok(chart);
  assert.equal(chart.types[0].splitLabel, undefined);
  assert.match(chart.readingLabel, /^last counted .*run Count Entities/);
  assert.equal(chart.totalLabel, '61,110 documents in 2 types');
  const rows = entityExportRows('prod', undefined, history);
  assert.deepEqual(
    rows.map((r) => [r.entityType, r.source, r.active, r.documents, r.changeSincePrevious, r.perDay]),
    [
      ['dataProcessInstance', 'history', null, 60_000, 10_000, 5_000],
      ['dataset', 'history', null, 1_110, 100, 50],
      [ALL_TYPES, 'history', null, 61_110, 10_100, 5_050],
    ],
  );
});

test('readings less than an hour apart give the change without a rate a day', () => {
  const soon = reading(T0 + 10 * 60_000, [1_000, 10], [50_500, 0]);
  const chart = buildEntityChart(soon, historyOf(first, soon));
  assert.equal(chart?.types[0].changeLabel, '+500');
  assert.match(chart?.growth[0] ?? '', /: \+500$/);
  const row = entityExportRows('prod', soon, historyOf(first, soon))[0];
  assert.deepEqual([row.changeSincePrevious, row.perDay], [500, null], 'the export holds the rate back too');
});

test('a connection never counted has no entity section and no rows', () => {
  assert.equal(buildEntityChart(undefined, undefined), undefined);
  assert.deepEqual(entityExportRows('prod', undefined, undefined), []);
});

test('a first reading has no change; the export says null, not zero', () => {
  const rows = entityExportRows('prod', first, historyOf(first));
  assert.deepEqual(rows.at(-1), {
    connection: 'prod',
    countedAt: new Date(T0).toISOString(),
    source: 'countsApi',
    entityType: ALL_TYPES,
    active: 51_000,
    softDeleted: 10,
    documents: 51_010,
    changeSincePrevious: null,
    previousAt: null,
    perDay: null,
  });
  assert.deepEqual(buildEntityChart(first, historyOf(first))?.growth, []);
});

test('the entity export as CSV, JSON and Markdown: same columns, server text guarded', () => {
  const hostile = reading(T0 + DAY_MS, [1, 0], [2, 0]);
  const rows = entityExportRows('=cmd', { ...hostile, types: [{ entityType: '=HYPERLINK("x")', active: 1, softDeleted: 0 }] }, historyOf(first));
  const csv = entitiesToText('csv', rows);
  assert.equal(csv.split('\r\n')[0], 'connection,countedAt,source,entityType,active,softDeleted,documents,changeSincePrevious,previousAt,perDay');
  assert.match(csv, /^'=cmd,.*,"'=HYPERLINK\(""x""\)",1,0,1,,,/m);
  const json = JSON.parse(entitiesToText('json', rows)) as Array<Record<string, unknown>>;
  assert.deepEqual(Object.keys(json[0]), [
    'connection',
    'countedAt',
    'source',
    'entityType',
    'active',
    'softDeleted',
    'documents',
    'changeSincePrevious',
    'previousAt',
    'perDay',
  ]);
  const twoReadings = entityExportRows('prod', second, historyOf(first, second));
  const markdown = entitiesToMarkdown(twoReadings).text;
  assert.match(markdown, /^\| dataProcessInstance \| 60,000 \| 0 \| 60,000 \| \+10,000 \| \+5,000 \|$/m);
  assert.match(markdown, /^\| \*\*All types\*\* \| 61,100 \| 10 \| 61,110 \| \+10,100 \| \+5,050 \|$/m);
});
