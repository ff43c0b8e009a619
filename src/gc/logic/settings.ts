// The settings a person may change on DataHub's GC source, checked before anything is sent, and what they change
// in its recipe (source.config). Pure: no vscode, no network. The DataHub files each part follows
// (metadata-ingestion/src/datahub/ingestion/source/gc/):
//   keys and defaults   datahub_gc.py DataHubGcSourceConfig (truncate_index_older_than_days 30),
//       dataprocess_cleanup.py DataProcessCleanupConfig (enabled true, keep_last_n 5, retention_days 10,
//       hard_delete_entities false), soft_deleted_entity_cleanup.py SoftDeletedEntitiesCleanupConfig (enabled
//       true, retention_days 10, limit_entities_delete 25000, runtime_limit_seconds 7200, entity_types: its list),
//       execution_request_cleanup.py DatahubExecutionRequestCleanupConfig (enabled true, keep_history_max_days 90).
//       A key the recipe lacks runs with the model's default: that is the "from" of a change.
//   bounds              the models declare plain ints, and 0 or null turns a limit or a rule off (`if
//       self.config.keep_last_n`, `if self.config.limit_entities_delete and ...`): so every number here is whole
//       and at least 1 (turning a stage off is its `enabled`); keep_last_n at most 9000 (fetch_dpis reads at most
//       9000 runs a job: a larger N keeps everything it reads); runtime_limit_seconds at most a day (the GC runs
//       nightly: a longer run overlaps the next); days at most ten years; limit_entities_delete at most 10,000,000
//       (a night's deletes; the limit is checked with `>`, so a stopped night reports one more).
//   the dry run         datahub_gc.py: dry_run reaches only the dataprocess and soft-deleted cleanups;
//       truncate_indices truncates for real and the token and execution-request cleanups ignore it, so a dry
//       run turns those stages off (query_cleanup too, where the recipe has that stage).

/** The settings, each optional: only the ones named change. */
export interface GcSettings {
  truncateIndicesOlderThanDays?: number;
  dataProcessCleanup?: { enabled?: boolean; keepLastN?: number; retentionDays?: number; hardDeleteEntities?: boolean };
  softDeletedCleanup?: { enabled?: boolean; retentionDays?: number; limitEntitiesDelete?: number; runtimeLimitSeconds?: number; entityTypes?: string[] };
  executionRequestCleanup?: { enabled?: boolean; keepHistoryMaxDays?: number };
  /** The source's schedule (not in the recipe): a cron interval and its timezone (UTC when left out). */
  schedule?: { interval: string; timezone?: string };
}

/** One change: `path` the dotted recipe key under source.config (`dataprocess_cleanup.enabled`), or `schedule`. */
export interface GcChange {
  path: string;
  from: unknown;
  to: unknown;
}

/** soft_deleted_entity_cleanup.py's default entity_types: the types the cleanup may be limited to. */
export const GC_ENTITY_TYPES = [
  'dataset',
  'dashboard',
  'chart',
  'mlmodel',
  'mlmodelGroup',
  'mlfeatureTable',
  'mlfeature',
  'mlprimaryKey',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'role',
  'corpuser',
  'corpGroup',
  'container',
  'domain',
  'dataProduct',
  'notebook',
  'businessAttribute',
  'schemaField',
  'query',
  'dataProcessInstance',
] as const;

export const BOUNDS = {
  days: { min: 1, max: 3650 },
  keepLastN: { min: 1, max: 9000 },
  limitEntitiesDelete: { min: 1, max: 10_000_000 },
  runtimeLimitSeconds: { min: 1, max: 86_400 },
} as const;

type Leaf = { path: string; model: unknown; bound?: keyof typeof BOUNDS | 'flag' | 'types' };

/** Each setting's recipe key and the config model's default. */
const LEAVES = {
  truncateIndicesOlderThanDays: { path: 'truncate_index_older_than_days', model: 30, bound: 'days' },
  dataProcessCleanup: {
    enabled: { path: 'dataprocess_cleanup.enabled', model: true, bound: 'flag' },
    keepLastN: { path: 'dataprocess_cleanup.keep_last_n', model: 5, bound: 'keepLastN' },
    retentionDays: { path: 'dataprocess_cleanup.retention_days', model: 10, bound: 'days' },
    hardDeleteEntities: { path: 'dataprocess_cleanup.hard_delete_entities', model: false, bound: 'flag' },
  },
  softDeletedCleanup: {
    enabled: { path: 'soft_deleted_entities_cleanup.enabled', model: true, bound: 'flag' },
    retentionDays: { path: 'soft_deleted_entities_cleanup.retention_days', model: 10, bound: 'days' },
    limitEntitiesDelete: { path: 'soft_deleted_entities_cleanup.limit_entities_delete', model: 25_000, bound: 'limitEntitiesDelete' },
    runtimeLimitSeconds: { path: 'soft_deleted_entities_cleanup.runtime_limit_seconds', model: 7200, bound: 'runtimeLimitSeconds' },
    entityTypes: { path: 'soft_deleted_entities_cleanup.entity_types', model: [...GC_ENTITY_TYPES], bound: 'types' },
  },
  executionRequestCleanup: {
    enabled: { path: 'execution_request_cleanup.enabled', model: true, bound: 'flag' },
    keepHistoryMaxDays: { path: 'execution_request_cleanup.keep_history_max_days', model: 90, bound: 'days' },
  },
} as const satisfies Record<string, Leaf | Record<string, Leaf>>;

const isLeaf = (v: unknown): v is Leaf => typeof (v as Leaf).path === 'string';

/** Every named setting with its leaf, in LEAVES order. */
function named(settings: GcSettings): Array<{ name: string; leaf: Leaf; value: unknown }> {
  const out: Array<{ name: string; leaf: Leaf; value: unknown }> = [];
  const given = settings as Record<string, unknown>;
  for (const [key, spec] of Object.entries(LEAVES)) {
    const value = given[key];
    if (value === undefined) continue;
    if (isLeaf(spec)) {
      out.push({ name: key, leaf: spec, value });
      continue;
    }
    const group = (value ?? {}) as Record<string, unknown>;
    for (const [sub, leaf] of Object.entries(spec as Record<string, Leaf>))
      if (group[sub] !== undefined) out.push({ name: `${key}.${sub}`, leaf, value: group[sub] });
  }
  return out;
}

const NOTHING = 'Nothing was sent.';

/** Why the settings cannot be sent (the first problem), or undefined. Every rule a number obeys is in BOUNDS. */
export function settingsProblem(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return `The settings must be an object. ${NOTHING}`;
  const settings = input as Record<string, unknown>;
  const known = [...Object.keys(LEAVES), 'schedule'];
  for (const key of Object.keys(settings)) if (!known.includes(key)) return `"${key}" is not a GC setting (${known.join(', ')}). ${NOTHING}`;
  for (const [key, spec] of Object.entries(LEAVES)) {
    if (isLeaf(spec) || settings[key] === undefined) continue;
    const group = settings[key];
    if (typeof group !== 'object' || group === null || Array.isArray(group)) return `"${key}" must be an object. ${NOTHING}`;
    for (const sub of Object.keys(group)) if (!(sub in spec)) return `"${key}.${sub}" is not a GC setting (${Object.keys(spec).join(', ')}). ${NOTHING}`;
  }
  for (const { name, leaf, value } of named(settings as GcSettings)) {
    const problem = leafProblem(name, leaf, value);
    if (problem) return `${problem} ${NOTHING}`;
  }
  if (settings.schedule !== undefined) {
    const s = settings.schedule as { interval?: unknown; timezone?: unknown } | null;
    if (typeof s !== 'object' || s === null) return `"schedule" must be {interval, timezone?}. ${NOTHING}`;
    if (typeof s.interval !== 'string' || !CRON.test(s.interval.trim()))
      return `"schedule.interval" must be a cron interval of five fields, e.g. "0 1 * * *" (DataHub's GC runs at 01:00). ${NOTHING}`;
    if (s.timezone !== undefined && (typeof s.timezone !== 'string' || !/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(s.timezone)))
      return `"schedule.timezone" must be a timezone name such as "UTC" or "Europe/Berlin". ${NOTHING}`;
  }
  if (named(settings as GcSettings).length === 0 && settings.schedule === undefined) return `No setting was named: nothing would change. ${NOTHING}`;
  return undefined;
}

const CRON = /^[0-9*,/\-A-Za-z?LW#]+( [0-9*,/\-A-Za-z?LW#]+){4}$/;

function leafProblem(name: string, leaf: Leaf, value: unknown): string | undefined {
  if (leaf.bound === 'flag') return typeof value === 'boolean' ? undefined : `"${name}" must be true or false.`;
  if (leaf.bound === 'types') {
    if (!Array.isArray(value) || value.length === 0) return `"${name}" must be a non-empty list of entity types.`;
    const unknown = value.find((t) => !(GC_ENTITY_TYPES as readonly unknown[]).includes(t));
    return unknown === undefined
      ? undefined
      : `"${name}": ${JSON.stringify(unknown)} is not one of the types DataHub's GC cleans (${GC_ENTITY_TYPES.join(', ')}).`;
  }
  const { min, max } = BOUNDS[leaf.bound ?? 'days'];
  const unit = leaf.bound === 'days' ? 'days' : leaf.bound === 'runtimeLimitSeconds' ? 'seconds' : '';
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    return `"${name}" must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max.toLocaleString('en-US')} (got ${JSON.stringify(value)}).`;
  return undefined;
}

type Config = Record<string, unknown>;
const isObject = (v: unknown): v is Config => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The value at a dotted path of the config, undefined when absent. */
export function valueAt(config: Config, path: string): unknown {
  let at: unknown = config;
  for (const key of path.split('.')) {
    if (!isObject(at)) return undefined;
    at = at[key];
  }
  return at;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** What the settings change in the recipe's config (and the schedule): only what differs from what runs now. */
export function changesOf(config: Config, settings: GcSettings, schedule?: { interval: string; timezone?: string }): GcChange[] {
  const out: GcChange[] = [];
  for (const { leaf, value } of named(settings)) {
    const from = valueAt(config, leaf.path) ?? leaf.model;
    if (!same(from, value)) out.push({ path: leaf.path, from, to: value });
  }
  if (settings.schedule) {
    const to = `${settings.schedule.interval.trim()} (${settings.schedule.timezone ?? schedule?.timezone ?? 'UTC'})`;
    const from = schedule ? `${schedule.interval} (${schedule.timezone ?? 'UTC'})` : null;
    if (from !== to) out.push({ path: 'schedule', from, to });
  }
  return out;
}

/** A deep copy of the config with the named settings set; every other key kept as it was. */
export function applySettings(config: Config, settings: GcSettings): Config {
  const out = structuredClone(config);
  for (const { leaf, value } of named(settings)) setAt(out, leaf.path, structuredClone(value));
  return out;
}

function setAt(config: Config, path: string, value: unknown): void {
  const keys = path.split('.');
  let at = config;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as Config;
  }
  at[keys[keys.length - 1]] = value;
}

/** The stages a GC dry run must not run, with the value that turns each off (datahub_gc.py). */
export const DRY_RUN_OFF = [
  { path: 'truncate_indices', to: false },
  { path: 'cleanup_expired_tokens', to: false },
  { path: 'execution_request_cleanup.enabled', to: false },
  { path: 'query_cleanup.enabled', to: false },
] as const;

/**
 * The config of a dry run: dry_run true and every stage it does not cover turned off. query_cleanup is turned off
 * where the recipe has that stage; a GC without it refuses the key (its models forbid extra inputs).
 */
export function dryRunConfig(config: Config): Config {
  const out = structuredClone(config);
  out.dry_run = true;
  for (const { path, to } of DRY_RUN_OFF) {
    if (path.startsWith('query_cleanup.') && !isObject(out.query_cleanup)) continue;
    setAt(out, path, to);
  }
  return out;
}
