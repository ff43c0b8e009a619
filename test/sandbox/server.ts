// The DataHub-compatible GMS sandbox: node:http, 127.0.0.1 only. GMS direct at
// /operations (Rest.li) and /openapi/operations/elasticSearch/ (OpenAPI, openapi.ts), the
// same server "through datahub-frontend" under /api/gms, control endpoints at /__sandbox/.
// Contract: api.ts.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAction } from './actions';
import { CONTROL_PREFIX, type RecordedRequest, type Sandbox, type SandboxOptions } from './api';
import { handleControl } from './control';
import { handleGraphQL } from './graphql';
import { applyFault, matchFault } from './faults';
import { handleOpenapi, openapiEndpoint } from './openapi';
import { handleK8s, k8sAction, k8sEndpoint } from './k8s';
import { doctorRoute } from './doctorRoutes';
import { inspectRoute } from './inspect';
import { upgradeRoute } from './upgradeRoutes';
import { answerNewer } from './newerRoutes';
import { doctorControls } from './doctorControl';
import { isActionName, validateParams } from './params';
import { restliError, servletErrorPage, type Reply } from './restli';
import { mergeAuth, Runtime, type Caller } from './runtime';
import { operationParams } from './recordedParams';
import { frontendConfig, gmsConfig } from './gmsConfig';

export const FRONTEND_PREFIX = '/api/gms';
const RESOURCE = 'com.linkedin.metadata.resources.operations.OperationsResource';
const MAX_BODY = 16 * 1024 * 1024;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function redactedHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    out[name.toLowerCase()] = name.toLowerCase() === 'authorization' ? `${text.trim().split(/\s+/)[0]} <redacted>` : text;
  }
  return out;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The GMS answer to /operations, once faults and service time are past. */
function operations(
  rt: Runtime,
  method: string,
  caller: Caller,
  path: string,
  action: string | null,
  raw: string,
  frontend: boolean,
  failedBatches?: number[],
): Reply {
  // The auth filter answers before Rest.li.
  if (!caller.known) return unauthorized(caller, frontend, path);
  // Before 0.10.5, and a server with only the OpenAPI operations (api 'openapi'): no such Rest.li resource.
  // Truncation has no OpenAPI form (ElasticsearchController.java): a server whose other operations
  // answer only over OpenAPI still truncates over Rest.li.
  // The older generations modelled here have Rest.li alone, whatever `api` says of the newest.
  const onlyOpenapi = rt.api === 'openapi' && rt.version === 'newer' && action !== 'truncateTimeseriesAspect';
  if (rt.version === 'pre0105' || onlyOpenapi) return restliError(404, `No root resource defined for path '/operations'`);
  if (action !== null && method !== 'POST') {
    return restliError(400, `All action methods (specified via 'action' in URI) must be submitted as a POST (was ${method})`);
  }
  if (action === null) return restliError(400, `${method} operation not supported on resource '${RESOURCE}' URI: '/operations'`);
  if (!isActionName(action)) {
    return restliError(400, `POST operation named ${action} not supported on resource '${RESOURCE}' URI: '/operations?action=${action}'`);
  }
  let body: Record<string, unknown> = {};
  if (raw.trim() !== '') {
    const parsed = parseJson(raw);
    if (!parsed.ok || parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
      return restliError(400, 'Cannot parse request entity', action);
    }
    body = parsed.value as Record<string, unknown>;
  }
  const checked = validateParams(action, rt.version, body);
  if (!checked.ok) return checked.reply;
  return runAction(action, checked.params, { ...rt.actionContext(caller), failedBatches });
}

/** The auth filter's 401 (before any servlet); through the frontend a missing token is a bare 401. */
function unauthorized(caller: Caller, frontend: boolean, path: string): Reply {
  if (frontend && caller.tokenName === undefined) return { status: 401, headers: {}, body: '' };
  return servletErrorPage(401, caller.expired ? 'Unauthorized to perform this action due to expired auth.' : 'Unauthorized to perform this action.', path);
}

/** URNs a successful restore sent to the indexing consumer (urn, or every URN urnLike matched). */
function restoredUrns(rt: Runtime, body: unknown): string[] {
  const b = (body ?? {}) as { urn?: unknown; urnLike?: unknown };
  if (typeof b.urn === 'string') return [b.urn];
  if (typeof b.urnLike === 'string') return rt.search.missingUrns().filter((u) => rt.store.select({ urn: u, urnLike: b.urnLike as string }).length > 0);
  return [];
}

async function handle(rt: Runtime, req: IncomingMessage, res: ServerResponse, log: (line: string) => void): Promise<void> {
  // Split by hand: new URL() would read a path such as //operations as a host name.
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const searchParams = new URLSearchParams(q < 0 ? '' : target.slice(q + 1));
  const raw = await readBody(req);
  const send = (reply: Reply): void => {
    res.writeHead(reply.status, { ...reply.headers, 'content-length': Buffer.byteLength(reply.body) });
    res.end(reply.body);
  };
  if (path === CONTROL_PREFIX || path.startsWith(`${CONTROL_PREFIX}/`)) {
    send(handleControl(rt, req.method ?? 'GET', path, searchParams, raw));
    return;
  }

  const started = Date.now();
  rt.inService++;
  const frontend = path === FRONTEND_PREFIX || path.startsWith(`${FRONTEND_PREFIX}/`);
  const sub = frontend ? path.slice(FRONTEND_PREFIX.length) || '/' : path;
  const graphql = sub === '/api/graphql';
  // The Doctor's endpoints (doctorRoutes.ts): health, search cluster, Kafka admin, throttles, maintenance, tracing.
  const doctor = doctorRoute(sub);
  // What an upgrade reads (upgradeRoutes.ts): settings, entity counts, an incremental run's recorded state.
  const upgrade = upgradeRoute(sub);
  // Inspect URN's reads (inspect.ts): the v3 entity and the timeline (a dataHubUpgrade entity is the upgrade's).
  const inspect = doctor !== null || upgrade !== null ? null : inspectRoute(sub);
  const endpoint = doctor !== null || inspect !== null ? null : openapiEndpoint(sub);
  const transport = endpoint !== null ? 'openapi' : sub === '/operations' || sub === '/operations/' ? 'restli' : undefined;
  // GraphQL requests are recorded and matched by faults as the action "graphql", OpenAPI ones by endpoint name.
  const k8s = k8sEndpoint(sub);
  const named = doctor?.action ?? inspect ?? (k8s !== null ? k8sAction(k8s) : null);
  const action = graphql ? 'graphql' : (named ?? endpoint ?? searchParams.get('action'));
  const parsed = raw.trim() === '' ? undefined : parseJson(raw);
  const body = parsed?.ok ? parsed.value : undefined;
  const caller = rt.identify(req.headers.authorization);
  // Recorded before the first byte goes out, so a client that has its answer always finds the record.
  const record = (status: number): void => {
    const entry: RecordedRequest = {
      seq: ++rt.seq,
      time: started,
      method: req.method ?? 'GET',
      path,
      query: Object.fromEntries(searchParams),
      ...(action !== null ? { action } : {}),
      ...(transport !== undefined ? { transport } : {}),
      headers: redactedHeaders(req),
      ...(caller.tokenName !== undefined ? { tokenName: caller.tokenName } : {}),
      body,
      ...(transport !== undefined ? { params: operationParams(transport, searchParams, body, sub) } : {}),
      rawBody: raw,
      status,
      durationMs: Date.now() - started,
    };
    rt.requests.push(entry);
    rt.inService = Math.max(0, rt.inService - 1);
    log(`${entry.method} ${path}${action ? `?action=${action}` : ''} -> ${status || 'reset'} (${Date.now() - started} ms, token ${entry.tokenName ?? 'none'})`);
  };
  const reply = (r: Reply): void => {
    record(r.status);
    send(r);
  };

  const bodyStart =
    body !== null && typeof body === 'object' && typeof (body as { start?: unknown }).start === 'number' ? (body as { start: number }).start : 0;
  const start = transport === 'openapi' ? Number(searchParams.get('start') ?? 0) || 0 : bodyStart;
  // GET /config has no ?action: fault rules name it "config".
  const faultKey = action ?? (path.endsWith('/config') ? 'config' : undefined);
  // Truncations: the aspect and dryRun (default true, as OperationsResource.java has it) let a rule fail one index's real run.
  const fields = body !== null && typeof body === 'object' ? (body as { aspect?: unknown; dryRun?: unknown }) : {};
  const truncate = { aspect: typeof fields.aspect === 'string' ? fields.aspect : undefined, dryRun: fields.dryRun !== false };
  // A GMS restart (k8sControl.ts): the ingress's 503 page while no GMS pod is ready, then connections reset.
  const gap = rt.k8s.restartGap();
  if (gap && (await applyFault(gap === 'html' ? { kind: 'html', status: 503 } : { kind: 'reset' }, res, record, reply)) !== undefined) return;
  const fault = matchFault(rt.faults, faultKey, start, truncate, transport);
  if (fault && (await applyFault(fault, res, record, reply)) !== undefined) return;
  await rt.holds.wait(faultKey, caller.tokenName); // held until the test releases it (hold.ts)
  if (sub === '/config') return reply(frontend ? gmsConfig(rt) : frontendConfig());
  // The newest generation's own controllers (newerRoutes.ts): the upgrade's reads, the Doctor's, Inspect URN's.
  const newerCall = { rt, method: req.method ?? 'GET', path, sub, query: searchParams, raw, caller, upgrade, doctor, inspect };
  const newer = await answerNewer(newerCall, () => unauthorized(caller, frontend, path));
  if (newer !== null) return reply(newer);
  // The older servers' health servlet: always up.
  if (sub === '/health') return reply({ status: 200, headers: {}, body: '' });
  if (sub === '/api/graphql') {
    if (!caller.known) return reply(unauthorized(caller, frontend, path));
    if (rt.serviceTimeMs > 0) await delay(rt.serviceTimeMs);
    const view = caller.privileges.includes('VIEW_ENTITY_PAGE');
    return reply(handleGraphQL(rt.search, req.method ?? 'GET', caller, view, raw, rt.operations.scroll, rt.entities, rt.cleanup));
  }
  if (sub === '/operations' || sub === '/operations/') {
    if (rt.serviceTimeMs > 0) await delay(rt.serviceTimeMs);
    const failedBatches = fault?.kind === 'failedBatches' ? fault.batches : undefined;
    const answer = operations(rt, req.method ?? 'GET', caller, path, action, raw, frontend, failedBatches);
    if (action === 'restoreIndices' && answer.status === 200) rt.search.restored(restoredUrns(rt, body));
    return reply(answer);
  }
  // The Kubernetes operations (k8s.ts): only the newest generation with OpenAPI has the controller.
  if (k8s !== null && rt.api !== 'restli' && rt.version === 'newer') {
    if (!caller.known) return reply(unauthorized(caller, frontend, path));
    return reply(handleK8s(rt.k8s, req.method ?? 'GET', k8s, path, searchParams, body, caller));
  }
  // OpenAPI operations only on the newest generation: the older Rest.li generations modelled here
  // (legacy sizes in kB, seedString, before 0.10.5) stand for servers without them.
  if (endpoint !== null && rt.api !== 'restli' && rt.version === 'newer') {
    if (!caller.known) return reply(unauthorized(caller, frontend, path));
    if (rt.serviceTimeMs > 0) await delay(rt.serviceTimeMs);
    const failedBatches = fault?.kind === 'failedBatches' ? fault.batches : undefined;
    const method = req.method ?? 'GET';
    return reply(handleOpenapi({ rt, method, endpoint, path, query: searchParams, raw, caller, failedBatches }));
  }
  if (!caller.known) return reply(servletErrorPage(401, 'Unauthorized to perform this action.', path));
  // Rest.li (mounted at /*) names the first path segment; without the OpenAPI servlet, /openapi/... ends here too.
  reply(restliError(404, `No root resource defined for path '/${sub.split('/')[1] ?? ''}'`));
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const rt = new Runtime(options);
  const quiet = options.quiet ?? true;
  const log = quiet ? () => {} : (line: string) => console.log(line);
  const server = createServer((req, res) => {
    handle(rt, req, res, log).catch((err: unknown) => {
      log(`sandbox error: ${err instanceof Error ? err.stack : String(err)}`);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('sandbox internal error');
    });
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    frontendUrl: `${url}${FRONTEND_PREFIX}`,
    port,
    get inService() {
      return rt.inService;
    },
    get requests() {
      return rt.requests;
    },
    clearRequests: () => {
      rt.requests = [];
    },
    setVersion: (version, form) => rt.setVersion(version, form),
    setApi: (api) => {
      rt.api = api;
    },
    setReportedVersion: (version) => {
      rt.reportedVersion = version;
    },
    setAuth: (auth) => {
      rt.auth = mergeAuth(rt.auth, auth);
    },
    addFault: (rule) => rt.addFault(rule),
    clearFaults: () => {
      rt.faults = [];
    },
    setServiceTime: (ms) => {
      rt.serviceTimeMs = ms;
    },
    setTaskDuration: (ms) => {
      rt.taskDurationMs = ms;
    },
    setExtraIndices: (indices, replace) => rt.series.setExtras(indices, replace === true),
    timeseriesCounts: (entityType, aspect, endTimeMillis) => rt.timeseriesCounts(entityType, aspect, endTimeMillis),
    restoreCounts: () => rt.store.restoreCounts(),
    countRows: (urnLike) => rt.store.countRows(urnLike),
    setSearchLag: (ms) => {
      rt.search.lagMs = ms;
    },
    dropFromSearch: (urn) => rt.search.drop(urn),
    doctor: doctorControls(rt.doctor),
    inSearch: (urn) => rt.search.inSearch(urn),
    reset: () => rt.reset(),
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
