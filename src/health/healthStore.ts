// The Search Health state of the active connection: the indexing lag (two consumers:
// mcl, which search indexing reads, and mcp, ingestion's proposals), the last drift
// check and the last fix. The view draws it; the commands fill it.
import { ConnectionStore, type Writable } from '../platform/connectionStore';
import { describeError } from '../shared/errors';
import type { ActiveClient } from '../platform/services';
import { isGmsError } from '../gms/errors';
import type { LagConsumer } from '../gms/types';
import { LagHistory, type LagView } from '../shared/searchLag';
import type { DriftReport } from './logic/check';
import type { FixPlan } from './logic/fix';
import { pause } from '../gms/sleep';

export const LAG_CONSUMERS: ReadonlyArray<{ consumer: LagConsumer; label: string }> = [
  { consumer: 'mcl', label: 'Search indexing' },
  { consumer: 'mcp', label: 'Ingestion' },
];

export interface LagState {
  consumer: LagConsumer;
  label: string;
  views?: LagView[];
  /** Why there is no reading: not offered by this server, refused, or failed. */
  problem?: { kind: 'missing' | 'forbidden' | 'failed'; message: string };
  at?: number;
  endpoint?: 'messaging' | 'kafka';
}

export interface FixOutcome {
  at: number;
  restored: number;
  removed: number;
  failed: Array<{ urn: string; reason: string }>;
  /** Drift left after the fix, from a check of the same scope. */
  driftAfter?: number;
  cancelled?: boolean;
  /** Planned URNs left out by the read right before each batch (already fixed since the check): per reason, a count and the first URNs. */
  leftOut?: Array<{ why: string; count: number; sample: string[] }>;
}

export class HealthStore extends ConnectionStore {
  private histories = new Map<string, LagHistory>();
  // Readonly to everyone but the store, which writes them through the setters below (each fires the
  // change); the commands and the view read them.
  readonly lag: readonly LagState[] = [];
  readonly report: DriftReport | undefined;
  /** The fix's dry run, until it is applied or a new check replaces the report it was planned from. */
  readonly plan: FixPlan | undefined;
  readonly fix: FixOutcome | undefined;
  readonly checkError: string | undefined;

  protected forget(): void {
    const w = this as Writable<HealthStore>;
    this.histories = new Map();
    w.lag = [];
    w.report = undefined;
    w.plan = undefined;
    w.fix = undefined;
    w.checkError = undefined;
  }

  /** A drift check's report: it replaces the last one, its dry run and its error. */
  setReport(report: DriftReport): void {
    const w = this as Writable<HealthStore>;
    w.report = report;
    w.plan = undefined;
    w.checkError = undefined;
    this.fire();
  }

  /** Why the drift check failed (the last report stays). */
  setCheckError(message: string): void {
    const w = this as Writable<HealthStore>;
    w.checkError = message;
    this.fire();
  }

  /** The fix's dry run. */
  setPlan(plan: FixPlan): void {
    const w = this as Writable<HealthStore>;
    w.plan = plan;
    this.fire();
  }

  /** A fix applied: what it did, and the check of the same scope after it. */
  setFixed(after: DriftReport, fix: FixOutcome): void {
    const w = this as Writable<HealthStore>;
    w.report = after;
    w.fix = fix;
    w.plan = undefined;
    this.fire();
  }

  /**
   * One reading of each consumer, compared with the earlier ones. `twice` (an explicit refresh), or no
   * reading in the last minute: a second one 2 s later, so the rate shown is the rate now.
   */
  async readLag(active: ActiveClient, signal?: AbortSignal, twice = false): Promise<LagState[]> {
    this.forConnection(active.connection.name);
    const recent = this.lag.some((l) => l.at !== undefined && Date.now() - l.at < 60_000);
    const states = await this.readOnce(active, signal);
    if ((twice || !recent) && states.some((s) => s.views?.some((v) => v.events > 0))) {
      await pause(2000, signal);
      if (!signal?.aborted) return this.readOnce(active, signal);
    }
    return states;
  }

  private async readOnce(active: ActiveClient, signal?: AbortSignal): Promise<LagState[]> {
    const states = await Promise.all(
      LAG_CONSUMERS.map(async ({ consumer, label }): Promise<LagState> => {
        try {
          const reading = await active.client.getConsumerLag(consumer, signal);
          let history = this.histories.get(consumer);
          if (!history) this.histories.set(consumer, (history = new LagHistory()));
          return { consumer, label, views: history.add(reading), at: reading.at, endpoint: reading.endpoint };
        } catch (error) {
          if (signal?.aborted) throw error;
          const status = isGmsError(error) ? error.status : undefined;
          const kind = status === 404 ? 'missing' : status === 403 ? 'forbidden' : 'failed';
          const message =
            kind === 'missing'
              ? 'Not offered by this DataHub (no /openapi/operations/messaging or kafka lag operations; newer versions have them).'
              : describeError(error, { connection: active.connection, hasToken: active.hasToken, action: 'consumerLag' }).message;
          return { consumer, label, problem: { kind, message } };
        }
      }),
    );
    (this as Writable<HealthStore>).lag = states;
    this.fire();
    return states;
  }
}

/** One consumer's indexing lag as the API and Refresh Search Health return it. */
export interface LagResult {
  consumer: string;
  group?: string;
  topic?: string;
  events?: number;
  state?: string;
  etaMs?: number;
  description: string;
}
