// A retention plan: a cutoff per timeseries index, the dry run's counts for each,
// and what that would free. Pure: no vscode import. The index rules are the
// truncation's own (model/truncateTarget.ts: only indices the server named can be
// truncated); the cutoff rules are model/cutoff.ts's.
import { Commands } from '../../shared/commandIds';
import type { IndexSize } from '../../gms/types';
import { daysAgo, formatCutoffTime, validateEndTimeMillis } from '../../truncate/logic/cutoff';
import { isKnownSize, formatSize } from '../../shared/format';
import { findNamedIndex, noIndexMessage, targetOfIndex } from '../../truncate/logic/namedTarget';
import type { DryRunResult, TruncateTarget } from '../../truncate/logic/truncateText';
import { methodLabel } from '../../truncate/logic/dryRunText';

export const PLAN_RETENTION = Commands.planRetention;

/** Longest plan accepted (the server lists far fewer timeseries indices). */
export const MAX_PLAN_ENTRIES = 1000;
/** Longest retention accepted in days (the same bound as typed cutoffs). */
export const MAX_DAYS = 36_500;

/** One cutoff as a program (or a plan file) gives it: the index, then days or an instant. */
export type CutoffSpec = ({ indexName: string } | { entityType: string; aspect: string }) & ({ days: number } | { endTimeMillis: number });

/** A checked cutoff, not yet matched against the server's listing. */
export interface CheckedCutoff {
  /** What the caller wrote, for messages ("dashboard/dashboardUsageStatistics", "dataset_operationaspect_v1"). */
  label: string;
  by: { indexName: string } | { entityType: string; aspect: string };
  /** Exactly one of the two. */
  days?: number;
  endTimeMillis?: number;
}

/** A cutoff matched to a listed, named index. */
export interface PlanTarget {
  target: Required<TruncateTarget>;
  sizeMb: number | null;
  /** Entries at or before this instant go. */
  endTimeMillis: number;
  /** The retention in days when it was given that way. */
  days?: number;
}

/** One row of the dry-run table (the shape datahub.planRetention resolves with). */
export interface RetentionRow {
  indexName: string;
  entityType: string;
  aspect: string;
  endTimeMillis: number;
  /** Retention in days, when the cutoff was given in days. */
  days?: number;
  toDelete: number;
  total: number;
  /** Share of the rows that go, in percent (two decimals); null for an empty index. */
  percent: number | null;
  /** Size × share: an estimate (the search engine frees the space as segments merge); null when the size is unknown. */
  estimatedFreedMb: number | null;
  /** The index size the estimate is based on (decimal MB), null when unknown. */
  sizeMb: number | null;
  /** How the server would delete them: 'reindex', 'deleteByQuery' or 'unknown'. */
  method: DryRunResult['method'];
}

export interface RetentionTotals {
  indices: number;
  toDelete: number;
  total: number;
  /** Sum of the known sizes of the planned indices. */
  sizeMb: number;
  /** Sum of the rows' estimates (rows of unknown size count 0). */
  estimatedFreedMb: number;
  /** "about 14.2 GB of 33.2 GB" */
  label: string;
}

/** Said wherever the estimate is shown. */
export const ESTIMATE_NOTE =
  'Estimate: index size × share of rows deleted. The search engine frees the space as its segments merge, so the index shrinks some time after the rows are gone.';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * Checks one cutoff given by a program or a plan file; returns the checked cutoff
 * or a message naming the entry ("cutoffs[2]") and what is wrong with it.
 */
export function checkCutoff(value: unknown, where: string, now: Date = new Date()): CheckedCutoff | string {
  if (!isObject(value)) return `${where} must be an object such as { "indexName": "...", "days": 90 }.`;
  const hasName = value.indexName !== undefined;
  const hasPair = value.entityType !== undefined || value.aspect !== undefined;
  if (hasName && hasPair) return `${where}: give either "indexName" or "entityType" and "aspect", not both.`;
  let by: CheckedCutoff['by'];
  let label: string;
  if (hasName) {
    if (!nonEmptyString(value.indexName)) return `${where}: "indexName" must be a non-empty string.`;
    by = { indexName: value.indexName.trim() };
    label = by.indexName;
  } else if (hasPair) {
    if (!nonEmptyString(value.entityType) || !nonEmptyString(value.aspect)) return `${where}: "entityType" and "aspect" must both be non-empty strings.`;
    by = { entityType: value.entityType.trim(), aspect: value.aspect.trim() };
    label = `${by.entityType}/${by.aspect}`;
  } else {
    return `${where}: name the index with "indexName", or with "entityType" and "aspect".`;
  }
  const hasDays = value.days !== undefined;
  const hasEnd = value.endTimeMillis !== undefined;
  if (hasDays && hasEnd) return `${where} (${label}): give either "days" or "endTimeMillis", not both.`;
  if (!hasDays && !hasEnd) return `${where} (${label}): give the cutoff as "days" (e.g. 90) or "endTimeMillis".`;
  if (hasDays) {
    const days = value.days;
    if (typeof days !== 'number' || !Number.isInteger(days)) return `${where} (${label}): "days" must be a whole number of days, e.g. 90.`;
    if (days < 1 || days > MAX_DAYS) return `${where} (${label}): "days" must be from 1 to ${MAX_DAYS}; ${days} is not.`;
    return { label, by, days };
  }
  const problem = validateEndTimeMillis(value.endTimeMillis, now);
  if (problem) return `${where} (${label}): ${problem}`;
  return { label, by, endTimeMillis: value.endTimeMillis as number };
}

/** Checks the whole argument list; throws one message listing every problem (nothing is sent). */
export function checkCutoffs(value: unknown, command: string, now: Date = new Date()): CheckedCutoff[] {
  if (!Array.isArray(value)) throw new Error(`${command}: "cutoffs" must be a list such as [{ "indexName": "...", "days": 90 }]. Nothing was sent.`);
  if (value.length === 0) throw new Error(`${command}: "cutoffs" is empty; give at least one index and its cutoff. Nothing was sent.`);
  if (value.length > MAX_PLAN_ENTRIES) throw new Error(`${command}: "cutoffs" has ${value.length} entries; at most ${MAX_PLAN_ENTRIES}. Nothing was sent.`);
  const problems: string[] = [];
  const checked: CheckedCutoff[] = [];
  value.forEach((entry, i) => {
    const c = checkCutoff(entry, `cutoffs[${i}]`, now);
    if (typeof c === 'string') problems.push(c);
    else checked.push(c);
  });
  if (problems.length)
    throw new Error(`${command}: ${problems.slice(0, 5).join(' ')}${problems.length > 5 ? ` (and ${problems.length - 5} more)` : ''} Nothing was sent.`);
  return checked;
}

/**
 * Matches checked cutoffs to the server's listing: by index name (which must be
 * listed and named), or by entity type and aspect (which must have a named index).
 * Throws on the first that does not match, or on one index planned twice.
 */
export function resolveCutoffs(indices: readonly IndexSize[], cutoffs: readonly CheckedCutoff[], command: string, now: Date = new Date()): PlanTarget[] {
  const seen = new Map<string, string>();
  return cutoffs.map((c) => {
    let index: IndexSize | undefined;
    if ('indexName' in c.by) {
      const name = c.by.indexName;
      index = indices.find((i) => i.indexName === name);
      if (!index)
        throw new Error(`${command}: the server lists no index named "${name}"; refresh Timeseries Indices and use a name it lists. Nothing was sent.`);
    } else {
      index = findNamedIndex(indices, c.by.entityType, c.by.aspect);
      if (!index) throw new Error(`${command}: ${noIndexMessage(indices, c.by.entityType, c.by.aspect)}`);
    }
    const t = targetOfIndex(index, command);
    const before = seen.get(index.indexName);
    if (before !== undefined)
      throw new Error(`${command}: ${index.indexName} is planned twice (${before} and ${c.label}); give one cutoff per index. Nothing was sent.`);
    seen.set(index.indexName, c.label);
    const endTimeMillis = c.days !== undefined ? daysAgo(c.days, now) : (c.endTimeMillis as number);
    const planned: PlanTarget = { target: { entityType: t.entityType, aspect: t.aspect, indexName: index.indexName }, sizeMb: index.sizeMb, endTimeMillis };
    if (c.days !== undefined) planned.days = c.days;
    return planned;
  });
}

/** The row of one dry run: counts from the server, the estimate from the listed size. */
export function rowOf(planned: PlanTarget, dry: Pick<DryRunResult, 'toDelete' | 'total' | 'percent' | 'method'>): RetentionRow {
  const { target } = planned;
  const share = dry.total > 0 ? Math.min(1, dry.toDelete / dry.total) : 0;
  const sizeMb = isKnownSize(planned.sizeMb) ? planned.sizeMb : null;
  const row: RetentionRow = {
    indexName: target.indexName,
    entityType: target.entityType,
    aspect: target.aspect,
    endTimeMillis: planned.endTimeMillis,
    toDelete: dry.toDelete,
    total: dry.total,
    percent: dry.percent,
    estimatedFreedMb: sizeMb === null ? null : Math.round(sizeMb * share * 1000) / 1000,
    sizeMb,
    method: dry.method,
  };
  if (planned.days !== undefined) row.days = planned.days;
  return row;
}

/** Sums the rows; the label is "about <freed> of <size>". */
export function totalsOf(rows: readonly RetentionRow[]): RetentionTotals {
  let toDelete = 0;
  let total = 0;
  let sizeMb = 0;
  let freed = 0;
  for (const r of rows) {
    toDelete += r.toDelete;
    total += r.total;
    if (r.sizeMb !== null) sizeMb += r.sizeMb;
    if (r.estimatedFreedMb !== null) freed += r.estimatedFreedMb;
  }
  const estimatedFreedMb = Math.round(freed * 1000) / 1000;
  return {
    indices: rows.length,
    toDelete,
    total,
    sizeMb: Math.round(sizeMb * 1000) / 1000,
    estimatedFreedMb,
    label: `about ${formatSize(estimatedFreedMb)} of ${formatSize(sizeMb)}`,
  };
}

const n = (value: number): string => value.toLocaleString('en-US');

/** "120 of 201 rows (59.70%)" */
export function rowCountsLabel(row: Pick<RetentionRow, 'toDelete' | 'total'>): string {
  const share = row.total > 0 ? ` (${((row.toDelete / row.total) * 100).toFixed(2)}%)` : '';
  return `${n(row.toDelete)} of ${n(row.total)} rows${share}`;
}

/** "about 1.2 GB (estimate)" or "size unknown" */
export function freedLabel(row: Pick<RetentionRow, 'estimatedFreedMb'>): string {
  return row.estimatedFreedMb === null ? 'size unknown' : `about ${formatSize(row.estimatedFreedMb)} (estimate)`;
}

/** The cutoff as words: "90 days (at or before 2025-01-01 10:00 (UTC+01:00))". */
export function cutoffLabel(row: Pick<RetentionRow, 'days' | 'endTimeMillis'>): string {
  const at = `at or before ${formatCutoffTime(row.endTimeMillis)}`;
  return row.days !== undefined ? `older than ${row.days} days (${at})` : at;
}

/** The apply modal's text: every index, its rows and method, then the totals and the note. */
export function applyModalText(rows: readonly RetentionRow[], connection: string): { message: string; detail: string } {
  const going = rows.filter((r) => r.toDelete > 0);
  const lines = going.map(
    (r) =>
      `• ${r.indexName}: ${rowCountsLabel(r)}, ${cutoffLabel(r)}; method: ${methodLabel(r.method)}${r.method === 'reindex' ? ' (delete by query if the server cannot reindex)' : ''}.`,
  );
  const skipped = rows.length - going.length;
  const totals = totalsOf(going);
  const message = `Delete old rows from ${going.length} ${going.length === 1 ? 'index' : 'indices'} on "${connection}"? ${n(totals.toDelete)} rows, ${totals.label} (estimate).`;
  const detail = [
    ...lines,
    skipped ? `${skipped} ${skipped === 1 ? 'index has' : 'indices have'} nothing to delete and ${skipped === 1 ? 'is' : 'are'} left alone.` : '',
    'One truncation task per index, watched in DataHub Tasks; a failure on one index does not stop the others.',
    ESTIMATE_NOTE,
  ]
    .filter(Boolean)
    .join('\n');
  return { message, detail };
}
