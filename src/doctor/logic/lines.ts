// One pure function per Doctor line about GMS itself and its search cluster, its system info, throttles,
// rate limits and maintenance window: from readings to a DoctorLine. Kafka lines: kafkaLines.ts.

import type { GmsHealthState, GmsReadyState, MaintenanceStatus, RateLimitStatus, SearchClusterHealth, SystemInfo, ThrottleState } from '../../gms/types';
import { cap, capDetails, failedReadingLine, MANAGE_SYSTEM_OPERATIONS, type DoctorLine, type Reading } from './report';

/** GET /health and GET /check/ready: 503 on /health is GMS still bootstrapping (BootstrapManager's blocking steps). */
export function gmsReadyLine(health: Reading<GmsHealthState>, ready: Reading<GmsReadyState>): DoctorLine {
  const base = { id: 'gmsReady', title: 'GMS ready', source: 'GET /health, GET /check/ready' };
  if (!health.ok) return failedReadingLine(base, health.error, health.ms);
  const figures: Record<string, number | string | boolean> = { healthStatus: health.value.status, healthMs: Math.round(health.ms) };
  if (!health.value.ready) {
    return {
      ...base,
      verdict: 'failing',
      summary: 'GMS is still bootstrapping (its upgrade steps run)',
      figures,
      nextStep: 'wait, then look at the system-update job and the GMS log if it does not end',
    };
  }
  if (!ready.ok) {
    // /health answered: say what /check/ready did not, without the full failure treatment.
    const failed = failedReadingLine(base, ready.error, ready.ms);
    if (failed.verdict === 'notOffered') return { ...base, verdict: 'ok', summary: 'GMS answers and has finished bootstrapping', figures };
    return { ...failed, summary: `GMS answers; its readiness ${failed.summary}` };
  }
  figures.readyStatus = ready.value.status;
  if (!ready.value.ready) {
    return {
      ...base,
      verdict: 'failing',
      summary: `GMS is not ready (/check/ready answered ${ready.value.status})`,
      figures,
      nextStep: "GMS's readiness checks the search cluster: see the search cluster line, then the GMS log",
    };
  }
  return { ...base, verdict: 'ok', summary: 'GMS is up and ready', figures };
}

/** GET /debug/elastic: the search cluster's health as GMS sees it (HealthCheckController). */
export function searchClusterLine(reading: Reading<SearchClusterHealth>): DoctorLine {
  const base = { id: 'searchCluster', title: 'Search cluster', source: 'GET /debug/elastic' };
  if (!reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const h = reading.value;
  const figures: Record<string, number | string | boolean> = { status: h.status };
  const put = (key: string, value: number | string | boolean | undefined) => {
    if (value !== undefined) figures[key] = value;
  };
  put('clusterName', h.clusterName === undefined ? undefined : cap(h.clusterName, 100));
  put('nodes', h.nodes);
  put('dataNodes', h.dataNodes);
  put('unassignedShards', h.unassignedShards);
  put('initializingShards', h.initializingShards);
  put('relocatingShards', h.relocatingShards);
  put('pendingTasks', h.pendingTasks);
  put('activeShardsPercent', h.activeShardsPercent);
  const busy = [h.initializingShards ? `${h.initializingShards} shard(s) initializing` : '', h.pendingTasks ? `${h.pendingTasks} pending task(s)` : ''].filter(
    (s) => s !== '',
  );
  const busyText = busy.length > 0 ? ` (${busy.join(', ')})` : '';
  switch (h.status) {
    case 'green':
      return { ...base, verdict: 'ok', summary: `green${busyText}`, figures };
    case 'yellow': {
      const unassigned = h.unassignedShards ?? 0;
      const dataNodes = h.dataNodes ?? h.nodes;
      if (dataNodes === 1) {
        return {
          ...base,
          verdict: 'warning',
          summary: `yellow: ${unassigned} replica shard(s) unassigned; on a one-node cluster replicas can never be assigned${busyText}`,
          figures,
          nextStep:
            'set index.number_of_replicas: 0 on the indices (DataHub: ELASTICSEARCH_NUM_REPLICAS_PER_INDEX=0), then reindex or update the index settings',
        };
      }
      return {
        ...base,
        verdict: 'warning',
        summary: `yellow: ${unassigned} replica shard(s) unassigned${busyText}`,
        figures,
        nextStep: "searches work; see why replicas stay unassigned with the cluster's _cluster/allocation/explain (nodes, disk watermarks)",
      };
    }
    case 'red':
      return {
        ...base,
        verdict: 'failing',
        summary: `red: primary shard(s) unassigned (${h.unassignedShards ?? 'unknown'} unassigned in all); searches and writes to those indices fail${busyText}`,
        figures,
        nextStep: "check the cluster's nodes and disk space; _cluster/allocation/explain names the reason",
      };
    case 'unreachable':
      return {
        ...base,
        verdict: 'failing',
        summary: 'GMS cannot reach its search cluster',
        figures,
        nextStep: 'is the search cluster up? check its address and credentials in GMS (ELASTICSEARCH_HOST/PORT)',
        ...(h.error ? { details: capDetails([h.error]) } : {}),
      };
  }
}

/** GET /openapi/v1/system-info: the GMS version, for the report's header. */
export function systemInfoLine(reading: Reading<SystemInfo>): DoctorLine {
  const base = { id: 'systemInfo', title: 'System info', source: 'GET /openapi/v1/system-info', privilege: MANAGE_SYSTEM_OPERATIONS };
  if (!reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const { gmsVersion, components } = reading.value;
  const figures: Record<string, number | string | boolean> = {};
  if (gmsVersion !== undefined) figures.gmsVersion = cap(gmsVersion, 60);
  const down = components.filter((c) => c.status !== undefined && c.status !== 'AVAILABLE');
  const details = components.map(
    (c) => `${c.id}: ${c.status ?? 'status not said'}${c.version ? ` ${c.version}` : ''}${c.errorMessage ? ` (${c.errorMessage})` : ''}`,
  );
  const version = gmsVersion === undefined ? 'GMS version not said' : `GMS ${cap(gmsVersion, 60)}`;
  if (down.length > 0) {
    return {
      id: base.id,
      title: base.title,
      source: base.source,
      verdict: 'warning',
      summary: `${version}; not available: ${cap(down.map((c) => `${c.id} (${c.status})`).join(', '))}`,
      figures,
      nextStep: "look at that component's log",
      details: capDetails(details),
    };
  }
  return {
    id: base.id,
    title: base.title,
    source: base.source,
    verdict: 'ok',
    summary: version,
    figures,
    ...(details.length ? { details: capDetails(details) } : {}),
  };
}

/** GET /openapi/operations/throttle/requests: active throttles slow ingestion on purpose (e.g. MCL lag). */
export function throttleLine(reading: Reading<ThrottleState>): DoctorLine {
  const base = { id: 'throttle', title: 'Throttling', source: 'GET /openapi/operations/throttle/requests', privilege: MANAGE_SYSTEM_OPERATIONS };
  if (!reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const t = reading.value;
  const figures = { active: t.active.length };
  if (!t.throttled || t.active.length === 0)
    return { id: base.id, title: base.title, source: base.source, verdict: 'ok', summary: 'no throttle active', figures };
  const kinds = t.active.map((a) =>
    a.backoffWaitMs === undefined ? a.kind : `${a.kind} (${a.backoffWaitMs < 0 ? 'until cleared' : `waits ${a.backoffWaitMs} ms`})`,
  );
  return {
    id: base.id,
    title: base.title,
    source: base.source,
    verdict: 'warning',
    summary: cap(`ingestion throttled: ${kinds.join(', ')}`),
    figures,
    nextStep: 'a lag throttle ends when the consumer catches up (see the consumer lines); a manual one is cleared in GMS',
  };
}

/** GET /openapi/v1/rate-limits/status. */
export function rateLimitLine(reading: Reading<RateLimitStatus>): DoctorLine {
  const base = { id: 'rateLimits', title: 'Rate limits', source: 'GET /openapi/v1/rate-limits/status', privilege: MANAGE_SYSTEM_OPERATIONS };
  if (!reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const r = reading.value;
  const figures: Record<string, number | string | boolean> = { limiting: r.limiting };
  if (r.enabled !== undefined) figures.enabled = r.enabled;
  const details = capDetails(Object.entries(r.fields).map(([k, v]) => `${k}: ${JSON.stringify(v) ?? 'null'}`));
  const common = { id: base.id, title: base.title, source: base.source, figures, ...(details.length ? { details } : {}) };
  if (r.limiting) {
    return {
      ...common,
      verdict: 'warning',
      summary: 'requests are being rate limited now',
      nextStep: 'clients get 429s: slow the ingestion down or raise the limits in GMS',
    };
  }
  return { ...common, verdict: 'ok', summary: r.enabled === false ? 'rate limiting is off' : 'nothing rate limited now' };
}

/** GET /openapi/operations/maintenance/status: a maintenance window shows a banner to every user. */
export function maintenanceLine(reading: Reading<MaintenanceStatus>, formatTime: (ms: number) => string): DoctorLine {
  const base = { id: 'maintenance', title: 'Maintenance window', source: 'GET /openapi/operations/maintenance/status' };
  if (!reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const m = reading.value;
  if (!m.enabled) return { id: base.id, title: base.title, source: base.source, verdict: 'ok', summary: 'no maintenance window', figures: { enabled: false } };
  const figures: Record<string, number | string | boolean> = { enabled: true };
  if (m.severity) figures.severity = cap(m.severity, 20);
  if (m.enabledAt !== undefined) figures.enabledAt = m.enabledAt;
  const since = m.enabledAt === undefined ? '' : ` since ${formatTime(m.enabledAt)}`;
  const by = m.enabledBy ? ` by ${cap(m.enabledBy, 100)}` : '';
  const message = m.message ? `: "${cap(m.message, 120)}"` : '';
  return {
    id: base.id,
    title: base.title,
    source: base.source,
    verdict: 'warning',
    summary: `maintenance window on${since}${by}${message}`,
    figures,
    nextStep: "end it in DataHub's settings when the work is done",
  };
}
