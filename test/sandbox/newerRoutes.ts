// The controllers only the newest generation with OpenAPI has, beside the operations: what an upgrade
// reads (upgradeRoutes.ts), the Doctor's (doctorRoutes.ts), Inspect URN's reads (inspect.ts), and the
// Kafka paths a Postgres-queue deployment leaves unmapped; and on every generation, the ingestion fields of
// GraphQL and the runs' rollback (ingestionGraphql.ts, ingestionRollback.ts). null: none of them, the caller answers.
import { handleDoctor, type doctorRoute } from './doctorRoutes';
import { handleInspect } from './inspect';
import type { Reply } from './restli';
import type { Caller, Runtime } from './runtime';
import { json, springError } from './spring';
import { answerCounts, answerTypeCount } from './entityCounts';
import { handleUpgrade, type upgradeRoute } from './upgradeRoutes';
import { handleIngestionGraphQL, isIngestionQuery } from './ingestionGraphql';
import { handleRuns } from './ingestionRollback';

export interface NewerCall {
  rt: Runtime;
  method: string;
  /** The path as sent (for error bodies). */
  path: string;
  /** The path below the frontend prefix. */
  sub: string;
  query: URLSearchParams;
  raw: string;
  caller: Caller;
  upgrade: ReturnType<typeof upgradeRoute>;
  doctor: ReturnType<typeof doctorRoute>;
  inspect: string | null;
}

/** EntityCountsController.java's two reads (entityCounts.ts): GET only, GET_COUNTS_PRIVILEGE. */
function entityCounts(c: NewerCall): Reply {
  if (c.method !== 'GET') return json({ error: `Request method '${c.method}' is not supported` }, 405);
  const allowed = c.caller.privileges.includes('GET_COUNTS_PRIVILEGE');
  if (c.upgrade === 'counts') return answerCounts(c.rt.entities, c.query, allowed);
  const type = decodeURIComponent(c.sub.replace(/\/+$/, '').split('/').at(-2) ?? '');
  return answerTypeCount(c.rt.entities, type, c.query, allowed);
}

/** The URN of a v3 status write with removed: true on a URN the cleanup model holds, else undefined. */
function softDeleteOf(c: NewerCall): string | undefined {
  if (c.doctor?.name !== 'v3/entity' || c.method !== 'POST' || c.doctor.vars.aspect !== 'status') return undefined;
  const urn = c.doctor.vars.urn;
  if (urn === undefined) return undefined;
  try {
    const value = (JSON.parse(c.raw) as { value?: { removed?: unknown } } | null)?.value;
    return value?.removed === true && c.rt.cleanup.holds(urn) ? urn : undefined;
  } catch {
    return undefined;
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `unauthorized`: the 401 this server answers an unknown caller with. */
export async function answerNewer(c: NewerCall, unauthorized: () => Reply): Promise<Reply | null> {
  const { rt, caller } = c;
  const ingestion = c.sub === '/runs' || (c.sub === '/api/graphql' && isIngestionQuery(c.raw));
  if (ingestion && !caller.known) return unauthorized();
  if (c.sub === '/runs') return handleRuns(rt.ingestion, c.method, c.query.get('action'), c.raw, caller);
  if (ingestion) return handleIngestionGraphQL(rt.ingestion, c.method, caller, c.raw);
  if (!rt.servesOpenapi()) return null;
  if (c.upgrade !== null) {
    if (!caller.known) return unauthorized();
    if (c.upgrade === 'counts' || c.upgrade === 'count') return entityCounts(c);
    return handleUpgrade(rt, c.upgrade, c.method, c.sub, caller);
  }
  // On the Postgres queue KafkaController cannot exist (KafkaTraceReaderFactory.java is @KafkaMessagingEnabled): unmapped, Spring's 404.
  if (rt.pgQueue.on && /^\/openapi\/operations\/kafka(\/|$)/.test(c.sub)) {
    if (!caller.known) return unauthorized();
    return springError(404, c.path);
  }
  if (c.doctor !== null) {
    const softDelete = softDeleteOf(c);
    if (softDelete !== undefined && caller.known) {
      // A run's status written removed: true (cleanup.ts), as createAspect answers it: slow or failing as scripted.
      if (!caller.privileges.includes('EDIT_ENTITY'))
        return json({ error: `urn:li:corpuser:${caller.tokenName ?? 'datahub'} is unauthorized to CREATE entities.` }, 403);
      const refused = await rt.cleanup.beforeSoftDelete(softDelete);
      if (refused) return refused;
      rt.cleanup.softDelete(softDelete);
      return json({ urn: softDelete, status: { value: { removed: true } } });
    }
    // /health is excluded from authentication (authentication.excludedPaths); the rest pass the auth filter first.
    if (c.doctor.name !== 'health' && !caller.known) return unauthorized();
    if (rt.serviceTimeMs > 0 && c.doctor.name !== 'health') await delay(rt.serviceTimeMs);
    return handleDoctor({ rt, route: c.doctor, method: c.method, path: c.path, query: c.query, raw: c.raw, caller });
  }
  if (c.inspect !== null) {
    if (!caller.known) return unauthorized();
    if (rt.serviceTimeMs > 0) await delay(rt.serviceTimeMs);
    if (c.inspect === 'v3/entity/{entityName}/batchGet') {
      // EntityController.java getEntityBatch (cleanupStatus.ts): POST only; READ on the URNs (the view privilege here).
      if (c.method !== 'POST') return springError(405, c.path, { allow: 'POST' });
      const actor = `urn:li:corpuser:${caller.tokenName ?? 'datahub'}`;
      return rt.cleanup.batchGet(c.raw, c.query.get('systemMetadata') === 'true', actor, caller.privileges.includes('VIEW_ENTITY_PAGE'));
    }
    if (c.method === 'DELETE' && c.inspect.startsWith('v3/entity')) {
      // GenericEntitiesController.deleteEntity (cleanup.ts): the entity goes; 200 with no body.
      const urn = decodeURIComponent(c.sub.replace(/\/+$/, '').split('/').at(-1) ?? '');
      return rt.cleanup.hardDelete(urn, `urn:li:corpuser:${caller.tokenName ?? 'datahub'}`, caller.privileges.includes('EDIT_ENTITY'));
    }
    return handleInspect({ rt, method: c.method, path: c.sub, query: c.query, caller, anchorMs: Date.now() });
  }
  return null;
}
