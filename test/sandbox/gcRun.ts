// One run of DataHub's GC source over the sandbox's data, as metadata-ingestion/src/datahub/ingestion/source/gc/
// runs it, with the structured report it ends with:
//   the recipe           datahub_gc.py DataHubGcSourceConfig (and its stages' config models): an unknown key fails
//       the run before any stage ("Extra inputs are not permitted", pydantic), nothing done
//   truncate_indices     datahub_gc.py truncate_indices: operation and datasetusagestatistics of dataset,
//       chartUsageStatistics, dashboardUsageStatistics, older than truncate_index_older_than_days, FOR REAL even
//       with dry_run (the trap); the report has no figure for it
//   soft-deleted cleanup soft_deleted_entity_cleanup.py: the soft-deleted entities of entity_types; status written
//       before now - retention_days: hard-deleted (dry run: only counted as found, num_hard_deleted stays 0), else
//       retained due to age; the limit checked with `>` before each delete (deletion_limit_reached)
//   dataprocess cleanup  dataprocess_cleanup.py: each job's runs newest first; keep_last_n deletes every run past
//       the newest N when there are at least N, then retention_days deletes older ones among the rest; hard or soft
//       per hard_delete_entities; counted in num_aspects_removed even in a dry run, which deletes nothing
//   execution requests   execution_request_cleanup.py: ignores dry_run; per source, requests older than max_days
//       beyond the newest keep_history_min_count are removed (ergc_* figures)
//   expired tokens       datahub_gc.py revoke_expired_tokens: the sandbox has none (expired_tokens_revoked 0)
import type { CleanupModel } from './cleanup';
import type { IngestionModel } from './ingestion';
import type { TimeseriesStore } from './timeseries';

export interface GcWorld {
  cleanup: CleanupModel;
  series: () => TimeseriesStore;
}

const DAY = 86_400_000;
const KEYS: Record<string, readonly string[]> = {
  '': [
    'dry_run',
    'cleanup_expired_tokens',
    'truncate_indices',
    'truncate_index_older_than_days',
    'truncation_watch_until',
    'truncation_sleep_between_seconds',
    'dataprocess_cleanup',
    'soft_deleted_entities_cleanup',
    'execution_request_cleanup',
    'query_cleanup',
  ],
  dataprocess_cleanup: [
    'enabled',
    'retention_days',
    'aspects_to_clean',
    'keep_last_n',
    'delete_empty_data_jobs',
    'delete_empty_data_flows',
    'hard_delete_entities',
    'batch_size',
    'max_workers',
    'delay',
  ],
  soft_deleted_entities_cleanup: [
    'enabled',
    'retention_days',
    'batch_size',
    'delay',
    'max_workers',
    'entity_types',
    'platform',
    'env',
    'query',
    'limit_entities_delete',
    'futures_max_at_time',
    'runtime_limit_seconds',
  ],
  execution_request_cleanup: [
    'keep_history_min_count',
    'keep_history_max_count',
    'keep_history_max_days',
    'batch_read_size',
    'enabled',
    'runtime_limit_seconds',
    'limit_entities_delete',
    'max_read_errors',
    'source_type_overrides',
  ],
  // query_cleanup.py's model, and the bootstrap recipe's keys (ingestion-datahub-gc.yaml writes hard_delete_entities).
  query_cleanup: ['enabled', 'retention_days', 'hard_delete_entities', 'batch_size', 'delay', 'max_workers', 'limit_entities_delete', 'runtime_limit_seconds'],
};
/** soft_deleted_entity_cleanup.py's default entity_types, as the sandbox's cleanup model names them. */
const TYPE_OF: Record<string, string> = { dataset: 'DATASET', chart: 'CHART', dataProcessInstance: 'DATA_PROCESS_INSTANCE', dataJob: 'DATA_JOB' };
const DEFAULT_TYPES = ['dataset', 'chart', 'dataJob', 'dataProcessInstance'];
const TRUNCATED = [
  ['dataset', 'operation'],
  ['dataset', 'datasetusagestatistics'],
  ['chart', 'chartUsageStatistics'],
  ['dashboard', 'dashboardUsageStatistics'],
] as const;

export interface GcOutcome {
  status: 'SUCCESS' | 'FAILURE';
  report: string;
  structured?: { type: string; serializedValue: string; contentType: string };
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const num = (v: unknown, d: number): number => (typeof v === 'number' ? v : d);
const on = (v: unknown, d: boolean): boolean => (typeof v === 'boolean' ? v : d);

function extraKey(config: Obj): string | undefined {
  for (const [section, keys] of Object.entries(KEYS)) {
    const part = section === '' ? config : obj(config[section]);
    for (const key of Object.keys(part)) if (!keys.includes(key)) return section === '' ? key : `${section}.${key}`;
  }
  return undefined;
}

const failed = (text: string): GcOutcome => ({
  status: 'FAILURE',
  report: `~~~~ Execution Summary - RUN_INGEST ~~~~\nFailed to configure the source (datahub-gc): ${text}\nExecution finished with status FAILURE.\n`,
});

export function runGc(recipe: string, world: GcWorld, model: IngestionModel, now: number, self: string): GcOutcome {
  let config: Obj;
  try {
    config = obj(obj(obj(JSON.parse(recipe)).source).config);
  } catch {
    return failed('the recipe is not JSON');
  }
  const extra = extraKey(config);
  if (extra) return failed(`1 validation error for DataHubGcSourceConfig\n${extra}\n  Extra inputs are not permitted [type=extra_forbidden]`);
  const dryRun = on(config.dry_run, false);
  const report: Obj = { events_produced: 0, failures: [], warnings: [], expired_tokens_revoked: 0 };
  if (on(config.truncate_indices, true)) {
    const cutoff = now - num(config.truncate_index_older_than_days, 30) * DAY;
    const series = world.series();
    series.settle(now);
    for (const [entity, aspect] of TRUNCATED) {
      const index = series.find(entity, aspect);
      if (index) series.deleteNow(index, cutoff);
    }
  }
  softDeleted(obj(config.soft_deleted_entities_cleanup), dryRun, world.cleanup, now, report);
  executionRequests(obj(config.execution_request_cleanup), model, now, self, report);
  dataProcess(obj(config.dataprocess_cleanup), dryRun, world.cleanup, now, report);
  const serializedValue = JSON.stringify({
    cli: { cli_version: '1.2.0', cli_entry_location: '/usr/local/lib/python3.10/site-packages/datahub/__init__.py' },
    source: { type: 'datahub-gc', report },
    sink: { type: 'datahub-rest', report: { total_records_written: 0, failures: [], warnings: [] } },
  });
  return {
    status: 'SUCCESS',
    report: `~~~~ Execution Summary - RUN_INGEST ~~~~\nExecution finished with status SUCCESS.\n${dryRun ? 'Dry run: dataprocess and soft-deleted cleanups deleted nothing.\n' : ''}`,
    structured: { type: 'INGESTION_REPORT', serializedValue, contentType: 'application/json' },
  };
}

function softDeleted(c: Obj, dryRun: boolean, cleanup: CleanupModel, now: number, report: Obj): void {
  Object.assign(report, {
    num_soft_deleted_entity_found: 0,
    num_soft_deleted_retained_due_to_age: 0,
    num_soft_deleted_retained_due_to_age_by_type: {},
    num_soft_deleted_entity_removal_started: 0,
    num_hard_deleted: 0,
    num_hard_deleted_by_type: {},
    runtime_limit_reached: false,
    deletion_limit_reached: false,
  });
  if (!on(c.enabled, true)) return;
  const types = Array.isArray(c.entity_types) ? (c.entity_types as unknown[]).filter((t): t is string => typeof t === 'string') : DEFAULT_TYPES;
  const cutoff = now - num(c.retention_days, 10) * DAY;
  const limit = num(c.limit_entities_delete, 25_000);
  const retained = report.num_soft_deleted_retained_due_to_age_by_type as Record<string, number>;
  const byType = report.num_hard_deleted_by_type as Record<string, number>;
  let found = 0;
  let kept = 0;
  let deleted = 0;
  for (const type of types) {
    const graphql = TYPE_OF[type];
    if (!graphql) continue;
    for (const urn of cleanup.softDeletedOf([graphql])) {
      found++;
      if (limit && deleted > limit) {
        report.deletion_limit_reached = true;
        break;
      }
      const written = cleanup.status.written.get(urn);
      if (written === undefined || written >= cutoff) {
        kept++;
        retained[type] = (retained[type] ?? 0) + 1;
        continue;
      }
      if (dryRun) continue;
      report.num_soft_deleted_entity_removal_started = (report.num_soft_deleted_entity_removal_started as number) + 1;
      // With no delete delay the model deletes before its first await: the run is synchronous here.
      void cleanup.hardDelete(urn, 'urn:li:corpuser:__datahub_system', true);
      deleted++;
      byType[type] = (byType[type] ?? 0) + 1;
    }
  }
  Object.assign(report, { num_soft_deleted_entity_found: found, num_soft_deleted_retained_due_to_age: kept, num_hard_deleted: deleted });
}

function dataProcess(c: Obj, dryRun: boolean, cleanup: CleanupModel, now: number, report: Obj): void {
  Object.assign(report, { num_aspects_removed: 0, num_aspect_removed_by_type: {} });
  if (!on(c.enabled, true)) return;
  const keep = c.keep_last_n === null ? 0 : num(c.keep_last_n, 5);
  const days = c.retention_days === null ? undefined : num(c.retention_days, 10);
  const hard = on(c.hard_delete_entities, false);
  let removed = 0;
  for (const job of cleanup.runJobs()) {
    const runs = cleanup.runsOf(job);
    const gone = new Set<string>();
    if (keep && runs.length >= keep) for (const r of runs.slice(keep)) gone.add(r.urn);
    if (days !== undefined) for (const r of runs) if (r.created < now - days * DAY) gone.add(r.urn);
    removed += gone.size;
    if (dryRun) continue;
    for (const urn of gone) {
      if (hard) void cleanup.hardDelete(urn, 'urn:li:corpuser:__datahub_system', true);
      else cleanup.softDelete(urn);
    }
  }
  Object.assign(report, { num_aspects_removed: removed, num_aspect_removed_by_type: removed > 0 ? { dataprocessInstance: removed } : {} });
}

function executionRequests(c: Obj, model: IngestionModel, now: number, self: string, report: Obj): void {
  Object.assign(report, { ergc_records_read: 0, ergc_records_preserved: 0, ergc_records_deleted: 0, ergc_read_errors: 0, ergc_delete_errors: 0 });
  if (!on(c.enabled, true)) return;
  const minCount = num(c.keep_history_min_count, 10);
  const maxDays = num(c.keep_history_max_days, 90);
  const bySource = new Map<string, Array<{ urn: string; requestedAt: number }>>();
  for (const r of model.requests.values()) {
    if (r.urn === self) continue;
    const list = bySource.get(r.sourceUrn) ?? [];
    list.push({ urn: r.urn, requestedAt: r.requestedAt });
    bySource.set(r.sourceUrn, list);
  }
  let read = 0;
  let deleted = 0;
  for (const list of bySource.values()) {
    list.sort((a, b) => b.requestedAt - a.requestedAt);
    list.forEach((r, i) => {
      read++;
      if (i >= minCount && r.requestedAt < now - maxDays * DAY) {
        model.requests.delete(r.urn);
        deleted++;
      }
    });
  }
  Object.assign(report, { ergc_records_read: read, ergc_records_preserved: read - deleted, ergc_records_deleted: deleted });
}
