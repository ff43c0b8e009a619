// The retention planner's rows as the webview shows them: each index with its
// cutoff, its dry-run counts, its apply outcome; the total and progress lines.
// No vscode: the panel (src/retention/panel.ts) keeps the entries and posts these.
import type { IndexSize } from '../../gms/types';
import { isTruncatable } from '../../shared/namedIndices';
import { daysAgo, parseCutoff } from '../../truncate/logic/cutoff';
import { formatSize } from '../../shared/format';
import { cutoffLabel, freedLabel, rowCountsLabel, totalsOf, type PlanTarget, type RetentionRow } from './plan';
import type { CutoffChoiceMessage, PlannerRow, RowStatus } from './protocol';
import type { PlanFileParse } from './planFile';
import type { Settled } from './runner';

export interface RetentionApplyOutcome {
  indexName: string;
  /** done: the task completed (or the server deleted at once); failed: not started or failed; stopped: watching was cancelled, the task goes on; skipped: nothing to delete. */
  outcome: 'done' | 'failed' | 'stopped' | 'skipped';
  /** Rows the dry run counted. */
  planned: number;
  /** Rows the task reported deleted, when it said. */
  deleted?: number;
  task?: string;
  /** Set when the server could not reindex and the rows were deleted by query. */
  fallback?: 'deleteByQuery';
  /** What went wrong, and what to do. */
  message?: string;
  /** skipped: left out by the read right before its truncation (why); nothing was sent for it. */
  leftOut?: string;
}

export interface PlannerEntry {
  index: IndexSize;
  cutoff: CutoffChoiceMessage;
  endTimeMillis?: number;
  days?: number;
  cutoffError?: string;
  status: RowStatus;
  row?: RetentionRow;
  error?: string;
  outcome?: RetentionApplyOutcome;
}

export function withCutoff(entry: PlannerEntry, cutoff: CutoffChoiceMessage): PlannerEntry {
  const next: PlannerEntry = {
    ...entry,
    cutoff,
    status: 'idle',
    row: undefined,
    error: undefined,
    outcome: undefined,
    cutoffError: undefined,
    endTimeMillis: undefined,
    days: undefined,
  };
  if (cutoff.kind === 'days') {
    next.days = cutoff.days;
    next.endTimeMillis = daysAgo(cutoff.days);
  } else if (cutoff.kind === 'date') {
    const parsed = parseCutoff(cutoff.date);
    if (parsed.ok) next.endTimeMillis = parsed.cutoff.endTimeMillis;
    else next.cutoffError = parsed.message;
  }
  return next;
}

export function rowView(entry: PlannerEntry): PlannerRow {
  const { index } = entry;
  const row: PlannerRow = {
    indexName: index.indexName,
    pairLabel: `${index.entityName} / ${index.aspectName}`,
    sizeLabel: formatSize(index.sizeMb),
    cutoff: entry.cutoff,
    status: entry.status,
  };
  if (entry.endTimeMillis !== undefined) row.cutoffLabel = cutoffLabel({ days: entry.days, endTimeMillis: entry.endTimeMillis });
  if (entry.cutoffError) row.cutoffError = entry.cutoffError;
  if (entry.row) {
    row.countsLabel = rowCountsLabel(entry.row);
    row.freedLabel = freedLabel(entry.row);
    row.percent = entry.row.percent;
  }
  if (entry.error) row.error = entry.error;
  if (entry.outcome) {
    const o = entry.outcome;
    row.outcomeKind = o.outcome === 'stopped' ? 'started' : o.outcome;
    row.outcome =
      o.outcome === 'done'
        ? `done: ${(o.deleted ?? o.planned).toLocaleString('en-US')} rows deleted${o.fallback ? ' (by query)' : ''}`
        : o.outcome === 'skipped'
          ? o.leftOut
            ? `left out: ${o.leftOut}`
            : 'nothing to delete'
          : o.outcome === 'stopped'
            ? `running (task ${o.task ?? '?'}), see DataHub Tasks`
            : `failed: ${o.message ?? 'no reason given'}`;
  }
  return row;
}

export function doneRows(entries: readonly PlannerEntry[]): RetentionRow[] {
  return entries.filter((e) => e.status === 'done' && e.row).map((e) => e.row as RetentionRow);
}

export function totalLabel(entries: readonly PlannerEntry[]): string | undefined {
  const rows = doneRows(entries);
  return rows.length ? `${totalsOf(rows).label} (estimate), ${totalsOf(rows).toDelete.toLocaleString('en-US')} rows` : undefined;
}

export function progressLabel(entries: readonly PlannerEntry[]): string | undefined {
  const planned = entries.filter((e) => e.status !== 'idle');
  if (!planned.length) return undefined;
  const settled = planned.filter((e) => e.status === 'done' || e.status === 'failed' || e.status === 'cancelled').length;
  return `${settled} of ${planned.length} counted`;
}

export function plannedRows(entries: readonly PlannerEntry[]): RetentionRow[] {
  return entries
    .filter((e) => e.endTimeMillis !== undefined && !e.cutoffError)
    .map(
      (e) =>
        e.row ?? {
          indexName: e.index.indexName,
          entityType: e.index.entityName,
          aspect: e.index.aspectName,
          endTimeMillis: e.endTimeMillis as number,
          ...(e.days !== undefined ? { days: e.days } : {}),
          toDelete: 0,
          total: 0,
          percent: null,
          estimatedFreedMb: null,
          sizeMb: e.index.sizeMb,
          method: 'unknown',
        },
    );
}

/** Whether the planner can apply: every planned index counted, and something to delete; otherwise what to say. */
export function applyReadiness(
  entries: readonly PlannerEntry[],
): { ok: true; withCutoff: PlannerEntry[]; rows: RetentionRow[] } | { ok: false; message: string } {
  const withCutoff = entries.filter((e) => e.endTimeMillis !== undefined && !e.cutoffError);
  const notCounted = withCutoff.filter((e) => e.status !== 'done');
  if (!withCutoff.length) return { ok: false, message: 'Choose a cutoff for at least one index and run the dry runs first. Nothing was deleted.' };
  if (notCounted.length) {
    const names = `${notCounted
      .slice(0, 3)
      .map((e) => e.index.indexName)
      .join(', ')}${notCounted.length > 3 ? ', …' : ''}`;
    return {
      ok: false,
      message: `Run the dry runs first: ${notCounted.length} of the planned indices ${notCounted.length === 1 ? 'has' : 'have'} no count yet (${names}). Nothing was deleted.`,
    };
  }
  const rows = withCutoff.map((e) => e.row as RetentionRow);
  if (!rows.some((r) => r.toDelete > 0)) return { ok: false, message: 'Nothing to delete: no planned index has rows at or before its cutoff.' };
  return { ok: true, withCutoff, rows };
}

/** Sets the cutoffs of a plan file on the listed indices (in place); returns the banner saying what was used. */
export function applyPlanFile(entries: PlannerEntry[], parsed: Extract<PlanFileParse, { ok: true }>, fsPath: string, connection: string): string {
  const missing: string[] = [];
  for (const c of parsed.cutoffs) {
    const name = 'indexName' in c.by ? c.by.indexName : c.label;
    const i = entries.findIndex((e) => e.index.indexName === name);
    if (i < 0) {
      missing.push(name);
      continue;
    }
    const cutoff: CutoffChoiceMessage = c.days !== undefined ? { kind: 'days', days: c.days } : { kind: 'date', date: String(c.endTimeMillis) };
    entries[i] = withCutoff(entries[i], cutoff);
  }
  const used = parsed.cutoffs.length - missing.length;
  const elsewhere = parsed.connection && parsed.connection !== connection ? ` (planned on "${parsed.connection}", counted on "${connection}")` : '';
  const notListed = missing.length ? ` Not listed by this server, or not truncatable: ${missing.join(', ')}.` : '';
  return `Opened ${fsPath}: ${used} of ${parsed.cutoffs.length} cutoffs set${elsewhere}.${notListed} Run the dry runs to count.`;
}

/** Marks the entries with a cutoff pending (the rest idle, results cleared); returns the dry-run targets in the same order. */
export function resetForDryRun(entries: PlannerEntry[]): PlanTarget[] {
  for (const e of entries) {
    Object.assign(e, { status: e.endTimeMillis !== undefined && !e.cutoffError ? 'pending' : 'idle', row: undefined, error: undefined, outcome: undefined });
  }
  return entries
    .filter((e) => e.status === 'pending')
    .map((e) => ({
      target: { entityType: e.index.entityName, aspect: e.index.aspectName, indexName: e.index.indexName },
      sizeMb: e.index.sizeMb,
      endTimeMillis: e.endTimeMillis as number,
      ...(e.days !== undefined ? { days: e.days } : {}),
    }));
}

/** Records a settled dry run on its entry; `describe` turns a failure into the text the row shows. */
export function settleDryRun(e: PlannerEntry, result: Settled<RetentionRow>, describe: (reason: unknown) => string): void {
  if (result.status === 'fulfilled') Object.assign(e, { status: 'done', row: result.value });
  else if (result.status === 'cancelled') e.status = 'cancelled';
  else Object.assign(e, { status: 'failed', error: describe(result.reason) });
}

/** The planner's entries for the listed indices, largest first, `preset` days on each; the banner names what is left out. */
export function plannerEntriesFor(listed: readonly IndexSize[], preset: number | undefined): { entries: PlannerEntry[]; banner: string | undefined } {
  const named = listed.filter(isTruncatable);
  const left = listed.length - named.length;
  const banner = left
    ? `${left} ${left === 1 ? 'index is' : 'indices are'} left out: the server listed ${left === 1 ? 'it' : 'them'} without an entity type and aspect, so ${left === 1 ? 'it' : 'they'} cannot be truncated.`
    : undefined;
  const entries = [...named]
    .sort((a, b) => (b.sizeMb ?? -1) - (a.sizeMb ?? -1))
    .map((index) => withCutoff({ index, status: 'idle', cutoff: { kind: 'none' } }, preset ? { kind: 'days', days: preset } : { kind: 'none' }));
  return { entries, banner };
}
