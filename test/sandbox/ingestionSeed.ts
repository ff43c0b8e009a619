// The seeded ingestion sources and runs (ingestion.ts), relative to the clock at reset:
//   datahub-gc (SYSTEM, the GC DataHub bootstraps, its bootstrap recipe: gcSeed.ts): three nightly runs, SUCCESS, with
//       the GC's structured report (gcScenarios.ts has the GC in other states)
//   Snowflake (prod), every 6 hours: four runs of about 22 minutes, and one RUNNING for 30 hours (#17397)
//   MySQL analytics, hourly: successes, one FAILURE, one request of 2 hours ago with no result (#12468), and a
//       SUCCESS of 3 hours ago whose rows (6 entities it created, 2 of them written by an earlier run too) a
//       rollback reverts
//   Looker, no schedule: one run 5 days ago (outside a day's window)
import type { ExecutionRequestRecord, IngestionSourceRecord, RunRow } from './ingestion';
import { GC_BOOTSTRAP_RECIPE } from './gcSeed';

const H = 3_600_000;
const M = 60_000;
export const SEED_RUNS = {
  stuck: 'b1d7c3a0-5f2e-4c1a-9e7d-000000000030',
  neverStarted: 'c2e8d4b1-6a3f-4d2b-8f8e-000000000002',
  bad: 'd3f9e5c2-7b4a-4e3c-9a9f-000000000003',
  failed: 'e4a0f6d3-8c5b-4f4d-8bab-000000000004',
} as const;

const gcReport = (deleted: number) =>
  JSON.stringify({
    source: {
      type: 'datahub-gc',
      report: {
        events_produced: 0,
        failures: [],
        warnings: [],
        num_hard_deleted: deleted,
        num_soft_deleted_retained_due_to_age: 120,
        deletion_limit_reached: false,
        runtime_limit_reached: false,
        num_soft_deleted_entity_found: deleted + 120,
        ergc_records_read: 1800,
        ergc_records_deleted: 40,
      },
    },
    sink: { type: 'datahub-rest', report: { total_records_written: 0, failures: [], warnings: [] } },
  });

const ingestReport = (written: number, failures: Array<{ title: string; message: string; context: string[] }> = []) =>
  JSON.stringify({
    source: {
      type: 'sql',
      report: {
        events_produced: written,
        entities: { dataset: ['…'] },
        failures,
        warnings: [{ title: 'Slow query', message: 'Profiling skipped for 2 tables', context: ['db.big_a', 'db.big_b'] }],
      },
    },
    sink: { type: 'datahub-rest', report: { total_records_written: written, failures: [], warnings: [] } },
  });

const structured = (serializedValue: string) => ({ type: 'INGESTION_REPORT', serializedValue, contentType: 'application/json' });

export function seedIngestion(now: number): { sources: IngestionSourceRecord[]; requests: ExecutionRequestRecord[]; rows: RunRow[] } {
  const sources: IngestionSourceRecord[] = [
    {
      urn: 'urn:li:dataHubIngestionSource:datahub-gc',
      name: 'datahub-gc',
      type: 'datahub-gc',
      system: true,
      schedule: { interval: '0 1 * * *', timezone: 'UTC' },
      executorId: 'default',
      recipe: GC_BOOTSTRAP_RECIPE,
    },
    {
      urn: 'urn:li:dataHubIngestionSource:snowflake-prod',
      name: 'Snowflake (prod)',
      type: 'snowflake',
      system: false,
      schedule: { interval: '0 */6 * * *', timezone: 'UTC' },
      executorId: 'default',
      recipe: JSON.stringify({ source: { type: 'snowflake', config: { account_id: 'acme' } } }),
    },
    {
      urn: 'urn:li:dataHubIngestionSource:mysql-analytics',
      name: 'MySQL analytics',
      type: 'mysql',
      system: false,
      schedule: { interval: '0 * * * *', timezone: 'UTC' },
      executorId: 'default',
      recipe: JSON.stringify({ source: { type: 'mysql', config: { host_port: 'mysql:3306' } } }),
    },
    {
      urn: 'urn:li:dataHubIngestionSource:looker',
      name: 'Looker',
      type: 'looker',
      system: false,
      executorId: 'default',
      recipe: JSON.stringify({ source: { type: 'looker', config: {} } }),
    },
  ];
  const requests: ExecutionRequestRecord[] = [];
  const add = (sourceUrn: string, id: string, requestedAgo: number, result?: { status: string; durationMs?: number; report?: string; json?: string }) =>
    requests.push({
      urn: `urn:li:dataHubExecutionRequest:${id}`,
      id,
      sourceUrn,
      task: 'RUN_INGEST',
      sourceKind: 'SCHEDULED_INGESTION_SOURCE',
      requestedAt: now - requestedAgo,
      executorId: 'default',
      ...(result
        ? {
            result: {
              status: result.status,
              startTimeMs: now - requestedAgo + 3000,
              ...(result.durationMs !== undefined ? { durationMs: result.durationMs } : {}),
              report: result.report ?? `~~~~ Execution Summary - RUN_INGEST ~~~~\nExecution finished with status ${result.status}.\n`,
              ...(result.json ? { structuredReport: structured(result.json) } : {}),
            },
          }
        : {}),
      signals: [],
      onKill: 'cancels',
    });
  const gc = sources[0].urn;
  for (let night = 0; night < 3; night++) {
    add(gc, `a0c6b2f9-4e1d-4b09-8d6c-00000000000${night}`, (night * 24 + 14) * H, {
      status: 'SUCCESS',
      durationMs: (11 + night) * M,
      json: gcReport(300 + night * 25),
    });
  }
  const snow = sources[1].urn;
  add(snow, SEED_RUNS.stuck, 30 * H, { status: 'RUNNING', report: 'Starting ingestion...\nExtracting tables from acme...\n' });
  for (let i = 0; i < 4; i++)
    add(snow, `f5b1a7e4-9d6c-4a5e-9cbc-00000000001${i}`, (36 + i * 6) * H, { status: 'SUCCESS', durationMs: (20 + i) * M, json: ingestReport(1200 + i) });
  const mysql = sources[2].urn;
  add(mysql, SEED_RUNS.neverStarted, 2 * H);
  add(mysql, SEED_RUNS.bad, 3 * H, { status: 'SUCCESS', durationMs: 4 * M, json: ingestReport(42) });
  add(mysql, SEED_RUNS.failed, 4 * H, {
    status: 'FAILURE',
    durationMs: 1 * M,
    json: ingestReport(0, [{ title: 'Connection refused', message: 'Could not connect to mysql:3306', context: ['mysql:3306'] }]),
    report: 'Starting ingestion...\nERROR: Could not connect to mysql:3306\nPipeline finished with at least 1 failure\n',
  });
  for (let i = 0; i < 3; i++)
    add(mysql, `a6c2b8f5-0e7d-4b6f-8dcd-00000000002${i}`, (5 + i) * H, { status: 'SUCCESS', durationMs: (4 + i) * M, json: ingestReport(40 + i) });
  add(sources[3].urn, '07d3c9a6-1f8e-4c70-9ede-000000000040', 5 * 24 * H, { status: 'SUCCESS', durationMs: 9 * M });
  // The bad run created 6 tables (their key aspects) and wrote 3 aspects of each; an earlier run wrote
  // ownership on two of them too: the dry run names those two as unsafe.
  const rows: RunRow[] = [];
  for (let t = 0; t < 6; t++) {
    const urn = `urn:li:dataset:(urn:li:dataPlatform:mysql,analytics.bad_table_${t},PROD)`;
    rows.push({ urn, aspectName: 'datasetKey', runId: SEED_RUNS.bad, keyAspect: true });
    for (const aspectName of ['schemaMetadata', 'datasetProperties', 'status']) rows.push({ urn, aspectName, runId: SEED_RUNS.bad, keyAspect: false });
    if (t < 2) rows.push({ urn, aspectName: 'ownership', runId: 'a6c2b8f5-0e7d-4b6f-8dcd-000000000020', keyAspect: false });
  }
  return { sources, requests, rows };
}
