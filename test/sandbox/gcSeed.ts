// DataHub's garbage collector as a default install has it: the bootstrap recipe and the structured report a GC run
// writes. The DataHub files each follows (datahub-project/datahub):
//   the recipe        metadata-service/configuration/src/main/resources/bootstrap_mcps/ingestion-datahub-gc.yaml with
//                     none of its template values set (stored as JSON, as IngestionConfig.recipe is)
//   the report        metadata-ingestion/src/datahub/ingestion/source/gc/datahub_gc.py (DataHubGcSourceReport: the
//                     reports of soft_deleted_entity_cleanup.py, dataprocess_cleanup.py and execution_request_cleanup.py
//                     in one, plus expired_tokens_revoked), written by the CLI's pipeline as
//                     {cli, source: {type, report}, sink: {type, report}} (structuredReport type CLI_INGEST)
//   the limit         soft_deleted_entity_cleanup.py checks limit_entities_delete with `>`: a night the limit stops
//                     reports one more than it (25,001)

export const GC_BOOTSTRAP_CONFIG = {
  cleanup_expired_tokens: false,
  truncate_indices: true,
  truncate_index_older_than_days: 30,
  dataprocess_cleanup: {
    enabled: false,
    retention_days: 10,
    delete_empty_data_jobs: false,
    delete_empty_data_flows: false,
    hard_delete_entities: false,
    keep_last_n: 5,
    batch_size: 500,
    max_workers: 10,
  },
  soft_deleted_entities_cleanup: {
    retention_days: 10,
    enabled: true,
    batch_size: 500,
    max_workers: 10,
    limit_entities_delete: 25000,
    runtime_limit_seconds: 7200,
  },
  query_cleanup: {
    enabled: false,
    retention_days: 30,
    hard_delete_entities: false,
    batch_size: 500,
    limit_entities_delete: 25000,
    runtime_limit_seconds: 7200,
  },
  execution_request_cleanup: {
    keep_history_min_count: 10,
    keep_history_max_count: 1000,
    keep_history_max_days: 90,
    batch_read_size: 100,
    enabled: true,
    runtime_limit_seconds: 3600,
    limit_entities_delete: 10000,
    max_read_errors: 10,
    source_type_overrides: {},
  },
};

/** The stored recipe of the bootstrapped GC. */
export const GC_BOOTSTRAP_RECIPE = JSON.stringify({ source: { type: 'datahub-gc', config: GC_BOOTSTRAP_CONFIG } });

export interface GcNight {
  /** Entities hard-deleted, by type. */
  hardDeleted: Record<string, number>;
  keptForAge?: number;
  found?: number;
  deletionLimitReached?: boolean;
  runtimeLimitReached?: boolean;
  requestsRead?: number;
  requestsDeleted?: number;
  failures?: Array<{ title: string; message: string; context?: string[] }>;
  /** Sample URNs per type (LossyList in DataHub: the report can grow large with them). */
  samples?: Record<string, string[]>;
}

/** A GC run's structured report (the JSON of structuredReport.serializedValue). */
export function gcReportJson(night: GcNight): string {
  const total = Object.values(night.hardDeleted).reduce((a, b) => a + b, 0);
  const kept = night.keptForAge ?? 0;
  const failures = (night.failures ?? []).map((f) => ({ title: f.title, message: f.message, context: f.context ?? [] }));
  return JSON.stringify({
    cli: { cli_version: '1.2.0.1', cli_entry_location: '/usr/local/lib/python3.10/site-packages/datahub/__init__.py', py_version: '3.10.14' },
    source: {
      type: 'datahub-gc',
      report: {
        events_produced: 0,
        events_produced_per_sec: 0,
        entities: {},
        aspects: {},
        warnings: [],
        failures,
        infos: [],
        num_aspects_removed: 0,
        num_aspect_removed_by_type: {},
        sample_removed_aspects_by_type: {},
        num_calls_made: {},
        num_entities_found: {},
        num_soft_deleted_entity_processed: total + kept,
        num_soft_deleted_retained_due_to_age: kept,
        num_soft_deleted_retained_due_to_age_by_type: kept > 0 ? { dataset: kept } : {},
        num_soft_deleted_entity_removal_started: total,
        num_hard_deleted: total,
        num_hard_deleted_by_type: night.hardDeleted,
        sample_hard_deleted_aspects_by_type: night.samples ?? {},
        runtime_limit_reached: night.runtimeLimitReached ?? false,
        deletion_limit_reached: night.deletionLimitReached ?? false,
        num_soft_deleted_entity_found: night.found ?? total + kept,
        num_soft_deleted_entity_invalid_urn: 0,
        ergc_records_read: night.requestsRead ?? 1800,
        ergc_records_preserved: (night.requestsRead ?? 1800) - (night.requestsDeleted ?? 40),
        ergc_records_deleted: night.requestsDeleted ?? 40,
        ergc_read_errors: 0,
        ergc_delete_errors: 0,
        ergc_start_time: '2026-12-01 01:00:03.120000',
        ergc_end_time: '2026-12-01 01:04:41.870000',
        ergc_delete_limit_reached: false,
        ergc_runtime_limit_reached: false,
        expired_tokens_revoked: 0,
      },
    },
    sink: { type: 'datahub-rest', report: { total_records_written: 0, records_written_per_second: 0, warnings: [], failures: [], mode: 'ASYNC_BATCH' } },
  });
}

export const structuredGcReport = (serializedValue: string) => ({ type: 'CLI_INGEST', serializedValue, contentType: 'application/json' });
