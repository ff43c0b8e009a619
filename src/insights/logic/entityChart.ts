// The entity counts' part of the size chart: documents per entity type at the last reading, their
// growth since the reading before and over 7 and 30 days, and a 30-day trend, all from the entity
// count history (kept by src/entities like the size history: documents in place of MB). Pure: no
// vscode import; the figures are pre-formatted text, as everything the chart shows.
import { formatDateTime, formatSignedCount } from '../../shared/format';
import { ALL_TYPES, DAY_MS, formatPercent, growthFor, ratePerDay, seriesFor, type ConnectionHistory, type SizeChange } from './history';
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
  feed: {
    reading(c: string, gmsUrl: string): EntityCountsSnapshot | undefined;
    history(c: string, gmsUrl: string): ConnectionHistory | undefined;
    load(): Promise<void>;
  },
  connection: { name: string; gmsUrl: string },
  loaded: () => void,
): ChartEntities | undefined {
  if (!historyRead.has(feed)) {
    historyRead.add(feed);
    feed.load().then(loaded, () => undefined); // a damaged file is logged by its store
  }
  return buildEntityChart(feed.reading(connection.name, connection.gmsUrl), feed.history(connection.name, connection.gmsUrl));
}

const TREND_WINDOW_MS = 30 * DAY_MS;
const SOURCE_LABELS = { countsApi: 'the counts endpoint', search: 'search facets' } as const;
/** Readings closer than this give no rate a day: a few seconds' change times 86,400 says nothing. */
const n = (v: number): string => Math.round(v).toLocaleString('en-US');

/** One type's figures at the latest reading; active and soft-deleted are null when only the history has it. */
export interface TypeFigures {
  entityType: string;
  active: number | null;
  softDeleted: number | null;
  documents: number;
}

/**
 * The latest figures of a connection, as the chart and the export show them: the reading of this window
 * when there is one (active and soft-deleted), otherwise the newest reading in the history (documents
 * only). Types by documents, most first, then a last entry for all types (ALL_TYPES). Undefined when the
 * connection was never counted.
 */
export function latestFigures(
  reading: EntityCountsSnapshot | undefined,
  history: ConnectionHistory | undefined,
): { at: number; source: EntityCountsSnapshot['source'] | 'history'; types: TypeFigures[]; all: TypeFigures } | undefined {
  const last = history?.snapshots.at(-1);
  const at = reading?.computedAt ?? last?.t;
  if (at === undefined) return undefined;
  const types: TypeFigures[] = reading
    ? perType(reading.types).map((t) => ({ ...t, documents: t.active + t.softDeleted }))
    : [...(last?.sizes ?? new Map<string, number>())]
        .filter(([k]) => k !== ALL_TYPES)
        .map(([entityType, documents]) => ({ entityType, active: null, softDeleted: null, documents }));
  types.sort((a, b) => b.documents - a.documents || a.entityType.localeCompare(b.entityType));
  const all: TypeFigures = reading
    ? { entityType: ALL_TYPES, ...reading.totals, documents: reading.totals.active + reading.totals.softDeleted }
    : { entityType: ALL_TYPES, active: null, softDeleted: null, documents: last?.sizes.get(ALL_TYPES) ?? types.reduce((s, t) => s + t.documents, 0) };
  return { at, source: reading?.source ?? 'history', types, all };
}

/** The change since the reading before, and per day when the readings are an hour or more apart. */
export function sinceReadingBefore(
  history: ConnectionHistory | undefined,
  key: string,
): { change: number; fromAt: number; perDay: number | null; growth: NonNullable<ReturnType<typeof growthFor>> } | undefined {
  const growth = growthFor(history, key, Number.MAX_SAFE_INTEGER);
  const previous = growth?.sincePrevious;
  if (!growth || !previous) return undefined;
  const perDay = ratePerDay(previous.deltaMb, previous.fromAt, growth.latestAt);
  return { change: Math.round(previous.deltaMb), fromAt: previous.fromAt, perDay, growth };
}

const changeLabel = (since: { change: number; perDay: number | null }): string =>
  `${formatSignedCount(since.change)}${since.perDay !== null ? ` (${formatSignedCount(since.perDay)} a day)` : ''}`;

function changeLine(label: string, c: SizeChange | undefined): string | undefined {
  return c && `${label}: ${formatSignedCount(Math.round(c.deltaMb))}${formatPercent(c.percent)}`;
}

/** "Since the reading of …: +5,000 (+1,250 a day)", then 7 and 30 days, for one history entry. */
function growthLines(history: ConnectionHistory | undefined, key: string): { lines: string[]; change?: string } {
  const since = sinceReadingBefore(history, key);
  const growth = since?.growth ?? growthFor(history, key, Number.MAX_SAFE_INTEGER);
  if (!growth) return { lines: [] };
  const lines: string[] = [];
  if (since) lines.push(`Since the reading of ${formatDateTime(since.fromAt)}: ${changeLabel(since)}`);
  for (const line of [changeLine('7 days', growth.d7), changeLine('30 days', growth.d30)]) if (line) lines.push(line);
  return { lines, change: since && changeLabel(since) };
}

/** The chart's entity section (see latestFigures); undefined when the connection was never counted. */
export function buildEntityChart(
  reading: EntityCountsSnapshot | undefined,
  history: ConnectionHistory | undefined,
  now: number = Date.now(),
): ChartEntities | undefined {
  const latest = latestFigures(reading, history);
  if (!latest) return undefined;
  const trendOf = (key: string): Array<[number, number]> =>
    seriesFor(history, key, Number.MAX_SAFE_INTEGER)
      .filter((p) => p.t >= now - TREND_WINDOW_MS)
      .map((p): [number, number] => [p.t, p.mb]);
  const types: ChartEntityType[] = latest.types.map((t) => {
    const growth = growthLines(history, t.entityType);
    return {
      entityType: t.entityType,
      documents: t.documents,
      documentsLabel: n(t.documents),
      splitLabel: t.active !== null && t.softDeleted !== null ? `${n(t.active)} active · ${n(t.softDeleted)} soft-deleted` : undefined,
      growth: growth.lines,
      changeLabel: growth.change,
      trend: trendOf(t.entityType),
    };
  });
  const { all } = latest;
  const split = all.active !== null && all.softDeleted !== null ? ` (${n(all.active)} active, ${n(all.softDeleted)} soft-deleted)` : '';
  return {
    totalLabel: `${n(all.documents)} documents in ${types.length} type${types.length === 1 ? '' : 's'}${split}`,
    readingLabel:
      latest.source === 'history'
        ? `last counted ${formatDateTime(latest.at)} (from the history: run Count Entities for active and soft-deleted figures)`
        : `counted ${formatDateTime(latest.at)} from ${SOURCE_LABELS[latest.source]}`,
    growth: growthLines(history, ALL_TYPES).lines,
    maxDocuments: types.reduce((m, t) => Math.max(m, t.documents), 0),
    types,
  };
}
