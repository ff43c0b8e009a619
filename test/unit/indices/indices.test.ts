import { test } from 'node:test';
import { formatDateTime } from '../../../src/shared/format';
import assert from 'node:assert/strict';
import type { IndexSize } from '../../../src/gms/types';
import {
  arrangeIndices,
  describeFilter,
  describeGroup,
  describeTotals,
  entityAspectText,
  filterIndices,
  groupIndices,
  isOverThreshold,
  sortGroups,
  totalMbOf,
} from '../../../src/indices/logic/indices';

function index(indexName: string, sizeMb: number | null, source: IndexSize['sizeSource'] = 'current'): IndexSize {
  const m = /^(?:.+_)?([a-z0-9]+)_([a-z0-9]+)aspect_v1$/.exec(indexName);
  return {
    indexName,
    entityName: m?.[1] ?? 'unknown',
    aspectName: m?.[2] ?? indexName,
    sizeMb,
    sizeSource: sizeMb === null ? 'unknown' : source,
  };
}

// The fixture of a newer server (index-sizes.newer.json), plus an unknown size.
const INDICES: IndexSize[] = [
  index('dataset_datasetprofileaspect_v1', 18342.113),
  index('dataset_datasetusagestatisticsaspect_v1', 2711.05),
  index('dataset_operationaspect_v1', 640.5),
  index('chart_chartusagestatisticsaspect_v1', 12.75),
  index('dashboard_dashboardusagestatisticsaspect_v1', 9.001),
  index('dataprocessinstance_dataprocessinstanceruneventaspect_v1', 420.0),
  index('assertion_assertionruneventaspect_v1', 0.000208),
  index('chart_chartprofileaspect_v1', null),
];

const names = (groups: ReturnType<typeof arrangeIndices>) => groups.map((g) => `${g.entityName}: ${g.indices.map((i) => i.aspectName).join(',')}`);

test('groups by entity with totals of the known sizes', () => {
  const groups = groupIndices(INDICES);
  const dataset = groups.find((g) => g.entityName === 'dataset');
  assert.ok(dataset);
  assert.equal(dataset.indices.length, 3);
  assert.ok(Math.abs(dataset.totalMb - 21693.663) < 1e-6);
  assert.equal(describeGroup(dataset), '3 indices · 21.7 GB');
  const chart = groups.find((g) => g.entityName === 'chart');
  assert.equal(chart?.unknownCount, 1);
  assert.equal(describeGroup(chart!), '2 indices · 12.8 MB · 1 unknown');
  assert.equal(describeGroup(groups.find((g) => g.entityName === 'assertion')!), '1 index · 208 B');
});

test('sort by size: groups by total, largest first; indices largest first, unknown last', () => {
  assert.deepEqual(names(arrangeIndices(INDICES, '', 'size')), [
    'dataset: datasetprofile,datasetusagestatistics,operation',
    'dataprocessinstance: dataprocessinstancerunevent',
    'chart: chartusagestatistics,chartprofile',
    'dashboard: dashboardusagestatistics',
    'assertion: assertionrunevent',
  ]);
});

test('sort by size compares numbers, not their text', () => {
  // "9.0 MB" sorts above "12.8 MB" as text; as numbers 12.75 is larger.
  const groups = sortGroups(groupIndices([index('a_xaspect_v1', 9.001), index('a_yaspect_v1', 12.75), index('a_zaspect_v1', 100)]), 'size');
  assert.deepEqual(
    groups[0].indices.map((i) => i.sizeMb),
    [100, 12.75, 9.001],
  );
});

test('a group whose sizes are all unknown sorts last by size', () => {
  const groups = sortGroups(groupIndices([index('zz_aaspect_v1', null), index('aa_baspect_v1', 0)]), 'size');
  assert.deepEqual(
    groups.map((g) => g.entityName),
    ['aa', 'zz'],
  );
});

test('sort by name: entities and aspects alphabetically', () => {
  assert.deepEqual(names(arrangeIndices(INDICES, '', 'name')), [
    'assertion: assertionrunevent',
    'chart: chartprofile,chartusagestatistics',
    'dashboard: dashboardusagestatistics',
    'dataprocessinstance: dataprocessinstancerunevent',
    'dataset: datasetprofile,datasetusagestatistics,operation',
  ]);
});

test('filter: case-insensitive substring of entity, aspect or index name', () => {
  assert.deepEqual(
    filterIndices(INDICES, 'PROFILE').map((i) => i.indexName),
    ['dataset_datasetprofileaspect_v1', 'chart_chartprofileaspect_v1'],
  );
  assert.equal(filterIndices(INDICES, 'dashboard').length, 1); // entity
  assert.equal(filterIndices(INDICES, 'operation').length, 1); // aspect
  assert.equal(filterIndices(INDICES, 'aspect_v1').length, INDICES.length); // index name
  assert.equal(filterIndices(INDICES, '  ').length, INDICES.length);
  assert.equal(filterIndices(INDICES, 'nothing-like-this').length, 0);
});

test('filter: * matches any run, other characters are literal', () => {
  assert.deepEqual(
    filterIndices(INDICES, 'dataset*usage').map((i) => i.aspectName),
    ['datasetusagestatistics'],
  );
  assert.deepEqual(
    filterIndices(INDICES, 'chart*profile').map((i) => i.aspectName),
    ['chartprofile'],
  );
  assert.equal(filterIndices(INDICES, '*').length, INDICES.length);
  // A dot is not a regex wildcard.
  assert.equal(filterIndices(INDICES, 'dataset.datasetprofile').length, 0);
  assert.equal(filterIndices(INDICES, '(').length, 0);
});

test('filter then group keeps only matching groups', () => {
  assert.deepEqual(names(arrangeIndices(INDICES, 'usage', 'size')), [
    'dataset: datasetusagestatistics',
    'chart: chartusagestatistics',
    'dashboard: dashboardusagestatistics',
  ]);
});

test('totals and filter lines for the view message', () => {
  const at = new Date(2025, 5, 1, 10, 42);
  const known = INDICES.filter((i) => i.sizeMb !== null);
  assert.equal(describeTotals(known, at), `7 indices · 22.1 GB · fetched ${formatDateTime(at.getTime())}`);
  assert.equal(describeTotals(INDICES, at), `8 indices · 22.1 GB · 1 of unknown size · fetched ${formatDateTime(at.getTime())}`);
  assert.equal(describeTotals([], at), `0 indices · 0 B · fetched ${formatDateTime(at.getTime())}`);
  assert.equal(describeFilter(' profile ', 2, 9), 'Filter: profile — 2 of 9 indices');
  assert.ok(Math.abs(totalMbOf(INDICES) - 22135.414208) < 1e-6);
});

test('warning threshold is in decimal GB; 0 turns it off; unknown never warns', () => {
  assert.equal(isOverThreshold(18342.113, 10), true);
  assert.equal(isOverThreshold(10000, 10), false);
  assert.equal(isOverThreshold(10000.001, 10), true);
  assert.equal(isOverThreshold(18342.113, 0), false);
  assert.equal(isOverThreshold(null, 10), false);
});

test('entity and aspect text for truncation', () => {
  assert.equal(entityAspectText({ entityName: 'dataset', aspectName: 'datasetprofile' }), 'entityType=dataset aspect=datasetprofile');
});
