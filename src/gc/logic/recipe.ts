// DataHub's garbage collector as its recipe declares it: the SYSTEM ingestion source every DataHub since 0.14
// bootstraps, its recipe's `source.config`, and the stages that config turns on. Pure: no vscode import.
// The DataHub files it follows (datahub-project/datahub):
//   the source and its default recipe   metadata-service/configuration/src/main/resources/bootstrap_mcps/ingestion-datahub-gc.yaml
//   the stages, their keys and defaults metadata-ingestion/src/datahub/ingestion/source/gc/datahub_gc.py (DataHubGcSourceConfig:
//       dry_run, cleanup_expired_tokens, truncate_indices, truncate_index_older_than_days, truncation_watch_until,
//       truncation_sleep_between_seconds), dataprocess_cleanup.py (DataProcessCleanupConfig),
//       soft_deleted_entity_cleanup.py (SoftDeletedEntitiesCleanupConfig), execution_request_cleanup.py
//       (DatahubExecutionRequestCleanupConfig), query_cleanup.py (QueryCleanupConfig)
//   the dry run                         datahub_gc.py hands `dry_run` to DataProcessCleanup and SoftDeletedEntitiesCleanup
//       only: truncate_indices truncates for real, the token and execution-request cleanups ignore it. query_cleanup.py
//       takes it in its newest form, not in the releases before; a dry run is not counted on to cover it.
// A key the recipe leaves out takes the config model's default (what DataHub's run would use), which is not always
// the bootstrap's value: cleanup_expired_tokens defaults to true in the model, the bootstrap writes false.

export const GC_SOURCE_URN = 'urn:li:dataHubIngestionSource:datahub-gc';

/** The GC's stages, in the order DataHub's run takes them. */
export const GC_STAGE_IDS = [
  'expiredTokens',
  'truncateIndices',
  'dataProcessCleanup',
  'softDeletedCleanup',
  'executionRequestCleanup',
  'queryCleanup',
] as const;
export type GcStageId = (typeof GC_STAGE_IDS)[number];

export interface GcStage {
  id: GcStageId;
  enabled: boolean;
  /** The stage's keys as the recipe holds them, DataHub's defaults filled in for the keys it leaves out. */
  settings: Record<string, unknown>;
  /** Whether the GC's `dry_run: true` keeps this stage from changing anything. */
  dryRunCovers: boolean;
}

/** The bootstrap recipe's `source.config` (ingestion-datahub-gc.yaml with none of its template values set). */
export const GC_DEFAULT_CONFIG: Readonly<Record<string, unknown>> = Object.freeze({
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
});

/** The config models' own defaults, for keys a recipe leaves out (the files named above). */
const MODEL_DEFAULTS = {
  top: {
    dry_run: false,
    cleanup_expired_tokens: true,
    truncate_indices: true,
    truncate_index_older_than_days: 30,
    truncation_watch_until: 10000,
    truncation_sleep_between_seconds: 30,
  },
  dataprocess_cleanup: {
    enabled: true,
    retention_days: 10,
    keep_last_n: 5,
    delete_empty_data_jobs: true,
    delete_empty_data_flows: true,
    hard_delete_entities: false,
    batch_size: 500,
    max_workers: 10,
    delay: 0.25,
  },
  soft_deleted_entities_cleanup: {
    enabled: true,
    retention_days: 10,
    batch_size: 500,
    delay: 0.25,
    max_workers: 10,
    limit_entities_delete: 25000,
    futures_max_at_time: 1000,
    runtime_limit_seconds: 7200,
  },
  execution_request_cleanup: {
    enabled: true,
    keep_history_min_count: 10,
    keep_history_max_count: 1000,
    keep_history_max_days: 90,
    batch_read_size: 100,
    runtime_limit_seconds: 3600,
    limit_entities_delete: 10000,
    max_read_errors: 10,
  },
  query_cleanup: { enabled: false, retention_days: 30, batch_size: 500, limit_entities_delete: 25000, runtime_limit_seconds: 7200 },
} as const;

/** A recipe longer than this is not parsed (DataHub's own GC recipe is under 2 KB). */
export const MAX_RECIPE_CHARS = 200_000;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

export type ParsedRecipe = { ok: true; recipe: Record<string, unknown>; config: Record<string, unknown> } | { ok: false; reason: string };

/** The stored recipe (a JSON string, as ingestion.graphql's IngestionConfig.recipe has it) and its `source.config`. */
export function parseGcRecipe(recipe: string): ParsedRecipe {
  if (recipe.length > MAX_RECIPE_CHARS) return { ok: false, reason: `the recipe is over ${MAX_RECIPE_CHARS.toLocaleString('en-US')} characters; not read` };
  let json: unknown;
  try {
    json = JSON.parse(recipe);
  } catch {
    return { ok: false, reason: 'the recipe is not JSON' };
  }
  if (!isObject(json)) return { ok: false, reason: 'the recipe is not an object' };
  const source = json.source;
  if (!isObject(source)) return { ok: false, reason: 'the recipe has no source' };
  if (source.type !== undefined && source.type !== 'datahub-gc') return { ok: false, reason: 'the recipe\'s source is not of type "datahub-gc"' };
  const config = source.config ?? {};
  if (!isObject(config)) return { ok: false, reason: "the recipe's source.config is not an object" };
  return { ok: true, recipe: json, config };
}

/** A section's keys: the recipe's own over the model's defaults (every key the recipe holds kept as it holds it). */
function section(config: Record<string, unknown>, key: keyof typeof MODEL_DEFAULTS): Record<string, unknown> {
  const own = config[key];
  return { ...MODEL_DEFAULTS[key], ...(isObject(own) ? own : {}) };
}

const flag = (v: unknown, fallback: boolean): boolean => (typeof v === 'boolean' ? v : fallback);

/** The GC's stages from a recipe's `source.config`, each with its settings and whether DataHub's dry run covers it. */
export function stagesOf(config: Record<string, unknown>): GcStage[] {
  const top = { ...MODEL_DEFAULTS.top, ...config };
  const dataProcess = section(config, 'dataprocess_cleanup');
  const softDeleted = section(config, 'soft_deleted_entities_cleanup');
  const executionRequests = section(config, 'execution_request_cleanup');
  const queries = section(config, 'query_cleanup');
  return [
    {
      id: 'expiredTokens',
      enabled: flag(top.cleanup_expired_tokens, true),
      settings: { cleanup_expired_tokens: top.cleanup_expired_tokens },
      dryRunCovers: false,
    },
    {
      id: 'truncateIndices',
      enabled: flag(top.truncate_indices, true),
      settings: {
        truncate_indices: top.truncate_indices,
        truncate_index_older_than_days: top.truncate_index_older_than_days,
        truncation_watch_until: top.truncation_watch_until,
        truncation_sleep_between_seconds: top.truncation_sleep_between_seconds,
      },
      dryRunCovers: false,
    },
    { id: 'dataProcessCleanup', enabled: flag(dataProcess.enabled, true), settings: dataProcess, dryRunCovers: true },
    { id: 'softDeletedCleanup', enabled: flag(softDeleted.enabled, true), settings: softDeleted, dryRunCovers: true },
    { id: 'executionRequestCleanup', enabled: flag(executionRequests.enabled, true), settings: executionRequests, dryRunCovers: false },
    { id: 'queryCleanup', enabled: flag(queries.enabled, false), settings: queries, dryRunCovers: false },
  ];
}

/** The recipe key of a stage's switch, dotted under source.config. */
export const STAGE_SWITCH: Record<GcStageId, string> = {
  expiredTokens: 'cleanup_expired_tokens',
  truncateIndices: 'truncate_indices',
  dataProcessCleanup: 'dataprocess_cleanup.enabled',
  softDeletedCleanup: 'soft_deleted_entities_cleanup.enabled',
  executionRequestCleanup: 'execution_request_cleanup.enabled',
  queryCleanup: 'query_cleanup.enabled',
};
