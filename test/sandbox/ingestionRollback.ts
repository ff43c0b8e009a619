// POST {gms}/runs?action=rollback {runId, dryRun, safe, hardDelete} as DataHub answers it:
// metadata-service/restli-servlet-impl/.../resources/entity/BatchIngestionRunResource.java (the Rest.li
// resource "runs": hardDelete = safe != null ? !safe : hardDelete ?? false) over
// metadata-io/.../service/RollbackService.java (rollbackIngestion):
//   - the reserved run id "no-run-id-provided" (Constants.DEFAULT_RUN_ID) is an IllegalArgumentException,
//     which RestliUtil.toTask answers 400;
//   - dry run: entitiesAffected (distinct URNs of the run's rows), entitiesDeleted (its key aspects),
//     aspectsReverted (rows, less the key aspects when soft), unsafeEntities: the entities the run created
//     that other runs wrote aspects to as well (not key, not status), and up to 100 row summaries; nothing changes;
//   - real: the request's status ROLLING_BACK, then each row reverted; a key aspect soft-deletes its entity
//     (status removed: true) unless hardDelete; rows other runs wrote stay; then ROLLED_BACK.
// Needs the Delete Entity privilege on the rows' URNs (RollbackService.isAuthorized).
import type { Reply } from './restli';
import { jsonReply, restliError } from './restli';
import type { Caller } from './runtime';
import { EXECUTION_REQUEST_PREFIX, type IngestionModel, type RunRow } from './ingestion';

export const DEFAULT_RUN_ID = 'no-run-id-provided';
const RESOURCE = 'com.linkedin.metadata.resources.entity.BatchIngestionRunResource';

function summaries(rows: RunRow[]): unknown[] {
  return rows.slice(0, 100).map((r) => ({ urn: r.urn, aspectName: r.aspectName, runId: r.runId, keyAspect: r.keyAspect, version: 0, timestamp: 0 }));
}

export function handleRuns(model: IngestionModel, method: string, action: string | null, raw: string, caller: Caller): Reply {
  if (action === null) return restliError(400, `${method} operation not supported on resource '${RESOURCE}' URI: '/runs'`);
  if (method !== 'POST') return restliError(400, `All action methods (specified via 'action' in URI) must be submitted as a POST (was ${method})`);
  if (action !== 'rollback') return restliError(400, `POST operation named ${action} not supported on resource '${RESOURCE}' URI: '/runs?action=${action}'`);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw === '' ? '{}' : raw) as Record<string, unknown>;
  } catch {
    return restliError(400, 'Cannot parse request entity', action);
  }
  const { runId, dryRun, safe, hardDelete } = body;
  if (typeof runId !== 'string') return restliError(400, "Parameter 'runId' is required", action);
  for (const [name, v] of Object.entries({ dryRun, safe, hardDelete })) {
    if (v !== undefined && typeof v !== 'boolean')
      return restliError(400, `Parameter '${name}' value ${JSON.stringify(v)} is invalid for type boolean`, action);
  }
  model.rollbacks.push({
    runId,
    dryRun: dryRun === true,
    ...(safe !== undefined ? { safe: safe as boolean } : {}),
    ...(hardDelete !== undefined ? { hardDelete: hardDelete as boolean } : {}),
  });
  if (runId === DEFAULT_RUN_ID) {
    return restliError(400, `${runId} is a default run-id provided for non labeled ingestion runs. You cannot delete using this reserved run-id`, action);
  }
  if (!caller.privileges.includes('MANAGE_INGESTION_PRIVILEGE')) return restliError(401, 'User is NOT unauthorized to delete entities.', action);
  const doHardDelete = typeof safe === 'boolean' ? !safe : hardDelete === true;
  const rows = model.rows.filter((r) => r.runId === runId);
  const keys = rows.filter((r) => r.keyAspect);
  const keyUrns = new Set(keys.map((k) => k.urn));
  const others = model.rows.filter((r) => keyUrns.has(r.urn) && r.runId !== runId && !r.keyAspect && r.aspectName !== 'status');
  const unsafe = [...new Set(others.map((r) => r.urn))];
  const affected = new Set(rows.map((r) => r.urn)).size;
  const figures = {
    entitiesAffected: affected,
    entitiesDeleted: keys.length,
    unsafeEntitiesCount: unsafe.length,
    unsafeEntities: unsafe.map((urn) => ({ urn })),
  };
  // A missing dryRun is a NullPointerException in the resource (`if (dryRun)` on a null Boolean).
  if (dryRun === undefined) return restliError(500, 'java.lang.NullPointerException', action);
  if (dryRun) {
    const shown = doHardDelete ? rows : rows.filter((r) => !r.keyAspect);
    return jsonReply({ value: { ...figures, aspectsReverted: rows.length - (doHardDelete ? 0 : keys.length), aspectRowSummaries: summaries(shown) } });
  }
  const request = model.requests.get(`${EXECUTION_REQUEST_PREFIX}${runId}`);
  if (request?.result) request.result = { ...request.result, status: 'ROLLING_BACK' };
  model.rows = model.rows.filter((r) => r.runId !== runId);
  for (const k of keys) {
    if (doHardDelete) model.rows = model.rows.filter((r) => r.urn !== k.urn);
    else model.softDeleted.add(k.urn);
  }
  const reverted = rows.filter((r) => !r.keyAspect).length + (doHardDelete ? keys.length : 0);
  if (request?.result) request.result = { ...request.result, status: 'ROLLED_BACK' };
  return jsonReply({ value: { ...figures, aspectsAffected: others.length, aspectsReverted: reverted, aspectRowSummaries: summaries(rows) } });
}
