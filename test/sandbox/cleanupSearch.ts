// The GraphQL answers over the cleanup model (cleanup.ts): the scroll of soft-deleted documents, as
// scrollAcrossEntities answers a request that names removed=true (ESUtils.buildFilterQuery then adds no
// removed=false filter), and a data job's runs, as DataJobRunsResolver.java answers them (newest first,
// soft-deleted left out).
import { GRAPHQL_OF, type CleanupModel } from './cleanup';
import { lowerBound } from './like';

/** True when the scroll input names removed=true (a soft-deleted listing). */
export function asksSoftDeleted(input: { orFilters?: Array<{ and?: Array<{ field?: unknown; values?: unknown; negated?: unknown }> }> }): boolean {
  return (input.orFilters ?? []).some((or) =>
    (or.and ?? []).some((c) => c.field === 'removed' && Array.isArray(c.values) && c.values.includes('true') && c.negated !== true),
  );
}

function graphqlTypeOf(urn: string): string {
  const type = /^urn:li:([A-Za-z]+):/.exec(urn)?.[1] ?? '';
  return GRAPHQL_OF[type] ?? type.toUpperCase();
}

/** The scroll page of soft-deleted documents: URN order, the scroll id the last URN. */
export function scrollSoftDeleted(model: CleanupModel, input: { types?: unknown; count?: unknown; scrollId?: unknown }): Record<string, unknown> {
  const all = model.softDeletedOf(input.types);
  const count = Math.min(typeof input.count === 'number' && input.count >= 0 ? Math.floor(input.count) : 10, 10_000);
  let from = 0;
  if (typeof input.scrollId === 'string' && input.scrollId !== '') {
    const after = Buffer.from(input.scrollId, 'base64').toString('utf8');
    // The first URN after the last one given (the list holds each once).
    from = lowerBound(all, after);
    if (all[from] === after) from++;
  }
  const urns = all.slice(from, from + count);
  const full = count > 0 && urns.length === count;
  return {
    nextScrollId: full ? Buffer.from(urns[urns.length - 1]).toString('base64') : null,
    count: urns.length,
    total: all.length,
    searchResults: urns.map((urn) => ({ entity: { urn, type: graphqlTypeOf(urn) } })),
  };
}

/** dataJob(urn) { runs(start, count) }: newest first, soft-deleted left out. */
export function jobRuns(model: CleanupModel, job: string, start: number, count: number): Record<string, unknown> {
  const runs = model.runsOf(job);
  const page = runs.slice(Math.max(0, start), Math.max(0, start) + Math.max(0, Math.min(count, 10_000)));
  return {
    runs: {
      start,
      count: page.length,
      total: runs.length,
      runs: page.map((r) => ({ urn: r.urn, type: 'DATA_PROCESS_INSTANCE', created: { time: r.created, actor: 'urn:li:corpuser:datahub' } })),
    },
  };
}
