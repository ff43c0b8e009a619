// What a GC reading means, as findings, worst first, each not ok with its next step. Pure: no vscode import.
// The DataHub behaviour each one rests on (datahub-project/datahub):
//   gcMissing             bootstrap_mcps/ingestion-datahub-gc.yaml: every DataHub since 0.14 has the source; none is
//                         an older DataHub or a deleted source
//   gcNotRunning          IngestionScheduler.java schedules the source; the executor (datahub-actions) picks a request
//                         up and writes its result: requests without a result mean the executor is down (#12468), no
//                         request at all the scheduler
//   gcFailing             the run's status (FAILURE, TIMEOUT, ABORTED) and its report's failures (SourceReport)
//   gcStuck               the stages stop themselves at runtime_limit_seconds (soft_deleted_entity_cleanup.py,
//                         execution_request_cleanup.py, query_cleanup.py); a run RUNNING past their sum plus an hour
//                         is stuck (a run can stay RUNNING after its work ended, #17397)
//   deletionLimitReached  soft_deleted_entity_cleanup.py stops at limit_entities_delete (checked with `>`)
//   runRecordsUnbounded   dataprocess_cleanup.py is the only stage that removes dataProcessInstance run records; the
//                         bootstrap recipe turns it off
import { formatDateTime, formatDuration } from '../../shared/format';
import { intervalOf } from './cron';
import type { GcStage } from './recipe';
import type { GcCounts, GcFinding, GcRun, GcSourceView } from './types';

const H = 3_600_000;
/** The statuses of a run that ended in failure. */
export const FAILED_STATUSES: ReadonlySet<string> = new Set(['FAILURE', 'TIMEOUT', 'ABORTED']);
/** How many of the newest finished runs "recent" means. */
export const RECENT_RUNS = 3;
/** dataProcessInstance documents from which an unbounded run history is worth a warning. */
export const RUN_RECORDS_WARN = 1_000_000;
const MAX_TITLES_SAID = 3;

export interface FindingsInput {
  now: number;
  source: Pick<GcSourceView, 'schedule'> | null;
  stages: readonly GcStage[];
  /** Newest first. */
  runs: readonly GcRun[];
  counts?: GcCounts;
}

const n = (v: number): string => v.toLocaleString('en-US');
const stage = (stages: readonly GcStage[], id: GcStage['id']) => stages.find((s) => s.id === id);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const quoted = (titles: readonly string[]): string =>
  titles
    .slice(0, MAX_TITLES_SAID)
    .map((t) => `"${t}"`)
    .join(', ') + (titles.length > MAX_TITLES_SAID ? ` and ${titles.length - MAX_TITLES_SAID} more` : '');

/** The longest a run may take before it is stuck: the enabled stages' runtime limits, plus an hour. */
export function stuckAfter(stages: readonly GcStage[]): number {
  let seconds = 0;
  for (const s of stages) if (s.enabled) seconds += num(s.settings.runtime_limit_seconds) ?? 0;
  return seconds * 1000 + H;
}

function notRunning(input: FindingsInput): GcFinding | undefined {
  const { now, source, runs } = input;
  const schedule = source?.schedule;
  const picked = runs.find((r) => r.status !== null);
  const unpicked = runs.filter((r) => r.status === null);
  const period = schedule ? intervalOf(schedule.interval, schedule.timezone, now) : undefined;
  const allowed = 2 * (period ?? 24 * H);
  const lastPicked = picked?.requestedAt;
  if (lastPicked !== undefined && now - lastPicked <= allowed) return undefined;
  const since =
    lastPicked === undefined
      ? 'no run of it was ever picked up'
      : `its last run was requested ${formatDateTime(lastPicked)}, ${formatDuration(now - lastPicked)} ago`;
  const limit = `more than twice its interval (${formatDuration(allowed / 2)})`;
  if (unpicked.length > 0) {
    return {
      id: 'gcNotRunning',
      verdict: 'failing',
      summary: `The GC has not run for ${limit}: ${since}; ${unpicked.length} request(s) since have no result, so the executor (datahub-actions) is not picking them up.`,
      nextStep: 'check the datahub-actions pod or container (its logs, and that it reaches GMS), then read the GC again',
    };
  }
  if (!schedule) {
    return {
      id: 'gcNotRunning',
      verdict: 'failing',
      summary: `The GC has no schedule, so it runs only when started by hand: ${since}.`,
      nextStep: "give the datahub-gc source its schedule back (DataHub's default is 0 1 * * * UTC)",
    };
  }
  return {
    id: 'gcNotRunning',
    verdict: 'failing',
    summary: `The GC has not run for ${limit}: ${since}, and nothing was requested since, so DataHub's scheduler is not starting it.`,
    nextStep: "check GMS's logs for the ingestion scheduler (IngestionScheduler) and the schedule's cron and timezone, then read the GC again",
  };
}

function failing(runs: readonly GcRun[]): GcFinding | undefined {
  const finished = runs.filter((r) => r.status !== null && r.status !== 'RUNNING');
  let failed = 0;
  while (failed < finished.length && FAILED_STATUSES.has(finished[failed].status ?? '')) failed++;
  if (failed === 0) return undefined;
  const titles = [...new Set(finished.slice(0, failed).flatMap((r) => r.failures))];
  const last = finished[0];
  const said = titles.length > 0 ? `; the report's failures: ${quoted(titles)}` : '; its report names no failure';
  return {
    id: 'gcFailing',
    verdict: 'failing',
    summary: `The last ${failed === 1 ? 'run' : `${failed} runs`} of the GC failed (the newest ${last.status}, requested ${formatDateTime(last.requestedAt)})${said}.`,
    nextStep:
      "open the newest run's report (Show Ingestion Report) for the failure's detail, fix its cause, then let the next night run or start the GC by hand",
  };
}

function stuck(input: FindingsInput): GcFinding | undefined {
  const limit = stuckAfter(input.stages);
  const run = input.runs.find((r) => r.status === 'RUNNING' && input.now - (r.startTimeMs ?? r.requestedAt) > limit);
  if (!run) return undefined;
  const running = input.now - (run.startTimeMs ?? run.requestedAt);
  return {
    id: 'gcStuck',
    verdict: 'failing',
    summary: `A GC run (${run.id}) has been RUNNING for ${formatDuration(running)}, past its stages' runtime limits plus an hour (${formatDuration(limit)}): it is stuck, and a new night may not start while it runs.`,
    nextStep: 'cancel the run from the Ingestion view (Cancel Ingestion Run), check the datahub-actions logs, then start the GC again',
  };
}

function deletionLimit(input: FindingsInput): GcFinding | undefined {
  const recent = input.runs.filter((r) => r.status === 'SUCCESS' || (r.status !== null && FAILED_STATUSES.has(r.status))).slice(0, RECENT_RUNS);
  const key = 'softDeletedCleanup.limit_entities_delete';
  if (recent.length === 0 || !recent.every((r) => r.limitsReached.includes(key))) return undefined;
  const softStage = stage(input.stages, 'softDeletedCleanup');
  const limit = num(softStage?.settings.limit_entities_delete) ?? 25_000;
  const deleted = recent.map((r) => r.figures.hardDeleted ?? 0);
  const nights = recent.length === 1 ? 'The last night' : `Each of the last ${recent.length} nights`;
  let backlog = '';
  const counts = input.counts;
  if (counts) {
    const types = Array.isArray(softStage?.settings.entity_types)
      ? (softStage.settings.entity_types as unknown[]).filter((t): t is string => typeof t === 'string')
      : undefined;
    const wanted = types ? new Set(types.map((t) => t.toLowerCase())) : undefined;
    let total = 0;
    for (const [type, count] of counts.softDeleted) if (!wanted || wanted.has(type)) total += count;
    const perNight = Math.max(1, Math.max(...deleted, limit));
    backlog = ` ${n(total)} soft-deleted entities wait (${counts.source}): at this limit that takes about ${n(Math.ceil(total / perNight))} more night(s), and longer if more are soft-deleted meanwhile.`;
  }
  return {
    id: 'deletionLimitReached',
    verdict: 'warning',
    summary: `${nights} the GC stopped at its deletion limit (limit_entities_delete ${n(limit)}; hard-deleted ${deleted.map(n).join(', ')}).${backlog}`,
    nextStep:
      'raise soft_deleted_entities_cleanup.limit_entities_delete (and runtime_limit_seconds if the runs also hit it) for a few nights, or delete the backlog with Plan Entity Cleanup',
  };
}

function runRecords(input: FindingsInput): GcFinding | undefined {
  const dp = stage(input.stages, 'dataProcessCleanup');
  if (!dp || dp.enabled || !input.counts) return undefined;
  const total = input.counts.dataProcessInstances;
  if (total < RUN_RECORDS_WARN) return undefined;
  return {
    id: 'runRecordsUnbounded',
    verdict: 'warning',
    summary: `The GC's run-record cleanup (dataprocess_cleanup) is off while dataProcessInstance holds ${n(total)} documents (${input.counts.source}): nothing removes old run records, so they grow without bound.`,
    nextStep: 'turn dataprocess_cleanup on in the GC recipe (keep_last_n, retention_days), after a dry run of it, to keep the run history bounded',
  };
}

const RANK = { failing: 0, warning: 1, ok: 2 } as const;

/** The findings of a reading, worst first; `ok` alone when nothing is wrong. */
export function findingsOf(input: FindingsInput): GcFinding[] {
  if (!input.source) {
    return [
      {
        id: 'gcMissing',
        verdict: 'warning',
        summary:
          'This DataHub has no garbage collector (no source urn:li:dataHubIngestionSource:datahub-gc): a DataHub older than 0.14, or the source was deleted. Soft-deleted entities, run records and old execution requests are not cleaned up.',
        nextStep: "upgrade to DataHub 0.14 or later, or restore the datahub-gc source from DataHub's bootstrap recipe (ingestion-datahub-gc.yaml)",
      },
    ];
  }
  const found = [stuck(input), failing(input.runs), notRunning(input), deletionLimit(input), runRecords(input)].filter((f): f is GcFinding => f !== undefined);
  if (found.length > 0) return found.sort((a, b) => RANK[a.verdict] - RANK[b.verdict]);
  const last = input.runs.find((r) => r.status !== null);
  const when = last
    ? `its last run ${last.status} (requested ${formatDateTime(last.requestedAt)}, ${n(last.figures.hardDeleted ?? 0)} hard-deleted)`
    : 'no run read';
  return [{ id: 'ok', verdict: 'ok', summary: `The GC runs as scheduled: ${when}.` }];
}

/** The worst finding (the Doctor's line). */
export function worstFinding(findings: readonly GcFinding[]): GcFinding | undefined {
  return [...findings].sort((a, b) => RANK[a.verdict] - RANK[b.verdict])[0];
}
