// GET /openapi/v1/entities/counts as EntityCountsController.java answers it (EntityCountsResponseDto):
// counts [{entityType, keyAspect, platform?, activeCount, softDeletedCount, totalCount?}], the totals with
// includeTotal, computedAtMillis (computedAt, an Instant, in an early iteration), cacheHit. A 403 names
// GET_COUNTS_PRIVILEGE (errors.ts); a type the registry does not know is an IllegalArgumentException that
// DataHub's read handler answers as a bare 500; a 404 is a server without the endpoint (notOffered).
import type { Answer } from '../http';
import type { EntityCountOperations, EntityCountsQuery, EntityCountsReading, EntityTypeCount } from '../entityCountTypes';
import { MAX_COUNT_ROWS } from '../entityCountTypes';
import { GmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import { validateIdentifier } from '../validate';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { doctorHttpError } from './doctorErrors';
import { expectObject, isObj } from './doctorShapes';
import type { OpenapiFailure } from './openapiErrors';

const ACTION = 'upgradeEntityCounts' as const;

const count = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0);

function computedAt(o: Record<string, unknown>): number {
  if (typeof o.computedAtMillis === 'number' && Number.isFinite(o.computedAtMillis)) return o.computedAtMillis;
  if (typeof o.computedAt === 'string' && Number.isFinite(Date.parse(o.computedAt))) return Date.parse(o.computedAt);
  return Date.now();
}

export function parseCounts(value: unknown, raw: string): EntityCountsReading {
  const o = expectObject(ACTION, value, 'the entity counts object', raw);
  if (!Array.isArray(o.counts)) throw invalidResponse(ACTION, 'expected counts [{entityType, activeCount, softDeletedCount}]', raw);
  const types: EntityTypeCount[] = [];
  let active = 0;
  let softDeleted = 0;
  for (const c of o.counts.slice(0, MAX_COUNT_ROWS)) {
    if (!isObj(c) || typeof c.entityType !== 'string') continue;
    const row: EntityTypeCount = { entityType: c.entityType.slice(0, 200).toLowerCase(), active: count(c.activeCount), softDeleted: count(c.softDeletedCount) };
    if (typeof c.platform === 'string') row.platform = c.platform.slice(0, 200);
    active += row.active;
    softDeleted += row.softDeleted;
    types.push(row);
  }
  return { source: 'countsApi', computedAt: computedAt(o), cacheHit: o.cacheHit === true, types, totals: { active, softDeleted } };
}

/** A 500 to a request naming types: most likely one the server does not know (said plainly); otherwise as the Doctor's reads say it. */
function countsError(types: readonly string[]) {
  return (f: OpenapiFailure): GmsError => {
    if (f.status === 500 && types.length > 0) {
      const named = types.map((t) => `"${t}"`).join(', ');
      return new GmsError({
        action: ACTION,
        status: 500,
        kind: 'badRequest',
        body: f.body.slice(0, 2000),
        message: `500 from ${f.origin}: DataHub could not count ${named}: it answers an entity type it does not know with a 500 ("Unknown entity type"). Check the spelling, or count every type (no "types") to see the ones it knows.`,
      });
    }
    return doctorHttpError(f);
  };
}

export function createEntityCountOperations(ctx: WireContext): EntityCountOperations {
  return {
    fromEndpoint(query: EntityCountsQuery, signal?: AbortSignal) {
      const types = (query.types ?? []).map((t, i) => validateIdentifier(t, `types[${i}]`, ACTION).toLowerCase());
      const call = createOpenapiCaller(ctx, '', countsError(types));
      const params: Array<[string, string]> = [['includeTotal', 'true']];
      if (types.length > 0) params.push(['types', types.join(',')]);
      if (query.groupBy === 'platform') params.push(['groupBy', 'platform']);
      if (query.refresh === true) params.push(['skipCache', 'true']);
      return call(
        {
          action: ACTION,
          endpoint: 'openapi/v1/entities/counts',
          query: params,
          method: 'GET',
          readOnly: true,
          parse: (a: Answer) => parseCounts(readJson(ACTION, a.text, a.contentType, ctx.origin), a.text),
        },
        signal,
      );
    },
  };
}
