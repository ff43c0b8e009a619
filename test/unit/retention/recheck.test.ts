// A retention plan's second read, right before each index's truncation: an index the server no longer lists is
// left out without a request; one whose dry run, run again at the plan's cutoff, finds nothing is left out; one
// that still has rows is kept with the new count; a server that answers the dry run with a task is not trusted.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { RECHECK_WHY, recheckRow } from '../../../src/retention/logic/recheck';
import type { RetentionRow } from '../../../src/retention/logic/plan';
import type { TruncateRequest, TruncateResult } from '../../../src/gms/types';

const row: RetentionRow = {
  indexName: 'dashboard_dashboardusagestatisticsaspect_v1',
  entityType: 'dashboard',
  aspect: 'dashboardUsageStatistics',
  endTimeMillis: 1_700_000_000_000,
  toDelete: 40,
  total: 201,
  percent: 19.9,
  estimatedFreedMb: null,
  sizeMb: null,
  method: 'deleteByQuery',
};

function client(answer: TruncateResult) {
  const asked: TruncateRequest[] = [];
  return {
    asked,
    truncateTimeseriesAspect: async (req: TruncateRequest) => {
      asked.push(req);
      return answer;
    },
  };
}
const dry = (toDelete: number): TruncateResult => ({ kind: 'dryRun', toDelete, total: 201, percent: null, summary: '', method: 'deleteByQuery' });

describe('retention recheck', () => {
  it('an index no longer listed is left out without a request', async () => {
    const c = client(dry(10));
    assert.deepEqual(await recheckRow(c, row, new Set(['other'])), { keep: false, why: RECHECK_WHY.gone });
    assert.equal(c.asked.length, 0);
  });

  it('the dry run again at the plan cutoff: nothing left is left out; rows left are kept with the new count', async () => {
    const none = client(dry(0));
    assert.deepEqual(await recheckRow(none, row, new Set([row.indexName])), { keep: false, why: RECHECK_WHY.nothing });
    assert.deepEqual(none.asked, [{ entityType: 'dashboard', aspect: 'dashboardUsageStatistics', endTimeMillis: row.endTimeMillis, dryRun: true }]);
    assert.deepEqual(await recheckRow(client(dry(12)), row, undefined), { keep: true, toDelete: 12 });
  });

  it('a dry run answered with a task is not a figure to go on', async () => {
    assert.deepEqual(await recheckRow(client({ kind: 'task', task: 'n:1' }), row, undefined), { keep: false, why: RECHECK_WHY.notDryRun });
  });
});
