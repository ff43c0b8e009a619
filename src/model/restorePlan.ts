// Paging logic of a restore by URN pattern, and of a restore of one URN whose
// aspects span more than one page. Pure: it takes the function that restores
// one page, so unit tests run it against the sandbox and a benchmark can reuse it.
//
// How a page is counted. DataHub selects up to `batchSize` rows (latest aspect
// versions, ordered by urn then aspect) from offset `start`, and every row it
// read ends up either migrated or ignored (unknown entity or aspect, unreadable
// value). So the rows a page covered are rowsMigrated + ignored, summed over the
// server's internal batches; a page that covered fewer than batchSize rows is the
// last one. Counting rowsMigrated alone would end the run early, and skip rows,
// whenever a full page held ignored rows.
import type { RestoreRequest, RestoreResult } from '../gms/types';

export const MAX_BATCH_SIZE = 10_000;
export const MAX_CONCURRENCY = 4;

export interface PageOutcome {
  start: number;
  /** Rows the page covered: rowsMigrated + ignored. */
  rows: number;
  rowsMigrated: number;
  ignored: number;
  durationMs: number;
  result: RestoreResult;
}

export interface PlanProgress {
  rowsMigrated: number;
  ignored: number;
  /** Requests answered so far, failed ones included. */
  requests: number;
  inFlight: number;
  /** Where a resume would start if the run stopped now. */
  nextStart: number;
}

export interface RestorePlanOptions {
  start: number;
  batchSize: number;
  /** false: one page only. */
  all: boolean;
  /** Pages in flight at once, 1..4 (default 1). */
  concurrency?: number;
  /** Page starts already known to be done (from an earlier run); not requested again. */
  skip?: Iterable<number>;
  restorePage: (start: number) => Promise<RestoreResult>;
  /** Aborting stops issuing new pages; pages in flight finish, so none is half-known. */
  signal?: AbortSignal;
  onPage?: (page: PageOutcome, progress: PlanProgress) => void;
  now?: () => number;
}

export type PlanStatus = 'completed' | 'cancelled' | 'failed';

export interface RestorePlanResult {
  status: PlanStatus;
  rowsMigrated: number;
  ignored: number;
  /** Requests sent and answered (a failed one counts). */
  requests: number;
  /**
   * Where a resume starts: the first page start not known to be done. For a run
   * that reached the end, the offset just past the last row seen.
   */
  nextStart: number;
  /** Starts of pages past nextStart that did finish: pass them as `skip` to a resume. */
  doneAfterNext: number[];
  /** True when a page came back short: there is nothing after nextStart. */
  reachedEnd: boolean;
  /** Successful pages in start order. */
  pages: PageOutcome[];
  /** The first failing page (lowest start) when status is 'failed'. */
  failure?: { start: number; error: unknown };
  durationMs: number;
}

/** Rows a restore answer covered (see the note at the top). */
export function pageRows(result: Pick<RestoreResult, 'rowsMigrated' | 'ignored'>): number {
  return result.rowsMigrated + result.ignored;
}

/** Problems with paging parameters, in words; undefined when fine. */
export function checkPaging(start: unknown, batchSize: unknown): string | undefined {
  if (typeof start !== 'number' || !Number.isInteger(start) || start < 0) return '`start` must be a whole number, 0 or more.';
  if (typeof batchSize !== 'number' || !Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
    return `\`batchSize\` must be a whole number from 1 to ${MAX_BATCH_SIZE}.`;
  }
  return undefined;
}

export function clampConcurrency(value: unknown): number {
  const n = typeof value === 'number' && Number.isFinite(value) ? Math.floor(value) : 1;
  return Math.min(MAX_CONCURRENCY, Math.max(1, n));
}

/**
 * Walks pages from the first start: the resume point is the first page not
 * done; a short page before that means the run reached the end.
 */
function resumePoint(
  start: number,
  batchSize: number,
  done: Map<number, PageOutcome>,
  skip: Set<number>,
): { nextStart: number; reachedEnd: boolean } {
  for (let s = start; ; s += batchSize) {
    const page = done.get(s);
    if (page) {
      if (page.rows < batchSize) return { nextStart: s + page.rows, reachedEnd: true };
      continue;
    }
    if (skip.has(s)) continue;
    return { nextStart: s, reachedEnd: false };
  }
}

export async function runRestorePlan(options: RestorePlanOptions): Promise<RestorePlanResult> {
  const { start, batchSize, all, restorePage, signal, onPage } = options;
  const problem = checkPaging(start, batchSize);
  if (problem) throw new Error(problem);
  const now = options.now ?? Date.now;
  const concurrency = all ? clampConcurrency(options.concurrency ?? 1) : 1;
  const skip = new Set([...(options.skip ?? [])].filter((s) => s >= start && (s - start) % batchSize === 0));
  const began = now();

  const done = new Map<number, PageOutcome>();
  const failures = new Map<number, unknown>();
  const inFlight = new Map<number, Promise<void>>();
  let requests = 0;
  let rowsMigrated = 0;
  let ignored = 0;
  let next = start;
  // Set once a page comes back short or fails: no page after it is worth sending.
  let stopAt = Number.POSITIVE_INFINITY;
  let issuedOne = false;

  // The resume point only moves forward (done pages are never undone), so each
  // progress report continues the walk where the last one stopped: linear over a run.
  let walkedTo = start;
  const nextStartNow = (): number => {
    for (;;) {
      const page = done.get(walkedTo);
      if (page) {
        if (page.rows < batchSize) return walkedTo + page.rows;
        walkedTo += batchSize;
      } else if (skip.has(walkedTo)) walkedTo += batchSize;
      else return walkedTo;
    }
  };

  const progress = (): PlanProgress => ({
    rowsMigrated,
    ignored,
    requests,
    inFlight: inFlight.size,
    nextStart: nextStartNow(),
  });

  const issue = (pageStart: number): void => {
    const t0 = now();
    const task = Promise.resolve().then(() => restorePage(pageStart)).then(
      (result) => {
        const outcome: PageOutcome = {
          start: pageStart,
          rows: pageRows(result),
          rowsMigrated: result.rowsMigrated,
          ignored: result.ignored,
          durationMs: now() - t0,
          result,
        };
        done.set(pageStart, outcome);
        requests++;
        rowsMigrated += outcome.rowsMigrated;
        ignored += outcome.ignored;
        if (outcome.rows < batchSize) stopAt = Math.min(stopAt, pageStart);
        inFlight.delete(pageStart);
        onPage?.(outcome, progress());
      },
      (error: unknown) => {
        // A page cut off by Cancel is simply not done: the resume point covers it.
        if (!signal?.aborted) failures.set(pageStart, error);
        requests++;
        stopAt = Math.min(stopAt, pageStart);
        inFlight.delete(pageStart);
      },
    );
    inFlight.set(pageStart, task);
  };

  for (;;) {
    while (inFlight.size < concurrency && next < stopAt && !signal?.aborted && (all || !issuedOne)) {
      if (skip.has(next)) {
        next += batchSize;
        continue;
      }
      issue(next);
      issuedOne = true;
      next += batchSize;
    }
    if (inFlight.size === 0) break;
    await Promise.race(inFlight.values());
  }

  const { nextStart, reachedEnd } = resumePoint(start, batchSize, done, skip);
  const failedStarts = [...failures.keys()].filter((s) => s < nextStart || s === nextStart).sort((a, b) => a - b);
  let status: PlanStatus;
  if (reachedEnd || (!all && done.has(start))) status = 'completed';
  else if (failedStarts.length > 0) status = 'failed';
  else status = signal?.aborted ? 'cancelled' : 'completed';
  const pages = [...done.values()].sort((a, b) => a.start - b.start);
  const doneAfterNext = [...new Set([...pages.map((p) => p.start), ...skip])].filter((s) => s > nextStart).sort((a, b) => a - b);
  return {
    status,
    rowsMigrated,
    ignored,
    requests,
    nextStart,
    doneAfterNext: reachedEnd ? [] : doneAfterNext,
    reachedEnd,
    pages,
    failure: status === 'failed' ? { start: failedStarts[0], error: failures.get(failedStarts[0]) } : undefined,
    durationMs: now() - began,
  };
}

/** Pages of one URN's aspects: older servers stop at batchSize rows (default 10). */
const MAX_URN_PAGES = 50;

export interface UrnRestoreResult {
  rowsMigrated: number;
  ignored: number;
  /** One answer per request, in order. */
  results: RestoreResult[];
  durationMs: number;
}

/**
 * Restores one URN (optionally one aspect). The first request carries only
 * `urn` (and `aspect`). Servers that stop after `batchSize` rows (older ones:
 * 10 by default) answer a full page when the URN has more aspects than that, so
 * a full page is followed by the next one, with `limit` so that newer servers
 * (which otherwise read on to the end) cover exactly that page.
 */
export async function restoreWholeUrn(
  restore: (request: RestoreRequest) => Promise<RestoreResult>,
  urn: string,
  aspect?: string,
  now: () => number = Date.now,
): Promise<UrnRestoreResult> {
  const began = now();
  const results: RestoreResult[] = [];
  const base: RestoreRequest = aspect ? { urn, aspect } : { urn };
  let request: RestoreRequest = base;
  for (let i = 0; i < MAX_URN_PAGES; i++) {
    const result = await restore(request);
    results.push(result);
    const size = Number.parseInt(result.args.batchSize ?? '', 10);
    if (!Number.isInteger(size) || size <= 0 || pageRows(result) < size) break;
    const start = request.start ?? 0;
    request = { ...base, start: start + size, batchSize: size, limit: size };
  }
  return {
    rowsMigrated: results.reduce((n, r) => n + r.rowsMigrated, 0),
    ignored: results.reduce((n, r) => n + r.ignored, 0),
    results,
    durationMs: now() - began,
  };
}

/**
 * The request for one page of a restore by pattern. `limit` equals `batchSize`
 * because newer servers read every row from `start` to the end when limit is 0
 * (their default); older servers ignore it and stop at batchSize anyway.
 */
export function patternPageRequest(p: { urnLike: string; aspect?: string; batchSize: number }, start: number): RestoreRequest {
  const request: RestoreRequest = { urnLike: p.urnLike, start, batchSize: p.batchSize, limit: p.batchSize };
  if (p.aspect) request.aspect = p.aspect;
  return request;
}
