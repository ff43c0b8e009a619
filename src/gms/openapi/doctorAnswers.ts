// The answers of DataHub's health and operations endpoints, parsed into doctorTypes.ts (the Kafka ones are
// in doctorKafkaAnswers.ts). Each parser names the DataHub file whose answer it reads
// (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/...). Parsed by hand,
// tolerant of what a release leaves out or adds: only the fields the Doctor reads are checked, and a
// field of the wrong type is left out rather than failing the whole answer; an answer of the wrong
// shape altogether is an invalidResponse. Texts the server chose are capped.
import { GmsError } from '../errors';
import { bodyForLog, invalidResponse, looksLikeHtml } from '../errorMapping';
import type {
  ActiveThrottle,
  MaintenanceStatus,
  RateLimitStatus,
  SearchClusterHealth,
  SystemComponent,
  SystemInfo,
  ThrottleState,
  TraceAspectStatus,
  TraceStorageStatus,
  TraceWriteResult,
  WriteCanaryResult,
} from '../doctorTypes';
import type { GmsAction } from '../types';
import { bool, capText, defined, expectObject, int, isObj, num, obj, setKey, shortLine, str, type Obj } from './doctorShapes';

export { capText } from './doctorShapes';

// ---------------------------------------------------------------------------------------------
// health/HealthCheckController.java
// ---------------------------------------------------------------------------------------------

/** A 503 that is not GMS's own answer (a proxy's or ingress's page while GMS is away): retried as any 503 read. */
function unavailable(action: GmsAction, status: number, text: string, origin: string): GmsError {
  return new GmsError({
    kind: 'server',
    action,
    status,
    body: bodyForLog(text),
    message: `${status} from ${origin}: the server (or a proxy in front of it) is unavailable; retry in a moment, or check the GMS logs.`,
  });
}

/** GET /health: 200 or 503, both with an empty body (getBootstrapAwareHealth); older GMS's servlet answered 200 with text. */
export function parseHealth(status: number, text: string, origin: string): { ready: boolean; status: number } {
  if (status >= 200 && status < 300) return { ready: true, status };
  if (status === 503 && text.trim() === '') return { ready: false, status };
  throw unavailable('doctorHealth', status, text, origin);
}

/** GET /check/ready: the JSON boolean true (200) or false (503) (getCombinedHealthCheck). */
export function parseReady(status: number, text: string, origin: string): { ready: boolean; status: number } {
  const body = text.trim();
  if (status >= 200 && status < 300 && body === 'true') return { ready: true, status };
  if (body === 'false' && (status === 503 || (status >= 200 && status < 300))) return { ready: false, status };
  if (status === 503) throw unavailable('doctorReady', status, text, origin);
  throw invalidResponse('doctorReady', 'expected true or false', text, status);
}

const CLUSTER_STATUS = new Set(['green', 'yellow', 'red']);

/** active_shards_percent_as_number (a number), or an older "100.0%" active_shards_percent. */
function percent(o: Obj): number | undefined {
  const n = num(o.active_shards_percent_as_number);
  if (n !== undefined) return n;
  const s = str(o.active_shards_percent);
  return s !== undefined && /^\d+(\.\d+)?%$/.test(s.trim()) ? Number(s.trim().slice(0, -1)) : undefined;
}

/**
 * GET /debug/elastic (getElasticHealth): OpenSearch's ClusterHealthResponse.toString(), its JSON; 200 when
 * not red and not timed out, else 503 with the same body. When GMS could not ask the cluster at all, a 503
 * whose body is the exception's message (text): 'unreachable'.
 */
export function parseSearchCluster(status: number, text: string, contentType: string | undefined, origin: string): Omit<SearchClusterHealth, 'endpoint'> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const o = isObj(json) ? json : undefined;
  const colour = o === undefined ? undefined : str(o.status)?.toLowerCase();
  if (o !== undefined && colour !== undefined && CLUSTER_STATUS.has(colour)) {
    return defined({ status: colour as 'green' | 'yellow' | 'red', httpStatus: status } as Omit<SearchClusterHealth, 'endpoint'>, {
      clusterName: str(o.cluster_name),
      timedOut: bool(o.timed_out),
      nodes: int(o.number_of_nodes),
      dataNodes: int(o.number_of_data_nodes),
      activePrimaryShards: int(o.active_primary_shards),
      activeShards: int(o.active_shards),
      relocatingShards: int(o.relocating_shards),
      initializingShards: int(o.initializing_shards),
      unassignedShards: int(o.unassigned_shards),
      delayedUnassignedShards: int(o.delayed_unassigned_shards),
      pendingTasks: int(o.number_of_pending_tasks),
      inFlightFetches: int(o.number_of_in_flight_fetch),
      taskMaxWaitingInQueueMillis: int(o.task_max_waiting_in_queue_millis),
      activeShardsPercent: percent(o),
    });
  }
  if (status === 503) {
    if (text.trim() === '' || looksLikeHtml(contentType, text) || o !== undefined) throw unavailable('doctorSearchCluster', status, text, origin);
    return { status: 'unreachable', httpStatus: status, error: capText(text.trim(), 2000).text };
  }
  throw invalidResponse('doctorSearchCluster', "expected the search cluster's health (cluster_name, status...)", text, status);
}

// ---------------------------------------------------------------------------------------------
// operations/v1/SystemInfoController.java (SystemInfoResponse, SpringComponentsInfo, ComponentInfo)
// ---------------------------------------------------------------------------------------------

const COMPONENT_KEYS = ['gms', 'maeConsumer', 'mceConsumer'];

export function parseSystemInfo(value: unknown, raw: string): Omit<SystemInfo, 'endpoint'> {
  const o = expectObject('doctorSystemInfo', value, 'the system info object', raw);
  // GET /system-info wraps the components in springComponents; /system-info/spring-components is them.
  const spring = isObj(o.springComponents) ? o.springComponents : COMPONENT_KEYS.some((k) => isObj(o[k])) ? o : undefined;
  if (spring === undefined) throw invalidResponse('doctorSystemInfo', 'expected springComponents {gms, maeConsumer, mceConsumer}', raw);
  const components: SystemComponent[] = [];
  for (const [id, c] of Object.entries(spring)) {
    if (!isObj(c)) continue;
    const properties = obj(c.properties);
    components.push(
      defined({ id } as SystemComponent, {
        name: str(c.name),
        status: str(c.status),
        version: str(c.version),
        enabled: bool(properties.enabled) ?? bool(c.enabled),
        errorMessage: shortLine(str(c.errorMessage), 1000),
      }),
    );
  }
  return defined({ components } as Omit<SystemInfo, 'endpoint'>, { gmsVersion: str(obj(spring.gms).version) });
}

// ---------------------------------------------------------------------------------------------
// operations/throttle/ThrottleController.java: EntityServiceImpl.getThrottleEvents() through Jackson, a map
// of ThrottleEvent (metadata-io .../dao/throttle/ThrottleEvent.java). Its fields are fluent accessors, so
// what Jackson writes differs by release: the getters (activeThrottles, disabledThrottles, throttled), or
// the fields (backoffWaitMs: {TYPE: ms}, older throttled: {TYPE: bool}). All are read.
// ---------------------------------------------------------------------------------------------

export function parseThrottle(value: unknown, raw: string): Omit<ThrottleState, 'endpoint'> {
  const o = expectObject('doctorThrottle', value, 'the throttle map', raw);
  const active = new Map<string, ActiveThrottle>();
  const inactive = new Set<string>();
  const mark = (kind: string, on: boolean, wait?: number): void => {
    if (on) {
      const before = active.get(kind);
      active.set(kind, wait !== undefined ? { kind, backoffWaitMs: wait } : (before ?? { kind }));
    } else inactive.add(kind);
  };
  for (const [key, event] of Object.entries(o)) {
    if (!isObj(event)) {
      if (typeof event === 'boolean') mark(key, event);
      continue;
    }
    const waits = obj(event.backoffWaitMs);
    for (const [kind, w] of Object.entries(waits)) {
      const wait = int(w);
      if (wait !== undefined) mark(kind, wait > 0 || wait === -1, wait);
    }
    const throttled = event.throttled;
    if (isObj(throttled)) for (const [kind, on] of Object.entries(throttled)) if (typeof on === 'boolean') mark(kind, on);
    for (const kind of Array.isArray(event.activeThrottles) ? event.activeThrottles : []) if (typeof kind === 'string') mark(kind, true);
    for (const kind of Array.isArray(event.disabledThrottles) ? event.disabledThrottles : []) if (typeof kind === 'string') mark(kind, false);
    // A key with nothing inside but "throttled": true is the key's own kind (the map is keyed by ThrottleType).
    if (throttled === true && active.size === 0) mark(key, true);
  }
  for (const kind of active.keys()) inactive.delete(kind);
  const list = [...active.values()].sort((a, b) => (a.kind < b.kind ? -1 : 1));
  return { throttled: list.length > 0, active: list, inactive: [...inactive].sort() };
}

// ---------------------------------------------------------------------------------------------
// operations/ratelimit/RateLimitController.java: RateLimitEngine.statusSnapshot(), whatever it holds.
// ---------------------------------------------------------------------------------------------

const LIMITING_KEYS = /^(limited|limiting|throttled|rejecting|active|exceeded)$/i;

function anyLimiting(v: unknown, depth: number): boolean {
  if (depth > 4) return false;
  if (Array.isArray(v)) return v.some((x) => anyLimiting(x, depth + 1));
  if (!isObj(v)) return false;
  for (const [k, x] of Object.entries(v)) {
    if (LIMITING_KEYS.test(k) && x === true) return true;
    if (/^(rejected|rejections|rejectedCount|throttledCount|limitedCount)$/i.test(k) && (num(x) ?? 0) > 0 && /current|now/i.test(k)) return true;
    if (anyLimiting(x, depth + 1)) return true;
  }
  return false;
}

export function parseRateLimits(value: unknown, raw: string): Omit<RateLimitStatus, 'endpoint'> {
  const o = expectObject('doctorRateLimits', value, 'the rate limit status object', raw);
  const fields: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    const text = JSON.stringify(v) ?? 'null';
    setKey(fields, k, text.length <= 1024 ? v : `${text.slice(0, 1024)}…`);
  }
  return defined({ limiting: anyLimiting(o, 0), fields } as Omit<RateLimitStatus, 'endpoint'>, { enabled: bool(o.enabled) });
}

// ---------------------------------------------------------------------------------------------
// operations/maintenance/MaintenanceController.java, models/MaintenanceWindowStatus.java
// ---------------------------------------------------------------------------------------------

export function parseMaintenance(value: unknown, raw: string): Omit<MaintenanceStatus, 'endpoint'> {
  const o = expectObject('doctorMaintenance', value, 'the maintenance window status', raw);
  const enabled = bool(o.enabled);
  if (enabled === undefined) throw invalidResponse('doctorMaintenance', 'expected {enabled, message, severity...}', raw);
  return defined({ enabled } as Omit<MaintenanceStatus, 'endpoint'>, {
    message: capText(str(o.message) ?? '', 4000).text || undefined,
    severity: str(o.severity),
    linkUrl: str(o.linkUrl),
    linkText: str(o.linkText),
    enabledAt: int(o.enabledAt),
    enabledBy: str(o.enabledBy),
  });
}

// ---------------------------------------------------------------------------------------------
// operations/v1/TraceController.java: TraceResponseV1 {urn: {aspect: TraceStatus {success, primaryStorage,
// searchStorage: TraceStorageStatus {writeStatus, writeMessage, writeExceptions}}}}
// ---------------------------------------------------------------------------------------------

function storage(v: unknown): TraceStorageStatus | undefined {
  if (!isObj(v)) return undefined;
  const writeStatus = str(v.writeStatus);
  if (writeStatus === undefined) return undefined;
  const exceptions = (Array.isArray(v.writeExceptions) ? v.writeExceptions : [])
    .map((e) => shortLine(str(obj(e).message) ?? str(e), 1000))
    .filter((e): e is string => e !== undefined);
  return defined({ writeStatus } as TraceStorageStatus, {
    writeMessage: shortLine(str(v.writeMessage), 1000),
    writeExceptions: exceptions.length > 0 ? exceptions : undefined,
  });
}

export function parseTrace(traceId: string, value: unknown, raw: string): Omit<TraceWriteResult, 'endpoint'> {
  const o = expectObject('doctorTraceWrite', value, 'a trace result {urn: {aspect: status}}', raw);
  const urns: Record<string, Record<string, TraceAspectStatus>> = {};
  for (const [urn, aspects] of Object.entries(o)) {
    if (!isObj(aspects)) throw invalidResponse('doctorTraceWrite', `expected {aspect: status} for ${urn.slice(0, 200)}`, raw);
    const out: Record<string, TraceAspectStatus> = {};
    for (const [aspect, s] of Object.entries(aspects)) {
      const so = obj(s);
      setKey(
        out,
        aspect,
        defined({ success: so.success === true } as TraceAspectStatus, {
          primaryStorage: storage(so.primaryStorage),
          searchStorage: storage(so.searchStorage),
        }),
      );
    }
    setKey(urns, urn, out);
  }
  return { traceId, urns };
}

// ---------------------------------------------------------------------------------------------
// The canary write: the v3 EntityController's createAspect answer (GenericEntityV3 {urn, <aspect>: {value,
// systemMetadata}}) and the traceparent header every controller answer carries.
// ---------------------------------------------------------------------------------------------

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const TRACE_ID = /^[0-9a-f]{32}$/;

/** DataHub's trace ids start with the time of the write in ms, hex (TraceIdGenerator); kept when plausible (2015..2100). */
export function traceTime(traceId: string): number | undefined {
  const ms = Number.parseInt(traceId.slice(0, 16), 16);
  return Number.isSafeInteger(ms) && ms > 1_420_070_400_000 && ms < 4_102_444_800_000 ? ms : undefined;
}

export function parseCanary(
  urn: string,
  aspectName: string,
  status: number,
  traceparent: string | undefined,
  value: unknown,
  raw: string,
): Omit<WriteCanaryResult, 'endpoint'> {
  const header = traceparent?.trim().toLowerCase();
  const fromHeader = header !== undefined ? TRACEPARENT.exec(header)?.[1] : undefined;
  const o = isObj(value) ? value : {};
  const metadata = obj(obj(o[aspectName]).systemMetadata);
  const fromBody = str(obj(metadata.properties).telemetryTraceId)?.toLowerCase();
  const traceId = [fromHeader, fromBody].find((t): t is string => t !== undefined && TRACE_ID.test(t) && !/^0+$/.test(t));
  if (traceId === undefined) {
    throw invalidResponse(
      'doctorWriteCanary',
      'the write answered without a trace id (no traceparent header, no systemMetadata.properties.telemetryTraceId)',
      raw,
      status,
    );
  }
  return defined({ urn, aspectName, traceId, status } as Omit<WriteCanaryResult, 'endpoint'>, {
    traceparent: header !== undefined && TRACEPARENT.test(header) ? header : undefined,
    tracedAt: traceTime(traceId),
  });
}
