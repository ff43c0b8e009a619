// Size and count formatting. Numbers stay raw on the model (decimal megabytes,
// as DataHub reports them); these functions turn them into text only for display.
// Decimal units throughout: 1 kB = 1000 B, 1 MB = 10^6 B, 1 GB = 10^9 B.

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const;

export const UNKNOWN_SIZE = 'unknown size';

/** True for a size that can be shown and summed (finite, not negative). */
export function isKnownSize(sizeMb: number | null | undefined): sizeMb is number {
  return typeof sizeMb === 'number' && Number.isFinite(sizeMb) && sizeMb >= 0;
}

/**
 * Bytes as text: whole bytes below 1 kB ("208 B"), otherwise three significant
 * digits without trailing zeros ("1.53 GB", "18.3 GB", "640 MB", "1 GB").
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return UNKNOWN_SIZE;
  const whole = Math.round(bytes);
  if (whole < 1000) return `${whole} B`;
  let unit = 0;
  let value = bytes;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit++;
  }
  let text = value.toPrecision(3);
  // Rounding can carry into the next unit (999.96 kB -> "1.00e+3").
  if (Number(text) >= 1000 && unit < UNITS.length - 1) {
    unit++;
    text = (Number(text) / 1000).toPrecision(3);
  }
  if (text.includes('e')) text = String(Math.round(Number(text)));
  return `${stripZeros(text)} ${UNITS[unit]}`;
}

function stripZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** Decimal megabytes as text; "unknown size" for null or unusable values. */
export function formatSize(sizeMb: number | null | undefined): string {
  return isKnownSize(sizeMb) ? formatBytes(sizeMb * 1e6) : UNKNOWN_SIZE;
}

// Made once: toLocaleString() with options builds a new formatter per call (hundreds of µs).
let exactMb: Intl.NumberFormat | undefined;

/** The exact number the server sent, grouped for reading: "18,342.113 MB". */
export function formatExactMb(sizeMb: number | null | undefined): string {
  if (!isKnownSize(sizeMb)) return UNKNOWN_SIZE;
  exactMb ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
  return `${exactMb.format(sizeMb)} MB`;
}

/** Share of a total as a percentage: "41.2%", "<0.1%", "100%"; undefined when the total is 0 or unknown. */
export function formatShare(sizeMb: number | null | undefined, totalMb: number): string | undefined {
  if (!isKnownSize(sizeMb) || !(totalMb > 0)) return undefined;
  const percent = (sizeMb / totalMb) * 100;
  if (percent > 0 && percent < 0.1) return '<0.1%';
  return `${stripZeros(percent.toFixed(1))}%`;
}

/** "1 index", "9 indices". */
export function formatIndexCount(count: number): string {
  return `${count} ${count === 1 ? 'index' : 'indices'}`;
}

/** Local time as HH:MM (24 h), for "fetched 10:42". */
export function formatClock(date: Date): string {
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** "UTC+02:00" for the local offset at that instant. */
export function formatUtcOffset(ms: number): string {
  const offsetMin = -new Date(ms).getTimezoneOffset();
  const sign = offsetMin < 0 ? '-' : '+';
  const abs = Math.abs(offsetMin);
  return `UTC${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

/**
 * The one date-time format of the extension (tree, chart, tasks, modals,
 * notifications): local time to the minute, with its offset so nobody
 * guesses the zone: "2026-11-23 14:05 (UTC+01:00)". Logs keep exact epoch
 * milliseconds. "unknown time" for a non-finite value.
 */
export function formatDateTime(ms: number): string {
  if (!Number.isFinite(ms)) return 'unknown time';
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())} (${formatUtcOffset(ms)})`;
}

/**
 * The one duration format: "under 0.1 s", "3.2 s", "42 s", "2 min 05 s",
 * "1 h 02 min"; never "0.0 s". "unknown" for a negative or non-finite value.
 */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return 'unknown';
  if (ms < 100) return 'under 0.1 s';
  if (ms < 10_000) return `${(ms / 1000).toFixed(1)} s`;
  const totalS = Math.round(ms / 1000);
  if (totalS < 60) return `${totalS} s`;
  if (totalS < 3600) return `${Math.floor(totalS / 60)} min ${pad2(totalS % 60)} s`;
  const totalMin = Math.round(totalS / 60);
  return `${Math.floor(totalMin / 60)} h ${pad2(totalMin % 60)} min`;
}

/** A signed count: "+5,000", "−12", "±0" (the change of a count between two readings). */
export function formatSignedCount(v: number): string {
  return v > 0 ? `+${v.toLocaleString('en-US')}` : v < 0 ? `−${(-v).toLocaleString('en-US')}` : '±0';
}

/** "1 row", "1,234 rows": counts of rows, the one word for what an index holds. */
export function formatRows(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'}`;
}

/** "2025-01-01" in local time. */
export function formatLocalDate(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`;
}

/** The sentence a result adds when its requests waited out a 429 (empty when they did not). */
export function throttleNote(waitedMs: number): string {
  return waitedMs > 0 ? ` The server asked to slow down (429): waited ${formatDuration(waitedMs)} as its Retry-After said, then asked again.` : '';
}
