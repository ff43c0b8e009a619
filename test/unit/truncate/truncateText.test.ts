// What the user reads before and after a truncation: the dry-run modal text,
// the plain "nothing to delete" messages, progress and completion summaries.
process.env.TZ = 'Europe/Berlin';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { localMidnight } from '../../../src/truncate/logic/cutoff';
import { DEFAULT_OPTIONS } from '../../../src/truncate/logic/truncateOptions';
import {
  completionSummary,
  estimatedSizeAfter,
  describeTask,
  formatCounts,
  formatDuration,
  taskProgress,
  type DryRunResult,
} from '../../../src/truncate/logic/truncateText';
import { presentDryRun } from '../../../src/truncate/logic/dryRunText';

const now = new Date('2025-06-01T10:00:00Z');
const target = { entityType: 'dataset', aspect: 'datasetprofile', indexName: 'dataset_datasetprofileaspect_v1' };
const cutoff = { endTimeMillis: localMidnight('2025-03-01')!, label: '2025-03-01' };

function dry(partial: Partial<DryRunResult>): DryRunResult {
  return {
    kind: 'dryRun',
    summary: 'Delete 120 out of 201 rows (59.70%). Reindexing the aspect without the deleted records. This was a dry run. Run with dryRun = false to execute.',
    toDelete: 120,
    total: 201,
    percent: 59.7,
    method: 'reindex',
    ...partial,
  };
}

describe('dry-run presentation', () => {
  it("asks to delete with the numbers, index, cutoff and the server's method", () => {
    const view = presentDryRun(target, cutoff, dry({}), DEFAULT_OPTIONS, now);
    assert.equal(view.kind, 'confirm');
    assert.equal(view.message, 'Delete 120 of 201 rows (59.70%) from dataset_datasetprofileaspect_v1?');
    const lines = view.detail.split('\n');
    assert.equal(lines[0], 'Entity type dataset, aspect datasetprofile.');
    assert.equal(lines[1], 'Rows at or before 2025-03-01 00:00 (UTC+01:00) (2025-03-01).');
    assert.equal(
      lines[2],
      'Method: reindex: the server copies the 81 rows that stay into a new index, then swaps it in. If the server cannot reindex this index, the rows are deleted in place instead.',
    );
    assert.equal(lines[3], 'Server options: default batch size, default timeout.');
    assert.match(lines[4], /cannot be restored/);
  });

  it('names a forced delete-by-query and the advanced options', () => {
    const view = presentDryRun(
      { entityType: 'dataset', aspect: 'operation' },
      { endTimeMillis: localMidnight('2025-05-02')! },
      dry({ toDelete: 1500, total: 10000, percent: 15, method: 'deleteByQuery' }),
      { method: 'deleteByQuery', batchSize: 5000, timeoutSeconds: 600 },
      now,
    );
    assert.equal(view.message, 'Delete 1,500 of 10,000 rows (15.00%) from dataset/operation?');
    assert.match(view.detail, /Method: delete by query \(forced\): the server deletes the 1,500 rows in place\./);
    assert.match(view.detail, /batch size 5,000, timeout 600 s/);
    assert.match(view.detail, /2025-05-02 00:00 \(UTC\+02:00\) \(30 days ago\)/);
  });

  it('computes the percentage when an old server printed a fraction', () => {
    // "(0.60%)" is what one older server printed for 120 of 201: the share shown comes from the counts.
    const view = presentDryRun(
      target,
      cutoff,
      dry({ summary: 'Delete 120 out of 201 rows (0.60%). This was a dry run.', percent: 0.6, toDelete: 120, total: 201, method: 'unknown' }),
      DEFAULT_OPTIONS,
      now,
    );
    assert.equal(view.kind, 'confirm');
    assert.match(view.message, /^Delete 120 of 201 rows \(59\.70%\) from /);
  });

  it('says plainly that an empty index has nothing to truncate, without a question', () => {
    const view = presentDryRun(
      target,
      cutoff,
      dry({ toDelete: 0, total: 0, percent: null, summary: 'Delete 0 out of 0 rows (NaN%). ...' }),
      DEFAULT_OPTIONS,
      now,
    );
    assert.equal(view.kind, 'empty');
    assert.equal(view.message, 'dataset_datasetprofileaspect_v1 is empty: there is nothing to truncate.');
    assert.doesNotMatch(view.message, /\?/);
  });

  it('says plainly when no row is old enough', () => {
    const view = presentDryRun(target, cutoff, dry({ toDelete: 0, total: 201, percent: 0 }), DEFAULT_OPTIONS, now);
    assert.equal(view.kind, 'nothing');
    assert.equal(view.message, 'Nothing to delete in dataset_datasetprofileaspect_v1: none of its 201 rows is at or before 2025-03-01 00:00 (UTC+01:00).');
  });
});

describe('task progress and completion', () => {
  const running = { completed: false, task: 'n:7', runTimeNanos: 1_179_458_000, status: { total: 5000, deleted: 1200, batches: 2, version_conflicts: 0 } };
  it('shows deleted/total and batches', () => {
    assert.equal(formatCounts(running), '1,200/5,000 deleted · 2 batches');
    assert.deepEqual(taskProgress(running), { done: 1200, total: 5000, fraction: 0.24 });
  });
  it('shows nothing when the server reported no counts yet', () => {
    assert.equal(formatCounts({ completed: false, task: 'n:7', status: {} }), '');
    assert.deepEqual(taskProgress({ completed: false, task: 'n:7', status: {} }), { done: 0, total: undefined, fraction: undefined });
  });
  it('speaks of copied rows for a reindex task', () => {
    assert.equal(formatCounts({ completed: false, task: 'n:7', status: { total: 81, created: 40, deleted: 0, batches: 1 } }), '40/81 copied · 1 batch');
  });
  it('summarises a finished task numbers first: rows deleted, then batches and run time', () => {
    const done = { ...running, completed: true, status: { total: 5000, deleted: 5000, batches: 5, version_conflicts: 3 } };
    assert.equal(
      completionSummary(done, target),
      'Deleted 5,000 rows from dataset_datasetprofileaspect_v1. 5 batches, run time 1.2 s. 3 rows changed while it ran and were skipped.',
    );
    assert.equal(completionSummary({ completed: true, task: 'n:9', status: {} }), 'Task n:9 finished.');
  });
  it('estimates the size after from the size before and the share of rows deleted, labelled as an estimate', () => {
    const dash = { entityType: 'dashboard', aspect: 'dashboardUsageStatistics' };
    const done = { completed: true, task: 'n:8', status: { total: 111, deleted: 111, batches: 1 } };
    assert.equal(
      completionSummary(done, dash, { before: { sizeMb: 9, rows: 200 } }),
      'Deleted 111 rows from dashboard/dashboardUsageStatistics, 9 MB → about 4 MB (estimate) after the next refresh; deleted space is freed as the search engine merges segments. 1 batch.',
    );
    assert.equal(estimatedSizeAfter({ sizeMb: 9, rows: 200 }, 111), 9 * (89 / 200));
    assert.equal(estimatedSizeAfter({ sizeMb: 9, rows: 0 }, 0), undefined);
    // A reindex copies the rows that stay: deleted is what was not copied.
    const reindexed = { completed: true, task: 'n:8', status: { total: 89, created: 89, deleted: 0, batches: 1 } };
    assert.match(
      completionSummary(reindexed, dash, { before: { sizeMb: 9, rows: 200 } }),
      /^Deleted 111 rows from dashboard\/dashboardUsageStatistics, 9 MB → about 4 MB \(estimate\)/,
    );
    assert.match(completionSummary(reindexed, dash, { before: { sizeMb: 9, rows: 200 } }), /Kept 89 rows \(copied to a new index\), 1 batch\./);
  });
  it('says in words when the server could not reindex and deleted in place instead', () => {
    const done = { completed: true, task: 'n:8', status: { total: 111, deleted: 111 } };
    const text = completionSummary(done, target, { fallback: 'deleteByQuery' });
    assert.match(
      text,
      /^Deleted 111 rows from dataset_datasetprofileaspect_v1\. The server could not reindex this index, so the rows were deleted in place instead/,
    );
    assert.doesNotMatch(text, /forceDeleteByQuery|delete by query/);
  });
  it('formats durations for seconds, minutes and hours', () => {
    assert.equal(formatDuration(3200), '3.2 s');
    assert.equal(formatDuration(125_000), '2 min 05 s');
    assert.equal(formatDuration(3_725_000), '1 h 02 min');
  });
  it('describes a task row: entity/aspect, state and counts, tooltip with id, start and cutoff', () => {
    const row = describeTask({ task: 'n:7', target, cutoff, startedAt: now.getTime(), startedHere: true, state: 'watching', last: running });
    assert.equal(row.label, 'dataset/datasetprofile');
    assert.equal(row.description, 'running · 1,200/5,000 deleted · 2 batches');
    assert.match(row.tooltip, /^Task: n:7$/m);
    assert.match(row.tooltip, /^Started: 2025-06-01 12:00 \(UTC\+02:00\)$/m);
    assert.match(row.tooltip, /^Cutoff: Rows at or before 2025-03-01 00:00/m);
    const byId = describeTask({ task: 'n:8', startedAt: now.getTime(), startedHere: false, state: 'notFound', error: 'Could not get task status for n:8.' });
    assert.equal(byId.label, 'n:8');
    assert.equal(byId.description, 'status unavailable');
    assert.match(byId.tooltip, /Watched since/);
  });
});
