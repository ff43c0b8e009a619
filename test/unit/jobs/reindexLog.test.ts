// The system-update job's log read for its reindex tasks (DataHub's verbatim lines from
// ESIndexBuilder.java and DefaultUpgradeManager.java), each index's progress from the task
// status, the job's verdict, and the estimate before an upgrade against its limits.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isSystemUpdateJob, parseUpgradeLog } from '../../../src/jobs/logic/upgrade/reindexLog';
import { indexLine, progressOf, upgradeMessage, upgradeState } from '../../../src/jobs/logic/upgrade/reindexState';
import { estimateReindex, observedMbPerSecond } from '../../../src/jobs/logic/upgrade/estimate';
import { pickSystemUpdateJob } from '../../../src/jobs/logic/upgrade/findJob';
import type { IndexSize } from '../../../src/gms/types';

const P = '2026-01-28 12:56:12,612 [main] INFO  c.l.m.s.e.i.ESIndexBuilder:865 - ';
const E = '2026-01-28 12:56:12,612 [main] ERROR c.l.m.s.e.i.ESIndexBuilder:865 - ';
const T1 = 'Xq3mR7kTTy2nGf0bA1cZ9w:7001';
const T2 = 'Xq3mR7kTTy2nGf0bA1cZ9w:7002';
const running = { active: 1, succeeded: 0, failed: 0 };
const failedJob = { active: 0, succeeded: 0, failed: 1, failedReason: 'BackoffLimitExceeded' };

const LOG = [
  `${P}Starting upgrade with id SystemUpdate...`,
  `${P}Task: ${T1} - Reindexing from datasetindex_v2 to datasetindex_v2_1769604941951 in progress...`,
  `2026-01-28 12:56:12,612 [main] WARN  c.l.m.s.e.i.ESIndexBuilder:870 - Document counts do not match 240000 != 120000. Complete: 50.0%. Estimated time remaining: 3 minutes`,
  `${P}Reindex datasetindex_v2 -> datasetindex_v2_1769604941951 complete. Doc count: 240000`,
  `${P}Reindex from datasetindex_v2 to datasetindex_v2_1769604941951 succeeded`,
  `${P}Task: ${T2} - Reindexing from dataprocessinstanceindex_v2 to dataprocessinstanceindex_v2_1769604950000 in progress...`,
  `${P}Document counts do not match 276893693 != 34953865. Complete: 12.623457%. Estimated time remaining: 420 minutes`,
];

describe('system-update reindex log', () => {
  it('reads each reindex: task, destination, counts, percent, the job estimate, in order', () => {
    const s = parseUpgradeLog(LOG.join('\n'));
    assert.equal(s.reindexes.length, 2);
    const [a, b] = s.reindexes;
    assert.deepEqual([a.index, a.task, a.state, a.sourceDocs, a.destDocs, a.percent], ['datasetindex_v2', T1, 'done', 240000, 240000, 100]);
    assert.deepEqual(
      [b.index, b.dest, b.task, b.state, b.sourceDocs, b.destDocs, b.estMinutes],
      ['dataprocessinstanceindex_v2', 'dataprocessinstanceindex_v2_1769604950000', T2, 'running', 276893693, 34953865, 420],
    );
    assert.equal(s.result, undefined);
  });

  it('reads a document-count mismatch abort with the reason in the log words, and the FAILED result', () => {
    const s = parseUpgradeLog(
      [
        ...LOG,
        `${P}No change in index count after 5 minutes, re-triggering reindex #1.`,
        `${P}Reindex dataprocessinstanceindex_v2 -> dataprocessinstanceindex_v2_1769604950000 timed out or exhausted retries`,
        `${E}Index: dataprocessinstanceindex_v2 - Post-reindex document count is different, source_doc_count: 276893693 reindex_doc_count: 34953865`,
        `${E}Failed to reindex dataprocessinstanceindex_v2 to dataprocessinstanceindex_v2_1769604950000: Exception java.lang.RuntimeException: Reindex from dataprocessinstanceindex_v2 to dataprocessinstanceindex_v2_1769604950000 failed. Document count 276893693 != 34953865`,
        `${E}Failed Step 4/14: BuildIndicesStep. Failed after 0 retries.`,
        `${P}Upgrade SystemUpdate completed with result FAILED. Exiting...`,
      ].join('\n'),
    );
    const b = s.reindexes[1];
    assert.equal(b.state, 'failed');
    assert.equal(b.retriggers, 1);
    assert.equal(b.timedOut, true);
    assert.equal(
      b.reason,
      'Reindex from dataprocessinstanceindex_v2 to dataprocessinstanceindex_v2_1769604950000 failed. Document count 276893693 != 34953865',
    );
    assert.equal(s.result, 'FAILED');
    assert.equal(s.failedStep, '4/14: BuildIndicesStep');
    const indices = s.reindexes.map((e) => progressOf(e));
    const state = upgradeState(s, failedJob, indices);
    assert.equal(state.kind, 'failed');
    const message = upgradeMessage('datahub-datahub-system-update-job', state, indices);
    assert.match(
      message,
      /FAILED: dataprocessinstanceindex_v2: Reindex from .* failed\. Document count 276893693 != 34953865 \(the upgrade reported FAILED, failed step 4\/14: BuildIndicesStep\)/,
    );
  });

  it('keeps a socket timeout in its own words (DataHub issue 16041)', () => {
    const s = parseUpgradeLog(
      `${E}Failed to reindex dh_queryindex_v2 to dh_queryindex_v2_1769604941951: Exception java.net.SocketTimeoutException: 30,000 milliseconds timeout on connection http-outgoing-0 [ACTIVE]`,
    );
    assert.equal(s.reindexes[0].state, 'failed');
    assert.equal(s.reindexes[0].reason, 'SocketTimeoutException: 30,000 milliseconds timeout on connection http-outgoing-0 [ACTIVE]');
  });

  it('reads the older lines (task on the counts line, "task was successful") and a skipped empty index', () => {
    const s = parseUpgradeLog(
      [
        `${P}Task: ${T1} - Reindexing from chartindex_v2 to chartindex_v2_1 in progress...`,
        `${P}Task: ${T1} - Document counts do not match 10 != 4. Complete: 40.0%`,
        `${P}Reindex skipped for tagindex_v2 -> tagindex_v2_2 due to 0 docs .`,
      ].join('\n'),
    );
    assert.deepEqual([s.reindexes[0].sourceDocs, s.reindexes[0].destDocs, s.reindexes[0].percent], [10, 4, 40]);
    assert.equal(s.reindexes[1].state, 'skipped');
    const ok = parseUpgradeLog(`${P}Task: ${T1} - Reindexing chartindex_v2 to chartindex_v2_1 task was successful`);
    assert.equal(ok.reindexes[0].state, 'verifying');
  });

  it('recognises the system-update Job by its arguments or its Helm name', () => {
    assert.ok(isSystemUpdateJob({ name: 'x', args: ['-u', 'SystemUpdateBlocking'] }));
    assert.ok(isSystemUpdateJob({ name: 'datahub-datahub-system-update-job' }));
    assert.ok(!isSystemUpdateJob({ name: 'datahub-system-update-like', args: ['-u', 'RestoreIndices'] }));
    const job = (name: string, active: number, createdAt: string, args?: string[]) => ({
      name,
      labels: {},
      active,
      succeeded: 0,
      failed: 0,
      conditions: [],
      createdAt,
      ...(args ? { args } : {}),
    });
    const jobs = [
      job('old-system-update-job', 0, '2026-01-01T00:00:00Z'),
      job('upg', 1, '2025-01-01T00:00:00Z', ['-u', 'SystemUpdate']),
      job('restore', 1, '2026-02-01T00:00:00Z', ['-u', 'RestoreIndices']),
    ];
    assert.equal(pickSystemUpdateJob(jobs).name, 'upg');
    assert.throws(() => pickSystemUpdateJob(jobs, 'nope'), /Job nope is not in GMS's namespace \(GET k8s\/jobs lists 3 Jobs\)/);
    assert.throws(() => pickSystemUpdateJob([jobs[2]]), /No system-update Job in GMS's namespace: none of the 1 Jobs/);
  });
});

describe('reindex progress from the task status', () => {
  const entry = parseUpgradeLog(LOG.join('\n')).reindexes[1];
  it('takes created+updated+deleted of total, batches and the rate from the running time; an ETA from the rate', () => {
    const p = progressOf(entry, {
      completed: false,
      task: T2,
      runTimeNanos: 100e9,
      status: { total: 1_000_000, created: 200_000, updated: 40_000, deleted: 10_000, batches: 50 },
    });
    assert.deepEqual([p.state, p.done, p.total, p.percent, p.batches, p.docsPerSecond, p.etaMs], ['running', 250_000, 1_000_000, 25, 50, 2500, 300_000]);
    assert.equal(indexLine(p), '250,000/1,000,000 docs (25.0%) · 50 batches · 2,500 docs/s · ETA 5 min 00 s');
    assert.equal(upgradeState({ reindexes: [entry], truncated: false, errors: [] }, running, [p]).kind, 'running');
  });

  it('a finished task whose counts the log has not yet confirmed is "verifying", never done', () => {
    const p = progressOf(entry, { completed: true, task: T2, runTimeNanos: 8e9, status: { total: 600_000, created: 597_883, batches: 120 } });
    assert.equal(p.state, 'verifying');
    assert.equal(p.etaMs, undefined);
    assert.match(indexLine(p), /^597,883\/600,000 docs \(99\.6%\) · 120 batches · .* · task finished, comparing document counts$/);
  });

  it('a status that cannot be read keeps the log figures and says why', () => {
    const p = progressOf(entry, undefined, 'task not found');
    assert.deepEqual([p.done, p.total, p.statusError], [34953865, 276893693, 'task not found']);
  });

  it('succeeded only when the result and the Job agree; a Job failed without a result says so', () => {
    const done = parseUpgradeLog([...LOG.slice(0, 5), `${P}Upgrade SystemUpdate completed with result SUCCEEDED. Exiting...`].join('\n'));
    const idx = done.reindexes.map((e) => progressOf(e));
    assert.equal(upgradeState(done, { active: 0, succeeded: 1, failed: 0 }, idx).kind, 'succeeded');
    assert.equal(upgradeState(done, failedJob, idx).kind, 'disagree');
    const cut = parseUpgradeLog(LOG.join('\n'));
    const s = upgradeState(
      cut,
      { ...failedJob, failedReason: 'DeadlineExceeded: Job was active longer than specified deadline' },
      cut.reindexes.map((e) => progressOf(e)),
    );
    assert.deepEqual(s, {
      kind: 'failed',
      reason: 'the Job failed (DeadlineExceeded: Job was active longer than specified deadline) before the upgrade reported a result',
    });
  });
});

describe('upgrade reindex estimate', () => {
  const size = (indexName: string, sizeMb: number | null): IndexSize => ({ indexName, entityName: 'x', aspectName: 'y', sizeMb, sizeSource: 'current' });
  const sizes = [size('small_v1', 12.75), size('big_v1', 18_342.113), size('mid_v1', 11_420), size('unknown_v1', null)];

  it('lists the largest first with their times and warns, with the figures, when one exceeds maxReindexHours', () => {
    const e = estimateReindex({ sizes, throughputMbPerSecond: 4, throughputSource: 'given', maxReindexHours: 1, maxReindexHoursSource: 'given' });
    assert.deepEqual(
      e.indices.map((i) => [i.index, Math.round(i.seconds), i.overIndexLimit]),
      [
        ['big_v1', 4586, true],
        ['mid_v1', 2855, false],
        ['small_v1', 3, false],
      ],
    );
    assert.equal(e.warnings.length, 1);
    assert.match(
      e.warnings[0],
      /^The largest index would take longer than maxReindexHours = 1 h \(given\): big_v1, 18\.3 GB, about 1 h 16 min at 4\.00 MB\/s \(given\)\./,
    );
    assert.match(e.message, /Largest index big_v1 \(18\.3 GB\): about 1 h 16 min; all 3: about 2 h 04 min at 4\.00 MB\/s/);
  });

  it("warns when all together exceed the Job's activeDeadlineSeconds, and not when within", () => {
    const over = estimateReindex({ sizes, throughputMbPerSecond: 20, throughputSource: 'x', jobDeadlineSeconds: 1200, jobDeadlineSource: 'Job j' });
    assert.equal(over.warnings.length, 1);
    assert.match(
      over.warnings[0],
      /All 3 indices together \(29\.8 GB\) would take about 24 min 49 s at 20 MB\/s \(x\), longer than the Job's activeDeadlineSeconds = 1,200 \(20 min 00 s, Job j\)/,
    );
    const within = estimateReindex({ sizes, throughputMbPerSecond: 100, throughputSource: 'x', jobDeadlineSeconds: 3600, maxReindexHours: 0 });
    assert.deepEqual(within.warnings, []);
    assert.match(within.message, /^Within the limits\. .*no per-index limit set, Job deadline 1 h 00 min\.$/);
  });

  it('derives MB/s from a reindex seen (docs/s times MB per document) and refuses a throughput of 0', () => {
    assert.equal(observedMbPerSecond(150_000, 1_200_000, 18_342), 2292.75);
    assert.equal(observedMbPerSecond(0, 1, 1), undefined);
    assert.throws(() => estimateReindex({ sizes, throughputMbPerSecond: 0, throughputSource: 'x' }), /above 0 MB\/s/);
  });
});
