// The requests a restore sends: the pages of one URN whose aspects span more than
// one server batch, and one page of a restore by pattern (with the time window and
// the advanced options). Pure; the paging of a pattern run lives in restorePlan.ts.
import type { RestoreRequest, RestoreResult } from '../../gms/types';

/** Rows a restore answer covered: migrated plus ignored (a page is full when they reach its batch size; see restorePlan.ts). */
export function pageRows(result: Pick<RestoreResult, 'rowsMigrated' | 'ignored'>): number {
  return result.rowsMigrated + result.ignored;
}

/** Pages of one URN's aspects: older servers stop at batchSize rows (default 10). */
const MAX_URN_PAGES = 50;

/** What every restore reports, one URN or a pattern's pages: the one type the result shapes build on. */
export interface RestoreCounts {
  /** Rows the server wrote to the indices. */
  rowsMigrated: number;
  /** Rows it skipped (unknown aspects, failed reads). */
  ignored: number;
}

export interface UrnRestoreResult extends RestoreCounts {
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
export function patternPageRequest(p: PatternPageParams, start: number, rows = p.batchSize): RestoreRequest {
  const request: RestoreRequest = { urnLike: p.urnLike, start, batchSize: rows, limit: rows };
  if (p.aspect) request.aspect = p.aspect;
  if (p.window) {
    request.gePitEpochMs = p.window.gePitEpochMs;
    request.lePitEpochMs = p.window.lePitEpochMs;
  }
  if (p.createDefaultAspects) request.createDefaultAspects = true;
  return request;
}

export interface PatternPageParams {
  urnLike: string;
  aspect?: string;
  batchSize: number;
  /** Rows written in this window only (both bounds always sent; see restoreWindow.ts). */
  window?: { gePitEpochMs: number; lePitEpochMs: number };
  createDefaultAspects?: boolean;
}
