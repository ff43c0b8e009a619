// The incremental reindex read from DataHub's recorded state (dataHubUpgradeResult, keys "<index>.<key>"):
// each phase, the end states and what they say DataHub does next, the copy's ETA, the version and URNs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  catchUpNotDoneMessage,
  incrementalEtaMs,
  incrementalIndices,
  incrementalLine,
  incrementalState,
  incrementalUrns,
  QuietAfterJob,
  type IncrementalIndex,
  upgradeVersion,
  withCopyProgress,
} from '../../../src/jobs/logic/upgrade/incremental';
import { scanLog } from '../../../src/jobs/upgrade/incrementalRead';
import type { UpgradeResultAspect } from '../../../src/gms/upgradeTypes';

const aspect = (result: Record<string, string>, state = 'IN_PROGRESS'): UpgradeResultAspect => ({ urn: 'urn:li:dataHubUpgrade:x', state, result });
const phase1 = (index: string, over: Record<string, string>) =>
  Object.fromEntries(
    Object.entries({ nextIndexName: `${index}_next_1`, reindexStartTime: '1000', sourceDocCount: '100000', taskId: 'n:1', status: 'IN_PROGRESS', ...over }).map(
      ([k, v]) => [`${index}.${k}`, v],
    ),
  );

describe('incremental reindex state', () => {
  it('builds the URNs DataHub writes under "<version>-<revision>"', () => {
    assert.equal(upgradeVersion('v1.3.0'), 'v1.3.0-0');
    assert.deepEqual(incrementalUrns(upgradeVersion('v1.3.0', '7')), {
      phase1: 'urn:li:dataHubUpgrade:BuildIndicesIncremental_v1.3.0-7',
      catchUp: 'urn:li:dataHubUpgrade:IncrementalReindexCatchUp_v1.3.0-7',
    });
    assert.deepEqual(scanLog(['x', 'Executing Step 3/14: BuildIndicesIncremental_v1.3.0-0...']), { incremental: true, version: 'v1.3.0-0' });
    assert.deepEqual(scanLog(['Executing Step 4/14: BuildIndicesStep...']), { incremental: false });
  });

  it('reads each phase from the status, the complete time, the dual-write time and the catch-up', () => {
    const one = aspect({
      ...phase1('a_v2', { status: 'PENDING' }),
      ...phase1('b_v2', {}),
      ...phase1('c_v2', { reindexCompleteTime: '2000' }),
      ...phase1('d_v2', { status: 'COMPLETED' }),
      ...phase1('e_v2', { status: 'COMPLETED', dualWriteStartTime: '3000' }),
      ...phase1('f_v2', { status: 'COMPLETED' }),
      ...phase1('g_v2', { status: 'COMPLETED' }),
      ...phase1('h_v2', { status: 'COMPLETED' }),
      ...phase1('i_v2', { status: 'COMPLETED' }),
      ...phase1('j_v2', { status: 'FAILED' }),
    });
    const two = aspect({
      'f_v2.catchUpStatus': 'PENDING',
      'g_v2.catchUpStatus': 'COMPLETED',
      'h_v2.catchUpStatus': 'SKIPPED',
      'i_v2.catchUpStatus': 'FAILED',
      'i_v2.lastUrn': 'urn:li:dataset:(urn:li:dataPlatform:hive,x,PROD)',
    });
    const got = incrementalIndices(one, two);
    assert.deepEqual(
      got.map((i) => [i.index, i.phase, i.state]),
      [
        ['a_v2', 'pending', 'running'],
        ['b_v2', 'copying', 'running'],
        ['c_v2', 'copied', 'verifying'],
        ['d_v2', 'swapped', 'done'],
        ['e_v2', 'dualWrites', 'done'],
        ['f_v2', 'catchUpPending', 'done'],
        ['g_v2', 'catchUpDone', 'done'],
        ['h_v2', 'catchUpSkipped', 'done'],
        ['i_v2', 'catchUpFailed', 'failed'],
        ['j_v2', 'failed', 'failed'],
      ],
    );
    assert.equal(got[1].sourceDocCount, 100_000);
    assert.equal(got[1].total, 100_000);
    assert.equal(got[1].task, 'n:1');
    assert.match(got[8].reason ?? '', /at urn:li:dataset:\(.*\): .* resumes the catch-up from that URN/);
    assert.match(got[9].reason ?? '', /reindexes this index again from scratch/);
    assert.match(incrementalLine(got[8]), /^catch-up FAILED · 100,000 docs · → i_v2_next_1 · cursor urn:li:dataset:/);
  });

  it('ends failed on a refused swap or a failed catch-up, succeeded when every index is caught up', () => {
    const swapped = aspect({ ...phase1('a_v2', { status: 'COMPLETED' }), ...phase1('b_v2', { status: 'FAILED' }) }, 'FAILED');
    const s1 = incrementalState(swapped, undefined, incrementalIndices(swapped, undefined), undefined);
    assert.equal(s1.kind, 'failed');
    assert.match(s1.kind === 'failed' ? s1.reason : '', /^b_v2: phase 1 FAILED/);
    const done = aspect({ ...phase1('a_v2', { status: 'COMPLETED' }) }, 'SUCCEEDED');
    const caught = aspect({ 'a_v2.catchUpStatus': 'COMPLETED' }, 'SUCCEEDED');
    assert.equal(incrementalState(done, caught, incrementalIndices(done, caught), undefined).kind, 'succeeded');
    const pending = aspect({ 'a_v2.catchUpStatus': 'PENDING' });
    assert.equal(incrementalState(done, pending, incrementalIndices(done, pending), undefined).kind, 'running');
    assert.equal(incrementalState(undefined, undefined, [], undefined).kind, 'starting');
    assert.equal(incrementalState(done, pending, incrementalIndices(done, pending), 'the Job failed').kind, 'failed');
  });

  it('adds the copy progress and a time left that counts the waiting indices at the same rate', () => {
    const one = aspect({ ...phase1('a_v2', {}), ...phase1('b_v2', { status: 'PENDING', sourceDocCount: '50000' }) });
    const [a, b] = incrementalIndices(one, undefined);
    const copying = withCopyProgress(a, { created: 25_000, total: 100_000, runningMs: 10_000, completed: false });
    assert.equal(copying.percent, 25);
    assert.equal(copying.docsPerSecond, 2500);
    assert.equal(copying.etaMs, 30_000);
    assert.equal(incrementalEtaMs([copying, b]), 30_000 + 20_000);
    assert.equal(withCopyProgress(b, { created: 1, total: 2, completed: false }), b, 'only a copying index');
  });
});

describe('the Job ended with the reindex not done', () => {
  const row = (index: string, phase: IncrementalIndex['phase'], catchUpStatus?: string): IncrementalIndex => ({
    index,
    state: 'done',
    retriggers: 0,
    status: 'COMPLETED',
    phase,
    ...(catchUpStatus ? { catchUpStatus } : {}),
  });
  it('counts quiet time only once the Job has ended, and starts again at every change', () => {
    const quiet = new QuietAfterJob();
    const swapped = [row('a', 'swapped'), row('b', 'dualWrites')];
    assert.equal(quiet.note(false, swapped, 1000), undefined);
    assert.equal(quiet.note(true, swapped, 2000), 0);
    assert.equal(quiet.note(true, swapped, 9000), 7000);
    assert.equal(quiet.note(true, [row('a', 'catchUpPending', 'PENDING'), row('b', 'dualWrites')], 10_000), 0, 'a change');
    assert.equal(quiet.note(true, [row('a', 'catchUpPending', 'PENDING'), row('b', 'dualWrites')], 12_500), 2500);
    assert.equal(quiet.note(false, swapped, 13_000), undefined, 'a Job running again');
  });
  it('names the indices whose catch-up is not done, and what to run', () => {
    const text = catchUpNotDoneMessage('su', 65_000, [row('a', 'catchUpDone', 'COMPLETED'), row('b', 'dualWrites')]);
    assert.match(
      text,
      /^Stopped watching system update su: its Job has ended and nothing recorded has changed for 1 min 05 s; the catch-up is not done for b\./,
    );
    assert.match(text, /non-blocking system update \(the system-update-nonblocking Job\): run it, then Watch Again\.$/);
  });
});
