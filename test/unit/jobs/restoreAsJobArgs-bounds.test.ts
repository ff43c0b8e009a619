// Every RestoreIndices job this extension starts carries both time bounds or none (DataHub issue 18849:
// a job given only gePitEpochMs restored 0 rows and reported SUCCEEDED): one bound given, the other is
// written explicitly in the job's arguments.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jobRequest } from '../../../src/jobs/manifest/restoreAsJobArgs';
import { jobArgv } from '../../../src/jobs/logic/upgradeJob';

const bounds = (argv: string[]) => argv.filter((a) => /^(ge|le)PitEpochMs=/.test(a));

describe('RestoreIndices job: both time bounds', () => {
  it('writes lePitEpochMs (now) when only gePitEpochMs is given', () => {
    const before = Date.now();
    const argv = jobArgv(jobRequest({ format: 'args', urnLike: 'urn:li:dataset:%', gePitEpochMs: 1_767_225_600_000 }, undefined).plan);
    const [ge, le] = bounds(argv);
    assert.equal(ge, 'gePitEpochMs=1767225600000');
    const upper = Number(le?.split('=')[1]);
    assert.ok(upper >= before && upper <= Date.now(), `lePitEpochMs is now: ${le}`);
  });

  it('writes gePitEpochMs=1 when only lePitEpochMs is given (DataHub reads the window only with a lower bound above 0)', () => {
    const argv = jobArgv(jobRequest({ format: 'args', urnLike: 'urn:li:dataset:%', lePitEpochMs: 1_767_225_600_000 }, undefined).plan);
    assert.deepEqual(bounds(argv), ['gePitEpochMs=1', 'lePitEpochMs=1767225600000']);
  });

  it('writes neither without a window, and each -a pair stays a pair', () => {
    const argv = jobArgv(jobRequest({ format: 'args', urnLike: 'urn:li:dataset:%' }, undefined).plan);
    assert.deepEqual(bounds(argv), []);
    const withWindow = jobArgv(jobRequest({ format: 'args', urnLike: 'urn:li:dataset:%', gePitEpochMs: 1000, lePitEpochMs: 2000 }, undefined).plan);
    const i = withWindow.indexOf('gePitEpochMs=1000');
    assert.equal(withWindow[i - 1], '-a');
    assert.equal(withWindow[i + 1], '-a');
    assert.equal(withWindow[i + 2], 'lePitEpochMs=2000');
  });
});
