// The executor (datahub-actions) as the requests createIngestionExecutionRequest makes meet it: a request waits
// without a result until the executor picks it up (none at all while the executor is stopped: the UI's "N/A",
// DataHub's docs, #12468), then RUNNING, then it ends with the run's report. A datahub-gc source runs the GC over
// the sandbox's data (gcRun.ts); any other source ends SUCCESS with an empty report. A KILL the executor honours
// (ingestion.ts) ends it CANCELLED first, and then the run does nothing. Evaluated when a request is read, on the
// model's clock, like the cancel.
import type { ExecutionRequestRecord, IngestionModel } from './ingestion';
import { runGc, type GcWorld } from './gcRun';

export interface ExecutorOptions {
  /** The executor is down: new requests are never picked up (#12468). */
  stopped?: boolean;
  /** How long a request waits for the executor (default 300 ms). */
  pickupMs?: number;
  /** How long a run takes once picked up (default 700 ms). */
  runMs?: number;
}

const DEFAULTS = { stopped: false, pickupMs: 300, runMs: 700 };

export class IngestionExecutor {
  stopped = DEFAULTS.stopped;
  pickupMs = DEFAULTS.pickupMs;
  runMs = DEFAULTS.runMs;
  /** What a GC run reads and changes (set by the runtime: the cleanup model, the timeseries store). */
  world: GcWorld | undefined;

  reset(): void {
    Object.assign(this, DEFAULTS);
  }

  configure(o: ExecutorOptions): string | undefined {
    const ms = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 600_000);
    if (typeof o !== 'object' || o === null) return 'executor: {stopped?, pickupMs?, runMs?}';
    if (o.stopped !== undefined && typeof o.stopped !== 'boolean') return 'executor.stopped: true or false';
    if (!ms(o.pickupMs) || !ms(o.runMs)) return 'executor.pickupMs / runMs: whole milliseconds from 0 to 600000';
    if (o.stopped !== undefined) this.stopped = o.stopped;
    if (o.pickupMs !== undefined) this.pickupMs = o.pickupMs;
    if (o.runMs !== undefined) this.runMs = o.runMs;
    return undefined;
  }

  /** Moves a request this executor owns on to where `now` has it. */
  advance(model: IngestionModel, r: ExecutionRequestRecord, now: number): void {
    if (r.recipe === undefined) return;
    if (!r.result) {
      if (this.stopped || now < r.requestedAt + this.pickupMs) return;
      const startTimeMs = r.requestedAt + this.pickupMs;
      r.result = { status: 'RUNNING', startTimeMs, report: 'Starting the run...\n' };
    }
    const res = r.result;
    if (res.status !== 'RUNNING' || r.signals.length > 0) return;
    const start = res.startTimeMs ?? r.requestedAt;
    if (now < start + this.runMs) return;
    const source = model.sources.get(r.sourceUrn);
    const type = source?.type ?? sourceTypeOf(r.recipe);
    if (type === 'datahub-gc' && this.world) {
      const outcome = runGc(r.recipe, this.world, model, start + this.runMs, r.urn);
      r.result = {
        status: outcome.status,
        startTimeMs: start,
        durationMs: this.runMs,
        report: outcome.report,
        ...(outcome.structured ? { structuredReport: outcome.structured } : {}),
      };
    } else {
      r.result = {
        status: 'SUCCESS',
        startTimeMs: start,
        durationMs: this.runMs,
        report: '~~~~ Execution Summary - RUN_INGEST ~~~~\nExecution finished with status SUCCESS.\n',
      };
    }
  }
}

function sourceTypeOf(recipe: string): string | undefined {
  try {
    const parsed = JSON.parse(recipe) as { source?: { type?: unknown } };
    return typeof parsed.source?.type === 'string' ? parsed.source.type : undefined;
  } catch {
    return undefined;
  }
}
