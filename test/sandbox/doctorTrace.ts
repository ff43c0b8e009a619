// Write tracing in the Doctor's sandbox: operations/v1/TraceController.java (TraceServiceImpl behind it)
// and the write it traces, the v3 EntityController's createAspect (POST /openapi/v3/entity/{entityName}/
// {entityUrn}/{aspectName}), from the writes doctor.ts records.
import { DoctorSim, newSpanId, type TraceWrite } from './doctor';
import { actorOf, traced, type DoctorCall } from './doctorReply';
import type { Reply } from './restli';
import { json, springError } from './spring';

const TRACE_ID = /^[0-9a-fA-F]{32}$/;

/** TraceController.extractTraceId: a whole traceparent (its second part) or 32 hex digits; else null. */
function extractTraceId(input: string): string | null {
  const t = input.trim();
  if (t.includes('-')) return t.split('-')[1] ?? null;
  return TRACE_ID.test(t) ? t : null;
}

interface StorageStatus {
  writeStatus: string;
  writeMessage?: string;
}

/**
 * One aspect's trace: PENDING while an async proposal waits in the MCP topic; then the database has it
 * (primary ACTIVE_STATE) while the MCL consumer's search write is not visible: search ERROR "Consumer has
 * processed past the offset." (as DataHub's smoke test test_api_trace.py sees for a dropped write) until
 * indexingDelayMs, then ACTIVE_STATE. searchStuck: search never gets it. consumerStopped: the MCL
 * consumer has not read it (search PENDING). A later write makes it HISTORIC_STATE; an unchanged value NO_OP.
 */
function traceOf(
  sim: DoctorSim,
  w: TraceWrite | undefined,
  newer: boolean,
  now: number,
): { success: boolean; primaryStorage: StorageStatus; searchStorage: StorageStatus } {
  const status = (primary: StorageStatus, search: StorageStatus) => ({
    success: primary.writeStatus !== 'ERROR' && search.writeStatus !== 'ERROR',
    primaryStorage: primary,
    searchStorage: search,
  });
  if (w === undefined) return status({ writeStatus: 'UNKNOWN' }, { writeStatus: 'UNKNOWN' });
  if (newer) return status({ writeStatus: 'HISTORIC_STATE' }, { writeStatus: 'HISTORIC_STATE' });
  if (w.noop) return status({ writeStatus: 'NO_OP' }, { writeStatus: 'NO_OP' });
  const inDatabaseAt = w.at + (w.async ? sim.processingDelayMs : 0);
  if (now < inDatabaseAt) return status({ writeStatus: 'PENDING' }, { writeStatus: 'PENDING' });
  if (sim.on('consumerStopped')) return status({ writeStatus: 'ACTIVE_STATE' }, { writeStatus: 'PENDING' });
  if (sim.on('searchStuck') || now < inDatabaseAt + sim.indexingDelayMs) {
    return status({ writeStatus: 'ACTIVE_STATE' }, { writeStatus: 'ERROR', writeMessage: 'Consumer has processed past the offset.' });
  }
  return status({ writeStatus: 'ACTIVE_STATE' }, { writeStatus: 'ACTIVE_STATE' });
}

export function traceWrite(c: DoctorCall, now: number): Reply {
  const sim = c.rt.doctor;
  let body: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(c.raw);
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return springError(400, c.path);
    body = parsed as Record<string, unknown>;
  } catch {
    return springError(400, c.path);
  }
  // AuthUtil.isAPIAuthorizedEntityUrns(READ): UnauthorizedException, 403 through GlobalControllerExceptionHandler.
  if (!c.caller.privileges.includes('VIEW_ENTITY_PAGE')) {
    return json({ error: `${actorOf(c.caller)} is unauthorized to READ as least one of the requested URNs.` }, 403);
  }
  const traceId = extractTraceId(c.route.vars.traceId);
  if (traceId === null) return springError(500, c.path);
  const onlyErrors = c.query.get('onlyIncludeErrors') !== 'false';
  const out: Record<string, Record<string, unknown>> = {};
  for (const [urn, aspects] of Object.entries(body)) {
    if (!urn.startsWith('urn:li:')) return json({ error: `Invalid urn: ${urn}` }, 400);
    const names = Array.isArray(aspects) ? aspects.filter((a): a is string => typeof a === 'string') : [];
    const forUrn: Record<string, unknown> = {};
    for (const aspect of names) {
      const mine = sim.writes.filter((w) => w.urn === urn && w.aspect === aspect);
      const w = mine.find((x) => x.traceId === traceId.toLowerCase());
      const newer = w !== undefined && mine.some((x) => x.at > w.at && !x.noop);
      const t = traceOf(sim, w, newer, now);
      if (!onlyErrors || !t.success) forUrn[aspect] = t;
    }
    if (Object.keys(forUrn).length > 0 || !onlyErrors) out[urn] = forUrn;
  }
  return json(out);
}

export function createAspect(c: DoctorCall, now: number): Reply {
  const sim = c.rt.doctor;
  const { entityName, urn, aspect } = c.route.vars;
  if (!c.caller.privileges.includes('EDIT_ENTITY')) return json({ error: `${actorOf(c.caller)} is unauthorized to CREATE entities.` }, 403);
  // validatedUrn / the entity registry: InvalidUrnException and unknown names are 400s (GlobalControllerExceptionHandler).
  const type = /^urn:li:([A-Za-z][A-Za-z0-9_]*)(:|$)/.exec(urn)?.[1];
  if (type === undefined) return json({ error: `Invalid urn: ${urn}` }, 400);
  if (type.toLowerCase() !== entityName.toLowerCase()) return json({ error: `The URN's entity type ${type} is not ${entityName}` }, 400);
  if (!DoctorSim.knownAspect(type, aspect)) return json({ error: `Unknown aspect ${aspect} for entity ${entityName}` }, 400);
  let body: unknown;
  try {
    body = JSON.parse(c.raw);
  } catch {
    return springError(400, c.path);
  }
  const value = (body as { value?: unknown } | null)?.value;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return json({ error: 'Expected {"value": {...}}' }, 400);
  const flag = (name: string, fallback: boolean) => (c.query.has(name) ? c.query.get(name) === 'true' : fallback);
  const async = flag('async', false);
  // createIfNotExists (default true) is ChangeType.CREATE: refused when the aspect is already there.
  if (flag('createIfNotExists', true) && sim.aspects.get(urn)?.has(aspect)) {
    return json({ error: `Aspect ${aspect} already exists for ${urn} (CREATE)` }, 412);
  }
  const w = sim.write(urn, aspect, value, async, now);
  const stored = sim.aspects.get(urn)?.get(aspect);
  const systemMetadata = {
    lastObserved: now,
    runId: 'no-run-id-provided',
    lastRunId: 'no-run-id-provided',
    version: String(stored?.version ?? 1),
    properties: { telemetryTraceId: w.traceId, telemetryQueueSpanId: newSpanId() },
  };
  const entry = flag('systemMetadata', false) ? { value, systemMetadata } : { value };
  return traced(json({ urn, [aspect]: entry }, async ? 202 : 200), w.traceId);
}
