// DataHub's ingestion sources and their execution requests, as GMS stores them and the executor
// (datahub-actions) moves them on. The DataHub files each part follows:
//   sources, requests, results      datahub-graphql-core/src/main/resources/ingestion.graphql (IngestionSource,
//       ExecutionRequest {id input {task source requestedAt executorId} result {status startTimeMs durationMs
//       report structuredReport}}); a request the executor never picked up has no result at all (the UI's "N/A",
//       DataHub's docs: the executor is down, #12468)
//   the system source              metadata-service/configuration/src/main/resources/bootstrap_mcps/ingestion-datahub-gc.yaml
//       (urn:li:dataHubIngestionSource:datahub-gc, type datahub-gc, source.type SYSTEM, schedule 0 1 * * * UTC)
//   cancel                         resolvers/ingest/execution/CancelIngestionExecutionRequestResolver.java: a KILL
//       signal (executionRequestSignal aspect) for the source's executor; the executor then writes CANCELLED, or
//       does not and the run stays RUNNING (#11005)
//   rollback                       metadata-io/.../service/RollbackService.java (ingestionRollback.ts answers it)
// A general model: the GC reading and any other source build on `sources` and `requests` alone. Times are epoch ms
// from the clock given at reset, so a run "30 hours ago" stays 30 hours ago whenever the tests run.
import { seedIngestion } from './ingestionSeed';
import { IngestionExecutor, type ExecutorOptions } from './ingestionExecutor';

export interface IngestionSourceRecord {
  urn: string;
  name: string;
  type: string;
  /** source.type SYSTEM (the GC): the web UI's list leaves these out (filter sourceType != SYSTEM). */
  system: boolean;
  schedule?: { interval: string; timezone: string };
  executorId: string;
  /** The JSON-encoded recipe. */
  recipe: string;
  /** config.version, debugMode, extraArgs and the description, as UpdateIngestionSourceInput carries them. */
  version?: string;
  debugMode?: boolean;
  extraArgs?: Array<{ key: string; value: string }>;
  description?: string;
}

export interface ExecutionResultRecord {
  status: string;
  startTimeMs?: number;
  durationMs?: number;
  report?: string;
  structuredReport?: { type: string; serializedValue: string; contentType: string };
}

export interface ExecutionRequestRecord {
  urn: string;
  /** The request's id: the run id of what it wrote (the UI rolls back by it). */
  id: string;
  sourceUrn: string;
  task: string;
  sourceKind: 'SCHEDULED_INGESTION_SOURCE' | 'MANUAL_INGESTION_SOURCE';
  requestedAt: number;
  executorId: string;
  /** None until the executor picks the request up. */
  result?: ExecutionResultRecord;
  /** KILL signals received (epoch ms). */
  signals: number[];
  /** What a KILL does: the executor writes CANCELLED, or the process goes on and the run stays RUNNING (#11005). */
  onKill: 'cancels' | 'leavesRunning';
  /** A request createIngestionExecutionRequest made: the recipe as it was then (the executor runs that one). */
  recipe?: string;
}

/** One aspect a run wrote (the system metadata index DataHub's rollback reads: AspectRowSummary). */
export interface RunRow {
  urn: string;
  aspectName: string;
  runId: string;
  keyAspect: boolean;
}

export const EXECUTION_REQUEST_PREFIX = 'urn:li:dataHubExecutionRequest:';
export const SOURCE_PREFIX = 'urn:li:dataHubIngestionSource:';
export const GC_SOURCE_URN = `${SOURCE_PREFIX}datahub-gc`;

export interface RunScript {
  sourceUrn: string;
  id: string;
  requestedAgoMs: number;
  /** Omitted or null: no result (never picked up). */
  status?: string | null;
  startedAgoMs?: number;
  durationMs?: number;
  report?: string;
  structuredReport?: ExecutionResultRecord['structuredReport'];
  onKill?: ExecutionRequestRecord['onKill'];
}

export interface IngestionOptions {
  /** Sources to add (or replace, by urn). */
  sources?: Array<Partial<IngestionSourceRecord> & { urn: string; name: string; type: string }>;
  runs?: RunScript[];
  /** How long the executor takes to write CANCELLED after a KILL (default 300 ms). */
  cancelDelayMs?: number;
  /** For the benchmark: n more sources with m finished runs each in the last day (`replace`: instead of the seeded ones). */
  bulk?: { sources: number; runsPerSource: number; replace?: boolean };
  /** Rows a run wrote, for its rollback. */
  rows?: RunRow[];
  /** The executor of new requests (ingestionExecutor.ts): stopped, how long it takes to pick up and to run. */
  executor?: ExecutorOptions;
}

export class IngestionModel {
  readonly sources = new Map<string, IngestionSourceRecord>();
  readonly requests = new Map<string, ExecutionRequestRecord>();
  rows: RunRow[] = [];
  /** Entities soft-deleted by a rollback (status removed: true). */
  readonly softDeleted = new Set<string>();
  /** Every rollback call as received: what tests check was sent. */
  rollbacks: Array<{ runId: string; dryRun: boolean; safe?: boolean; hardDelete?: boolean }> = [];
  cancelDelayMs = 300;
  now: () => number = Date.now;
  /** Picks up, runs and ends the requests createIngestionExecutionRequest makes (ingestionExecutor.ts). */
  readonly executor = new IngestionExecutor();

  constructor() {
    this.reset();
  }

  reset(): void {
    this.sources.clear();
    this.requests.clear();
    this.softDeleted.clear();
    this.rollbacks = [];
    this.cancelDelayMs = 300;
    this.executor.reset();
    const seed = seedIngestion(this.now());
    for (const s of seed.sources) this.sources.set(s.urn, s);
    for (const r of seed.requests) this.requests.set(r.urn, r);
    this.rows = seed.rows;
  }

  /** Applies a test's script; a problem in it is said, nothing changed. */
  configure(o: IngestionOptions): string | undefined {
    for (const r of o.runs ?? []) if (!this.sources.has(r.sourceUrn) && !o.sources?.some((s) => s.urn === r.sourceUrn)) return `runs: no source ${r.sourceUrn}`;
    if (o.cancelDelayMs !== undefined) this.cancelDelayMs = o.cancelDelayMs;
    if (o.executor !== undefined) {
      const problem = this.executor.configure(o.executor);
      if (problem) return problem;
    }
    for (const s of o.sources ?? []) {
      this.sources.set(s.urn, { system: false, executorId: 'default', recipe: JSON.stringify({ source: { type: s.type, config: {} } }), ...s });
    }
    const now = this.now();
    for (const r of o.runs ?? []) this.addRun(r, now);
    if (o.bulk) {
      if (o.bulk.replace) {
        this.sources.clear();
        this.requests.clear();
      }
      for (let i = 0; i < o.bulk.sources; i++) {
        const urn = `${SOURCE_PREFIX}bench-${i}`;
        this.sources.set(urn, {
          urn,
          name: `Bench source ${i}`,
          type: 'mysql',
          system: false,
          executorId: 'default',
          recipe: '{}',
          schedule: { interval: '0 * * * *', timezone: 'UTC' },
        });
        for (let j = 0; j < o.bulk.runsPerSource; j++) {
          this.addRun(
            {
              sourceUrn: urn,
              id: `bench-${i}-${j}`,
              requestedAgoMs: (j + 1) * 3_600_000 * (20 / o.bulk.runsPerSource),
              status: 'SUCCESS',
              durationMs: 60_000 + j * 1000,
            },
            now,
          );
        }
      }
    }
    if (o.rows) this.rows.push(...o.rows);
    return undefined;
  }

  private addRun(r: RunScript, now: number): void {
    const urn = `${EXECUTION_REQUEST_PREFIX}${r.id}`;
    const requestedAt = now - r.requestedAgoMs;
    const status = r.status ?? null;
    const result: ExecutionResultRecord | undefined =
      status === null
        ? undefined
        : {
            status,
            startTimeMs: now - (r.startedAgoMs ?? r.requestedAgoMs - 2000),
            ...(status === 'RUNNING' ? {} : { durationMs: r.durationMs ?? 60_000 }),
            report: r.report ?? `~~~~ Execution Summary - RUN_INGEST ~~~~\nExecution finished with status ${status}.\n`,
            ...(r.structuredReport ? { structuredReport: r.structuredReport } : {}),
          };
    const source = this.sources.get(r.sourceUrn);
    this.requests.set(urn, {
      urn,
      id: r.id,
      sourceUrn: r.sourceUrn,
      task: 'RUN_INGEST',
      sourceKind: 'SCHEDULED_INGESTION_SOURCE',
      requestedAt,
      executorId: source?.executorId ?? 'default',
      ...(result ? { result } : {}),
      signals: [],
      onKill: r.onKill ?? 'cancels',
    });
  }

  /** A request as it stands now: a KILL the executor honoured has become CANCELLED. */
  request(urn: string): ExecutionRequestRecord | undefined {
    const r = this.requests.get(urn);
    if (!r) return undefined;
    const now = this.now();
    this.executor.advance(this, r, now);
    const killed = r.signals[0];
    if (killed !== undefined && r.onKill === 'cancels' && r.result?.status === 'RUNNING' && now - killed >= this.cancelDelayMs) {
      const start = r.result.startTimeMs ?? r.requestedAt;
      r.result = { ...r.result, status: 'CANCELLED', durationMs: now - start, report: `${r.result.report ?? ''}\nCancelled by a KILL signal.\n` };
    }
    return r;
  }

  /** A source's requests, newest first (IngestionSourceExecutionRequestsResolver sorts on requestTimeMs). */
  requestsOf(sourceUrn: string): ExecutionRequestRecord[] {
    const out: ExecutionRequestRecord[] = [];
    for (const r of this.requests.values()) if (r.sourceUrn === sourceUrn) out.push(this.request(r.urn) as ExecutionRequestRecord);
    return out.sort((a, b) => b.requestedAt - a.requestedAt);
  }

  /** The KILL signal (CancelIngestionExecutionRequestResolver): an unknown source is a BAD_REQUEST; a request is not checked. */
  cancel(sourceUrn: string, requestUrn: string): 'noSource' | 'ok' {
    if (!this.sources.has(sourceUrn)) return 'noSource';
    this.requests.get(requestUrn)?.signals.push(this.now());
    return 'ok';
  }

  /** For tests: each request's status and signals, the rollbacks received, the soft-deleted entities. */
  state(): Record<string, unknown> {
    const requests = [...this.requests.keys()].map((urn) => {
      const r = this.request(urn) as ExecutionRequestRecord;
      return { urn, id: r.id, status: r.result?.status ?? null, signals: r.signals.length };
    });
    return { requests, rollbacks: this.rollbacks, softDeleted: [...this.softDeleted], rows: this.rows.length, sources: [...this.sources.values()] };
  }
}
