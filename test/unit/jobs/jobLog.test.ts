// The RestoreIndices job's log read line by line (DataHub's verbatim formats from
// SendMAEStep.java and DefaultUpgradeManager.java), the verdicts it leads to, and
// where a stopped job resumes.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { parseJobLog } from '../../../src/jobs/logic/cluster/jobLog';
import { etaMs, jobState, progressLine, rowsPerSecond, stateMessage } from '../../../src/jobs/logic/cluster/jobState';
import { resumePoint } from '../../../src/jobs/logic/cluster/jobResume';

const P = '2026-01-01 10:00:00,123 [main] INFO  c.l.d.u.impl.DefaultUpgradeReport:16 - ';
const progress = (sent: number, total: number, ignored = 0) =>
  `${P}Successfully sent MAEs for ${sent}/${total} rows (${((sent * 100) / total).toFixed(2)}% of total). ${ignored} rows ignored (${((ignored * 100) / total).toFixed(2)}% of total)`;
const head = [`${P}Starting upgrade with id RestoreIndices...`, `${P}batchSize is 1000`, `${P}Found 10000 latest aspects in aspects table in 0.01 minutes.`];
const log = (...lines: string[]) => [...head, ...lines].join('\n');
const base = { startingOffset: 0, quietMs: 0, stallAfterMs: 60_000 };
const done = { active: 0, succeeded: 1, failed: 0 };
const failedJob = { active: 0, succeeded: 0, failed: 1, failedReason: 'BackoffLimitExceeded' };
const ARGV = ['-u', 'RestoreIndices', '-a', 'urnLike=urn:li:%', '-a', 'batchSize=1000', '-a', 'urnBasedPagination=false'];

describe('RestoreIndices job log', () => {
  it('reads the verbatim progress, minutes, failure and result lines after a logback prefix', () => {
    const s = parseJobLog(
      log(
        progress(4000, 10000, 2),
        `${P}1.50 mins taken. 2.25 est. mins to completion. Total mins est. = 3.75.`,
        `${P}Failed to send MAEs for 37 rows (0.37% of total).`,
        `${P}Upgrade RestoreIndices completed with result SUCCEEDED. Exiting...`,
      ),
    );
    assert.equal(s.sent, 4000);
    assert.equal(s.totalRows, 10000);
    assert.equal(s.ignored, 2);
    assert.equal(s.percent, 40);
    assert.equal(s.batchSize, 1000);
    assert.equal(s.minsTaken, 1.5);
    assert.equal(s.estMins, 2.25);
    assert.deepEqual(s.failedToSend, { rows: 37, percent: 0.37 });
    assert.equal(s.result, 'SUCCEEDED');
    assert.equal(s.reports, 1);
  });

  it('succeeds only when the log, the Job and the rows agree', () => {
    const ok = parseJobLog(log(progress(10000, 10000), `${P}Upgrade RestoreIndices completed with result SUCCEEDED. Exiting...`));
    assert.equal(jobState({ ...base, log: ok, job: done }).kind, 'succeeded');
    assert.equal(jobState({ ...base, log: ok, job: failedJob }).kind, 'disagree');
    const short = parseJobLog(
      log(
        progress(9000, 10000),
        `${P}Failed to send MAEs for 1000 rows (10.00% of total).`,
        `${P}Upgrade RestoreIndices completed with result SUCCEEDED. Exiting...`,
      ),
    );
    assert.deepEqual(jobState({ ...base, log: short, job: done }), { kind: 'incomplete', missingRows: 1000 });
    // A resumed run: the rows before its starting offset are DataHub's "Failed to send", not missing.
    assert.equal(jobState({ ...base, startingOffset: 1000, log: short, job: done }).kind, 'succeeded');
    const none = parseJobLog(
      [`${P}Found 0 latest aspects in aspects table in 0.01 minutes.`, `${P}Upgrade RestoreIndices completed with result SUCCEEDED. Exiting...`].join('\n'),
    );
    assert.match(stateMessage('j', jobState({ ...base, log: none, job: done }), none), /sent no rows.*both gePitEpochMs and lePitEpochMs/);
  });

  it('tells FAILED after 100% apart from a failure part-way', () => {
    const after = parseJobLog(
      log(
        progress(9999, 10000).replace('99.99%', '100.00%'),
        `${P}Failed to send MAEs for 1 rows (0.00% of total).`,
        `${P}Upgrade RestoreIndices completed with result FAILED. Exiting...`,
      ),
    );
    const state = jobState({ ...base, log: after, job: failedJob });
    assert.deepEqual(state.kind === 'failed' && state.afterComplete, true);
    assert.match(stateMessage('restore-1', state, after), /FAILED after reaching 100%: the job reported FAILED\. 1 rows were not sent/);
    const midway = parseJobLog(log(progress(3000, 10000)));
    const m = jobState({ ...base, log: midway, job: failedJob });
    assert.deepEqual(m.kind === 'failed' && m.afterComplete, false);
    assert.match(stateMessage('restore-1', m, midway), /FAILED at 30\.00%.*BackoffLimitExceeded/);
  });

  it('names a job stalled after the quiet time, and running before it', () => {
    const s = parseJobLog(log(progress(4000, 10000)));
    const running = { active: 1, succeeded: 0, failed: 0 };
    assert.equal(jobState({ ...base, log: s, job: running, quietMs: 59_000 }).kind, 'running');
    assert.equal(jobState({ ...base, log: s, job: running, quietMs: 60_000 }).kind, 'stalled');
  });

  it('computes the rate and an ETA from the rows seen over time', () => {
    const rate = rowsPerSecond([
      { at: 0, rows: 0 },
      { at: 10_000, rows: 1000 },
      { at: 20_000, rows: 2000 },
    ]);
    assert.equal(rate, 100);
    const s = parseJobLog(log(progress(2000, 10000)));
    assert.equal(etaMs(s, 0, rate), 80_000);
    assert.match(progressLine(s, rate, etaMs(s, 0, rate)), /^2,000\/10,000 rows \(20\.00%\) · 2 batches · 100 rows\/s · ETA /);
  });

  it('resumes offset paging after the whole batches of this run, and urn paging from the last batch key', () => {
    const s = parseJobLog(log(progress(4500, 10000)));
    const r = resumePoint([...ARGV, '-a', 'startingOffset=2000'], s);
    assert.ok('argv' in r);
    assert.deepEqual(r.plan.resume, { startingOffset: 6000 });
    assert.deepEqual(r.argv.slice(-2), ['-a', 'startingOffset=6000']);
    assert.equal(r.argv.filter((a) => a.startsWith('startingOffset=')).length, 1);
    const urnLog = parseJobLog(
      log(
        `${P}Getting next batch of urns + aspects, starting with null - null`,
        progress(1000, 10000),
        `${P}Getting next batch of urns + aspects, starting with urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD) - schemaMetadata`,
      ),
    );
    const u = resumePoint(['-u', 'RestoreIndices', '-a', 'urnBasedPagination=true'], urnLog);
    assert.ok('argv' in u);
    assert.deepEqual(u.plan.resume, { lastUrn: 'urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)', lastAspect: 'schemaMetadata' });
    assert.ok('problem' in resumePoint([...ARGV, '-a', 'clean'], s));
    assert.ok('problem' in resumePoint([...ARGV, '-a', 'gePitEpochMs=1'], s));
  });
});
