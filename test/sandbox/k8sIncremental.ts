// The incremental (zero-downtime) reindex of a system update in the sandbox's cluster: the same Job as
// k8sSystemUpdate.ts, whose pod log and dataHubUpgradeResult aspects advance over time as DataHub's steps
// write them, and whose copy tasks answer the task-status operation.
//
// DataHub sources:
//   datahub-upgrade/src/main/java/com/linkedin/datahub/upgrade/system/elasticsearch/steps/BuildIndicesIncrementalStep.java
//     phase 1 (blocking): per index a next index, an async _reindex (taskId), the alias swapped only when the
//     document counts agree; the state checkpointed after every transition; log lines "Starting incremental reindex
//     for index: {}", "Incremental reindex completed for index: {}", "Alias swapped: {} -> {}", "Alias swap failed for
//     {} -> {} ({}): doc count mismatch. Marking FAILED so the next run reindexes from scratch.", "BuildIndicesIncrementalStep failed".
//   datahub-upgrade/.../system/elasticsearch/steps/IncrementalReindexCatchUpStep.java (phase 2, non-blocking): per
//     index catchUpStatus PENDING → COMPLETED | SKIPPED | FAILED with the cursor lastUrn; "Catch-up for entity index {}
//     (entity {}): window [{}, {}]", "Catch-up failed for index {}", "IncrementalReindexCatchUpStep failed".
//   metadata-io/.../elasticsearch/indexbuilder/IncrementalReindexState.java: the keys "<index>.<key>" and statuses.
//   metadata-service/factories/.../update/indices/UpdateIndicesUpgradeStrategyFactory.java: the MAE consumer writes
//     "<index>.dualWriteStartTime" (entity indices only) once it dual-writes; the version is "<gitVersion>-<DATAHUB_REVISION or 0>".
// The scripts:
//   incrementalSucceed        three indices copied, swapped and caught up; both results SUCCEEDED.
//   incrementalSwapMismatch   the third index's copy ends short: its swap is refused (FAILED), phase 1 FAILED.
//   incrementalCatchUpFailed  every swap succeeds; the catch-up of dataprocessinstanceindex_v2 fails at a cursor.
//   incrementalNoCatchUp      every swap succeeds and the blocking Job ends SUCCEEDED; the catch-up (SystemUpdateNonBlocking's
//                             IncrementalReindexCatchUpStep) is never run, so no catch-up result is ever recorded.
import { REINDEX_NODE, UPGRADE_INDICES, type UpgradeRun } from './k8sSystemUpdate';
import { REPORTED_VERSION } from './gmsConfig';

/** The upgrade version the state is recorded under: the newest server's reported version, no DATAHUB_REVISION. */
const VERSION = `${REPORTED_VERSION.newer}-0`;

export const INCREMENTAL_SCRIPTS = ['incrementalSucceed', 'incrementalSwapMismatch', 'incrementalCatchUpFailed', 'incrementalNoCatchUp'] as const;
export type IncrementalScript = (typeof INCREMENTAL_SCRIPTS)[number];

/** Steps one copy takes. */
const COPY = 6;
const PER_INDEX = COPY + 2;
const SHORT = 2_117;
const CURSOR = 'urn:li:dataProcessInstance:run-000417';

export interface IncrementalView {
  lines: string[];
  done: boolean;
  failed: boolean;
  phase1?: { state: string; timestampMs: number; result: Record<string, string> };
  catchUp?: { state: string; timestampMs: number; result: Record<string, string> };
}

const at = (run: UpgradeRun, step: number) => run.startedAt + step * run.stepMs;
const entityIndex = (name: string) => name.endsWith('index_v2');

/** The task id of index i's copy. */
export const copyTask = (run: UpgradeRun, i: number) => `${REINDEX_NODE}:${run.taskBase + i}`;

export function incrementalView(run: UpgradeRun, now: number): IncrementalView {
  const step = Math.floor(Math.max(0, now - run.startedAt) / run.stepMs);
  const lines = ['Starting upgrade with id SystemUpdate...', `Executing Step 3/14: BuildIndicesIncremental_${VERSION}...`];
  const result: Record<string, string> = {};
  const view: IncrementalView = { lines, done: false, failed: false };
  if (step < 1) return view;
  const phase1 = (state: string) => (view.phase1 = { state, timestampMs: Math.min(now, at(run, step)), result });
  for (const [i, ix] of UPGRADE_INDICES.entries()) {
    const start = 1 + i * PER_INDEX;
    if (step < start) {
      result[`${ix.name}.status`] = 'PENDING';
      continue;
    }
    const next = `${ix.name}_next_${at(run, start)}`;
    const mismatch = run.script === 'incrementalSwapMismatch' && i === UPGRADE_INDICES.length - 1;
    Object.assign(result, {
      [`${ix.name}.nextIndexName`]: next,
      [`${ix.name}.oldBackingIndexName`]: `${ix.name}_1740000000000`,
      [`${ix.name}.reindexStartTime`]: String(at(run, start)),
      [`${ix.name}.sourceDocCount`]: String(ix.docs),
      [`${ix.name}.taskId`]: copyTask(run, i),
      [`${ix.name}.requiresDataBackfill`]: 'true',
      [`${ix.name}.status`]: 'IN_PROGRESS',
    });
    lines.push(`Starting incremental reindex for index: ${ix.name}`);
    if (step < start + COPY) return (phase1('IN_PROGRESS'), view);
    result[`${ix.name}.reindexCompleteTime`] = String(at(run, start + COPY));
    lines.push(`Incremental reindex completed for index: ${ix.name}`);
    if (step < start + COPY + 1) return (phase1('IN_PROGRESS'), view);
    if (mismatch) {
      result[`${ix.name}.status`] = 'FAILED';
      lines.push(
        `Alias swap failed for ${ix.name} -> ${next} (source ${ix.docs}, next ${ix.docs - SHORT}): doc count mismatch. Marking FAILED so the next run reindexes from scratch.`,
        'BuildIndicesIncrementalStep failed',
        `Failed Step 3/14: BuildIndicesIncremental_${VERSION}. Failed after 0 retries.`,
        'Upgrade SystemUpdate completed with result FAILED. Exiting...',
      );
      phase1('FAILED');
      return Object.assign(view, { done: true, failed: true });
    }
    result[`${ix.name}.status`] = 'COMPLETED';
    lines.push(`Alias swapped: ${ix.name} -> ${next}`);
    if (entityIndex(ix.name) && step >= start + COPY + 2) result[`${ix.name}.dualWriteStartTime`] = String(at(run, start + COPY + 2));
  }
  const end = 1 + UPGRADE_INDICES.length * PER_INDEX;
  phase1(step < end ? 'IN_PROGRESS' : 'SUCCEEDED');
  if (step < end + 1) return view;
  if (run.script === 'incrementalNoCatchUp') {
    lines.push('Upgrade SystemUpdate completed with result SUCCEEDED. Exiting...');
    return Object.assign(view, { done: true });
  }
  // Phase 2: the catch-up, one index a step.
  const catchUp: Record<string, string> = {};
  let failed = false;
  for (const [k, ix] of UPGRADE_INDICES.entries()) {
    const finish = end + 2 + k;
    const fails = run.script === 'incrementalCatchUpFailed' && ix.name === 'dataprocessinstanceindex_v2';
    catchUp[`${ix.name}.catchUpStatus`] = 'PENDING';
    if (entityIndex(ix.name))
      lines.push(`Catch-up for entity index ${ix.name} (entity ${ix.name.replace(/index_v2$/, '')}): window [${at(run, 1)}, ${at(run, end)}]`);
    if (step < finish) {
      if (entityIndex(ix.name))
        catchUp[`${ix.name}.lastUrn`] = fails ? 'urn:li:dataProcessInstance:run-000103' : 'urn:li:dataset:(urn:li:dataPlatform:hive,db.a,PROD)';
      break;
    }
    if (fails) {
      Object.assign(catchUp, { [`${ix.name}.catchUpStatus`]: 'FAILED', [`${ix.name}.lastUrn`]: CURSOR });
      lines.push(`Catch-up failed for index ${ix.name}`, 'IncrementalReindexCatchUpStep failed');
      failed = true;
      break;
    }
    catchUp[`${ix.name}.catchUpStatus`] = 'COMPLETED';
  }
  const allDone = UPGRADE_INDICES.every((ix) => catchUp[`${ix.name}.catchUpStatus`] === 'COMPLETED');
  view.catchUp = { state: failed ? 'FAILED' : allDone ? 'SUCCEEDED' : 'IN_PROGRESS', timestampMs: now, result: catchUp };
  if (failed || allDone) {
    lines.push(`Upgrade SystemUpdate completed with result ${failed ? 'FAILED' : 'SUCCEEDED'}. Exiting...`);
    Object.assign(view, { done: true, failed });
  }
  return view;
}

/** The task document of one of the run's copy tasks, or undefined. */
export function incrementalTaskStatus(run: UpgradeRun, id: string, now: number): Record<string, unknown> | undefined {
  const i = UPGRADE_INDICES.findIndex((_, k) => copyTask(run, k) === id);
  if (i < 0) return undefined;
  const ix = UPGRADE_INDICES[i];
  const ms = now - at(run, 1 + i * PER_INDEX);
  if (ms < 0) return undefined;
  const mismatch = run.script === 'incrementalSwapMismatch' && i === UPGRADE_INDICES.length - 1;
  const copies = mismatch ? ix.docs - SHORT : ix.docs;
  const created = Math.min(copies, Math.floor((copies * ms) / (COPY * run.stepMs)));
  return {
    completed: created >= copies,
    taskId: id,
    runTimeNanos: Math.min(Math.max(1, ms), COPY * run.stepMs) * 1_000_000,
    status: { total: ix.docs, updated: 0, created, deleted: 0, batches: Math.ceil(created / 5000), version_conflicts: 0, noops: 0 },
  };
}
