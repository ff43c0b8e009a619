// Cutoff instants for truncation: presets, typed dates and epoch milliseconds.
import { formatDateTime } from '../../shared/format';
// Pure: no vscode import. Dates are the user's local time, because "older than
// 2025-01-01" means midnight where the user is, not in UTC.

/** Days offered as one-click presets. */
export const CUTOFF_PRESET_DAYS = [30, 90, 180, 365] as const;

const DAY_MS = 86_400_000;
/** Epoch milliseconds below this (March 1973) are almost surely seconds typed by mistake. */
const MIN_PLAUSIBLE_EPOCH_MS = 1e11;

export type CutoffSource = 'preset' | 'date' | 'epoch' | 'days';

export interface Cutoff {
  /** Entries with a timestamp at or before this instant are deleted. */
  endTimeMillis: number;
  source: CutoffSource;
  /** How the user chose it, e.g. "90 days ago", "2025-01-01", "epoch 1735689600000". */
  label: string;
}

export type CutoffParse = { ok: true; cutoff: Cutoff } | { ok: false; message: string };

/** The same local time of day, `days` calendar days before `now` (DST-safe). */
export function daysAgo(days: number, now: Date = new Date()): number {
  const d = new Date(now.getTime());
  d.setDate(d.getDate() - days);
  return d.getTime();
}

export function presetCutoff(days: number, now: Date = new Date()): Cutoff {
  // Whole minutes, so the cutoff reads the same everywhere it is shown (no seconds).
  const at = new Date(daysAgo(days, now));
  at.setSeconds(0, 0);
  return { endTimeMillis: at.getTime(), source: 'preset', label: `${days} days ago` };
}

export { formatUtcOffset } from '../../shared/format';

export { formatLocalDate } from '../../shared/format';

/** The cutoff instant in the one date-time format: "2025-01-01 00:00 (UTC+01:00)". */
export function formatCutoffTime(ms: number): string {
  return formatDateTime(ms);
}

/** Whole days before now: the unit the presets speak. */
export function formatAge(ms: number, now: Date = new Date()): string {
  const days = Math.floor((now.getTime() - ms) / DAY_MS);
  if (days <= 0) return 'today';
  return days === 1 ? '1 day ago' : `${days.toLocaleString('en-US')} days ago`;
}

/** Local midnight at the start of a YYYY-MM-DD date, or undefined when no such day exists. */
export function localMidnight(text: string): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(year, month - 1, day);
  // Date rolls 2025-02-30 over to March: a real date reads back unchanged.
  if (d.getFullYear() !== year || d.getMonth() !== month - 1 || d.getDate() !== day) return undefined;
  return d.getTime();
}

const FORMAT_HINT = 'Type a date as YYYY-MM-DD (local midnight), epoch milliseconds (e.g. 1735689600000), or a number of days such as 45d.';

function notInFuture(endTimeMillis: number, now: Date, what: string): string | undefined {
  if (endTimeMillis > now.getTime()) {
    return `${what} is in the future: ${formatCutoffTime(endTimeMillis)}. Pick a past time; rows at or before it are deleted.`;
  }
  return undefined;
}

/** Parses what a user typed into a cutoff, or says what is wrong with it. */
export function parseCutoff(input: string, now: Date = new Date()): CutoffParse {
  const text = input.trim();
  if (text === '') return { ok: false, message: FORMAT_HINT };

  if (/^\d{4}-\d{1,2}-\d{1,2}$/.test(text)) {
    const ms = localMidnight(text);
    if (ms === undefined) {
      return {
        ok: false,
        message: /^\d{4}-\d{2}-\d{2}$/.test(text)
          ? `${text} is not a real date. ${FORMAT_HINT}`
          : `Write the date as YYYY-MM-DD, with two-digit month and day.`,
      };
    }
    const future = notInFuture(ms, now, text);
    if (future) return { ok: false, message: future };
    return { ok: true, cutoff: { endTimeMillis: ms, source: 'date', label: text } };
  }

  const days = /^(\d+)\s*d(?:ays?)?$/i.exec(text);
  if (days) {
    const n = Number(days[1]);
    if (n < 1 || n > 36_500) return { ok: false, message: 'Type a number of days from 1 to 36500.' };
    return { ok: true, cutoff: { endTimeMillis: daysAgo(n, now), source: 'days', label: `${n} days ago` } };
  }

  if (/^\d+$/.test(text)) {
    const ms = Number(text);
    if (!Number.isSafeInteger(ms)) return { ok: false, message: `${text} is too large to be a time. ${FORMAT_HINT}` };
    if (ms < MIN_PLAUSIBLE_EPOCH_MS) {
      return {
        ok: false,
        message: `${text} looks like epoch seconds (${formatCutoffTime(ms * 1000)}); this takes milliseconds: ${text}000.`,
      };
    }
    const future = notInFuture(ms, now, text);
    if (future) return { ok: false, message: future };
    return { ok: true, cutoff: { endTimeMillis: ms, source: 'epoch', label: `epoch ${text}` } };
  }

  return { ok: false, message: `"${text}" is not a date or a time. ${FORMAT_HINT}` };
}

/** Checks a cutoff given by a program (argument object), with the same rules as typed input. */
export function validateEndTimeMillis(value: unknown, now: Date = new Date()): string | undefined {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    return 'endTimeMillis must be a whole number of milliseconds since 1970-01-01 UTC.';
  }
  return notInFuture(value, now, `endTimeMillis ${value}`);
}
