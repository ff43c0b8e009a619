// HTTP control endpoints under /__sandbox/ (see api.ts), for tests that run in
// another process than the sandbox (e.g. inside VS Code).

import type { AuthConfig, ExtraIndex, FaultRule, SeedStringForm, ServerVersion } from './api';
import { API_MODES, CONTROL_PREFIX, SERVER_VERSIONS, type ApiMode } from './api';
import { healthControl } from './controlHealth';
import type { Reply } from './restli';
import { mergeAuth, type Runtime } from './runtime';
import { k8sControl } from './k8sControl';
import { doctorControl } from './doctorControl';
import type { CleanupOptions } from './cleanup';
import type { IngestionOptions } from './ingestion';
import { applyGcScenario } from './gcScenarios';

const FORMS: readonly SeedStringForm[] = ['alternate', 'array', 'object'];

function json(value: unknown, status = 200): Reply {
  return { status, headers: { 'content-type': 'application/json' }, body: JSON.stringify(value) };
}

function bad(message: string): Reply {
  return json({ error: message }, 400);
}

function isExtraIndex(x: unknown): x is ExtraIndex {
  if (x === null || typeof x !== 'object') return false;
  const e = x as Record<string, unknown>;
  const optionalString = (v: unknown) => v === undefined || typeof v === 'string';
  return typeof e.indexName === 'string' && typeof e.sizeInMb === 'number' && optionalString(e.entityName) && optionalString(e.aspectName);
}

function timeseriesCounts(rt: Runtime, query: URLSearchParams): Reply {
  const entityType = query.get('entityType');
  const aspect = query.get('aspect');
  if (!entityType || !aspect) return bad('expected ?entityType=...&aspect=...[&endTimeMillis=N]');
  const end = query.get('endTimeMillis');
  const counts = rt.timeseriesCounts(entityType, aspect, end === null ? undefined : Number(end));
  return counts ? json(counts) : json({ error: `no timeseries index for ${entityType}/${aspect}` }, 404);
}

function msOf(body: Record<string, unknown>): number | undefined {
  return typeof body.ms === 'number' && body.ms >= 0 ? body.ms : undefined;
}

export function handleControl(rt: Runtime, method: string, path: string, query: URLSearchParams, rawBody: string): Reply {
  let body: Record<string, unknown> = {};
  if (rawBody.trim() !== '') {
    try {
      const parsed: unknown = JSON.parse(rawBody);
      if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return bad('the body must be a JSON object');
      body = parsed as Record<string, unknown>;
    } catch {
      return bad('the body is not JSON');
    }
  }
  const route = `${method} ${path.slice(CONTROL_PREFIX.length)}`;
  if (route.includes(' /k8s')) return k8sControl(rt.k8s, route, body);
  if (/^[A-Z]+ \/doctor(\/|$)/.test(route)) return doctorControl(rt.doctor, route, query, body);
  switch (route) {
    case 'GET /requests':
      return json(rt.requests);
    case 'POST /requests/clear':
      rt.requests = [];
      return json({});
    case 'POST /reset':
      rt.reset();
      return json({});
    case 'GET /state':
      return json(rt.state());
    case 'POST /entityCounts': {
      // More (or fewer) documents of a type: what the next uncached count shows (entityCounts.ts).
      const n = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : 0);
      if (typeof body.entityType !== 'string' || !rt.entities.grow(body.entityType, n(body.active), n(body.softDeleted)))
        return bad('expected {entityType: a registry type, active?: n, softDeleted?: n}');
      return json({ ok: true });
    }
    case 'POST /cleanup': {
      // More soft-deleted entities or runs, a slow or failing delete (cleanup.ts).
      const problem = rt.cleanup.configure(body as CleanupOptions);
      return problem ? bad(problem) : json({ ok: true });
    }
    case 'GET /cleanup': {
      // Delete requests per URN, and whether each asked-for URN is still there (?urn=... repeated).
      const urns = query.getAll('urn');
      return json({
        deletes: Object.fromEntries(rt.cleanup.deletes),
        present: Object.fromEntries(urns.map((u) => [u, rt.cleanup.has(u)])),
        softDeleted: Object.fromEntries(urns.map((u) => [u, rt.cleanup.isSoftDeleted(u)])),
      });
    }
    case 'POST /ingestion': {
      // More sources and runs, a cancel the executor ignores, rows a run wrote (ingestion.ts).
      const problem = rt.ingestion.configure(body as IngestionOptions);
      return problem ? bad(problem) : json({ ok: true });
    }
    case 'GET /ingestion':
      return json(rt.ingestion.state());
    case 'POST /gc': {
      // DataHub's GC as a scenario: its source, runs and the entity counts its findings weigh (gcScenarios.ts).
      const problem = applyGcScenario(rt.ingestion, rt.entities, body.scenario);
      return problem ? bad(problem) : json({ ok: true });
    }
    case 'POST /version': {
      const version = body.version as ServerVersion;
      if (!SERVER_VERSIONS.includes(version)) return bad(`version must be one of ${SERVER_VERSIONS.join(', ')}`);
      const form = body.seedStringForm as SeedStringForm | undefined;
      if (form !== undefined && !FORMS.includes(form)) return bad(`seedStringForm must be one of ${FORMS.join(', ')}`);
      rt.setVersion(version, form);
      return json({});
    }
    case 'POST /api': {
      const api = body.api as ApiMode;
      if (!API_MODES.includes(api)) return bad(`api must be one of ${API_MODES.join(', ')}`);
      rt.api = api;
      return json({});
    }
    case 'POST /reported-version': {
      const v = body.version;
      if (v !== null && v !== undefined && typeof v !== 'string') return bad('version must be a string, null (none) or absent (the default)');
      rt.reportedVersion = v as string | null | undefined;
      return json({});
    }
    case 'POST /auth':
      rt.auth = mergeAuth(rt.auth, body as Partial<AuthConfig>);
      return json({});
    case 'POST /faults':
      if (typeof body.fault !== 'object' || body.fault === null) return bad('a fault rule needs {"fault": {"kind": ...}}');
      rt.addFault(body as unknown as FaultRule);
      return json({});
    case 'POST /search-lag':
      if (body.ms !== null && msOf(body) === undefined) return bad('expected {"ms": <number >= 0>} or {"ms": null}');
      rt.search.lagMs = body.ms === null ? null : (msOf(body) ?? null);
      return json({});
    case 'POST /search/drop':
      if (typeof body.urn !== 'string') return bad('expected {"urn": "..."}');
      rt.search.drop(body.urn);
      return json({});
    case 'GET /search': {
      const urn = query.get('urn');
      if (!urn) return bad('expected ?urn=...');
      return json({ inDatabase: rt.search.inDatabase(urn), inSearch: rt.search.inSearch(urn), removed: rt.search.isRemoved(urn) });
    }
    case 'POST /faults/clear':
      rt.faults = [];
      return json({});
    case 'POST /service-time': {
      const ms = msOf(body);
      if (ms === undefined) return bad('expected {"ms": <non-negative number>}');
      rt.serviceTimeMs = ms;
      return json({});
    }
    case 'POST /task-duration': {
      const ms = msOf(body);
      if (ms === undefined) return bad('expected {"ms": <non-negative number>}');
      rt.taskDurationMs = ms;
      return json({});
    }
    case 'POST /indices': {
      const indices = body.indices;
      if (!Array.isArray(indices) || !indices.every(isExtraIndex)) {
        return bad('expected {"indices": [{"indexName": string, "sizeInMb": number, "entityName"?: string, "aspectName"?: string}], "replace"?: boolean}');
      }
      rt.series.setExtras(indices, body.replace === true);
      return json({});
    }
    case 'GET /timeseries':
      return timeseriesCounts(rt, query);
    case 'POST /explain': {
      if (body.indexName !== undefined && typeof body.indexName !== 'string')
        return bad('expected {"indexName": string} (a hostile index name), or {} for the real one');
      rt.explainIndexName = body.indexName as string | undefined;
      return json({});
    }
    case 'POST /hold':
      if (typeof body.action !== 'string' || body.action === '') return bad('expected {"action": "<a recorded action name, e.g. getIndexSizes>"}');
      rt.holds.hold(body.action);
      return json(rt.holds.describe());
    case 'GET /hold':
      return json(rt.holds.describe());
    case 'POST /release':
      return json({ released: rt.holds.release() });
    case 'GET /restore-counts':
      return json(rt.store.restoreCounts());
    case 'GET /rows':
      return json({ count: rt.store.countRows(query.get('urnLike') ?? undefined) });
    default:
      return healthControl(rt, route, body) ?? json({ error: `no control endpoint ${route}` }, 404);
  }
}
