// The GraphQL reads of an entity cleanup (../cleanupTypes.ts names the DataHub files): soft-deleted
// entities of a type, data jobs with their number of runs, and one job's runs newest first.
import type { JobListing, JobRunsPage } from '../cleanupTypes';
import type { ParseOutcome } from './queries';

export const SOFT_DELETED_QUERY = `query softDeletedEntities($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn } } }
}`;

/** Only soft-deleted documents: a filter on "removed" replaces search's default removed=false one (ESUtils). */
export function softDeletedVariables(graphqlType: string, scrollId: string | undefined, count: number): Record<string, unknown> {
  return {
    input: {
      types: [graphqlType],
      query: '*',
      count,
      orFilters: [{ and: [{ field: 'removed', values: ['true'], condition: 'EQUAL' }] }],
      searchFlags: { includeSoftDeleted: true, skipHighlighting: true, skipAggregates: true },
      ...(scrollId === undefined ? {} : { scrollId }),
    },
  };
}

export const JOBS_QUERY = `query dataJobsWithRuns($input: ScrollAcrossEntitiesInput!) {
  scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn ... on DataJob { runs { total } } } } }
}`;

export function jobsVariables(scrollId: string | undefined, count: number): Record<string, unknown> {
  return {
    input: {
      types: ['DATA_JOB'],
      query: '*',
      count,
      searchFlags: { skipHighlighting: true, skipAggregates: true },
      ...(scrollId === undefined ? {} : { scrollId }),
    },
  };
}

export const JOB_RUNS_QUERY = `query dataJobRuns($urn: String!, $start: Int!, $count: Int!) {
  dataJob(urn: $urn) { runs(start: $start, count: $count) { total runs { urn created { time } } } }
}`;

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
const nonNegative = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : undefined);

function scrollPage(data: unknown): { page: Record<string, unknown>; hits: unknown[] } | undefined {
  const page = obj(obj(data)?.scrollAcrossEntities);
  if (!page) return undefined;
  const hits = page.searchResults == null ? [] : page.searchResults;
  return Array.isArray(hits) ? { page, hits } : undefined;
}

const nextOf = (page: Record<string, unknown>): string | undefined =>
  typeof page.nextScrollId === 'string' && page.nextScrollId !== '' ? page.nextScrollId : undefined;

export function parseSoftDeleted(data: unknown): ParseOutcome<{ urns: string[]; nextScrollId?: string; total: number }> {
  const s = scrollPage(data);
  if (!s) return { ok: false, reason: 'scrollAcrossEntities is missing from the answer' };
  const urns: string[] = [];
  for (const hit of s.hits) {
    const urn = obj(obj(hit)?.entity)?.urn;
    if (typeof urn === 'string') urns.push(urn);
  }
  const next = nextOf(s.page);
  return { ok: true, value: { urns, ...(next ? { nextScrollId: next } : {}), total: nonNegative(s.page.total) ?? urns.length } };
}

export function parseJobs(data: unknown): ParseOutcome<JobListing> {
  const s = scrollPage(data);
  if (!s) return { ok: false, reason: 'scrollAcrossEntities is missing from the answer' };
  const jobs: JobListing['jobs'] = [];
  for (const hit of s.hits) {
    const entity = obj(obj(hit)?.entity);
    if (typeof entity?.urn !== 'string') continue;
    // A job without the runs field (another type, an older server) is read run by run as if it had some.
    jobs.push({ urn: entity.urn, runs: nonNegative(obj(entity.runs)?.total) ?? Number.MAX_SAFE_INTEGER });
  }
  const next = nextOf(s.page);
  return { ok: true, value: { jobs, ...(next ? { nextScrollId: next } : {}), total: nonNegative(s.page.total) ?? jobs.length } };
}

export function parseJobRuns(data: unknown): ParseOutcome<JobRunsPage> {
  const job = obj(data)?.dataJob;
  // A job the server does not know (deleted meanwhile): no runs.
  if (job === null) return { ok: true, value: { total: 0, runs: [] } };
  const runs = obj(obj(job)?.runs);
  if (!runs || !Array.isArray(runs.runs ?? [])) return { ok: false, reason: 'dataJob.runs is missing from the answer' };
  const out: JobRunsPage['runs'] = [];
  for (const r of (runs.runs ?? []) as unknown[]) {
    const run = obj(r);
    if (typeof run?.urn !== 'string') continue;
    const created = nonNegative(obj(run.created)?.time);
    out.push({ urn: run.urn, ...(created !== undefined ? { created } : {}) });
  }
  return { ok: true, value: { total: nonNegative(runs.total) ?? out.length, runs: out } };
}
