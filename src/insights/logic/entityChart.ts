// The entity counts' part of the size chart: documents per entity type at the last reading, their
// growth since the reading before and over 7 and 30 days, and a 30-day trend, all from the entity
// count history (kept by src/entities like the size history: documents in place of MB). Pure: no
// vscode import; the figures are pre-formatted text, as everything the chart shows.
import { formatDateTime } from '../../shared/format';
import { ALL_TYPES, DAY_MS, growthFor, seriesFor, type ConnectionHistory, type SizeChange } from './history';
import type { ChartEntities, ChartEntityType } from './chartProtocol';

/** One reading of the entity counts: per type, or per type and platform (added up here). */
export interface EntityCountsSnapshot {
  source: 'countsApi' | 'search';
  /** When the server computed the figures (epoch ms). */
  computedAt: number;
  types: ReadonlyArray<{ entityType: string; active: number; softDeleted: number; platform?: string }>;
  totals: { active: number; softDeleted: number };
}

/** The figures per entity type, a platform's rows added to their type's. */
export function perType(types: EntityCountsSnapshot['types']): Array<{ entityType: string; active: number; softDeleted: number }> {
  const byType = new Map<string, { entityType: string; active: number; softDeleted: number }>();
  for (const t of types) {
    const sum = byType.get(t.entityType) ?? { entityType: t.entityType, active: 0, softDeleted: 0 };
    sum.active += t.active;
    sum.softDeleted += t.softDeleted;
    byType.set(t.entityType, sum);
  }
  return [...byType.values()];
}

/** Feeds already asked to read their history file (once each). */
const historyRead = new WeakSet<object>();

/**
 * The chart's entity section for a connection, from the entities feature's feed (see buildEntityChart).
 * The first call reads the count history file and calls `loaded` once it is in, to draw again.
 */
export function entitySection(
  feed: { reading(c: string): EntityCountsSnapshot | undefined; history(c: string): ConnectionHistory | undefined; load(): Promise<void> },
  connection: string,
  loaded: () => void,
): ChartEntities | undefined {
  if (!historyRead.has(feed)) {
    historyRead.add(feed);
    feed.load().then(loaded, () => undefined); // a damaged file is logged by its store
  }
  return buildEntityChart(feed.reading(connection), feed.history(connection));
}

const TREND_WINDOW_MS = 30 * DAY_MS;
const SOURCE_LABELS = { countsApi: 'the counts endpoint', search: 'search facets' } as const;

const n = (v: number): string => Math.round(v).toLocaleString('en-US');
/** "+5,000" / "−12" / "±0". */
export const signedCount = (v: number): string => (v > 0 ? `+${n(v)}` : v < 0 ? `−${n(-v)}` : '±0');

function changeLine(label: string, c: SizeChange | undefined): string | undefined {
  if (!c) return undefined;
  const percent =
    c.percent === null || c.percent === 0 ? '' : ` (${c.percent > 0 ? '+' : ''}${Math.abs(c.percent) < 10 ? c.percent.toFixed(1) : c.percent.toFixed(0)}%)`;
  return `${label}: ${signedCount(c.deltaMb)}${percent}`;
}

/** Readings closer than this give no rate a day: a few seconds' change times 86,400 says nothing. */
const MIN_RATE_SPAN_MS = 3_600_000;

/** The change since the reading before: "+5,000 (+1,250 a day)", the rate only over an hour or more. */
function sinceLastReading(growth: ReturnType<typeof growthFor>): { label: string; fromAt: number } | undefined {
  const previous = growth?.sincePrevious;
  if (!growth || !previous) return undefined;
  const span = growth.latestAt - previous.fromAt;
  const rate = span >= MIN_RATE_SPAN_MS ? ` (${signedCount(Math.round((previous.deltaMb / (span / DAY_MS)) * 10) / 10)} a day)` : '';
  return { label: `${signedCount(previous.deltaMb)}${rate}`, fromAt: previous.fromAt };
}

/** "Since the last reading: +5,000 (+1,250 a day)", then 7 and 30 days, for one history entry. */
export function countGrowthLines(history: ConnectionHistory | undefined, key: string): string[] {
  const growth = growthFor(history, key, Number.MAX_SAFE_INTEGER);
  if (!growth) return [];
  const lines: string[] = [];
  const change = sinceLastReading(growth);
  if (change) lines.push(`Since the reading of ${formatDateTime(change.fromAt)}: ${change.label}`);
  for (const line of [changeLine('7 days', growth.d7), changeLine('30 days', growth.d30)]) if (line) lines.push(line);
  return lines;
}

/**
 * The chart's entity section: the reading of this window when there is one (active and soft-deleted),
 * otherwise the newest reading in the history (documents only). Undefined when neither exists.
 */
export function buildEntityChart(
  reading: EntityCountsSnapshot | undefined,
  history: ConnectionHistory | undefined,
  now: number = Date.now(),
): ChartEntities | undefined {
  const last = history?.snapshots.at(-1);
  const at = reading?.computedAt ?? last?.t;
  if (at === undefined) return undefined;
  const rows: Array<{ entityType: string; documents: number; split?: { active: number; softDeleted: number } }> = reading
    ? perType(reading.types).map((t) => ({ entityType: t.entityType, documents: t.active + t.softDeleted, split: t }))
    : [...(last?.sizes ?? new Map<string, number>())].filter(([k]) => k !== ALL_TYPES).map(([entityType, documents]) => ({ entityType, documents }));
  rows.sort((a, b) => b.documents - a.documents || a.entityType.localeCompare(b.entityType));
  const total = reading ? reading.totals.active + reading.totals.softDeleted : (last?.sizes.get(ALL_TYPES) ?? rows.reduce((s, r) => s + r.documents, 0));
  const trendOf = (key: string): Array<[number, number]> =>
    seriesFor(history, key, Number.MAX_SAFE_INTEGER)
      .filter((p) => p.t >= now - TREND_WINDOW_MS)
      .map((p): [number, number] => [p.t, p.mb]);
  const types: ChartEntityType[] = rows.map((r) => ({
    entityType: r.entityType,
    documents: r.documents,
    documentsLabel: n(r.documents),
    splitLabel: r.split ? `${n(r.split.active)} active · ${n(r.split.softDeleted)} soft-deleted` : undefined,
    growth: countGrowthLines(history, r.entityType),
    changeLabel: sinceLastReading(growthFor(history, r.entityType, Number.MAX_SAFE_INTEGER))?.label,
    trend: trendOf(r.entityType),
  }));
  const split = reading ? ` (${n(reading.totals.active)} active, ${n(reading.totals.softDeleted)} soft-deleted)` : '';
  return {
    totalLabel: `${n(total)} documents in ${types.length} type${types.length === 1 ? '' : 's'}${split}`,
    readingLabel: reading
      ? `counted ${formatDateTime(at)} from ${SOURCE_LABELS[reading.source]}`
      : `last counted ${formatDateTime(at)} (from the history: run Count Entities for active and soft-deleted figures)`,
    growth: countGrowthLines(history, ALL_TYPES),
    maxDocuments: rows.reduce((m, r) => Math.max(m, r.documents), 0),
    types,
  };
}
