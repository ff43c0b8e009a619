// A retention plan as a recipe for DataHub's own garbage collection source,
// `datahub-gc` (metadata-ingestion/src/datahub/ingestion/source/gc/datahub_gc.py,
// class DataHubGcSourceConfig, in datahub-project/datahub), which an ingestion
// schedule can run. Pure: no vscode import.
//
// What that source can express, checked against its code:
// - It truncates a fixed list of timeseries aspects (truncate_indices() there):
//   dataset/operation, dataset/datasetusagestatistics, chart/chartUsageStatistics,
//   dashboard/dashboardUsageStatistics, and in newer versions query/queryusagestatistics.
// - With ONE retention for all of them: truncate_index_older_than_days. There is
//   no per-index or per-aspect cutoff, so a plan with different cutoffs cannot be
//   written exactly: the recipe takes the longest retention the plan gives any of
//   those indices (nothing the plan keeps is deleted; the others keep more than
//   planned) and says so in its comments. Indices outside the list cannot be
//   scheduled through it at all; the recipe lists them.
// Fields and the DataHub version that introduced them (release notes and the
// file's history):
// - the source itself: v0.13.1 (release notes: "feat(ingest/datahub-gc): gc source
//   to cleanup things", PR #10085); its earliest config already has
//   truncate_indices (default true) and truncate_index_older_than_days (default 30).
// - truncation_watch_until (default 10000) and truncation_sleep_between_seconds
//   (default 30): added after that first version (absent from it); the exact
//   release is not pinned here, so the recipe marks them as "newer versions".
// - the query/queryusagestatistics entry: a later addition to the fixed list.
import { formatLocalDate } from '../../truncate/logic/cutoff';
import type { RetentionRow } from './plan';

const DAY_MS = 86_400_000;

/** The aspects the GC source truncates, as it names them (entity type, aspect). */
export const GC_TRUNCATED_ASPECTS: ReadonlyArray<{ entityType: string; aspect: string; since: string }> = [
  { entityType: 'dataset', aspect: 'operation', since: 'v0.13.1' },
  { entityType: 'dataset', aspect: 'datasetusagestatistics', since: 'v0.13.1' },
  { entityType: 'chart', aspect: 'chartUsageStatistics', since: 'v0.13.1' },
  { entityType: 'dashboard', aspect: 'dashboardUsageStatistics', since: 'v0.13.1' },
  { entityType: 'query', aspect: 'queryusagestatistics', since: 'a later release' },
];

/** The GC source's own defaults (DataHubGcSourceConfig). */
export const GC_DEFAULTS = { truncateIndexOlderThanDays: 30, truncationWatchUntil: 10_000, truncationSleepBetweenSeconds: 30 } as const;

/** True when the GC source truncates this entity type and aspect (the server compares them case-insensitively). */
export function coveredByGc(row: Pick<RetentionRow, 'entityType' | 'aspect'>): boolean {
  const e = row.entityType.toLowerCase();
  const a = row.aspect.toLowerCase();
  return GC_TRUNCATED_ASPECTS.some((g) => g.entityType.toLowerCase() === e && g.aspect.toLowerCase() === a);
}

/** A row's retention in whole days, rounded up (a longer retention keeps more): the GC source counts days. */
export function retentionDays(row: Pick<RetentionRow, 'days' | 'endTimeMillis'>, now: Date = new Date()): number {
  if (row.days !== undefined) return row.days;
  return Math.max(1, Math.ceil((now.getTime() - row.endTimeMillis) / DAY_MS));
}

export interface GcRecipe {
  /** The YAML text. */
  text: string;
  /** truncate_index_older_than_days written, or undefined when no planned index is one the source truncates. */
  days?: number;
  covered: string[];
  notCovered: string[];
  /** Covered indices whose plan is shorter than the recipe's single retention (they keep more). */
  keepMore: string[];
}

/** A YAML scalar that stays a string whatever it holds. */
function yamlString(text: string): string {
  return JSON.stringify(text);
}

/** A comment line: never lets a server-sent name end the comment early. */
function comment(text: string): string {
  return `# ${text.replace(/[\r\n]+/g, ' ')}`;
}

/** The recipe for a plan's rows (connection and sink are left to the person: no URL or token is written). */
export function gcRecipe(rows: readonly RetentionRow[], connection: string, now: Date = new Date()): GcRecipe {
  const covered = rows.filter(coveredByGc);
  const notCovered = rows.filter((r) => !coveredByGc(r));
  const days = covered.length ? Math.max(...covered.map((r) => retentionDays(r, now))) : undefined;
  const keepMore = days === undefined ? [] : covered.filter((r) => retentionDays(r, now) < days);
  const lines: string[] = [
    comment(`DataHub GC recipe from a retention plan on ${yamlString(connection)}, ${formatLocalDate(now.getTime())}.`),
    comment('Source: datahub-gc (metadata-ingestion/src/datahub/ingestion/source/gc/datahub_gc.py); it first shipped in DataHub v0.13.1.'),
    comment('It truncates a fixed list of timeseries aspects with ONE retention for all of them (truncate_index_older_than_days):'),
    ...GC_TRUNCATED_ASPECTS.map((g) => comment(`  ${g.entityType}/${g.aspect} (since ${g.since})`)),
    comment('It cannot take a cutoff per index.'),
  ];
  if (days !== undefined) {
    lines.push(
      comment(`This recipe uses the longest retention the plan gives any of them, ${days} days, so nothing the plan keeps is deleted.`),
      ...covered.map((r) =>
        comment(
          `  planned: ${r.indexName} (${r.entityType}/${r.aspect}): ${retentionDays(r, now)} days${retentionDays(r, now) < days ? ` -> keeps ${days} days here, more than planned` : ''}`,
        ),
      ),
    );
  } else {
    lines.push(comment('No index of this plan is one it truncates: truncate_indices is off below, and the recipe would change nothing.'));
  }
  if (notCovered.length) {
    lines.push(
      comment('Planned but NOT truncated by the GC source (run the plan again with DataHub: Plan Retention, or datahub.planRetention):'),
      ...notCovered.map((r) => comment(`  ${r.indexName} (${r.entityType}/${r.aspect}): ${retentionDays(r, now)} days`)),
    );
  }
  lines.push(
    comment('Other cleanups of the source (expired tokens, soft-deleted entities, data process instances, execution requests) keep their defaults;'),
    comment('set them here if this schedule should only truncate. The sink and the server are those of the ingestion run.'),
    'source:',
    '  type: datahub-gc',
    '  config:',
    `    truncate_indices: ${days !== undefined}`,
    `    truncate_index_older_than_days: ${days ?? GC_DEFAULTS.truncateIndexOlderThanDays}`,
    '    # newer versions of the source (not in v0.13.1): how long to follow each truncation',
    `    truncation_watch_until: ${GC_DEFAULTS.truncationWatchUntil}`,
    `    truncation_sleep_between_seconds: ${GC_DEFAULTS.truncationSleepBetweenSeconds}`,
    '',
  );
  return {
    text: lines.join('\n'),
    days,
    covered: covered.map((r) => r.indexName),
    notCovered: notCovered.map((r) => r.indexName),
    keepMore: keepMore.map((r) => r.indexName),
  };
}
