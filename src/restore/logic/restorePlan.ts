// Paging logic of a restore by URN pattern. Pure: it takes the function that
// restores one page, so unit tests run it against the sandbox and a benchmark
// can reuse it.
//
// How a page is counted. DataHub selects rows (latest aspect versions, ordered by
// urn then aspect) from offset `start`, and every row it read ends up either
// migrated or ignored. So the rows a page covered are rowsMigrated + ignored,
// summed over the server's internal batches (counting rowsMigrated alone would
// end a run early whenever a full page held ignored rows).
//
// When a run ends. Newer servers catch a failing internal batch, log it and go on
// (EntityServiceImpl.restoreIndices in DataHub): the answer just has fewer result
// lines. A short page is therefore not proof of the end. A page that covered fewer
// rows than asked is the end only when the page after it covers none; otherwise it
// is an incomplete page, recorded (start, rows read) so exactly it can be re-run.
//
// Bounded. A run of 100,000 pages keeps counters, the short pages, the pages past
// the resume point and the last few answers: nothing per finished page.
import type { RestoreResult } from '../../gms/types';
import { MAX_BATCH_SIZE } from '../../gms/validate';
import { pageRows } from './restoreRequests';

export { MAX_BATCH_SIZE };
export const MAX_CONCURRENCY = 4;
/** Answers kept with their raw text at the end of a run (for the log). */
export const KEPT_ANSWERS = 5;

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

/** A page that covered fewer rows than asked, with rows after it: part of it failed on the server. */
export interface IncompletePage {
  start: number;
  /** Rows it covered (rowsMigrated + ignored). */
  read: number;
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
  /** Stop after this many rows from start (the last page asks for fewer). Default: no cap. */
  maxRows?: number;
  /** Restores one page of `rows` rows (batchSize, or fewer for the last page under maxRows). */
  restorePage: (start: number, rows: number) => Promise<RestoreResult>;
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
  /** Pages answered successfully. */
  pagesDone: number;
  /**
   * Where a resume starts: the first page start not known to be done. For a run
   * that reached the end, the offset just past the last row seen.
   */
  nextStart: number;
  /** Starts of pages past nextStart that did finish: pass them as `skip` to a resume. */
  doneAfterNext: number[];
  /** True when a short page was followed by an empty one (or maxRows was reached): nothing after nextStart. */
  reachedEnd: boolean;
  /** Short pages with rows after them (or not known yet, when the run stopped early), in start order. */
  incompletePages: IncompletePage[];
  /** The last answers, in start order (at most KEPT_ANSWERS). */
  lastPages: PageOutcome[];
  /** The first failing page (lowest start) when status is 'failed'. */
  failure?: { start: number; error: unknown };
  durationMs: number;
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

export async function runRestorePlan(options: RestorePlanOptions): Promise<RestorePlanResult> {
  const { start, batchSize, all, restorePage, signal, onPage } = options;
  const problem = checkPaging(start, batchSize);
  if (problem) throw new Error(problem);
  const now = options.now ?? Date.now;
  const concurrency = all ? clampConcurrency(options.concurrency ?? 1) : 1;
  const skip = new Set([...(options.skip ?? [])].filter((s) => s >= start && (s - start) % batchSize === 0));
  const limitEnd = options.maxRows !== undefined ? start + options.maxRows : Number.POSITIVE_INFINITY;
  const asked = (s: number): number => Math.min(batchSize, limitEnd - s);
  const began = now();

  /** Finished pages at or past the walk frontier (rows covered); pruned as the frontier moves. */
  const done = new Map<number, number>();
  /** Every page that covered fewer rows than asked: start -> rows. */
  const short = new Map<number, number>();
  const failures = new Map<number, unknown>();
  const inFlight = new Map<number, Promise<void>>();
  const kept: PageOutcome[] = [];
  let requests = 0;
  let pagesDone = 0;
  let rowsMigrated = 0;
  let ignored = 0;
  let next = start;
  /** The short page that ends the run (the page after it covered none). */
  let endAt = Number.POSITIVE_INFINITY;
  // Once the end or a failure is known, no page at or past this is worth sending.
  let stopAt = limitEnd;
  let issuedOne = false;
  /**
   * Short pages whose follower has not answered yet: until it does, no page past that follower is sent
   * (the follower decides end or incomplete page; pages past an end would be one wasted round at
   * concurrency > 1). A follower with rows lifts the hold.
   */
  const heldBy = new Set<number>();
  const holdAt = (): number => {
    let cap = Number.POSITIVE_INFINITY;
    for (const s of heldBy) cap = Math.min(cap, s + batchSize + 1);
    return cap;
  };

  // The frontier: every page before it is done or skipped. It only moves forward, so
  // the walk is linear over a run and `done` holds only pages past it. It stops at a
  // short page until the page after it is known (that decides end or incomplete).
  let walkedTo = start;
  const walk = (): { nextStart: number; reachedEnd: boolean } => {
    for (;;) {
      if (walkedTo >= limitEnd) return { nextStart: limitEnd, reachedEnd: true };
      const rows = done.get(walkedTo);
      if (rows !== undefined) {
        if (walkedTo === endAt) return { nextStart: walkedTo + rows, reachedEnd: true };
        const after = walkedTo + batchSize;
        if (short.has(walkedTo) && after < limitEnd && !done.has(after) && !skip.has(after)) {
          if (!all && rows === 0) return { nextStart: walkedTo, reachedEnd: true };
          return { nextStart: after, reachedEnd: false };
        }
        done.delete(walkedTo);
        walkedTo = after;
      } else if (skip.has(walkedTo)) walkedTo += batchSize;
      else return { nextStart: walkedTo, reachedEnd: false };
    }
  };

  /** A short page followed by an empty one ends the run at the short page. */
  const noteEnd = (s: number, rows: number): void => {
    const after = done.get(s + batchSize);
    if (rows < asked(s) && after === 0) endAt = Math.min(endAt, s);
    if (rows === 0 && short.has(s - batchSize) && s - batchSize >= start) endAt = Math.min(endAt, s - batchSize);
    if (endAt !== Number.POSITIVE_INFINITY) stopAt = Math.min(stopAt, endAt + batchSize + 1);
  };

  const progress = (): PlanProgress => ({ rowsMigrated, ignored, requests, inFlight: inFlight.size, nextStart: walk().nextStart });

  const issue = (pageStart: number): void => {
    const t0 = now();
    const size = asked(pageStart);
    const task = Promise.resolve()
      .then(() => restorePage(pageStart, size))
      .then(
        (result) => {
          const outcome: PageOutcome = {
            start: pageStart,
            rows: pageRows(result),
            rowsMigrated: result.rowsMigrated,
            ignored: result.ignored,
            durationMs: now() - t0,
            result,
          };
          requests++;
          pagesDone++;
          rowsMigrated += outcome.rowsMigrated;
          ignored += outcome.ignored;
          if (pageStart >= walkedTo) done.set(pageStart, outcome.rows);
          if (outcome.rows < size) short.set(pageStart, outcome.rows);
          heldBy.delete(pageStart - batchSize);
          const follower = pageStart + batchSize;
          if (outcome.rows < size && follower < limitEnd && !done.has(follower) && !skip.has(follower) && follower >= walkedTo) heldBy.add(pageStart);
          noteEnd(pageStart, outcome.rows);
          kept.push(outcome);
          if (kept.length > KEPT_ANSWERS) kept.shift();
          inFlight.delete(pageStart);
          onPage?.(outcome, progress());
        },
        (error: unknown) => {
          // A page cut off by Cancel is simply not done: the resume point covers it.
          if (!signal?.aborted) failures.set(pageStart, error);
          requests++;
          stopAt = Math.min(stopAt, pageStart);
          heldBy.delete(pageStart - batchSize);
          inFlight.delete(pageStart);
        },
      );
    inFlight.set(pageStart, task);
  };

  for (;;) {
    while (inFlight.size < concurrency && next < Math.min(stopAt, holdAt()) && !signal?.aborted && (all || !issuedOne)) {
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

  const { nextStart, reachedEnd } = walk();
  const failedStarts = [...failures.keys()].filter((s) => s <= nextStart).sort((a, b) => a - b);
  let status: PlanStatus;
  if (reachedEnd || (!all && pagesDone > 0)) status = 'completed';
  else if (failedStarts.length > 0) status = 'failed';
  else status = signal?.aborted ? 'cancelled' : 'completed';
  const doneAfterNext = reachedEnd ? [] : [...new Set([...done.keys(), ...skip])].filter((s) => s > nextStart).sort((a, b) => a - b);
  // One page on its own cannot tell a short end from a partly failed page: nothing is claimed.
  const incompletePages = [...short]
    .filter(([s]) => all && s < endAt && s < nextStart)
    .map(([s, read]) => ({ start: s, read }))
    .sort((a, b) => a.start - b.start);
  return {
    status,
    rowsMigrated,
    ignored,
    requests,
    pagesDone,
    nextStart,
    doneAfterNext,
    reachedEnd,
    incompletePages,
    lastPages: [...kept].sort((a, b) => a.start - b.start),
    failure: status === 'failed' ? { start: failedStarts[0], error: failures.get(failedStarts[0]) } : undefined,
    durationMs: now() - began,
  };
}

export { pageRows, patternPageRequest, restoreWholeUrn, type PatternPageParams, type UrnRestoreResult } from './restoreRequests';
