// The Search Health state of the active connection: the indexing lag (two consumers:
// mcl, which search indexing reads, and mcp, ingestion's proposals), the last drift
// check and the last fix. The view draws it; the commands fill it.
import { ConnectionStore } from '../platform/connectionStore';
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
}

export class HealthStore extends ConnectionStore {
  private histories = new Map<string, LagHistory>();
  lag: LagState[] = [];
  report: DriftReport | undefined;
  plan: FixPlan | undefined;
  fix: FixOutcome | undefined;
  checkError: string | undefined;

  protected forget(): void {
    this.histories = new Map();
    this.lag = [];
    this.report = undefined;
    this.plan = undefined;
    this.fix = undefined;
    this.checkError = undefined;
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
    this.lag = states;
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
