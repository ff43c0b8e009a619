// truncateTimeseriesAspect answers with text: a dry-run summary, a task id
// ("nodeId:number") for a real run, or a complaint about the force flags.
import { GmsError } from './errors';
import { invalidResponse } from './errorMapping';
import { stringValueSchema } from './schemas';
import { findDryRunSummary, methodNamed } from './truncateSummary';
import type { TruncateResult } from './types';

export const CONFLICTING_FLAGS_TEXT = 'please only set forceReindex OR forceDeleteByQuery flags';

const TASK = /^([A-Za-z0-9_-]+):(\d{1,19})$/;
// "Delete 120 out of 201 rows (59.70%)." Locale-formatted JVMs may print "59,70%";
// very old servers printed a fraction, e.g. "(0.5970)". Found by findDryRunSummary (linear).

function percentOf(text: string): number | null {
  const isPercent = text.endsWith('%');
  const number = (isPercent ? text.slice(0, -1) : text).trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(number)) return null; // NaN, Infinity, garbage
  const n = Number(number);
  if (!Number.isFinite(n)) return null;
  return isPercent ? n : Math.round(n * 100 * 1e6) / 1e6;
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
  const m = findDryRunSummary(text);
  if (!m) throw invalidResponse('truncateTimeseriesAspect', 'neither a dry-run summary nor a task id', parsed.data);
  return {
    kind: 'dryRun',
    summary: text,
    toDelete: m.toDelete,
    total: m.total,
    percent: percentOf(m.share),
    method: methodNamed(text),
  };
}
