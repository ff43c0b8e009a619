// Two connections side by side: a section per subject (GMS's version, the transports, the reindex
// settings, the entity counts, the timeseries index sizes, DataHub's GC), a row per key with each side's value and
// whether they differ, the differences first. Pure: the readings come in, the sections go out; a side
// whose reading failed keeps the other side's values and says why.
import type { EntityCountsReading } from '../../gms/entityCountTypes';
import type { IndexSizes, ServerVersion } from '../../gms/types';
import type { ServerProperties } from '../../gms/upgradeTypes';
import { formatSize, formatSignedCount } from '../../shared/format';
import { REINDEX_SETTINGS } from '../../shared/reindexSettings';
import type { GcReading } from '../../gc/logic/types';
import { cap, type Reading } from './report';

export const COMPARE_SECTIONS = ['version', 'transport', 'settings', 'entityCounts', 'indexSizes', 'gc'] as const;
export type CompareSectionId = (typeof COMPARE_SECTIONS)[number];

export const SECTION_TITLES: Record<CompareSectionId, string> = {
  version: "GMS's version (GET /config)",
  transport: 'Transports',
  settings: 'Reindex settings (what Check Upgrade Readiness reads)',
  entityCounts: 'Entity counts (active, soft-deleted)',
  indexSizes: 'Timeseries index sizes',
  gc: "DataHub's garbage collector (datahub-gc: findings, schedule, stages)",
};

export interface CompareRow {
  key: string;
  /** The left side's value as shown; absent when that side has no such key or was not read. */
  left?: string;
  right?: string;
  /** Both sides were read and their values differ (one side lacking the key counts as a difference). */
  differs: boolean;
  /** Entity counts: right minus left ("+120 active, -3 soft-deleted"). */
  difference?: string;
}

export interface CompareSection {
  id: CompareSectionId;
  title: string;
  rows: CompareRow[];
  /** Why a side's reading of this section failed. */
  unread?: { left?: string; right?: string };
}

/** What one side's readings hold (a section not asked for is absent). */
export interface SideReadings {
  version?: Reading<ServerVersion>;
  transport?: Reading<{ operations: string; messaging: string }>;
  settings?: Reading<ServerProperties>;
  entityCounts?: Reading<EntityCountsReading>;
  indexSizes?: Reading<IndexSizes>;
  gc?: Reading<GcReading>;
}

type Values = Map<string, { shown: string; value?: readonly number[] }>;

const words = (e: unknown): string => cap(e instanceof Error ? e.message : String(e), 200);
const count = (n: number) => n.toLocaleString('en-US');

/** A section's values on one side, or why it could not be read. */
function valuesOf(id: CompareSectionId, side: SideReadings): { values: Values } | { why: string } | undefined {
  const values: Values = new Map();
  switch (id) {
    case 'version': {
      const r = side.version;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      if (!r.value.ok) return { why: cap(r.value.reason, 200) };
      values.set('version', { shown: cap(r.value.version, 80) });
      if (r.value.commit) values.set('commit', { shown: cap(r.value.commit, 80) });
      if (r.value.serverType) values.set('serverType', { shown: cap(r.value.serverType, 80) });
      return { values };
    }
    case 'transport': {
      const r = side.transport;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      values.set('operations', { shown: r.value.operations });
      values.set('messaging', { shown: r.value.messaging });
      return { values };
    }
    case 'settings': {
      const r = side.settings;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      for (const key of Object.values(REINDEX_SETTINGS)) {
        const v = r.value[key];
        values.set(key, { shown: v === undefined ? 'not set' : cap(String(v), 120) });
      }
      return { values };
    }
    case 'entityCounts': {
      const r = side.entityCounts;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      for (const t of r.value.types) {
        const key = cap(t.platform ? `${t.entityType} (${t.platform})` : t.entityType, 120);
        values.set(key, { shown: `${count(t.active)} active, ${count(t.softDeleted)} soft-deleted`, value: [t.active, t.softDeleted] });
      }
      const { active, softDeleted } = r.value.totals;
      values.set('(total)', { shown: `${count(active)} active, ${count(softDeleted)} soft-deleted`, value: [active, softDeleted] });
      return { values };
    }
    case 'indexSizes': {
      const r = side.indexSizes;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      for (const i of r.value.indices) values.set(cap(i.indexName, 200), { shown: formatSize(i.sizeMb), value: i.sizeMb === null ? [] : [i.sizeMb] });
      return { values };
    }
    case 'gc': {
      const r = side.gc;
      if (!r) return undefined;
      if (!r.ok) return { why: words(r.error) };
      return { values: gcValues(r.value) };
    }
  }
}

/** The GC's rows: its findings (ids, worst first), schedule, last run, and each stage's switch and settings as the recipe holds them. */
function gcValues(gc: GcReading): Values {
  const values: Values = new Map();
  values.set('findings', { shown: gc.findings.map((f) => `${f.id} (${f.verdict})`).join(', ') });
  if (!gc.source) return values;
  values.set('schedule', { shown: gc.source.schedule ? cap(`${gc.source.schedule.interval} ${gc.source.schedule.timezone}`, 80) : 'none' });
  const last = gc.runs.find((run) => run.status !== null);
  values.set('last run', { shown: last ? `${cap(last.status ?? '', 40)}, ${count(last.figures.hardDeleted ?? 0)} hard-deleted` : 'none' });
  for (const stage of gc.stages) {
    values.set(stage.id, { shown: stage.enabled ? 'on' : 'off' });
    for (const [key, v] of Object.entries(stage.settings)) {
      if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') values.set(cap(`${stage.id}.${key}`, 120), { shown: cap(String(v), 120) });
    }
  }
  return values;
}

function differenceOf(left: readonly number[] | undefined, right: readonly number[] | undefined): string | undefined {
  const l = left ?? [0, 0];
  const r = right ?? [0, 0];
  if (l.length !== 2 || r.length !== 2) return undefined;
  return `${formatSignedCount(r[0] - l[0])} active, ${formatSignedCount(r[1] - l[1])} soft-deleted`;
}

/** One section: its rows (the differences first, each group in the order the keys came), and what a side could not read. */
export function compareSection(id: CompareSectionId, left: SideReadings, right: SideReadings): CompareSection {
  const l = valuesOf(id, left);
  const r = valuesOf(id, right);
  const lv = l && 'values' in l ? l.values : undefined;
  const rv = r && 'values' in r ? r.values : undefined;
  const keys = [...new Set([...(lv?.keys() ?? []), ...(rv?.keys() ?? [])])];
  const rows = keys.map((key): CompareRow => {
    const a = lv?.get(key);
    const b = rv?.get(key);
    const both = lv !== undefined && rv !== undefined;
    const row: CompareRow = { key, ...(a ? { left: a.shown } : {}), ...(b ? { right: b.shown } : {}), differs: both && a?.shown !== b?.shown };
    if (id === 'entityCounts' && both && row.differs) {
      const d = differenceOf(a?.value, b?.value);
      if (d) row.difference = d;
    }
    return row;
  });
  // Stable: the differences first, the rest in the order read.
  rows.sort((x, y) => Number(y.differs) - Number(x.differs));
  const unread = { ...(l && 'why' in l ? { left: l.why } : {}), ...(r && 'why' in r ? { right: r.why } : {}) };
  return { id, title: SECTION_TITLES[id], rows, ...(Object.keys(unread).length ? { unread } : {}) };
}

/** The sentence for a comparison: how many rows differ, in which sections. */
export function compareMessage(left: string, right: string, sections: readonly CompareSection[], unreadable: { left?: string; right?: string }): string {
  const head = `"${cap(left, 80)}" vs "${cap(right, 80)}"`;
  const sides = [
    unreadable.left ? `"${cap(left, 80)}" not read (${unreadable.left})` : '',
    unreadable.right ? `"${cap(right, 80)}" not read (${unreadable.right})` : '',
  ]
    .filter((s) => s !== '')
    .join('; ');
  const differing = sections.map((s) => [s, s.rows.filter((r) => r.differs).length] as const).filter(([, n]) => n > 0);
  const diff = differing.length
    ? `${differing.reduce((t, [, n]) => t + n, 0)} difference(s): ${differing.map(([s, n]) => `${s.id} ${n}`).join(', ')}`
    : 'no differences in what both sides answered';
  return `Compare ${head}: ${diff}.${sides ? ` ${sides}.` : ''}`;
}
