// Reads DataHub's garbage collector: the datahub-gc source with its whole config, its newest runs with their
// structured reports, and, when a finding weighs them, the entity counts. Pure: no vscode import. Two GraphQL
// requests side by side (ingestion.graphql's ingestionSource(urn) and its executions), then at most the counts
// (GET /openapi/v1/entities/counts, or search facets on a server without it).
import type { EntityCountsReading, ExecutionRequestDetail, GmsClient, IngestionSourceDetail } from '../../gms/types';
import { GmsError, isGmsError } from '../../gms/errors';
import { readEntityCounts } from '../../entities/logic/counts';
import { uiLine } from '../../shared/uiText';
import { formatDateTime } from '../../shared/format';
import { nextRun } from './cron';
import { figuresOf } from './figures';
import { findingsOf } from './findings';
import { GC_SOURCE_URN, parseGcRecipe, stagesOf } from './recipe';
import type { GcCounts, GcReading, GcRun, GcSourceView } from './types';
import { MAX_GC_RUNS } from './args';

export type GcClient = Pick<GmsClient, 'ingestion' | 'entities' | 'search'>;

/** A 403 (HTTP or GraphQL's "Unauthorized") on the GC's read, said with the privilege it needs. */
export function forbiddenMessage(connection: string): string {
  return `The token of "${connection}" may not read DataHub's garbage collector: it needs the Manage Ingestion privilege (the GC is an ingestion source). Ask a DataHub admin for it.`;
}

export function runOf(r: ExecutionRequestDetail): GcRun {
  const report = r.result?.structuredReport?.serializedValue;
  const read = report !== undefined ? figuresOf(report) : undefined;
  return {
    urn: r.urn,
    id: r.id,
    status: r.result?.status ?? null,
    requestedAt: r.requestedAt,
    ...(r.result?.startTimeMs !== undefined ? { startTimeMs: r.result.startTimeMs } : {}),
    ...(r.result?.durationMs !== undefined ? { durationMs: r.result.durationMs } : {}),
    figures: read?.figures ?? {},
    limitsReached: read?.limitsReached ?? [],
    failures: read?.failures ?? [],
    ...(read?.unread ? { reportUnread: read.unread } : r.result && report === undefined ? { reportUnread: 'the run has no structured report' } : {}),
  };
}

export function sourceOf(s: IngestionSourceDetail, now: number): GcSourceView {
  const parsed = parseGcRecipe(s.recipe);
  const schedule = s.schedule ? { interval: s.schedule.interval, timezone: s.schedule.timezone ?? 'UTC' } : undefined;
  const next = schedule ? nextRun(schedule.interval, schedule.timezone, now) : undefined;
  return {
    urn: s.urn,
    name: s.name,
    ...(schedule ? { schedule } : {}),
    ...(next !== undefined ? { nextRunAt: next } : {}),
    executorId: s.executorId ?? 'default',
    ...(s.version !== undefined ? { version: s.version } : {}),
    recipe: parsed.ok ? parsed.recipe : s.recipe.slice(0, 10_000),
    ...(parsed.ok ? {} : { recipeProblem: parsed.reason }),
  };
}

const COUNT_SOURCES = { countsApi: 'GET /openapi/v1/entities/counts', search: 'search facets on _entityType' } as const;

/** The counts the findings weigh, from one reading. */
export function countsOf(reading: EntityCountsReading): GcCounts {
  const softDeleted = new Map<string, number>();
  let dataProcessInstances = 0;
  for (const t of reading.types) {
    const type = t.entityType.toLowerCase();
    softDeleted.set(type, (softDeleted.get(type) ?? 0) + t.softDeleted);
    if (type === 'dataprocessinstance') dataProcessInstances += t.active + t.softDeleted;
  }
  return { softDeleted, dataProcessInstances, source: COUNT_SOURCES[reading.source] };
}

const SOFT_LIMIT = 'softDeletedCleanup.limit_entities_delete';

/** Reads the GC of one connection. A refusal (no Manage Ingestion) is an Error naming the privilege. */
export async function readGc(
  client: GcClient,
  connection: string,
  runCount: number = MAX_GC_RUNS,
  now: number = Date.now(),
  signal?: AbortSignal,
): Promise<GcReading> {
  let detail: IngestionSourceDetail | null;
  let page: Awaited<ReturnType<GcClient['ingestion']['sourceRunReports']>>;
  try {
    [detail, page] = await Promise.all([
      client.ingestion.getIngestionSource(GC_SOURCE_URN, signal),
      client.ingestion.sourceRunReports(GC_SOURCE_URN, Math.min(Math.max(1, runCount), MAX_GC_RUNS), signal),
    ]);
  } catch (error) {
    if (isGmsError(error) && error.kind === 'forbidden')
      throw new GmsError({
        kind: 'forbidden',
        action: 'graphql',
        status: error.status,
        serverMessage: error.serverMessage,
        message: forbiddenMessage(connection),
      });
    throw error;
  }
  if (!detail) return { source: null, stages: [], runs: [], findings: findingsOf({ now, source: null, stages: [], runs: [] }) };
  const source = sourceOf(detail, now);
  const parsed = parseGcRecipe(detail.recipe);
  const stages = stagesOf(parsed.ok ? parsed.config : {});
  const runs = (page?.requests ?? []).slice(0, MAX_GC_RUNS).map(runOf);
  // The counts are read only when a finding weighs them: run records with their cleanup off, or nights at the limit.
  const dataProcessOff = stages.some((s) => s.id === 'dataProcessCleanup' && !s.enabled);
  const atLimit = runs.some((r) => r.limitsReached.includes(SOFT_LIMIT));
  let counts: GcCounts | undefined;
  let countsUnread: string | undefined;
  if (dataProcessOff || atLimit) {
    try {
      counts = countsOf(await readEntityCounts(client, {}, signal));
    } catch (error) {
      if (signal?.aborted) throw error;
      countsUnread = uiLine(error instanceof Error ? error.message : String(error), 300);
    }
  }
  const findings = findingsOf({ now, source, stages, runs, ...(counts ? { counts } : {}) });
  let softDeleted = 0;
  for (const v of counts?.softDeleted.values() ?? []) softDeleted += v;
  return {
    source,
    stages,
    runs,
    findings,
    ...(counts ? { counts: { softDeleted, dataProcessInstances: counts.dataProcessInstances, source: counts.source } } : {}),
    ...(countsUnread ? { countsUnread } : {}),
  };
}

/** The one sentence of a reading. */
export function gcMessage(connection: string, reading: GcReading): string {
  const worst = reading.findings[0];
  if (!reading.source) return `"${connection}": ${worst.summary}`;
  const next = reading.source.nextRunAt !== undefined ? ` Next run ${formatDateTime(reading.source.nextRunAt)}.` : '';
  const others = reading.findings.length > 1 ? ` (${reading.findings.length - 1} more finding(s))` : '';
  return `DataHub's GC on "${connection}": ${worst.summary}${others}${next}`;
}
