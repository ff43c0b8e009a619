// The upgrade readings (upgradeTypes.ts), all under the GMS base:
//   /openapi/v1/system-info/properties/simple   operations/v1/SystemInfoController.java (a flat map; secrets redacted)
//   /openapi/v1/entities/counts                 v1/entities/EntityCountsController.java (EntityCountsResponseDto)
//   /openapi/v3/entity/datahubupgrade/{urn}     v3/controller/EntityController.java (GenericEntitiesController: a 404
//                                               with the header Not-Found-Reason: ENTITY when there is none)
// Reads only; every answer is checked before it is used, server text stays data.
import type { Answer } from '../http';
import type { EntityCount, ServerProperties, UpgradeOperations, UpgradeResultAspect } from '../upgradeTypes';
import type { GmsAction } from '../types';
import type { WireContext } from '../wire';
import { GmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { doctorHttpError } from './doctorErrors';
import { expectObject, isObj } from './doctorShapes';
import { parseCounts } from './entityCounts';

/** At most this many settings or result keys are kept: a larger answer is not DataHub's. */
const MAX_KEYS = 20_000;

function flatProperties(value: unknown, raw: string): ServerProperties {
  const o = expectObject('upgradeProperties', value, 'a map of settings', raw);
  const out: ServerProperties = {};
  let n = 0;
  const walk = (prefix: string, v: unknown, depth: number) => {
    if (n >= MAX_KEYS || depth > 12) return;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      out[prefix] = typeof v === 'string' ? v.slice(0, 500) : v;
      n++;
    } else if (isObj(v)) {
      for (const [k, child] of Object.entries(v)) walk(prefix === '' ? k : `${prefix}.${k}`, child, depth + 1);
    }
  };
  walk('', o, 0);
  return out;
}

/** The entity counts as documents per type (entityCounts.ts reads the answer). */
function counts(value: unknown, raw: string): EntityCount[] {
  return parseCounts(value, raw).types.map((c) => ({ entityType: c.entityType, documents: c.active + c.softDeleted }));
}

function resultAspect(urn: string, value: unknown, raw: string): UpgradeResultAspect | undefined {
  const o = expectObject('upgradeResult', value, 'the upgrade entity', raw);
  const aspect = o.dataHubUpgradeResult;
  if (aspect === undefined) return undefined;
  // GenericEntityV3: each aspect is { value, systemMetadata? }; a bare aspect object is read too.
  const v = isObj(aspect) && isObj(aspect.value) ? aspect.value : aspect;
  if (!isObj(v)) throw invalidResponse('upgradeResult', 'expected dataHubUpgradeResult {value: {state, timestampMs, result}}', raw);
  const result: Record<string, string> = {};
  if (isObj(v.result)) {
    for (const [k, x] of Object.entries(v.result).slice(0, MAX_KEYS)) if (typeof x === 'string') result[k.slice(0, 300)] = x.slice(0, 1000);
  }
  return {
    urn,
    ...(typeof v.state === 'string' ? { state: v.state.slice(0, 40) } : {}),
    ...(typeof v.timestampMs === 'number' ? { timestampMs: v.timestampMs } : {}),
    result,
  };
}

export function createUpgradeOperations(ctx: WireContext): UpgradeOperations {
  const call = createOpenapiCaller(ctx, '', doctorHttpError);
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  return {
    properties(signal) {
      const endpoint = 'openapi/v1/system-info/properties/simple';
      return call(
        { action: 'upgradeProperties', endpoint, method: 'GET', readOnly: true, parse: (a) => flatProperties(json('upgradeProperties', a), a.text) },
        signal,
      );
    },
    entityCounts(signal) {
      return call(
        {
          action: 'upgradeEntityCounts',
          endpoint: 'openapi/v1/entities/counts',
          query: [['includeTotal', 'true']],
          method: 'GET',
          readOnly: true,
          parse: (a) => counts(json('upgradeEntityCounts', a), a.text),
        },
        signal,
      );
    },
    upgradeResult(urn, signal) {
      if (!/^urn:li:dataHubUpgrade:[A-Za-z0-9_.+-]{1,200}$/.test(urn)) {
        throw new GmsError({ kind: 'invalidInput', field: 'urn', message: `Not a dataHubUpgrade URN: ${JSON.stringify(urn.slice(0, 100))}.` });
      }
      return call(
        {
          action: 'upgradeResult',
          endpoint: `openapi/v3/entity/datahubupgrade/${encodeURIComponent(urn)}`,
          query: [
            ['aspects', 'dataHubUpgradeResult'],
            ['systemMetadata', 'false'],
          ],
          method: 'GET',
          readOnly: true,
          // 404 with an empty body (Not-Found-Reason: ENTITY): that upgrade has not written its state.
          answers: (s) => s === 404,
          parse: (a) => {
            if (a.status === 404) {
              if (a.text.trim() === '') return undefined;
              throw doctorHttpError({
                action: 'upgradeResult',
                status: 404,
                body: a.text,
                contentType: a.contentType,
                url: `${ctx.baseUrl}/openapi/v3/entity/datahubupgrade/{urn}`,
                baseUrl: ctx.baseUrl,
                origin: ctx.origin,
              });
            }
            return resultAspect(urn, json('upgradeResult', a), a.text);
          },
        },
        signal,
      );
    },
  };
}
