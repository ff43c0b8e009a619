// The sandbox's incremental path (k8sIncremental.ts, upgradeRoutes.ts) over real HTTP: the recorded
// state served at the v3 entity path as it advances, the three scripts' ends, the 404 DataHub sends
// for another version, the settings profiles and the entity counts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { useSandbox } from '../../unit/helpers';
import { incrementalView } from '../k8sIncremental';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const auth = { authorization: `Bearer ${SANDBOX_TOKENS.admin}` };
const get = (path: string) => fetch(`${sb.url}${path}`, { headers: auth });
const run = (script: string) => ({ name: 'j', script: script as 'incrementalSucceed', stepMs: 100, startedAt: 0, taskBase: 7001 });
const PHASE1 = '/openapi/v3/entity/datahubupgrade/urn%3Ali%3AdataHubUpgrade%3ABuildIndicesIncremental_v1.0.0-0';

describe('sandbox: the incremental reindex', () => {
  it('advances: copying, copied, swapped with dual writes, caught up', () => {
    const r = run('incrementalSucceed');
    assert.equal(incrementalView(r, 300).phase1?.result['datasetindex_v2.status'], 'IN_PROGRESS');
    assert.ok(incrementalView(r, 700).phase1?.result['datasetindex_v2.reindexCompleteTime']);
    const swapped = incrementalView(r, 900).phase1?.result;
    assert.equal(swapped?.['datasetindex_v2.status'], 'COMPLETED');
    assert.ok(swapped?.['datasetindex_v2.dualWriteStartTime']);
    const end = incrementalView(r, 10_000);
    assert.deepEqual([end.done, end.failed, end.phase1?.state, end.catchUp?.state], [true, false, 'SUCCEEDED', 'SUCCEEDED']);
  });

  it('refuses the last swap on a mismatch, and fails a catch-up at its cursor', () => {
    const swap = incrementalView(run('incrementalSwapMismatch'), 10_000);
    assert.deepEqual([swap.failed, swap.phase1?.state, swap.phase1?.result['dataprocessinstanceindex_v2.status']], [true, 'FAILED', 'FAILED']);
    assert.ok(swap.lines.some((l) => /doc count mismatch\. Marking FAILED so the next run reindexes from scratch/.test(l)));
    const caught = incrementalView(run('incrementalCatchUpFailed'), 10_000);
    assert.equal(caught.catchUp?.state, 'FAILED');
    assert.equal(caught.catchUp?.result['dataprocessinstanceindex_v2.lastUrn'], 'urn:li:dataProcessInstance:run-000417');
  });

  it('serves the recorded state over HTTP, 404 with Not-Found-Reason for another version', async () => {
    assert.equal((await get(PHASE1)).status, 404);
    await fetch(`${sb.url}/__sandbox/k8s/systemUpdate`, { method: 'POST', body: JSON.stringify({ script: 'incrementalSucceed', stepMs: 50 }) });
    await new Promise((r) => setTimeout(r, 120));
    const body = (await (await get(PHASE1)).json()) as { dataHubUpgradeResult: { value: { result: Record<string, string> } } };
    assert.equal(body.dataHubUpgradeResult.value.result['datasetindex_v2.sourceDocCount'], '240000');
    const other = await get(PHASE1.replace('v1.0.0-0', 'v9.9.9-0'));
    assert.equal(other.status, 404);
    assert.equal(other.headers.get('not-found-reason'), 'ENTITY');
  });

  it('reports sound or risky settings, and the entity counts', async () => {
    const props = async () => (await (await get('/openapi/v1/system-info/properties/simple')).json()) as Record<string, unknown>;
    assert.equal((await props())['elasticsearch.index.maxReindexHours'], 12);
    await fetch(`${sb.url}/__sandbox/k8s/upgradeSettings`, { method: 'POST', body: JSON.stringify({ profile: 'risky' }) });
    assert.equal((await props())['elasticsearch.index.maxReindexHours'], 0);
    const refused = await fetch(`${sb.url}/__sandbox/k8s/upgradeSettings`, { method: 'POST', body: JSON.stringify({ profile: 'odd' }) });
    assert.equal(refused.status, 400);
    const counts = (await (await get('/openapi/v1/entities/counts?includeTotal=true')).json()) as { counts: Array<{ entityType: string; totalCount: number }> };
    assert.equal(counts.counts.find((c) => c.entityType === 'dataset')?.totalCount, 240_000);
    const reader = await fetch(`${sb.url}/openapi/v1/system-info/properties/simple`, { headers: { authorization: `Bearer ${SANDBOX_TOKENS.reader}` } });
    assert.equal(reader.status, 403);
  });
});
