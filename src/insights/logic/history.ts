// Index size history: one compact snapshot per successful fetch, per connection,
// kept bounded, and the growth figures derived from it. Pure: no vscode import;
// the extension host reads and writes the file (src/insights/chartHistoryStore.ts).
// Maps, not plain objects, hold index and connection names: a server can name
// an index "__proto__".
import { formatSize, isKnownSize } from '../../shared/format';

export const HOUR_MS = 3_600_000;
/** The entity count history's entry for all types together (the other entries are entity types). */
export const ALL_TYPES = '(all types)';
export const DAY_MS = 86_400_000;
/** Readings closer than this give a change but no rate a day (seconds apart would extrapolate noise). */
export const MIN_RATE_SPAN_MS = 3_600_000;

/** The change a day between two readings, one decimal; null when they are under MIN_RATE_SPAN_MS apart. */
export function ratePerDay(change: number, fromAt: number, at: number): number | null {
  const span = at - fromAt;
  return span >= MIN_RATE_SPAN_MS ? Math.round((change / (span / DAY_MS)) * 10) / 10 : null;
}

/** How much history survives: every tier keeps the newest snapshot of each of its buckets. */
export interface RetentionPolicy {
  /** Snapshots older than this are dropped. */
  maxAgeMs: number;
  /** Older than this: one snapshot per (UTC) day. */
  dailyAfterMs: number;
  /** Older than this (and newer than dailyAfterMs): one per hour. */
  hourlyAfterMs: number;
  /** Newer than hourlyAfterMs: one per this many ms, so a one-minute auto-refresh stays small. */
  recentBucketMs: number;
  /** The newest snapshots kept as they are within maxAgeMs ("since the previous fetch" needs two). */
  keepNewest: number;
}

/** 90 days, one a day after a week; within the week one an hour, within a day one per 5 minutes. */
export const DEFAULT_RETENTION: RetentionPolicy = {
  maxAgeMs: 90 * DAY_MS,
  dailyAfterMs: 7 * DAY_MS,
  hourlyAfterMs: DAY_MS,
  recentBucketMs: 5 * 60_000,
  keepNewest: 2,
};

export interface HistorySnapshot {
  /** When the sizes were fetched (epoch ms). */
  t: number;
  /** Index name -> decimal MB. Indices of unknown size are left out. */
  sizes: ReadonlyMap<string, number>;
}

export interface ConnectionHistory {
  /** The server the snapshots came from; a connection pointed elsewhere starts over. */
  gmsUrl: string;
  /** Oldest first. */
  snapshots: readonly HistorySnapshot[];
}

export interface History {
  connections: ReadonlyMap<string, ConnectionHistory>;
}

export interface FetchRecord {
  connection: string;
  gmsUrl: string;
  fetchedAt: number;
  indices: ReadonlyArray<{ indexName: string; sizeMb: number | null }>;
}

export function emptyHistory(): History {
  return { connections: new Map() };
}

/** Kilobyte precision is plenty for growth and keeps the file small. */
function roundMb(mb: number): number {
  return Math.round(mb * 1000) / 1000;
}

/** Adds one fetch to the history of its connection, then applies the retention policy. */
export function recordFetch(history: History, record: FetchRecord, now: number = Date.now(), policy: RetentionPolicy = DEFAULT_RETENTION): History {
  const sizes = new Map<string, number>();
  for (const index of record.indices) {
    if (isKnownSize(index.sizeMb)) sizes.set(index.indexName, roundMb(index.sizeMb));
  }
  const previous = history.connections.get(record.connection);
  const kept = previous && previous.gmsUrl === record.gmsUrl ? previous.snapshots.filter((s) => s.t !== record.fetchedAt) : [];
  const snapshots = [...kept, { t: record.fetchedAt, sizes }].sort((a, b) => a.t - b.t);
  const connections = new Map(history.connections);
  connections.set(record.connection, { gmsUrl: record.gmsUrl, snapshots: thinSnapshots(snapshots, now, policy) });
  return { connections };
}

/**
 * Bounds a connection's snapshots (oldest first in, oldest first out): drops those
 * past maxAgeMs and keeps the newest of each day / hour / recent bucket by age.
 */
export function thinSnapshots(snapshots: readonly HistorySnapshot[], now: number, policy: RetentionPolicy = DEFAULT_RETENTION): HistorySnapshot[] {
  const sorted = [...snapshots].sort((a, b) => a.t - b.t);
  const protectedFrom = Math.max(0, sorted.length - policy.keepNewest);
  const kept = new Set<number>();
  const byBucket = new Map<string, number>();
  sorted.forEach((snapshot, i) => {
    const age = now - snapshot.t;
    if (age > policy.maxAgeMs) return;
    if (i >= protectedFrom) kept.add(i);
    let key: string;
    if (age > policy.dailyAfterMs) key = `d:${Math.floor(snapshot.t / DAY_MS)}`;
    else if (age > policy.hourlyAfterMs) key = `h:${Math.floor(snapshot.t / HOUR_MS)}`;
    else key = `r:${Math.floor(snapshot.t / policy.recentBucketMs)}`;
    // Later (newer) snapshots of the same bucket replace earlier ones.
    byBucket.set(key, i);
  });
  for (const i of byBucket.values()) kept.add(i);
  return [...kept].sort((a, b) => a - b).map((i) => sorted[i]);
}

/** Forgets one connection's history, or every connection's when none is named. */
export function clearHistory(history: History, connection?: string): History {
  if (connection === undefined) return emptyHistory();
  const connections = new Map(history.connections);
  connections.delete(connection);
  return { connections };
}

export interface SizeChange {
  /** Latest minus earlier, in decimal MB. */
  deltaMb: number;
  fromMb: number;
  fromAt: number;
  /** Relative change in percent; null when the earlier size was 0. */
  percent: number | null;
}

export interface Growth {
  latestMb: number;
  latestAt: number;
  sincePrevious?: SizeChange;
  d7?: SizeChange;
  d30?: SizeChange;
}

function change(latestMb: number, fromMb: number, fromAt: number): SizeChange {
  return { deltaMb: roundMb(latestMb - fromMb), fromMb, fromAt, percent: fromMb > 0 ? ((latestMb - fromMb) / fromMb) * 100 : null };
}

/**
 * The snapshot to compare with for "growth over periodMs": the newest one at or
 * before latestAt - periodMs, and not much older than that (a 60-day-old
 * snapshot says nothing about the last 7 days). Tolerance: half the period.
 */
function baselineFor(points: ReadonlyArray<{ t: number; mb: number }>, latestAt: number, periodMs: number) {
  const target = latestAt - periodMs;
  let best: { t: number; mb: number } | undefined;
  for (const p of points) if (p.t <= target) best = p;
  return best && target - best.t <= periodMs / 2 ? best : undefined;
}

/** Known sizes of one index, oldest first, up to `now`. */
export function seriesFor(history: ConnectionHistory | undefined, indexName: string, now: number = Date.now()) {
  const points: Array<{ t: number; mb: number }> = [];
  for (const s of history?.snapshots ?? []) {
    const mb = s.sizes.get(indexName);
    if (mb !== undefined && s.t <= now) points.push({ t: s.t, mb });
  }
  return points;
}

/** Growth of one index since the previous fetch and over 7 and 30 days, when the history knows. */
export function growthFor(history: ConnectionHistory | undefined, indexName: string, now: number = Date.now()): Growth | undefined {
  const points = seriesFor(history, indexName, now);
  const latest = points.at(-1);
  if (!latest) return undefined;
  const growth: Growth = { latestMb: latest.mb, latestAt: latest.t };
  const previous = points.at(-2);
  if (previous) growth.sincePrevious = change(latest.mb, previous.mb, previous.t);
  const week = baselineFor(points, latest.t, 7 * DAY_MS);
  if (week) growth.d7 = change(latest.mb, week.mb, week.t);
  const month = baselineFor(points, latest.t, 30 * DAY_MS);
  if (month) growth.d30 = change(latest.mb, month.mb, month.t);
  return growth;
}

/** The indices that grew most over 7 days (by MB, growth > 0 only), largest first. */
export function fastestGrowing(history: ConnectionHistory | undefined, now: number = Date.now(), count = 3): string[] {
  const latest = [...(history?.snapshots ?? [])].reverse().find((s) => s.t <= now);
  if (!latest) return [];
  const grown: Array<{ name: string; deltaMb: number }> = [];
  for (const name of latest.sizes.keys()) {
    const d7 = growthFor(history, name, now)?.d7;
    if (d7 && d7.deltaMb > 0) grown.push({ name, deltaMb: d7.deltaMb });
  }
  grown.sort((a, b) => b.deltaMb - a.deltaMb || a.name.localeCompare(b.name));
  return grown.slice(0, count).map((g) => g.name);
}

/** A signed size difference: "+1.2 GB", "−340 MB", "±0 B". */
export function formatDelta(deltaMb: number): string {
  if (deltaMb === 0) return '±0 B';
  return `${deltaMb > 0 ? '+' : '−'}${formatSize(Math.abs(deltaMb))}`;
}

export function formatPercent(percent: number | null): string {
  // "±0 B (0.0%)" says nothing more than "±0 B".
  if (percent === null || percent === 0) return '';
  const rounded = Math.abs(percent) < 10 ? percent.toFixed(1) : percent.toFixed(0);
  return ` (${percent > 0 ? '+' : ''}${rounded}%)`;
}

/** One line per known period, for tooltips and the chart: "7 days: +1.2 GB (+8.1%)". */
export function describeGrowth(growth: Growth | undefined): string[] {
  if (!growth) return [];
  const lines: string[] = [];
  const add = (label: string, c: SizeChange | undefined) => {
    if (c) lines.push(`${label}: ${formatDelta(c.deltaMb)}${formatPercent(c.percent)}`);
  };
  add('Since previous fetch', growth.sincePrevious);
  add('7 days', growth.d7);
  add('30 days', growth.d30);
  return lines;
}

// The file form: per connection, index names once, then each snapshot as
// [t, size of indices[0], size of indices[1], ...] with null for "not in this fetch".
export const HISTORY_FILE_VERSION = 1;

interface EncodedConnection {
  name: string;
  gmsUrl: string;
  indices: string[];
  snapshots: Array<Array<number | null>>;
}

/** The history as compact JSON (a few hundred kB at most under the default policy). */
export function encodeHistory(history: History): string {
  const connections: EncodedConnection[] = [];
  for (const [name, h] of history.connections) {
    const slot = new Map<string, number>();
    for (const s of h.snapshots) for (const index of s.sizes.keys()) if (!slot.has(index)) slot.set(index, slot.size);
    const snapshots = h.snapshots.map((s) => {
      const row: Array<number | null> = new Array<number | null>(slot.size + 1).fill(null);
      row[0] = s.t;
      for (const [index, mb] of s.sizes) row[(slot.get(index) ?? 0) + 1] = mb;
      return row;
    });
    connections.push({ name, gmsUrl: h.gmsUrl, indices: [...slot.keys()], snapshots });
  }
  return JSON.stringify({ version: HISTORY_FILE_VERSION, connections });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Why a history file's text cannot be used as it is (damaged, not ours, another
 * version), or undefined when it can. Such a file is kept aside, not overwritten.
 */
export function historyFileProblem(text: string): string | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return 'not valid JSON';
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.connections)) return 'not an index size history';
  if (parsed.version !== HISTORY_FILE_VERSION) return `version ${String(parsed.version).slice(0, 20)}, this extension reads version ${HISTORY_FILE_VERSION}`;
  return undefined;
}

/**
 * Reads the file form back. The file is ours but may be damaged or from a newer
 * version: anything unreadable yields an empty history, a bad entry is skipped.
 */
export function decodeHistory(text: string): History {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return emptyHistory();
  }
  if (!isRecord(parsed) || parsed.version !== HISTORY_FILE_VERSION || !Array.isArray(parsed.connections)) return emptyHistory();
  const connections = new Map<string, ConnectionHistory>();
  for (const c of parsed.connections) {
    if (!isRecord(c) || typeof c.name !== 'string' || typeof c.gmsUrl !== 'string') continue;
    if (!Array.isArray(c.indices) || !c.indices.every((n) => typeof n === 'string') || !Array.isArray(c.snapshots)) continue;
    const names = c.indices as string[];
    const snapshots: HistorySnapshot[] = [];
    for (const row of c.snapshots) {
      if (!Array.isArray(row) || typeof row[0] !== 'number' || !Number.isFinite(row[0])) continue;
      const sizes = new Map<string, number>();
      names.forEach((name, i) => {
        const mb: unknown = row[i + 1];
        if (isKnownSize(typeof mb === 'number' ? mb : null)) sizes.set(name, mb as number);
      });
      snapshots.push({ t: row[0], sizes });
    }
    snapshots.sort((a, b) => a.t - b.t);
    connections.set(c.name, { gmsUrl: c.gmsUrl, snapshots });
  }
  return { connections };
}
