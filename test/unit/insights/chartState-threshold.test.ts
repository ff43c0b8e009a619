// The size chart's warning threshold line and its growth badges' text.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { IndexSize } from '../../../src/gms/types';
import { DAY_MS, emptyHistory, recordFetch } from '../../../src/insights/logic/history';
import { buildChartState } from '../../../src/insights/logic/chartState';

const NOW = Date.UTC(2025, 5, 30, 9, 0, 0);
const idle = { loading: false, historyEnabled: true };
const index = (indexName: string, sizeMb: number): IndexSize => ({ indexName, entityName: 'dataset', aspectName: indexName, sizeMb, sizeSource: 'current' });
const input = { connection: 'prod', fetchedAt: NOW, indices: [index('big', 18_342), index('small', 0.2)], totalMb: 18_342.2 };

describe('chart: warning threshold and badges', () => {
  it('carries the threshold in MB with a label, and leaves it out when the setting is 0 or not a number', () => {
    const state = buildChartState(input, undefined, { ...idle, thresholdGb: 10 }, NOW);
    assert.equal(state.kind, 'sizes');
    if (state.kind !== 'sizes') return;
    assert.equal(state.thresholdMb, 10_000);
    assert.equal(state.thresholdLabel, '10 GB warning threshold');
    assert.ok(!('thresholdGb' in state), 'the setting name does not leak into the state');
    for (const off of [0, -1, Number.NaN, undefined]) {
      const none = buildChartState(input, undefined, { ...idle, thresholdGb: off }, NOW);
      assert.equal(none.kind === 'sizes' && none.thresholdMb, undefined, `thresholdGb ${off}`);
    }
  });

  it('labels a growth badge with the growth and its window', () => {
    let h = emptyHistory();
    for (let day = 8; day >= 0; day--) {
      const t = NOW - day * DAY_MS;
      h = recordFetch(
        h,
        {
          connection: 'prod',
          gmsUrl: 'http://gms',
          fetchedAt: t,
          indices: [
            { indexName: 'big', sizeMb: 18_342 - day * 300 },
            { indexName: 'small', sizeMb: 0.2 },
          ],
        },
        t,
      );
    }
    const state = buildChartState(input, h.connections.get('prod'), idle, NOW);
    assert.equal(state.kind, 'sizes');
    if (state.kind !== 'sizes') return;
    const big = state.groups[0].indices.find((i) => i.indexName === 'big');
    assert.equal(big?.fastestRank, 1);
    assert.equal(big?.fastestLabel, '+2.1 GB in 7 days');
  });
});
