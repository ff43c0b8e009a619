// How many entities of each type the server holds, active and soft-deleted, and the two ways DataHub tells:
//   GET /openapi/v1/entities/counts              v1/entities/EntityCountsController.java (EntityCountsResponseDto):
//       ?types= (repeated or comma list; none = every registry type), includeTotal, skipCache, groupBy=platform.
//   GET /openapi/v1/entities/{entityType}/count  the same controller (EntityTypeCountResponseDto).
//   Both ask GET_COUNTS_PRIVILEGE (AuthUtil.isAPIAuthorized(ApiGroup.COUNTS, READ), PoliciesConfig.java; Manage System
//   Operations does not stand for it): 403 {"error": "User is unauthorized to get entity counts."}. An unknown type or
//   groupBy is an IllegalArgumentException the read handler answers as 500 {"error": "Internal server error occurred"}.
//   Ungrouped answers are cached an hour (KeyAspectEntityCountCache, cacheHit) unless skipCache; grouped ones never.
// Older servers answer through search facets (graphql.ts): "_entityType" and "_entityType␞platform"
// (SearchRequestHandler.java / AggregationQueryBuilder.java: the virtual _entityType field, nested facets keyed
// "<type>␞<platform urn>"), soft-deleted ones with searchFlags.includeSoftDeleted and a filter removed=true.
import type { Reply } from './restli';
import { json } from './spring';

/** Every type this registry knows (lower-cased, as the controller reports them): those without documents count 0. */
export const REGISTRY_TYPES = ['chart', 'container', 'corpgroup', 'corpuser', 'dashboard', 'dataflow', 'datajob', 'dataprocessinstance', 'dataset', 'tag'];

interface Row {
  entityType: string;
  keyAspect: string;
  /** Platform name; undefined: a type without a platform (skipped when grouping, as PlatformEntityCounts does). */
  platform?: string;
  active: number;
  softDeleted: number;
}

const KEY_ASPECTS: Record<string, string> = {
  chart: 'chartKey',
  container: 'containerKey',
  corpgroup: 'corpGroupKey',
  corpuser: 'corpUserKey',
  dashboard: 'dashboardKey',
  dataflow: 'dataFlowKey',
  datajob: 'dataJobKey',
  dataprocessinstance: 'dataProcessInstanceKey',
  dataset: 'datasetKey',
  tag: 'tagKey',
};

/** The seeded documents: the totals the upgrade's readings have always shown (dataset 238,000 + 2,000, ...). */
function seedRows(): Row[] {
  const r = (entityType: string, platform: string | undefined, active: number, softDeleted: number): Row => ({
    entityType,
    keyAspect: KEY_ASPECTS[entityType],
    ...(platform !== undefined ? { platform } : {}),
    active,
    softDeleted,
  });
  return [
    r('dataset', 'hive', 150_000, 1_500),
    r('dataset', 'snowflake', 88_000, 500),
    r('dataprocessinstance', 'airflow', 90_000, 0),
    r('dataprocessinstance', 'spark', 30_000, 0),
    r('chart', 'looker', 4_000, 12),
    r('corpuser', undefined, 350, 0),
  ];
}

export interface TypeCount {
  entityType: string;
  active: number;
  softDeleted: number;
  platform?: string;
}

const HOUR_MS = 3_600_000;

export class EntityInventory {
  private rows: Row[] = seedRows();
  private cache = new Map<string, { at: number; body: Record<string, unknown> }>();

  reset(): void {
    this.rows = seedRows();
    this.cache.clear();
  }

  /** More documents of a type (on its first platform): what the next uncached reading shows. */
  grow(entityType: string, active: number, softDeleted: number): boolean {
    if (!REGISTRY_TYPES.includes(entityType)) return false;
    const row = this.rows.find((r) => r.entityType === entityType);
    if (row) {
      row.active = Math.max(0, row.active + active);
      row.softDeleted = Math.max(0, row.softDeleted + softDeleted);
    } else this.rows.push({ entityType, keyAspect: KEY_ASPECTS[entityType], active: Math.max(0, active), softDeleted: Math.max(0, softDeleted) });
    return true;
  }

  /** Per type (all platforms together). */
  byType(types: readonly string[] = REGISTRY_TYPES): TypeCount[] {
    return [...types].sort().map((entityType) => {
      const mine = this.rows.filter((r) => r.entityType === entityType);
      return { entityType, active: mine.reduce((t, r) => t + r.active, 0), softDeleted: mine.reduce((t, r) => t + r.softDeleted, 0) };
    });
  }

  /** Per type and platform; types without a platform and empty rows are left out. */
  byPlatform(types: readonly string[] = REGISTRY_TYPES): TypeCount[] {
    return this.rows
      .filter((r) => types.includes(r.entityType) && r.platform !== undefined && r.active + r.softDeleted > 0)
      .map((r) => ({ entityType: r.entityType, platform: r.platform, active: r.active, softDeleted: r.softDeleted }))
      .sort((a, b) => a.entityType.localeCompare(b.entityType) || (a.platform ?? '').localeCompare(b.platform ?? ''));
  }

  keyAspect(entityType: string): string {
    return KEY_ASPECTS[entityType] ?? `${entityType}Key`;
  }

  cached(key: string, now: number, make: () => Record<string, unknown>, skip: boolean): Record<string, unknown> {
    const hit = this.cache.get(key);
    if (!skip && hit && now - hit.at < HOUR_MS) return { ...hit.body, cacheHit: true };
    const body = make();
    this.cache.set(key, { at: now, body });
    return body;
  }
}

const INTERNAL = (): Reply => json({ error: 'Internal server error occurred' }, 500);

/** ?types=a&types=b or ?types=a,b; lower-cased, de-duplicated, sorted (EntityCountsController.java). */
function typesOf(query: URLSearchParams): string[] | undefined {
  const all = query
    .getAll('types')
    .flatMap((t) => t.split(','))
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t !== '');
  return all.length === 0 ? undefined : [...new Set(all)].sort();
}

const yes = (query: URLSearchParams, name: string) => (query.get(name) ?? '').toLowerCase() === 'true';

/** GET /openapi/v1/entities/counts; `allowed`: the caller holds GET_COUNTS_PRIVILEGE. */
export function answerCounts(inv: EntityInventory, query: URLSearchParams, allowed: boolean, now = Date.now()): Reply {
  if (!allowed) return json({ error: 'User is unauthorized to get entity counts.' }, 403);
  const types = typesOf(query);
  if (types?.some((t) => !REGISTRY_TYPES.includes(t))) return INTERNAL();
  const groupBy = query.get('groupBy');
  if (groupBy !== null && groupBy.toLowerCase() !== 'platform') return INTERNAL();
  const includeTotal = yes(query, 'includeTotal');
  const requested = types ?? REGISTRY_TYPES;
  const make = (): Record<string, unknown> => {
    const rows = groupBy !== null ? inv.byPlatform(requested) : inv.byType(requested);
    const counts = rows.map((c) => ({
      entityType: c.entityType,
      keyAspect: inv.keyAspect(c.entityType),
      ...(c.platform !== undefined ? { platform: c.platform } : {}),
      activeCount: c.active,
      softDeletedCount: c.softDeleted,
      ...(includeTotal ? { totalCount: c.active + c.softDeleted } : {}),
    }));
    const active = rows.reduce((t, c) => t + c.active, 0);
    const soft = rows.reduce((t, c) => t + c.softDeleted, 0);
    return {
      counts,
      ...(includeTotal ? { activeTotal: active, softDeletedTotal: soft, totalCount: active + soft } : {}),
      requestedTypes: requested,
      computedAtMillis: now,
      cacheHit: false,
    };
  };
  if (groupBy !== null) return json(make());
  return json(inv.cached(`${requested.join(',')}|${includeTotal}`, now, make, yes(query, 'skipCache')));
}

/** GET /openapi/v1/entities/{entityType}/count. */
export function answerTypeCount(inv: EntityInventory, entityType: string, query: URLSearchParams, allowed: boolean, now = Date.now()): Reply {
  if (!allowed) return json({ error: 'User is unauthorized to get entity counts.' }, 403);
  const type = entityType.toLowerCase();
  if (!REGISTRY_TYPES.includes(type)) return INTERNAL();
  const [c] = inv.byType([type]);
  const body = inv.cached(
    `one:${type}`,
    now,
    () => ({
      entityType: type,
      keyAspect: inv.keyAspect(type),
      activeCount: c.active,
      softDeletedCount: c.softDeleted,
      ...(yes(query, 'includeTotal') ? { totalCount: c.active + c.softDeleted } : {}),
      computedAtMillis: now,
      cacheHit: false,
    }),
    yes(query, 'skipCache'),
  );
  return json(body);
}

/** The search facets an older server answers: "_entityType" (and "_entityType␞platform") over active or soft-deleted documents. */
export function entityFacets(inv: EntityInventory, facets: readonly string[], softDeletedOnly: boolean, includeSoftDeleted: boolean): unknown[] {
  const pick = (c: TypeCount) => (softDeletedOnly ? c.softDeleted : includeSoftDeleted ? c.active + c.softDeleted : c.active);
  const out: unknown[] = [];
  if (facets.includes('_entityType')) {
    const aggregations = inv
      .byType()
      .map((c) => ({ value: c.entityType, count: pick(c) }))
      .filter((a) => a.count > 0);
    out.push({ field: '_entityType', displayName: 'Type', aggregations });
  }
  if (facets.includes('_entityType␞platform')) {
    const aggregations = inv
      .byPlatform()
      .map((c) => ({ value: `${c.entityType}␞urn:li:dataPlatform:${c.platform ?? ''}`, count: pick(c) }))
      .filter((a) => a.count > 0);
    out.push({ field: '_entityType␞platform', displayName: 'Type␞Platform', aggregations });
  }
  return out;
}
