// What an entity cleanup would delete, found page by page and streamed out, so that 100,000 URNs cost
// no more memory than one page: the count, a sample and the figures per job are all it keeps. Two cases,
// as DataHub's own garbage collection has them (metadata-ingestion/src/datahub/ingestion/source/gc/):
//   softDeleted  the soft-deleted entities of a type soft-deleted more than D days ago, to delete for good
//                (soft_deleted_entity_cleanup.py lists them with the filter removed=true, reads each one's status
//                aspect and hard-deletes it only when that aspect was written more than retention_days ago, default
//                10; the others are "retained due to age"). Here the status times are read in batches after each
//                page; a URN whose time cannot be read is kept and counted, never planned on a guess;
//   runs         dataProcessInstance runs beyond the last N of each data job AND older than D days, to
//                soft-delete (dataprocess_cleanup.py; its defaults keep_last_n 5 and retention_days 10).
//                The GC deletes a run that meets either rule; this plan asks both, so the newest N runs of
//                a job and every run of the last D days stay whatever happens. A run without a creation
//                time is kept (the GC deletes it): what cannot be dated is not planned.
// Every loop ends on its own (no next page, a repeated scroll id, a page past the total, or our own limits:
// MAX_LISTED URNs or jobs read and the pages they take, whatever the server's total says) and takes the
// cancel signal. No vscode here.
import type { JobListing, JobRunsPage, SearchPage } from '../../gms/types';
import { MAX_RUNS_PER_JOB, STATUS_BATCH } from '../../gms/cleanupTypes';

/** The GC's defaults (dataprocess_cleanup.py DataProcessCleanupConfig; retention_days 10 in SoftDeletedEntitiesCleanupConfig too). */
export const DEFAULT_KEEP_LAST = 5;
export const DEFAULT_OLDER_THAN_DAYS = 10;
export const SAMPLE_SIZE = 20;
/** Jobs named in the figures at most (the ones with most to delete). */
export const MAX_JOBS_NAMED = 100;
const DAY = 86_400_000;
/** Our own bound on a plan's listing (soft-deleted URNs or data jobs read), whatever the server's total says. */
export const MAX_LISTED = 1_000_000;

/**
 * A URN the plan can list: of the type asked, and one line of the plan file. A control character (a line
 * break above all) would split one server URN into two lines, and the apply would delete what the server
 * never named: such a URN is left out and counted.
 */
function plannable(urn: string, prefix: string): boolean {
  // eslint-disable-next-line no-control-regex
  return urn.startsWith(prefix) && !/[\u0000-\u001f\u007f]/.test(urn);
}

export type CleanupKind = 'softDeleted' | 'runs';

export interface CleanupQuery {
  entityType: string;
  kind: CleanupKind;
  /** runs only. */
  keepLastPerJob?: number;
  /** runs: created more than this many days ago; softDeleted: soft-deleted (status written) more than this many days ago. */
  olderThanDays?: number;
}

export interface JobFigures {
  job: string;
  /** The job's runs read (at most 9,000, DataHub's search window less a margin). */
  runs: number;
  kept: number;
  toDelete: number;
}

export interface PlanFigures {
  count: number;
  sample: string[];
  /** runs: the jobs with something to delete, most first (at most MAX_JOBS_NAMED). */
  byJob?: JobFigures[];
  /** runs: jobs read, and jobs with more runs than could be read. */
  jobsRead?: number;
  jobsCut?: string[];
  /** runs: runs without a creation time, kept. */
  undated?: number;
  /** URNs of the type asked that hold a control character (a line break): never planned. */
  unlistable?: number;
  /** softDeleted: soft-deleted less than olderThanDays ago, kept (the GC's "retained due to age"). */
  keptForAge?: number;
  /** softDeleted: no time could be read for their status (no status aspect, no audit stamp), kept. */
  keptUnread?: number;
  /** Set when the listing stopped at our own limit (the limit): what lies beyond it is not planned. */
  cutAt?: number;
}

/** The reads a plan needs (the search client's). */
export interface CleanupReads {
  softDeleted(entityType: string, scrollId: string | undefined, count: number, signal?: AbortSignal): Promise<SearchPage>;
  dataJobs(scrollId: string | undefined, count: number, signal?: AbortSignal): Promise<JobListing>;
  jobRuns(jobUrn: string, start: number, count: number, signal?: AbortSignal): Promise<JobRunsPage>;
  /** When each URN's status (removed: true) was written, epoch ms; at most STATUS_BATCH URNs of one type. Left out: unknown. */
  statusWritten(urns: readonly string[], signal?: AbortSignal): Promise<Map<string, number>>;
}

export interface PlanOptions {
  signal?: AbortSignal;
  now?: number;
  pageSize?: number;
  /** Our bound on the URNs (or jobs) listed (default MAX_LISTED); the pages are bounded by it too. */
  limit?: number;
  /** After each page (awaited: a file sink flushes here): URNs found so far. */
  onProgress?: (found: number) => void | Promise<void>;
}

function stopIfCancelled(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw Object.assign(new Error('The cleanup plan was cancelled; nothing was deleted.'), { name: 'AbortError' });
}

/**
 * Pages a scroll until it ends: no next id, the same id twice (the GC's guard), more pages than the
 * first answer's total allows (a server that never says "last"), or more than our own `maxPages`.
 */
async function* pages<P extends { nextScrollId?: string; total: number }>(
  read: (scrollId: string | undefined) => Promise<P>,
  pageSize: number,
  signal: AbortSignal | undefined,
  maxPages: number,
): AsyncGenerator<P> {
  let scrollId: string | undefined;
  let limit = maxPages;
  for (let n = 0; n < limit; n++) {
    stopIfCancelled(signal);
    const page = await read(scrollId);
    if (n === 0) limit = Math.min(maxPages, Math.ceil(page.total / pageSize) + 2);
    yield page;
    if (page.nextScrollId === undefined || page.nextScrollId === scrollId) return;
    scrollId = page.nextScrollId;
  }
}

/** Streams the planned URNs to `add` (in the order found) and resolves the figures. */
export async function planCleanup(reads: CleanupReads, query: CleanupQuery, add: (urn: string) => void, options: PlanOptions = {}): Promise<PlanFigures> {
  const pageSize = options.pageSize ?? 1000;
  const { signal } = options;
  const listLimit = options.limit ?? MAX_LISTED;
  const maxPages = Math.ceil(listLimit / pageSize) + 2;
  let listed = 0;
  let cutAt: number | undefined;
  const sample: string[] = [];
  let count = 0;
  let unlistable = 0;
  const take = (urn: string) => {
    count++;
    if (sample.length < SAMPLE_SIZE) sample.push(urn);
    add(urn);
  };
  const cutoff = (options.now ?? Date.now()) - (query.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS) * DAY;
  if (query.kind === 'softDeleted') {
    const seen = new Set<string>();
    let keptForAge = 0;
    let keptUnread = 0;
    /** The page's URNs whose status time is read next: at most one page, never the whole listing. */
    const batch: string[] = [];
    const decide = async () => {
      for (let i = 0; i < batch.length; i += STATUS_BATCH) {
        stopIfCancelled(signal);
        const part = batch.slice(i, i + STATUS_BATCH);
        const written = await reads.statusWritten(part, signal);
        for (const urn of part) {
          const time = written.get(urn);
          if (time === undefined) keptUnread++;
          else if (time >= cutoff) keptForAge++;
          else take(urn);
        }
      }
      batch.length = 0;
    };
    for await (const page of pages((id) => reads.softDeleted(query.entityType, id, pageSize, signal), pageSize, signal, maxPages)) {
      for (const urn of page.urns) {
        if (listed >= listLimit) {
          cutAt = listLimit;
          break;
        }
        listed++;
        // Only this type (a server that ignores the type filter must not widen the plan), each URN once (a scroll
        // may repeat the last URN of a page: the set holds it).
        if (seen.has(urn)) continue;
        if (plannable(urn, `urn:li:${query.entityType}:`)) {
          seen.add(urn);
          batch.push(urn);
        } else if (urn.startsWith(`urn:li:${query.entityType}:`)) unlistable++;
      }
      await decide();
      seen.clear();
      if (page.urns.length > 0) seen.add(page.urns[page.urns.length - 1]);
      await options.onProgress?.(count);
      if (cutAt !== undefined) break;
    }
    return {
      count,
      sample,
      ...(unlistable ? { unlistable } : {}),
      ...(keptForAge ? { keptForAge } : {}),
      ...(keptUnread ? { keptUnread } : {}),
      ...(cutAt !== undefined ? { cutAt } : {}),
    };
  }

  const keep = query.keepLastPerJob ?? DEFAULT_KEEP_LAST;
  const byJob: JobFigures[] = [];
  const cut: string[] = [];
  let jobsRead = 0;
  let undated = 0;
  for await (const page of pages((id) => reads.dataJobs(id, pageSize, signal), pageSize, signal, maxPages)) {
    for (const job of page.jobs) {
      if (jobsRead >= listLimit) {
        cutAt = listLimit;
        break;
      }
      jobsRead++;
      if (job.runs <= keep) continue;
      // The job's runs (at most 9,000), sorted here too: the plan does not rest on the server's order.
      const runs: Array<{ urn: string; created?: number }> = [];
      const runPage = 500;
      for (let start = 0; start < MAX_RUNS_PER_JOB; start += runPage) {
        stopIfCancelled(signal);
        const got = await reads.jobRuns(job.urn, start, runPage, signal);
        runs.push(...got.runs);
        if (got.runs.length < runPage || start + runPage >= got.total) break;
        if (start + runPage >= MAX_RUNS_PER_JOB) cut.push(job.urn);
      }
      runs.sort((a, b) => (b.created ?? Number.POSITIVE_INFINITY) - (a.created ?? Number.POSITIVE_INFINITY));
      let toDelete = 0;
      const seen = new Set<string>();
      for (const [i, run] of runs.entries()) {
        if (seen.has(run.urn) || !run.urn.startsWith('urn:li:dataProcessInstance:')) continue;
        if (!plannable(run.urn, 'urn:li:dataProcessInstance:')) {
          unlistable++;
          continue;
        }
        seen.add(run.urn);
        if (run.created === undefined) {
          undated++;
          continue;
        }
        if (i >= keep && run.created < cutoff) {
          toDelete++;
          take(run.urn);
        }
      }
      if (toDelete > 0) {
        byJob.push({ job: job.urn, runs: runs.length, kept: runs.length - toDelete, toDelete });
        if (byJob.length > MAX_JOBS_NAMED * 2) trimJobs(byJob);
      }
      await options.onProgress?.(count);
    }
    if (cutAt !== undefined) break;
  }
  trimJobs(byJob);
  return {
    count,
    sample,
    byJob,
    jobsRead,
    ...(cut.length ? { jobsCut: cut.slice(0, MAX_JOBS_NAMED) } : {}),
    ...(undated ? { undated } : {}),
    ...(unlistable ? { unlistable } : {}),
    ...(cutAt !== undefined ? { cutAt } : {}),
  };
}

function trimJobs(byJob: JobFigures[]): void {
  byJob.sort((a, b) => b.toDelete - a.toDelete || (a.job < b.job ? -1 : 1));
  byJob.length = Math.min(byJob.length, MAX_JOBS_NAMED);
}
