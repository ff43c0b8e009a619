// truncateTimeseriesAspect answers with text: a dry-run summary, a task id
// ("nodeId:number") for a real run, or a complaint about the force flags.
import { GmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import { stringValueSchema } from '../schemas';
import { findDryRunSummary, methodNamed } from './truncateSummary';
import type { TruncateResult } from '../types';
import { TASK_ID as TASK } from '../validate';

export const CONFLICTING_FLAGS_TEXT = 'please only set forceReindex OR forceDeleteByQuery flags';

// "Delete 120 out of 201 rows (59.70%)." The bracket is not used: older servers
// printed the fraction there ("(0.60%)"), locales vary it ("59,70%"), an empty
// index prints "NaN%". The share is computed from the two counts instead; the
// summary is found by findDryRunSummary (linear).
// Older servers reindexed synchronously and answered with this sentence
// (OperationsResource.java, datahub-project/datahub, the version with `reindex(...)`).
const SYNC_REINDEX = /^Reindex\s+\S+\s+\S+\s+index\.?$/i;

/** The share of rows that go, in percent with two decimals (as the server means it); null for an empty index. */
export function shareOf(toDelete: number, total: number): number | null {
  return total > 0 ? Math.round((toDelete / total) * 10_000) / 100 : null;
}

/** Parses a truncateTimeseriesAspect `value`. Throws GmsError 'badRequest' or 'invalidResponse'. */
export function parseTruncateResult(value: unknown): TruncateResult {
  const parsed = stringValueSchema.safeParse(value);
  if (!parsed.success) throw invalidResponse('truncateTimeseriesAspect', 'the truncate result is not a string', value);
  const text = parsed.data.trim();
  if (text.toLowerCase().includes(CONFLICTING_FLAGS_TEXT.toLowerCase())) {
    // The server answers 200 for this refusal; nothing was deleted.
    throw new GmsError({
      kind: 'badRequest',
      code: 'conflictingForceFlags',
      action: 'truncateTimeseriesAspect',
      status: 200,
      serverMessage: text,
      message: 'The server refused the truncate: set at most one of forceReindex and forceDeleteByQuery (choose one method, or auto).',
    });
  }
  if (TASK.test(text)) return { kind: 'task', task: text };
  if (text.length <= 1000 && SYNC_REINDEX.test(text)) return { kind: 'completed', summary: text };
  const m = findDryRunSummary(text);
  if (!m) throw invalidResponse('truncateTimeseriesAspect', 'neither a dry-run summary nor a task id', parsed.data);
  return {
    kind: 'dryRun',
    summary: text,
    toDelete: m.toDelete,
    total: m.total,
    percent: shareOf(m.toDelete, m.total),
    method: methodNamed(text),
  };
}
