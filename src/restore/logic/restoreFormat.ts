// The words restore shows and logs: result lines, long URNs shortened in the
// middle, durations. Pure, so the messages are unit-tested.
import type { RestoreResult } from '../../gms/types';
import type { RestorePlanResult } from './restorePlan';
import { formatInstant, type RestoreWindow } from './restoreWindow';
import { formatDuration } from '../../shared/format';
import { ignoredNote } from './restoreText';

/** Long URNs keep their head (entity type) and tail (the distinctive end). */
export function shortenUrn(urn: string, max = 80): string {
  if (urn.length <= max) return urn;
  const keep = max - 1;
  const head = Math.ceil(keep * 0.6);
  return `${urn.slice(0, head)}…${urn.slice(urn.length - (keep - head))}`;
}

/** Durations of restores, in the one duration format ("under 0.1 s", never "0.0 s"). */
export const formatSeconds = formatDuration;

export function count(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** "Restored 7 rows for urn:li:…, 1 ignored, 0.4 s. Ignored rows are …" ("N ignored" and its meaning only when some were). */
export function urnResultMessage(urn: string, aspect: string | undefined, rowsMigrated: number, ignored: number, ms: number): string {
  const what = aspect ? `${shortenUrn(urn)} (aspect ${aspect})` : shortenUrn(urn);
  if (rowsMigrated === 0 && ignored === 0) {
    return `Nothing to restore for ${what}: DataHub has no ${aspect ? `${aspect} aspect` : 'aspects'} for this URN. Check the URN (${formatSeconds(ms)}).`;
  }
  const skipped = ignored > 0 ? `, ${ignored.toLocaleString('en-US')} ignored` : '';
  return `Restored ${count(rowsMigrated, 'row')} for ${what}${skipped}, ${formatSeconds(ms)}.${ignoredNote(ignored)}`;
}

/** Log lines for one answer: the arguments and every batch as the server printed them, then the raw text. */
export function describeRestoreResult(result: RestoreResult): string[] {
  const lines: string[] = [];
  const args = Object.entries(result.args);
  if (args.length > 0) lines.push(`  args: ${args.map(([k, v]) => `${k}=${v}`).join(', ')}`);
  result.batches.forEach((batch, i) => {
    const fields = Object.entries(batch.fields).map(([k, v]) => `${k}=${v}`);
    lines.push(`  batch ${i + 1}: ${fields.length > 0 ? fields.join(', ') : `rowsMigrated=${batch.rowsMigrated}, ignored=${batch.ignored}`}`);
  });
  lines.push(`  raw: ${result.raw}`);
  return lines;
}

export interface PatternRunParams {
  urnLike: string;
  aspect?: string;
  start: number;
  batchSize: number;
  all: boolean;
  /** Rows written in this window only. */
  window?: RestoreWindow;
}

function scope(p: PatternRunParams): string {
  const window = p.window ? `, written ${formatInstant(p.window.gePitEpochMs)} to ${formatInstant(p.window.lePitEpochMs)}` : '';
  return `${shortenUrn(p.urnLike)}${p.aspect ? ` (aspect ${p.aspect})` : ''}${window}`;
}

function done(r: RestorePlanResult): string {
  return `Restored ${count(r.rowsMigrated, 'row')}${r.ignored ? ` (${r.ignored} ignored)` : ''} in ${count(r.requests, 'request')}`;
}

/** Where to resume; with concurrent pages, later batches may already be done and must be skipped, not redone. */
function resumeText(r: RestorePlanResult): string {
  const done = r.doneAfterNext;
  if (done.length === 0) return `Resume from start=${r.nextStart}.`;
  const listed = done.length > 5 ? `${done.slice(0, 5).join(', ')} and ${done.length - 5} more` : done.join(', ');
  return `Resume from start=${r.nextStart}, skipping the batches at start=${listed} (already done; "Resume" skips them).`;
}

/** " 2 pages came back incomplete (start=30, 60): …" — empty when none did. */
export function incompleteText(r: Pick<RestorePlanResult, 'incompletePages'>): string {
  const pages = r.incompletePages;
  if (pages.length === 0) return '';
  const starts =
    pages
      .slice(0, 5)
      .map((p) => p.start)
      .join(', ') + (pages.length > 5 ? ` and ${pages.length - 5} more` : '');
  return ` ${count(pages.length, 'page')} came back incomplete (start=${starts}): DataHub failed part of ${pages.length === 1 ? 'it' : 'them'} and left those rows out. "Re-run Incomplete Pages" restores exactly ${pages.length === 1 ? 'that page' : 'those pages'}.`;
}

/** The message at the end of a restore by pattern, whatever happened. */
export function patternResultMessage(p: PatternRunParams, r: RestorePlanResult, errorText?: string): string {
  return baseResultMessage(p, r, errorText) + incompleteText(r) + ignoredNote(r.ignored);
}

function baseResultMessage(p: PatternRunParams, r: RestorePlanResult, errorText?: string): string {
  const time = formatSeconds(r.durationMs);
  switch (r.status) {
    case 'failed':
      return `Stopped at start=${r.failure?.start ?? r.nextStart}: ${errorText ?? 'the request failed.'}${/[.!?]$/.test(errorText ?? '.') ? '' : '.'} ${done(r)}. ${resumeText(r)}`;
    case 'cancelled':
      return `Restore of ${scope(p)} cancelled. ${done(r)}, ${time}. ${resumeText(r)}`;
    case 'completed':
      if (p.all || r.reachedEnd) {
        if (r.rowsMigrated === 0 && r.ignored === 0 && p.start === 0 && r.incompletePages.length === 0) {
          return `No rows match ${scope(p)}: nothing was restored. Check the pattern (% matches any run of characters).`;
        }
        return `${done(r)} matching ${scope(p)}, ${time}.${r.reachedEnd && !p.all ? ' That was the last batch.' : ''}`;
      }
      return `${done(r)} matching ${scope(p)} (start=${p.start}, batchSize=${p.batchSize}), ${time}. More rows may match: the next batch starts at start=${r.nextStart}.`;
  }
}

/** The progress line while pages run. */
export function progressMessage(rows: number, requests: number, nextStart: number): string {
  return `${count(rows, 'row')} restored · ${count(requests, 'request')} · next start=${nextStart}`;
}
