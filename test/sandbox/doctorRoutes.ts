// The Doctor's endpoints as a newer GMS answers them, from the scripted state in doctor.ts. Each
// answer names the DataHub file it follows (metadata-service/openapi-servlet/src/main/java/
// io/datahubproject/openapi/... unless said otherwise). Served by server.ts on the newest generation
// with OpenAPI only (Runtime.servesOpenapi()); older servers answer these paths as they always did
// (/health 200; the rest Rest.li's 404 "No root resource defined"), which is the client's "not offered".
//
// Privileges: /health none (authentication.excludedPaths); /check/ready, /debug/elastic and the
// maintenance status any authenticated caller; trace/write READ on the URNs (VIEW_ENTITY_PAGE here);
// the v3 write EDIT_ENTITY; everything else MANAGE_SYSTEM_OPERATIONS (the admin token has it, the
// reader gets 403).

import type { DoctorRouteName, DoctorSim } from './doctor';
import { kafka } from './doctorKafka';
import { kafkaReset } from './offsetReset';
import { actorOf, mso, traced, type DoctorCall, type DoctorRoute } from './doctorReply';
import { createAspect, traceWrite } from './doctorTrace';
import { DATAHUB_GROUPS, MCL_GROUP } from './doctorData';
import type { Reply } from './restli';
import type { Caller } from './runtime';
import { empty, json, springError, textAs } from './spring';

export type { DoctorCall, DoctorRoute } from './doctorReply';

const KAFKA = '/openapi/operations/kafka/';

function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The Doctor route a path (without the frontend prefix) names, or null. The older Kafka offsets stay healthOps.ts's. */
export function doctorRoute(path: string): DoctorRoute | null {
  const p = path.replace(/\/+$/, '') || '/';
  const simple: Record<string, [DoctorRouteName, string]> = {
    '/health': ['health', 'health'],
    '/check/ready': ['check/ready', 'check/ready'],
    '/debug/elastic': ['debug/elastic', 'debug/elastic'],
    '/openapi/v1/system-info': ['system-info', 'system-info'],
    '/openapi/operations/throttle/requests': ['throttle', 'throttle/requests'],
    '/openapi/v1/rate-limits/status': ['rate-limits', 'rate-limits/status'],
    '/openapi/operations/maintenance/status': ['maintenance', 'maintenance/status'],
    [`${KAFKA}consumer-groups`]: ['kafka/consumer-groups', 'kafka/consumer-groups'],
    [`${KAFKA}topics`]: ['kafka/topics', 'kafka/topics'],
    [`${KAFKA}messages/mcp-failed/replay`]: ['kafka/replay', 'kafka/messages/mcp-failed/replay'],
  };
  const hit = simple[p];
  if (hit) return { name: hit[0], action: hit[1], methods: hit[0] === 'kafka/replay' ? ['POST'] : ['GET'], vars: {} };
  // KafkaController.resetConsumerGroupOffsets (offsetReset.ts).
  let m = /^\/openapi\/operations\/kafka\/consumer-groups\/([^/]+)\/offsets\/reset$/.exec(p);
  if (m) return { name: 'kafka/reset', action: 'kafka/consumer-groups/{groupId}/offsets/reset', methods: ['POST'], vars: { groupId: decoded(m[1]) } };
  m = /^\/openapi\/operations\/kafka\/consumer-groups\/([^/]+)$/.exec(p);
  if (m) return { name: 'kafka/consumer-groups', action: 'kafka/consumer-groups/{groupId}', methods: ['GET'], vars: { groupId: decoded(m[1]) } };
  m = /^\/openapi\/operations\/kafka\/topics\/([^/]+)$/.exec(p);
  if (m) return { name: 'kafka/topics', action: 'kafka/topics/{topicName}', methods: ['GET'], vars: { topicName: decoded(m[1]) } };
  m = /^\/openapi\/operations\/kafka\/messages\/([^/]+)$/.exec(p);
  if (m) return { name: 'kafka/messages', action: 'kafka/messages/{topic}', methods: ['GET'], vars: { topic: decoded(m[1]) } };
  m = /^\/openapi\/v1\/trace\/write\/([^/]+)$/.exec(p);
  if (m) return { name: 'trace/write', action: 'trace/write/{traceId}', methods: ['POST'], vars: { traceId: decoded(m[1]) } };
  // v3/controller/EntityController.java createAspect: /{entityName}/{entityUrn:urn:li:.+}/{aspectName}
  m = /^\/openapi\/v3\/entity\/([^/]+)\/(urn(?::|%3A|%3a).+)\/([^/]+)$/.exec(p);
  if (m)
    return {
      name: 'v3/entity',
      action: 'v3/entity/{entityName}/{entityUrn}/{aspectName}',
      methods: ['POST'],
      vars: { entityName: decoded(m[1]), urn: decoded(m[2]), aspect: decoded(m[3]) },
    };
  return null;
}

/** Jackson's default pretty printer (SystemInfoController writes with writerWithDefaultPrettyPrinter): "key" : value, two spaces. */
function jacksonPretty(value: unknown, indent = ''): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const inner = `${indent}  `;
  if (Array.isArray(value)) return value.length === 0 ? '[ ]' : `[ ${value.map((v) => jacksonPretty(v, inner)).join(', ')} ]`;
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return '{ }';
  return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)} : ${jacksonPretty(v, inner)}`).join(',\n')}\n${indent}}`;
}

// --- health/HealthCheckController.java -----------------------------------------------------------

/** The search cluster's health (OpenSearch ClusterHealthResponse.toString(): its JSON), per state. */
function clusterHealth(sim: DoctorSim, now: number): Record<string, unknown> {
  // DataHub's quickstart: one node, 45 indices with one primary shard each.
  const primaries = 45;
  const base = {
    cluster_name: 'docker-cluster',
    timed_out: false,
    number_of_nodes: 1,
    number_of_data_nodes: 1,
    discovered_master: true,
    discovered_cluster_manager: true,
  };
  const health = (status: string, activePrimary: number, active: number, initializing: number, unassigned: number) => ({
    ...base,
    status,
    active_primary_shards: activePrimary,
    active_shards: active,
    relocating_shards: 0,
    initializing_shards: initializing,
    unassigned_shards: unassigned,
    delayed_unassigned_shards: 0,
    number_of_pending_tasks: initializing > 0 ? 3 : 0,
    number_of_in_flight_fetch: 0,
    task_max_waiting_in_queue_millis: initializing > 0 ? 850 : 0,
    active_shards_percent_as_number: Math.round((active / (active + initializing + unassigned)) * 1000) / 10,
  });
  // bootstrapping: the cluster restarted with GMS; its primaries still initialising (red) until GMS is up.
  if (sim.bootstrapping(now)) return health('red', 30, 30, 15, 0);
  // red: five primaries unassigned (a lost data path); their indices cannot be read or written.
  if (sim.on('red')) return health('red', primaries - 5, primaries - 5, 0, 5);
  // yellow: one node, indices created with a replica each: every replica unassigned (Elasticsearch never
  // puts a replica on its primary's node).
  if (sim.on('yellow')) return health('yellow', primaries, primaries, 0, primaries);
  return health('green', primaries, primaries, 0, 0);
}

/** getElasticHealth: 200 with the JSON when not red and not timed out, else 503 with the same body. */
function debugElastic(sim: DoctorSim, now: number): Reply {
  const h = clusterHealth(sim, now);
  const healthy = h.status !== 'red' && h.timed_out !== true;
  return textAs(healthy ? 200 : 503, JSON.stringify(h));
}

// --- operations/throttle/ThrottleController.java, ratelimit/RateLimitController.java, maintenance/ ---

function systemForbidden(caller: Caller): Reply {
  return json({ error: `${actorOf(caller)} is not authorized for system operations.` }, 403);
}

/**
 * getManualAPIRequestsThrottle: EntityServiceImpl.getThrottleEvents() through Jackson: {} without a
 * throttle; else the ThrottleEvent by type. Its fields are fluent accessors, so Jackson writes its
 * getters (activeThrottles, disabledThrottles, throttled); the map's key is assumed to be the type.
 */
function throttle(sim: DoctorSim): Reply {
  if (!sim.on('throttled')) return json({});
  return json({ MCL_VERSIONED_LAG: { activeThrottles: ['MCL_VERSIONED_LAG'], disabledThrottles: ['MCL_TIMESERIES_LAG'], throttled: true } });
}

/**
 * RateLimitEngine.statusSnapshot() (its class is not in the stored DataHub sources: the shape here is
 * assumed): whether limiting is on, and per limiter its rate and whether it is refusing now.
 */
function rateLimits(sim: DoctorSim): Reply {
  const limited = sim.on('rateLimited');
  return json({
    enabled: true,
    pod: 'datahub-gms-6c9d8b7f5-x2k4p',
    limiters: [
      { name: 'graphql', scope: 'ACTOR', permitsPerSecond: 50, availablePermits: limited ? 0 : 50, limited, rejectedLastMinute: limited ? 1243 : 0 },
      { name: 'openapi', scope: 'GLOBAL', permitsPerSecond: 500, availablePermits: 500, limited: false, rejectedLastMinute: 0 },
    ],
  });
}

/** getStatus: MaintenanceWindowStatus, the unset fields left out. */
function maintenance(sim: DoctorSim, now: number): Reply {
  const since = sim.since('maintenance', now);
  if (since === undefined) return json({ enabled: false });
  return json({
    enabled: true,
    message: 'DataHub is being upgraded to v1.3.0: ingestion is paused until 18:00 UTC.',
    severity: 'WARNING',
    linkUrl: 'https://status.example.com/datahub',
    linkText: 'Status page',
    enabledAt: now - since,
    enabledBy: 'urn:li:corpuser:datahub',
  });
}

/** SystemInfoController.getSystemInfo: SystemInfoResponse, pretty-printed; the Spring components (SpringComponentsInfo). */
function systemInfo(): Reply {
  const version = 'v1.0.0';
  const body = {
    springComponents: {
      gms: { name: 'GMS', status: 'AVAILABLE', version, properties: { serverType: 'quickstart', datahubVersion: version } },
      maeConsumer: { name: 'MAE Consumer', status: 'AVAILABLE', version, properties: { enabled: true, consumerGroupId: MCL_GROUP, embedded: true } },
      mceConsumer: {
        name: 'MCE Consumer',
        status: 'AVAILABLE',
        version,
        properties: { enabled: true, consumerGroupId: DATAHUB_GROUPS[0].groupId, embedded: true },
      },
    },
  };
  return textAs(200, jacksonPretty(body));
}

// --- routing ------------------------------------------------------------------------------------

/** The answer to a Doctor route on a server that serves it (server.ts checks the generation and the token first). */
export function handleDoctor(c: DoctorCall, now = Date.now()): Reply {
  const sim = c.rt.doctor;
  const { route } = c;
  if (sim.missing.has(route.name)) return springError(404, c.path);
  if (!route.methods.includes(c.method)) return springError(405, c.path, { allow: route.methods.join(', ') });
  switch (route.name) {
    case 'health':
      // getBootstrapAwareHealth: 503 until the blocking bootstrap steps are done, empty body either way.
      return sim.bootstrapping(now) ? empty(503) : empty(200);
    case 'check/ready': {
      // getCombinedHealthCheck: the search cluster only (checks=elasticsearch): true/false, 200/503.
      const ok = debugElastic(sim, now).status === 200;
      return textAs(ok ? 200 : 503, String(ok));
    }
    case 'debug/elastic':
      return debugElastic(sim, now);
    case 'system-info':
      return traced(mso(c.caller) ? systemInfo() : textAs(403, `{"error": "${actorOf(c.caller)} is not authorized for system operations."}`));
    case 'kafka/consumer-groups':
    case 'kafka/topics':
    case 'kafka/messages':
    case 'kafka/replay':
      return traced(kafka(c, now));
    case 'kafka/reset':
      return traced(kafkaReset(c, route.vars.groupId, now));
    case 'throttle':
      return traced(mso(c.caller) ? throttle(sim) : systemForbidden(c.caller));
    case 'rate-limits':
      return traced(mso(c.caller) ? rateLimits(sim) : systemForbidden(c.caller));
    case 'maintenance':
      return traced(maintenance(sim, now));
    case 'trace/write':
      return traced(traceWrite(c, now));
    case 'v3/entity':
      return createAspect(c, now);
  }
}
