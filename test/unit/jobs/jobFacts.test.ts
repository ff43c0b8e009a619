// Watched jobs as the DataHub Doctor's lines: the state as a verdict, the next step (resume a stalled
// or failed RestoreIndices job, read a system update's log), and server text capped.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { clusterJobFact, upgradeFact, type ClusterJobFactInput } from '../../../src/jobs/logic/jobFacts';
import { Commands } from '../../../src/shared/commandIds';

const job = (over: Partial<ClusterJobFactInput>): ClusterJobFactInput => ({
  job: 'datahub-restore-indices-manual-x1',
  connection: 'prod',
  state: 'running',
  message: 'running',
  progress: '12,000 rows · 40%',
  watching: true,
  ...over,
});

describe('watched jobs as Doctor lines', () => {
  it('a running job is ok; stalled and incomplete are warnings to resume; failed is failing', () => {
    const running = clusterJobFact(job({}));
    assert.equal(running.verdict, 'ok');
    assert.equal(running.summary, 'running · 12,000 rows · 40%');
    assert.equal(running.nextCommand, undefined);
    assert.equal(running.connection, 'prod');
    const stalled = clusterJobFact(job({ state: 'stalled', message: 'no batch for 12 min' }));
    assert.equal(stalled.verdict, 'warning');
    assert.equal(stalled.nextCommand, Commands.resumeClusterJob);
    assert.deepEqual(stalled.nextArgs, { job: 'datahub-restore-indices-manual-x1' }, 'the step acts on this job');
    assert.equal(clusterJobFact(job({ state: 'incomplete' })).nextCommand, Commands.resumeClusterJob);
    const failed = clusterJobFact(job({ state: 'failed', message: 'FAILED after 100%' }));
    assert.equal(failed.verdict, 'failing');
  });

  it('GMS not answering is said instead of the state, as a warning to look at the log', () => {
    const f = clusterJobFact(job({ trouble: 'GMS not answering for 2 min; still watching' }));
    assert.equal(f.verdict, 'warning');
    assert.equal(f.summary, 'GMS not answering for 2 min; still watching');
    assert.equal(f.nextCommand, Commands.showClusterJobLog);
  });

  it('a system update: ok while running, failing with its log as the next step', () => {
    const base = { job: 'datahub-system-update', connection: 'prod', message: 'reindexing 3 of 12', watching: true };
    assert.equal(upgradeFact({ ...base, state: 'running' }).verdict, 'ok');
    const failed = upgradeFact({ ...base, state: 'failed', message: 'FAILED: datasetindex_v2 task failed' });
    assert.equal(failed.verdict, 'failing');
    assert.equal(failed.nextCommand, Commands.showUpgradeReindexLog);
    assert.deepEqual(failed.nextArgs, { job: 'datahub-system-update' });
    assert.equal(upgradeFact({ ...base, state: 'running', gaveUp: true }).verdict, 'warning');
  });

  it('a hostile job name is capped and cannot form a link', () => {
    const f = clusterJobFact(job({ job: `[x](https://evil.example)${'a'.repeat(500)}` }));
    assert.ok(f.title.length < 120, f.title);
  });
});
