// Reads the ingestion sources and their runs of a window: the sources page by page with each one's newest runs,
// the SYSTEM ones (DataHub's GC) through the web UI's filter, then more of a source's runs only while they are
// still within the window. Every loop ends on its own (our limits, as well as the server's totals) and takes
// the cancel signal. Pure: it takes the client's ingestion operations, no vscode.
import type { IngestionOperations, ExecutionRequestInfo, IngestionSourceInfo } from '../../gms/types';
import { findingsOf, listingMessage, type IngestionFinding } from './findings';
import { runsOf, sourceRow, type IngestionRun, type SourceRow } from './runs';

export const SOURCES_PAGE = 50;
/** Runs read with each source in the listing request, then per page for a source with more in the window. */
export const RUNS_WITH_SOURCE = 20;
export const RUNS_PAGE = 50;
/** Our limits: sources read at most, runs of one source. */
export const MAX_SOURCES = 2_000;
export const MAX_RUNS_PER_SOURCE = 500;

export interface IngestionListing {
  message: string;
  sources: SourceRow[];
  runs: IngestionRun[];
  findings: IngestionFinding[];
  /** A limit of ours stopped the reading before the server's total. */
  capped?: boolean;
}

export interface ListingQuery {
  hours: number;
  source?: string;
}

function aborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw signal.reason instanceof Error ? signal.reason : new Error('cancelled');
}

/** Every SYSTEM source's URN (few: the GC). */
async function systemUrns(ops: IngestionOperations, signal?: AbortSignal): Promise<Set<string>> {
  const out = new Set<string>();
  for (let start = 0; start < MAX_SOURCES; start += SOURCES_PAGE) {
    aborted(signal);
    const page = await ops.listSources({ start, count: SOURCES_PAGE, runs: 0, systemOnly: true }, signal);
    for (const s of page.sources) out.add(s.urn);
    if (page.sources.length === 0 || start + page.sources.length >= page.total) break;
  }
  return out;
}

export async function readIngestion(
  ops: IngestionOperations,
  connection: string,
  query: ListingQuery,
  now: number,
  signal?: AbortSignal,
): Promise<IngestionListing> {
  const windowMs = query.hours * 3_600_000;
  const system = systemUrns(ops, signal);
  // Awaited after the listing; a listing that fails first must not leave this one unhandled.
  system.catch(() => undefined);
  const sources: Array<{ info: IngestionSourceInfo; requests: ExecutionRequestInfo[]; total: number }> = [];
  let capped = false;
  for (let start = 0; ; start += SOURCES_PAGE) {
    aborted(signal);
    if (start >= MAX_SOURCES) {
      capped = true;
      break;
    }
    const page = await ops.listSources({ start, count: SOURCES_PAGE, runs: RUNS_WITH_SOURCE }, signal);
    for (const s of page.sources) {
      if (query.source === undefined || s.urn === query.source) sources.push({ info: s, requests: s.runs.requests, total: s.runs.total });
    }
    if (page.sources.length === 0 || start + page.sources.length >= page.total) break;
  }
  // More runs of a source only while the last one read is still in the window (newest first).
  for (const s of sources) {
    while (s.requests.length < s.total) {
      aborted(signal);
      const last = s.requests.at(-1);
      if (last && now - last.requestedAt > windowMs) break;
      if (s.requests.length >= MAX_RUNS_PER_SOURCE) {
        capped = true;
        break;
      }
      const page = await ops.sourceRuns(s.info.urn, s.requests.length, RUNS_PAGE, signal);
      if (page.requests.length === 0) break;
      s.requests.push(...page.requests);
    }
  }
  const systemSet = await system;
  const rows = sources.map((s) => sourceRow(s.info, systemSet.has(s.info.urn)));
  const runs = sources.flatMap((s) => runsOf(s.info, s.requests, now, windowMs)).sort((a, b) => b.requestedAt - a.requestedAt);
  const findings = findingsOf(rows, runs, now);
  return {
    message: listingMessage(connection, query.hours, rows, runs, findings, capped),
    sources: rows,
    runs,
    findings,
    ...(capped ? { capped } : {}),
  };
}
