// What the size chart is told to draw: order, labels, trend lines and badges.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IndexSize } from '../../../src/gms/types';
import { DAY_MS, emptyHistory, recordFetch, type History } from '../../../src/insights/logic/history';
import { buildChartState, emptyChartState } from '../../../src/insights/logic/chartState';
import { parseChartMessage } from '../../../src/insights/logic/chartProtocol';

const NOW = Date.UTC(2025, 5, 30, 9, 0, 0);
const idle = { loading: false, historyEnabled: true };

function index(indexName: string, entityName: string, sizeMb: number | null, sizeSource: IndexSize['sizeSource'] = 'current'): IndexSize {
  return { indexName, entityName, aspectName: indexName.split('_')[1] ?? '', sizeMb, sizeSource };
}

const indices = [
  index('dataset_profile_v1', 'dataset', 1532.771),
  index('dataset_usage_v1', 'dataset', 0.208),
  index('chart_usage_v1', 'chart', 2000),
  index('dashboard_usage_v1', 'dashboard', null),
  index('dataset_operation_v1', 'dataset', 900),
];
const input = { connection: 'prod', fetchedAt: NOW, indices, totalMb: 1532.771 + 0.208 + 2000 + 900 };

/** 40 days of daily fetches where each index grows by its own daily step. */
function grownHistory(stepMb: Record<string, number>): History {
  let h = emptyHistory();
  for (let day = 40; day >= 0; day--) {
    const t = NOW - day * DAY_MS;
    const fetched = indices.map((i) => ({ indexName: i.indexName, sizeMb: i.sizeMb === null ? null : i.sizeMb - day * (stepMb[i.indexName] ?? 0) }));
    h = recordFetch(h, { connection: 'prod', gmsUrl: 'http://gms', fetchedAt: t, indices: fetched }, t);
  }
  return h;
}

describe('chart state', () => {
  it('puts indices the server did not name under other indices, last, by full name, without truncation', () => {
    const named: IndexSize = { ...index('dataset_operationaspect_v1', 'dataset', 10), named: true };
    const foreign: IndexSize = { ...index('t01_dataset_operationaspect_v1', 'dataset', 90_000), aspectName: 'operation', named: false };
    const state = buildChartState({ ...input, indices: [foreign, named], totalMb: 90_010 }, undefined, { ...idle, historyEnabled: false }, NOW);
    assert.ok(state.kind === 'sizes');
    assert.deepEqual(
      state.groups.map((g) => g.entityName),
      ['dataset', 'other indices'],
    );
    const [shown] = state.groups[1].indices;
    assert.deepEqual([shown.aspectName, shown.truncatable], ['t01_dataset_operationaspect_v1', false]);
    assert.match(shown.notTruncatable ?? '', /another deployment sharing the search cluster/);
    assert.equal(state.groups[0].indices[0].truncatable, true);
  });

  it('groups by entity, largest group first, largest index first, unknown sizes last', () => {
    const state = buildChartState(input, undefined, { ...idle, historyEnabled: false }, NOW);
    assert.equal(state.kind, 'sizes');
    if (state.kind !== 'sizes') return;
    assert.deepEqual(
      state.groups.map((g) => [g.entityName, g.totalLabel, g.countLabel]),
      [
        ['dataset', '2.43 GB', '3 indices'],
        ['chart', '2 GB', '1 index'],
        ['dashboard', '0 B', '1 index'],
      ],
    );
    assert.deepEqual(
      state.groups[0].indices.map((i) => [i.indexName, i.sizeLabel, i.exactLabel]),
      [
        ['dataset_profile_v1', '1.53 GB', '1,532.771 MB'],
        ['dataset_operation_v1', '900 MB', '900 MB'],
        ['dataset_usage_v1', '208 kB', '0.208 MB'],
      ],
    );
    assert.equal(state.maxMb, 2000);
    assert.equal(state.totalLabel, '4.43 GB');
    assert.equal(state.groups[2].indices[0].sizeMb, null);
    assert.equal(state.groups[2].indices[0].sizeLabel, 'unknown size');
    assert.equal(state.fetchedAtIso, '2025-06-30T09:00:00.000Z');
    assert.equal(state.legacyNote, undefined);
    assert.ok(state.groups.every((g) => g.indices.every((i) => i.trend.length === 0 && i.growth.length === 0 && i.fastestRank === undefined)));
  });

  it('draws a 30-day trend and badges the three fastest-growing indices over 7 days', () => {
    const h = grownHistory({ dataset_profile_v1: 10, dataset_usage_v1: 0.001, chart_usage_v1: 40, dataset_operation_v1: -5 });
    const state = buildChartState(input, h.connections.get('prod'), idle, NOW);
    if (state.kind !== 'sizes') return assert.fail('sizes expected');
    const all = state.groups.flatMap((g) => g.indices);
    const byName = new Map(all.map((i) => [i.indexName, i]));
    assert.equal(byName.get('chart_usage_v1')?.fastestRank, 1);
    assert.equal(byName.get('chart_usage_v1')?.fastestLabel, '+280 MB in 7 days');
    assert.equal(byName.get('dataset_profile_v1')?.fastestRank, 2);
    assert.equal(byName.get('dataset_usage_v1')?.fastestRank, 3);
    assert.equal(byName.get('dataset_operation_v1')?.fastestRank, undefined, 'a shrinking index is never "fastest-growing"');
    const trend = byName.get('chart_usage_v1')!.trend;
    assert.equal(trend.length, 31, 'one point a day for the last 30 days');
    assert.deepEqual(trend.at(-1), [NOW, 2000]);
    assert.deepEqual(byName.get('chart_usage_v1')!.growth, ['Since previous fetch: +40 MB (+2.0%)', '7 days: +280 MB (+16%)', '30 days: +1.2 GB (+150%)']);
  });

  it('says so when sizes come from an older server', () => {
    const state = buildChartState({ ...input, indices: [index('dataset_profile_v1', 'dataset', 3, 'legacy')] }, undefined, idle, NOW);
    assert.ok(state.kind === 'sizes' && state.legacyNote?.includes('older way'));
    assert.ok(state.kind === 'sizes' && state.groups[0].indices[0].legacy);
  });

  it('has an empty state that says what to do next', () => {
    const noSizes = emptyChartState('prod', { loading: false });
    assert.ok(noSizes.kind === 'empty' && /"prod".*Refresh/.test(noSizes.message), JSON.stringify(noSizes));
    const noConnection = emptyChartState(undefined, { loading: true });
    assert.ok(noConnection.kind === 'empty' && /Add one/.test(noConnection.message) && noConnection.loading);
  });
});

describe('chart messages from the webview', () => {
  it('accepts each known kind with a valid index name and copies only known fields', () => {
    assert.deepEqual(parseChartMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseChartMessage({ type: 'refresh', extra: 1 }), { type: 'refresh' });
    assert.deepEqual(parseChartMessage({ type: 'reveal', indexName: '<script>"x"', evil: true }), { type: 'reveal', indexName: '<script>"x"' });
    assert.deepEqual(parseChartMessage({ type: 'truncate', indexName: 'a' }), { type: 'truncate', indexName: 'a' });
  });

  it('ignores unknown kinds and malformed fields', () => {
    for (const bad of [
      undefined,
      null,
      'reveal',
      42,
      [],
      {},
      { type: 'eval', code: '1' },
      { type: 'toString' },
      { type: '__proto__' },
      { type: 'reveal' },
      { type: 'reveal', indexName: 7 },
      { type: 'reveal', indexName: '' },
      { type: 'truncate', indexName: 'x'.repeat(1025) },
      { type: 'truncate', indexName: { toString: 'a' } },
    ]) {
      assert.equal(parseChartMessage(bad), undefined, JSON.stringify(bad));
    }
  });
});
