// An entity cleanup's two deletes and its status read, OpenAPI v3 under the GMS base (../cleanupTypes.ts names the files):
//   DELETE /openapi/v3/entity/{entityName}/{urn}                 for good (200, no body)
//   POST   /openapi/v3/entity/{entityName}/{urn}/status?async=false&createIfNotExists=false
//          {"value": {"removed": true}}                           soft delete (an upsert of the status aspect)
//   POST   /openapi/v3/entity/{entityName}/batchGet?systemMetadata=true
//          [{"urn": ..., "status": {}}, ...]                      when each status was written (a read; again right
//                                                                 before each batch of deletes: statusNow)
// Neither delete is retried (readOnly: false): a delete that timed out is reported as failed, never sent twice.
// A 404 with a body is a server without the v3 entity API (errors.ts says which release to use).
import type { Answer } from '../http';
import { STATUS_BATCH, type CleanupOperations, type StatusNow } from '../cleanupTypes';
import { GmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import { urnEntityType } from '../urn';
import { validateUrn, validateUrnList } from '../validate';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { v3EntityPath } from './requests';
import { statusBatchSchema } from './inspectSchemas';

export function createCleanupOperations(ctx: WireContext): CleanupOperations {
  const call = createOpenapiCaller(ctx, '');

  /**
   * The status aspect of each URN asked (one entity type, at most STATUS_BATCH): removed, and the time when the
   * answer has one. `existence`: runs also ask their properties aspect, so a run without a status still answers.
   */
  async function readStatus(urns: readonly string[], existence: boolean, signal?: AbortSignal): Promise<Map<string, StatusNow>> {
    const invalid = (message: string) => new GmsError({ kind: 'invalidInput', field: 'urns', action: 'readStatusTimes', message: `urns: ${message}` });
    if (urns.length === 0) return new Map();
    if (urns.length > STATUS_BATCH) throw invalid(`at most ${STATUS_BATCH} URNs a request (${urns.length} given).`);
    const checked = validateUrnList(urns, 'urns', 'readStatusTimes');
    const entityName = urnEntityType(checked[0]);
    if (entityName === undefined || checked.some((u) => urnEntityType(u) !== entityName)) throw invalid('the URNs of one request must share one entity type.');
    const asked = new Set(checked);
    const alsoAsk = existence && entityName === 'dataProcessInstance' ? { dataProcessInstanceProperties: {} } : {};
    const parse = (a: Answer): Map<string, StatusNow> => {
      const body = statusBatchSchema.safeParse(readJson('readStatusTimes', a.text, a.contentType, ctx.origin));
      if (!body.success) throw invalidResponse('readStatusTimes', 'the batch read is not a list of entities with their status aspect', a.text);
      const out = new Map<string, StatusNow>();
      for (const entity of body.data) {
        if (!asked.has(entity.urn)) continue;
        const status = entity.status;
        const time = status?.auditStamp?.time;
        const writtenAt = typeof time === 'number' && Number.isFinite(time) && time > 0 ? { writtenAt: time } : {};
        out.set(entity.urn, { removed: status?.value.removed === true, ...writtenAt });
      }
      return out;
    };
    return call(
      {
        action: 'readStatusTimes',
        endpoint: `openapi/v3/entity/${encodeURIComponent(entityName)}/batchGet`,
        method: 'POST',
        query: [['systemMetadata', 'true']],
        body: checked.map((urn) => ({ urn, status: {}, ...alsoAsk })),
        readOnly: true,
        parse,
      },
      signal,
    );
  }

  return {
    async hardDelete(urn, signal) {
      const checked = validateUrn(urn, 'urn', 'hardDeleteEntity');
      await call(
        {
          action: 'hardDeleteEntity',
          endpoint: v3EntityPath(checked),
          method: 'DELETE',
          readOnly: false,
          write: { targets: [checked] },
          parse: () => undefined,
        },
        signal,
      );
    },
    async softDelete(urn, signal) {
      const checked = validateUrn(urn, 'urn', 'softDeleteEntity');
      await call(
        {
          action: 'softDeleteEntity',
          endpoint: `${v3EntityPath(checked)}/status`,
          method: 'POST',
          query: [
            ['async', 'false'],
            ['createIfNotExists', 'false'],
          ],
          body: { value: { removed: true } },
          readOnly: false,
          write: { targets: [checked] },
          parse: () => undefined,
        },
        signal,
      );
    },
    async statusWritten(urns, signal) {
      const out = new Map<string, number>();
      for (const [urn, s] of await readStatus(urns, false, signal)) {
        // Only a status that says removed: true, with a time: anything else is not a time to plan on.
        if (s.removed && s.writtenAt !== undefined) out.set(urn, s.writtenAt);
      }
      return out;
    },
    statusNow: (urns, signal) => readStatus(urns, true, signal),
  };
}
