// The zero-downtime ("incremental") reindex of a system update, read from the state DataHub keeps:
// the dataHubUpgradeResult aspect of urn:li:dataHubUpgrade:BuildIndicesIncremental_<version> (phase 1:
// next index built, copied, alias swapped inside the blocking step only when the document counts agree)
// and of urn:li:dataHubUpgrade:IncrementalReindexCatchUp_<version> (phase 2: what was written meanwhile).
// Per-index keys are flattened into `result` as "<index>.<key>". Pure: no vscode import.
//
// DataHub sources:
//   metadata-io/src/main/java/com/linkedin/metadata/search/elasticsearch/indexbuilder/IncrementalReindexState.java
//     the prefixes, the keys (nextIndexName, oldBackingIndexName, reindexStartTime, reindexCompleteTime,
//     sourceDocCount, taskId, status, dualWriteStartTime; catchUpStatus, lastUrn) and the statuses
//     (PENDING | IN_PROGRESS | COMPLETED | FAILED | DUAL_WRITE_DISABLED; catch-up PENDING | COMPLETED | SKIPPED | FAILED).
//   datahub-upgrade/.../system/elasticsearch/steps/BuildIndicesIncrementalStep.java: a swap refused on a
//     document-count mismatch marks the index FAILED "so the next run reindexes from scratch".
//   datahub-upgrade/.../system/elasticsearch/steps/IncrementalReindexCatchUpStep.java: catch-up resumes
//     from lastUrn ("Resuming catch-up for index {} from URN: {}").
//   metadata-service/factories/src/main/java/com/linkedin/gms/factory/entity/update/indices/UpdateIndicesUpgradeStrategyFactory.java:
//     the version is String.format("%s-%s", gitVersion.getVersion(), DATAHUB_REVISION ?: "0"); gitVersion is what
//     GMS's GET /config reports under versions["acryldata/datahub"].version, so a client builds the URN from that
//     and the revision the system update ran with (DATAHUB_REVISION; "0" when unset).
import type { UpgradeResultAspect } from '../../../gms/upgradeTypes';
import { formatDuration } from '../../../shared/format';
import type { IndexProgress, IndexState, UpgradeState } from './reindexState';

export const PHASE1_PREFIX = 'BuildIndicesIncremental';
export const CATCH_UP_PREFIX = 'IncrementalReindexCatchUp';

/** The upgrade version DataHub writes its state under: "<GMS version>-<revision>". */
export function upgradeVersion(gmsVersion: string, revision = '0'): string {
  return `${gmsVersion}-${revision}`;
}

export function incrementalUrns(version: string): { phase1: string; catchUp: string } {
  return { phase1: `urn:li:dataHubUpgrade:${PHASE1_PREFIX}_${version}`, catchUp: `urn:li:dataHubUpgrade:${CATCH_UP_PREFIX}_${version}` };
}

export type IncrementalPhase =
  'pending' | 'copying' | 'copied' | 'swapped' | 'dualWrites' | 'catchUpPending' | 'catchUpDone' | 'catchUpSkipped' | 'catchUpFailed' | 'failed';

/**
 * An index of the incremental path. It is also an IndexProgress (state, dest = nextIndexName, task = taskId,
 * total = sourceDocCount, done/percent/docsPerSecond/etaMs while copying), so both paths share one shape.
 */
export interface IncrementalIndex extends IndexProgress {
  /** Phase 1's status as DataHub wrote it. */
  status: string;
  phase: IncrementalPhase;
  nextIndexName?: string;
  oldBackingIndexName?: string;
  taskId?: string;
  sourceDocCount?: number;
  reindexStartTime?: number;
  reindexCompleteTime?: number;
  dualWriteStartTime?: number;
  catchUpStatus?: string;
  /** The catch-up's cursor: where the next run resumes. */
  lastUrn?: string;
}

const STATE_OF: Record<IncrementalPhase, IndexState> = {
  pending: 'running',
  copying: 'running',
  copied: 'verifying',
  swapped: 'done',
  dualWrites: 'done',
  catchUpPending: 'done',
  catchUpDone: 'done',
  catchUpSkipped: 'done',
  catchUpFailed: 'failed',
  failed: 'failed',
};

/** "<index>.<key>" → per index, in the order the map names them. */
function perIndex(result: Record<string, string> | undefined): Map<string, Record<string, string>> {
  const out = new Map<string, Record<string, string>>();
  for (const [key, value] of Object.entries(result ?? {})) {
    const dot = key.lastIndexOf('.');
    if (dot <= 0) continue;
    const index = key.slice(0, dot);
    const entry = out.get(index) ?? {};
    entry[key.slice(dot + 1)] = value;
    out.set(index, entry);
  }
  return out;
}

const num = (v: string | undefined): number | undefined => (v !== undefined && /^\d{1,16}$/.test(v) ? Number(v) : undefined);

function phaseOf(status: string, s: Record<string, string>, catchUp: string | undefined): IncrementalPhase {
  if (status === 'FAILED') return 'failed';
  if (status === 'PENDING') return 'pending';
  if (status === 'IN_PROGRESS') return s.reindexCompleteTime ? 'copied' : 'copying';
  if (catchUp === 'COMPLETED') return 'catchUpDone';
  if (catchUp === 'SKIPPED') return 'catchUpSkipped';
  if (catchUp === 'FAILED') return 'catchUpFailed';
  if (catchUp === 'PENDING') return 'catchUpPending';
  return s.dualWriteStartTime ? 'dualWrites' : 'swapped';
}

export const SWAP_REFUSED =
  'phase 1 FAILED (the alias swap is refused when the next index has not the document count of the source, or the copy failed): the live index is untouched, and the next run of the system update reindexes this index again from scratch';

/** The indices as the two aspects describe them (either may be missing). */
export function incrementalIndices(phase1: UpgradeResultAspect | undefined, catchUp: UpgradeResultAspect | undefined): IncrementalIndex[] {
  const one = perIndex(phase1?.result);
  const two = perIndex(catchUp?.result);
  const out: IncrementalIndex[] = [];
  for (const [index, s] of one) {
    const c = two.get(index) ?? {};
    const status = s.status ?? 'PENDING';
    const phase = phaseOf(status, s, c.catchUpStatus);
    const entry: IncrementalIndex = { index, status, phase, state: STATE_OF[phase], retriggers: 0 };
    const put = <K extends keyof IncrementalIndex>(k: K, v: IncrementalIndex[K] | undefined) => {
      if (v !== undefined) entry[k] = v;
    };
    put('nextIndexName', s.nextIndexName);
    put('dest', s.nextIndexName);
    put('oldBackingIndexName', s.oldBackingIndexName);
    put('taskId', s.taskId);
    put('task', s.taskId);
    put('sourceDocCount', num(s.sourceDocCount));
    put('total', num(s.sourceDocCount));
    put('reindexStartTime', num(s.reindexStartTime));
    put('reindexCompleteTime', num(s.reindexCompleteTime));
    put('dualWriteStartTime', num(s.dualWriteStartTime));
    put('catchUpStatus', c.catchUpStatus);
    put('lastUrn', c.lastUrn);
    if (phase === 'failed') entry.reason = SWAP_REFUSED;
    if (phase === 'catchUpFailed') {
      entry.reason = `catch-up FAILED${c.lastUrn ? ` at ${c.lastUrn}` : ''}: the index is live and swapped, but writes made during the copy may be missing from it; the next run of the non-blocking system update resumes the catch-up${c.lastUrn ? ' from that URN' : ''}`;
    }
    out.push(entry);
  }
  return out;
}

/** What a running copy's task says: documents copied of the total and how long it ran. */
export interface CopyTask {
  created: number;
  total: number;
  runningMs?: number;
  completed: boolean;
}

/** Adds the copy's progress and time left to a copying index. */
export function withCopyProgress(i: IncrementalIndex, task: CopyTask | undefined): IncrementalIndex {
  if (!task || i.phase !== 'copying' || !(task.total > 0)) return i;
  const out: IncrementalIndex = { ...i, done: task.created, percent: (task.created * 100) / task.total };
  if (task.runningMs && task.runningMs > 0 && task.created > 0) {
    out.docsPerSecond = task.created / (task.runningMs / 1000);
    if (!task.completed) out.etaMs = ((task.total - task.created) / out.docsPerSecond) * 1000;
  }
  return out;
}

const TERMINAL_CATCH_UP = new Set(['catchUpDone', 'catchUpSkipped']);

export function incrementalState(
  phase1: UpgradeResultAspect | undefined,
  catchUp: UpgradeResultAspect | undefined,
  indices: readonly IncrementalIndex[],
  jobFailed: string | undefined,
): UpgradeState {
  const failed = indices.find((i) => i.phase === 'failed');
  if (failed) return { kind: 'failed', reason: `${failed.index}: ${SWAP_REFUSED}`, index: failed.index };
  const caught = indices.find((i) => i.phase === 'catchUpFailed');
  if (caught) return { kind: 'failed', reason: `${caught.index}: ${caught.reason ?? 'catch-up FAILED'}`, index: caught.index };
  if (phase1?.state === 'FAILED' || phase1?.state === 'ABORTED')
    return {
      kind: 'failed',
      reason: `the incremental reindex reported ${phase1.state}; the next run of the system update starts the unfinished indices again`,
    };
  if (catchUp?.state === 'FAILED') return { kind: 'failed', reason: 'the catch-up reported FAILED; the next run of the non-blocking system update resumes it' };
  if (jobFailed) return { kind: 'failed', reason: jobFailed };
  if (indices.length > 0 && indices.every((i) => TERMINAL_CATCH_UP.has(i.phase))) return { kind: 'succeeded' };
  if (catchUp?.state === 'SUCCEEDED' && indices.every((i) => i.phase !== 'copying' && i.phase !== 'copied' && i.phase !== 'pending'))
    return { kind: 'succeeded' };
  return phase1 === undefined ? { kind: 'starting' } : { kind: 'running' };
}

const n = (v: number): string => Math.round(v).toLocaleString('en-US');

export const PHASE_WORDS: Record<IncrementalPhase, string> = {
  pending: 'waiting to be copied',
  copying: 'copying',
  copied: 'copied, waiting for the swap',
  swapped: 'swapped',
  dualWrites: 'swapped, dual writes on',
  catchUpPending: 'catch-up pending',
  catchUpDone: 'catch-up done',
  catchUpSkipped: 'catch-up skipped (nothing written meanwhile)',
  catchUpFailed: 'catch-up FAILED',
  failed: 'FAILED (swap refused)',
};

/** One line for an index's row. */
export function incrementalLine(i: IncrementalIndex): string {
  const parts: string[] = [PHASE_WORDS[i.phase]];
  if (i.phase === 'copying') {
    if (i.done !== undefined && i.sourceDocCount !== undefined) parts.push(`${n(i.done)}/${n(i.sourceDocCount)} docs (${(i.percent ?? 0).toFixed(1)}%)`);
    if (i.taskId) parts.push(`task ${i.taskId}`);
    if (i.etaMs !== undefined) parts.push(`ETA ${formatDuration(i.etaMs)}`);
  } else if (i.sourceDocCount !== undefined) parts.push(`${n(i.sourceDocCount)} docs`);
  if (i.nextIndexName && i.phase !== 'pending') parts.push(`→ ${i.nextIndexName}`);
  if (i.lastUrn && i.phase !== 'catchUpDone') parts.push(`cursor ${i.lastUrn}`);
  return parts.join(' · ');
}

/** Time left: the copying index's own, plus the pending indices' documents at its rate. */
export function incrementalEtaMs(indices: readonly IncrementalIndex[]): number | undefined {
  const copying = indices.find((i) => i.phase === 'copying' && i.etaMs !== undefined);
  if (!copying?.docsPerSecond) return undefined;
  const pendingDocs = indices.filter((i) => i.phase === 'pending').reduce((t, i) => t + (i.sourceDocCount ?? 0), 0);
  return (copying.etaMs ?? 0) + (pendingDocs / copying.docsPerSecond) * 1000;
}

export function incrementalMessage(job: string, state: UpgradeState, indices: readonly IncrementalIndex[]): string {
  const swapped = indices.filter((i) => !['pending', 'copying', 'copied', 'failed'].includes(i.phase)).length;
  const caught = indices.filter((i) => TERMINAL_CATCH_UP.has(i.phase)).length;
  const copying = indices.find((i) => i.phase === 'copying');
  const eta = incrementalEtaMs(indices);
  switch (state.kind) {
    case 'starting':
      return `System update ${job} runs the incremental (zero-downtime) reindex; DataHub has not recorded its state yet.`;
    case 'running':
      return `System update ${job}, incremental reindex: ${swapped} of ${indices.length} indices swapped, ${caught} caught up${copying ? `; copying ${copying.index} at ${(copying.percent ?? 0).toFixed(1)}%` : ''}${eta !== undefined ? `; about ${formatDuration(eta)} of copying left` : ''}.`;
    case 'succeeded':
      return `System update ${job}, incremental reindex done: ${indices.length} ${indices.length === 1 ? 'index' : 'indices'} swapped and caught up.`;
    case 'failed':
      return `System update ${job}, incremental reindex FAILED: ${state.reason}.`;
    case 'disagree':
      return `System update ${job} ended unclearly: ${state.reason}.`;
  }
}

/**
 * The system-update Job has ended and the incremental reindex is not done (the catch-up has not
 * started, or has stopped recording): how long the recorded state has not changed since. The catch-up
 * runs in the non-blocking system update (IncrementalReindexCatchUpStep), which may never be run; a
 * watch that waited for it without end would be a loop that never ends.
 */
export class QuietAfterJob {
  private seen?: string;
  private since?: number;
  /** The quiet time in ms once the Job has ended; undefined while it runs. */
  note(jobEnded: boolean, indices: readonly IncrementalIndex[], now: number): number | undefined {
    if (!jobEnded) return (this.since = this.seen = undefined);
    const seen = JSON.stringify(indices.map((i) => [i.index, i.phase, i.status, i.catchUpStatus, i.lastUrn]));
    if (seen !== this.seen || this.since === undefined) [this.seen, this.since] = [seen, now];
    return now - this.since;
  }
}

/** Why a watch stopped after the Job ended with the catch-up not done, and what to do next. */
export function catchUpNotDoneMessage(job: string, quietMs: number, indices: readonly IncrementalIndex[]): string {
  const waiting = indices.filter((i) => !TERMINAL_CATCH_UP.has(i.phase)).map((i) => i.index);
  return (
    `Stopped watching system update ${job}: its Job has ended and nothing recorded has changed for ${formatDuration(quietMs)}; ` +
    `the catch-up is not done for ${waiting.length ? waiting.join(', ') : 'every index'}. It runs in the non-blocking system update ` +
    '(the system-update-nonblocking Job): run it, then Watch Again.'
  );
}
