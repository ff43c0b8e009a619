// The time window of a restore ("rows written between …"), and whether a server
// understands it. Pure.
//
// DataHub filters on each row's createdon only `if (gePitEpochMs > 0)`, and then
// applies both bounds (EbeanAspectDao.streamAspectBatches): an upper bound alone
// would be ignored, so it goes out with gePitEpochMs = 1. A missing upper bound is
// sent as "now" explicitly: some server paths read a missing one as 0 and match
// nothing while reporting success. Servers with the older 5-parameter action
// ignore the window (and limit, createDefaultAspects) without a word; only their
// echoed RestoreIndicesArgs(…) tells, so a first request that cannot match any row
// asks before a single row is restored.
import { formatDateTime } from '../../shared/format';
import type { RestoreRequest, RestoreResult } from '../../gms/types';

export interface RestoreWindow {
  gePitEpochMs: number;
  lePitEpochMs: number;
}

const HOUR = 3_600_000;

/** Wall-clock epoch ms DataHub can store (years 1970 to 9999). */
export const MAX_EPOCH_MS = 253_402_300_799_999;

function checkBound(value: unknown, name: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > MAX_EPOCH_MS) {
    throw new Error(`"${name}" must be epoch milliseconds (a whole number such as ${Date.UTC(2026, 0, 1)}), got ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * The window to send for the bounds given (either may be missing), or undefined
 * when neither is. Throws with a message naming the field when a bound is unusable.
 */
export function normaliseWindow(bounds: { gePitEpochMs?: unknown; lePitEpochMs?: unknown }, now: number): RestoreWindow | undefined {
  const ge = checkBound(bounds.gePitEpochMs, 'gePitEpochMs');
  const le = checkBound(bounds.lePitEpochMs, 'lePitEpochMs');
  if (ge === undefined && le === undefined) return undefined;
  const window = { gePitEpochMs: Math.max(1, ge ?? 1), lePitEpochMs: le ?? now };
  if (window.gePitEpochMs > window.lePitEpochMs) {
    throw new Error(`The window is empty: gePitEpochMs (${formatInstant(window.gePitEpochMs)}) is after lePitEpochMs (${formatInstant(window.lePitEpochMs)}).`);
  }
  if (window.gePitEpochMs > now) throw new Error(`gePitEpochMs (${formatInstant(window.gePitEpochMs)}) is in the future: no row was written then yet.`);
  return window;
}

export interface WindowPreset {
  id: string;
  label: string;
  window: (now: number) => RestoreWindow;
}

export const WINDOW_PRESETS: readonly WindowPreset[] = [
  { id: 'hour', label: 'Last hour', window: (now) => ({ gePitEpochMs: now - HOUR, lePitEpochMs: now }) },
  { id: 'day', label: 'Last 24 hours', window: (now) => ({ gePitEpochMs: now - 24 * HOUR, lePitEpochMs: now }) },
  { id: 'week', label: 'Last 7 days', window: (now) => ({ gePitEpochMs: now - 7 * 24 * HOUR, lePitEpochMs: now }) },
];

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * "2026-11-20" or "2026-11-20 14:30[:15]" read as local time, to epoch ms.
 * Returns a message instead when it is not such a date or not a real one (Feb 30).
 */
export function parseLocalDateTime(text: string): number | string {
  const m = LOCAL_DATE_TIME.exec(text.trim());
  if (!m) return 'Type a local date and time as YYYY-MM-DD HH:MM (e.g. 2026-11-20 14:30), or a date alone for midnight.';
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => (v === undefined ? 0 : Number(v)));
  const date = new Date(year, month - 1, day, hour, minute, second);
  const same =
    date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hour && date.getMinutes() === minute;
  if (!same) return `${text.trim()} is not a date and time that exists here (local time).`;
  return date.getTime();
}

/** An instant in the one date-time format: "2026-11-20 14:30 (UTC+01:00)". */
export function formatInstant(ms: number): string {
  return formatDateTime(ms);
}

export function describeWindow(window: RestoreWindow): string {
  return `from ${formatInstant(window.gePitEpochMs)} to ${formatInstant(window.lePitEpochMs)}`;
}

/** Options that need a server newer than the 5-parameter restoreIndices action. */
export interface AdvancedRestoreOptions {
  window?: RestoreWindow;
  /** A cap on the rows of the run (each page also sends `limit`). */
  maxRows?: number;
  createDefaultAspects?: boolean;
}

/** The echoed argument that shows a server understands each option. */
const ECHO: Record<'window' | 'maxRows' | 'createDefaultAspects', { arg: string; words: string }> = {
  window: { arg: 'gePitEpochMs', words: 'a time window (gePitEpochMs / lePitEpochMs)' },
  maxRows: { arg: 'limit', words: 'a row limit (limit)' },
  createDefaultAspects: { arg: 'createDefaultAspects', words: 'creating default aspects (createDefaultAspects)' },
};

export function wantsSupportCheck(options: AdvancedRestoreOptions): boolean {
  return options.window !== undefined || options.maxRows !== undefined || options.createDefaultAspects === true;
}

/**
 * A request that cannot match any row on any server (the offset is past any table),
 * carrying the options, so the echoed arguments show which ones the server read.
 */
export function supportProbeRequest(urnLike: string, options: AdvancedRestoreOptions): RestoreRequest {
  const request: RestoreRequest = { urnLike, start: 2_147_483_647, batchSize: 1, limit: 1 };
  if (options.window) Object.assign(request, options.window);
  if (options.createDefaultAspects) request.createDefaultAspects = true;
  return request;
}

/**
 * Why the server cannot run these options, in words, or undefined when its echo
 * shows every one of them. A server that echoes no arguments at all cannot be trusted either.
 */
export function unsupportedOptions(answer: RestoreResult, options: AdvancedRestoreOptions): string | undefined {
  const wanted = (Object.keys(ECHO) as Array<keyof typeof ECHO>).filter((k) =>
    k === 'createDefaultAspects' ? options.createDefaultAspects === true : options[k] !== undefined,
  );
  const missing = wanted.filter((k) => !(ECHO[k].arg in answer.args));
  if (missing.length === 0) return undefined;
  const what = missing.map((k) => ECHO[k].words).join(' and ');
  const how =
    Object.keys(answer.args).length === 0 ? 'it did not echo its arguments' : `its answer does not echo ${missing.map((k) => `${ECHO[k].arg}=`).join(', ')}`;
  return `This DataHub version does not support ${what} for restoreIndices (${how}); it would ignore ${missing.length > 1 ? 'them' : 'it'} and restore rows outside what you asked for. Nothing was restored. Run without ${missing.length > 1 ? 'these options' : 'it'}, or upgrade DataHub.`;
}
