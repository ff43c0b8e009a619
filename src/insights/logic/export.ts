// Index sizes (and entity counts with their growth) as CSV, JSON and Markdown, for spreadsheets, scripts
// and tickets.
// Pure: no vscode import. Sizes stay raw decimal MB here; only Markdown shows
// a human-readable size next to the raw number.
import type { IndexSize } from '../../gms/types';
import { formatIndexCount, formatSignedCount, formatSize, isKnownSize } from '../../shared/format';
import { groupIndices, sortGroups } from '../../indices/logic/indices';
import { joinMarkdown, mdown, rawCell, type Markdown } from '../../shared/markdown';
import { ALL_TYPES, type ConnectionHistory } from './history';
import { latestFigures, sinceReadingBefore, type EntityCountsSnapshot } from './entityChart';

export type ExportFormat = 'csv' | 'json';

export const EXPORT_COLUMNS = ['connection', 'fetchedAt', 'entityName', 'aspectName', 'indexName', 'sizeMb'] as const;

export interface ExportRow {
  connection: string;
  /** ISO 8601, UTC. */
  fetchedAt: string;
  entityName: string;
  aspectName: string;
  indexName: string;
  /** Decimal MB; null when the server sent no usable size. */
  sizeMb: number | null;
}

export interface ExportSource {
  connection: string;
  fetchedAt: number;
  indices: readonly IndexSize[];
}

/** One row per index, in the tree's order: largest entity first, largest index first, unknown sizes last. */
export function exportRows(source: ExportSource): ExportRow[] {
  const fetchedAt = new Date(source.fetchedAt).toISOString();
  return sortGroups(groupIndices(source.indices), 'size')
    .flatMap((group) => group.indices)
    .map((i) => ({
      connection: source.connection,
      fetchedAt,
      entityName: i.entityName,
      aspectName: i.aspectName,
      indexName: i.indexName,
      sizeMb: isKnownSize(i.sizeMb) ? i.sizeMb : null,
    }));
}

/**
 * A text cell for CSV: a leading = + - @ (or tab / carriage return) would make a
 * spreadsheet run it as a formula, so it gets a ' in front (OWASP's advice);
 * then RFC 4180 quoting when the cell holds a quote, comma or line break.
 */
export function csvCell(text: string): string {
  const guarded = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** RFC 4180: a header line, CRLF line ends, numbers unquoted, an empty cell for an unknown size. */
export function toCsv(rows: readonly ExportRow[]): string {
  const lines = [EXPORT_COLUMNS.join(',')];
  for (const r of rows) {
    const text = [r.connection, r.fetchedAt, r.entityName, r.aspectName, r.indexName].map(csvCell);
    lines.push([...text, r.sizeMb === null ? '' : String(r.sizeMb)].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A JSON array of row objects with the CSV's columns, pretty-printed. */
export function toJson(rows: readonly ExportRow[]): string {
  return `${JSON.stringify(
    rows.map((r) => Object.fromEntries(EXPORT_COLUMNS.map((c) => [c, r[c]]))),
    null,
    2,
  )}\n`;
}

/** A Markdown table (entity, aspect, index, size, MB), sizes right-aligned, with a total row. */
export function toMarkdown(rows: readonly ExportRow[]): Markdown {
  // Every cell through rawCell (src/shared/markdown.ts): read raw too, and inert (a server's address in a code span).
  const lines = [mdown`| Entity | Aspect | Index | Size | MB |`, mdown`| --- | --- | --- | ---: | ---: |`];
  let totalMb = 0;
  for (const r of rows) {
    if (r.sizeMb !== null) totalMb += r.sizeMb;
    const mb = r.sizeMb === null ? '' : String(r.sizeMb);
    lines.push(mdown`| ${rawCell(r.entityName)} | ${rawCell(r.aspectName)} | ${rawCell(r.indexName)} | ${rawCell(formatSize(r.sizeMb))} | ${rawCell(mb)} |`);
  }
  lines.push(mdown`| **Total** | | ${rawCell(formatIndexCount(rows.length))} | ${rawCell(formatSize(totalMb))} | ${roundMb(totalMb)} |`);
  return mdown`${joinMarkdown(lines)}\n`;
}

/** Sums drift in the last digits (0.1 + 0.2); the server's own precision is 3 to 6 decimals. */
function roundMb(mb: number): number {
  return Math.round(mb * 1e6) / 1e6;
}

/** A file name a user would keep: datahub-index-sizes-<connection>-<yyyy-mm-dd>.<ext>, safe on every OS. */
export function defaultExportFileName(connection: string, fetchedAt: number, format: ExportFormat): string {
  const safe = connection.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'connection';
  return `datahub-index-sizes-${safe}-${new Date(fetchedAt).toISOString().slice(0, 10)}.${format}`;
}

export const ENTITY_EXPORT_COLUMNS = [
  'connection',
  'countedAt',
  'source',
  'entityType',
  'active',
  'softDeleted',
  'documents',
  'changeSincePrevious',
  'previousAt',
  'perDay',
] as const;

/** One entity type's counts and their growth since the reading before, for the export. */
export interface EntityExportRow {
  connection: string;
  /** ISO 8601, UTC: when the server computed the figures. */
  countedAt: string;
  /** 'countsApi', 'search', or 'history' (a reading of another window or session: documents only). */
  source: 'countsApi' | 'search' | 'history';
  entityType: string;
  /** null when the reading comes from the history, which keeps documents only. */
  active: number | null;
  softDeleted: number | null;
  documents: number;
  /** Documents now minus at the reading before; null for a first reading. */
  changeSincePrevious: number | null;
  /** ISO 8601 of the reading before, with changeSincePrevious. */
  previousAt: string | null;
  /** changeSincePrevious per day between the two readings. */
  perDay: number | null;
}

/**
 * Rows of the entity counts (most documents first), with a last row for all types ("(all types)"); the
 * rate a day only for readings an hour or more apart, as the chart shows it.
 */
export function entityExportRows(connection: string, reading: EntityCountsSnapshot | undefined, history: ConnectionHistory | undefined): EntityExportRow[] {
  const latest = latestFigures(reading, history);
  if (!latest) return [];
  const countedAt = new Date(latest.at).toISOString();
  return [...latest.types, latest.all].map((f) => {
    const since = sinceReadingBefore(history, f.entityType);
    return {
      connection,
      countedAt,
      source: latest.source,
      ...f,
      changeSincePrevious: since?.change ?? null,
      previousAt: since ? new Date(since.fromAt).toISOString() : null,
      perDay: since?.perDay ?? null,
    };
  });
}

const cellOf = (v: string | number | null): string => (v === null ? '' : typeof v === 'number' ? String(v) : csvCell(v));

/** The entity rows as CSV (RFC 4180, as the sizes) or JSON (an array of row objects). */
export function entitiesToText(format: ExportFormat, rows: readonly EntityExportRow[]): string {
  if (format === 'json') return `${JSON.stringify(rows, ENTITY_EXPORT_COLUMNS as unknown as string[], 2)}\n`;
  const lines = [ENTITY_EXPORT_COLUMNS.join(',')];
  for (const r of rows) lines.push(ENTITY_EXPORT_COLUMNS.map((c) => cellOf(r[c])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A Markdown table of the entity counts and their change since the reading before. */
export function entitiesToMarkdown(rows: readonly EntityExportRow[]): Markdown {
  const count = (v: number | null): Markdown => rawCell(v === null ? '' : v.toLocaleString('en-US'));
  const signed = (v: number | null): Markdown => rawCell(v === null ? '' : formatSignedCount(v));
  const lines = [
    mdown`| Entity type | Active | Soft-deleted | Documents | Since the reading before | Per day |`,
    mdown`| --- | ---: | ---: | ---: | ---: | ---: |`,
  ];
  for (const r of rows) {
    const name = r.entityType === ALL_TYPES ? mdown`**All types**` : rawCell(r.entityType);
    lines.push(
      mdown`| ${name} | ${count(r.active)} | ${count(r.softDeleted)} | ${count(r.documents)} | ${signed(r.changeSincePrevious)} | ${signed(r.perDay)} |`,
    );
  }
  return mdown`${joinMarkdown(lines)}\n`;
}

/** datahub-entity-counts-<connection>-<yyyy-mm-dd>.<ext>. */
export function defaultEntityExportFileName(connection: string, countedAt: number, format: ExportFormat): string {
  return defaultExportFileName(connection, countedAt, format).replace(/^datahub-index-sizes-/, 'datahub-entity-counts-');
}
