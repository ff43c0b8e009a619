// The drift check, without VS Code: for a list of URNs, ask the database (entityExists)
// and search (a filter on `urn`) about each, 100 per request, a few requests at a time;
// for an entity type, run the server's consistency checks where it has them
// (ConsistencyController.java: they scan what search holds, page by scroll id, and
// orphan-index-document, OrphanIndexDocumentCheck.java, finds documents whose entity is
// gone) or else read search page by page (scrollAcrossEntities) and ask the database
// about each URN read. Memory stays flat: pages are dropped once counted.
import { isGmsError } from '../../gms/errors';
import type { ConsistencyCheckInfo, ConsistencyIssue, GmsClient } from '../../gms/types';
import { DRIFT_BATCH, SCROLL_PAGE } from '../../gms/graphql/driftQueries';
import { DriftTally, type SampleInfo } from './drift';
import { likeMatcher } from './like';
import { ScanGuard, type ScanLimits, type ScanStop } from './scanBounds';

/** Orphan issues kept for the fix (the count in the tally stays exact past it). */
export const MAX_KEPT_ISSUES = 10_000;

/** The on-demand check for documents whose entity is gone (OrphanIndexDocumentCheck.java). */
export { ORPHAN_CHECK } from './limits';
import { ORPHAN_CHECK } from './limits';
/** Requests in flight at once. */
export const DRIFT_CONCURRENCY = 4;
/** Documents read from search for a sample unless told otherwise. */
export const DEFAULT_SAMPLE = 10_000;

export type HealthScope =
  { kind: 'entityType'; entityType: string } | { kind: 'urnLike'; urnLike: string; entityType: string } | { kind: 'urns'; urns: string[] };

export interface DriftReport {
  scope: HealthScope;
  /** consistency: the server's checks; sample: search read and the database asked; urns: each URN asked both ways. */
  method: 'consistency' | 'sample' | 'urns';
  tally: DriftTally;
  /** What was read from search (entity type and pattern scopes). */
  sample?: SampleInfo;
  /** The orphan issues as the server's check reported them: a fix sends exactly these. */
  orphanIssues: ConsistencyIssue[];
  /** Findings of the server's other checks, per check id. */
  otherIssues: Record<string, number>;
  /** In the database, with status.removed: search hides them on purpose (not drift). */
  softDeleted: string[];
  /** The server has the consistency operations (so "search only" can be fixed through them). */
  consistency: boolean;
  checks: ConsistencyCheckInfo[];
  startedAt: number;
  durationMs: number;
  /** Why the scan ended before the server said it was done (the counts cover what was read). */
  stopped?: ScanStop;
}

export interface CheckOptions {
  signal?: AbortSignal;
  /** Documents read at most for a sample (entity type or pattern without consistency operations). */
  sampleLimit?: number;
  /** Progress: what was done so far, in words. */
  onProgress?: (done: number, total: number | undefined) => void;
  /** The scans' page and time caps (defaults in scanBounds.ts). */
  limits?: ScanLimits;
}

type Client = Pick<GmsClient, 'listConsistencyChecks' | 'checkConsistency' | 'search'>;

/** Runs `work` over the items, `limit` at a time, in order of start. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>, signal?: AbortSignal): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      signal?.throwIfAborted();
      await work(items[next++]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The server's checks for the type, or undefined when it has no consistency operations (404). */
export async function consistencyChecks(client: Client, entityType: string | undefined, signal?: AbortSignal): Promise<ConsistencyCheckInfo[] | undefined> {
  try {
    return await client.listConsistencyChecks(entityType, signal);
  } catch (error) {
    if (isGmsError(error) && error.status === 404) return undefined;
    throw error;
  }
}

function emptyReport(scope: HealthScope, method: DriftReport['method'], checks: ConsistencyCheckInfo[] | undefined): DriftReport {
  return {
    scope,
    method,
    tally: new DriftTally(),
    orphanIssues: [],
    otherIssues: {},
    softDeleted: [],
    consistency: checks !== undefined,
    checks: checks ?? [],
    startedAt: Date.now(),
    durationMs: 0,
  };
}

/** Each URN asked both ways; soft-deleted ones among "database only" are set apart. */
export async function checkUrns(client: Client, urns: string[], options: CheckOptions = {}, checks?: ConsistencyCheckInfo[]): Promise<DriftReport> {
  const report = emptyReport({ kind: 'urns', urns }, 'urns', checks);
  const unique = [...new Set(urns)];
  let done = 0;
  await pool(
    chunks(unique, DRIFT_BATCH),
    DRIFT_CONCURRENCY,
    async (batch) => {
      const { exists, found } = await client.search.checkDrift(batch, options.signal);
      for (const urn of batch) report.tally.add(urn, exists.get(urn) === true, found.has(urn));
      done += batch.length;
      options.onProgress?.(done, unique.length);
    },
    options.signal,
  );
  // Search filters out soft-deleted entities (status.removed): not drift, and a restore would not show them.
  const maybeRemoved = report.tally.urns.databaseOnly.slice(0, 200);
  await pool(
    maybeRemoved,
    DRIFT_CONCURRENCY,
    async (urn) => {
      const status = await client.search.checkSearchIndex(urn, options.signal);
      if (status.removed) {
        report.tally.remove(urn, 'databaseOnly');
        report.softDeleted.push(urn);
      }
    },
    options.signal,
  );
  report.durationMs = Date.now() - report.startedAt;
  return report;
}

/** The server's consistency checks over every document of the type (orphan-index-document named, with the default ones). */
async function checkWithConsistency(client: Client, report: DriftReport, entityType: string, options: CheckOptions): Promise<void> {
  const ids = [...new Set([ORPHAN_CHECK, ...report.checks.filter((c) => !c.onDemandOnly).map((c) => c.id)])];
  const guard = new ScanGuard('the consistency scan', options.limits);
  let scrollId: string | undefined;
  let scanned = 0;
  let estimate: number | undefined;
  do {
    options.signal?.throwIfAborted();
    const page = await client.checkConsistency({ entityType, checkIds: ids, batchSize: 1000, scrollId, keyAspectOnly: true }, options.signal);
    scanned += page.entitiesScanned;
    estimate = page.totalEstimate ?? estimate;
    for (const issue of page.issues) {
      if (issue.checkId === ORPHAN_CHECK) {
        report.tally.add(issue.entityUrn, false, true);
        if (report.orphanIssues.length < MAX_KEPT_ISSUES) report.orphanIssues.push(issue);
      } else if (issue.checkId) report.otherIssues[issue.checkId] = (report.otherIssues[issue.checkId] ?? 0) + 1;
    }
    options.onProgress?.(scanned, estimate);
    scrollId = page.issues.length === 0 && page.entitiesScanned === 0 ? undefined : page.scrollId;
    report.stopped = scrollId ? guard.next(scrollId) : undefined;
  } while (scrollId && !report.stopped);
  report.tally.counts.both += Math.max(0, scanned - report.tally.counts.searchOnly);
  report.sample = { checked: scanned, total: Math.max(scanned, estimate ?? scanned), complete: !report.stopped };
}

/** Search read page by page (at most sampleLimit documents); the database asked about each URN read. */
async function checkBySampling(client: Client, report: DriftReport, entityType: string, options: CheckOptions, keep?: (urn: string) => boolean): Promise<void> {
  const limit = options.sampleLimit ?? DEFAULT_SAMPLE;
  const guard = new ScanGuard('reading search', options.limits);
  let scrollId: string | undefined;
  let read = 0;
  let total = 0;
  let complete = false;
  while (read < limit) {
    options.signal?.throwIfAborted();
    const page = await client.search.scrollEntities([entityType], scrollId, Math.min(SCROLL_PAGE, limit - read), options.signal);
    total = page.total;
    read += page.urns.length;
    const urns = keep ? page.urns.filter(keep) : page.urns;
    await pool(
      chunks(urns, DRIFT_BATCH),
      DRIFT_CONCURRENCY,
      async (batch) => {
        const exists = await client.search.existInDatabase(batch, options.signal);
        for (const urn of batch) report.tally.add(urn, exists.get(urn) === true, true);
      },
      options.signal,
    );
    options.onProgress?.(read, total);
    scrollId = page.nextScrollId;
    if (!scrollId || page.urns.length === 0) {
      // The end of what search lets be read: all of it, unless the index holds more (an older server's search window).
      complete = read >= total;
      break;
    }
    report.stopped = guard.next(scrollId);
    if (report.stopped) break;
  }
  report.sample = { checked: read, total: Math.max(total, read), complete };
}

/** The drift of an entity type (or the entities of a pattern's type that match it). */
export async function checkScope(client: Client, scope: HealthScope, options: CheckOptions = {}): Promise<DriftReport> {
  if (scope.kind === 'urns') {
    const checks = await consistencyChecks(client, undefined, options.signal);
    return checkUrns(client, scope.urns, options, checks);
  }
  const checks = await consistencyChecks(client, scope.entityType, options.signal);
  const orphanOffered = checks?.some((c) => c.id === ORPHAN_CHECK) === true;
  // A pattern narrows below what the checks page over: read search and keep the matching URNs.
  const useChecks = scope.kind === 'entityType' && orphanOffered;
  const report = emptyReport(scope, useChecks ? 'consistency' : 'sample', checks);
  if (useChecks) await checkWithConsistency(client, report, scope.entityType, options);
  else await checkBySampling(client, report, scope.entityType, options, scope.kind === 'urnLike' ? likeMatcher(scope.urnLike) : undefined);
  report.durationMs = Date.now() - report.startedAt;
  return report;
}
