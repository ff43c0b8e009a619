// The Search Health state of the active connection: the indexing lag (two consumers:
// mcl, which search indexing reads, and mcp, ingestion's proposals), the last drift
// check and the last fix. The view draws it; the commands fill it.
import * as vscode from 'vscode';
import { describeError } from '../shared/errors';
import type { ActiveClient } from '../platform/services';
import { isGmsError } from '../gms/errors';
import type { LagConsumer } from '../gms/types';
import { LagHistory, type LagView } from '../shared/searchLag';
import type { DriftReport } from './logic/check';
import type { FixPlan } from './logic/fix';

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

export class HealthStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private histories = new Map<string, LagHistory>();
  lag: LagState[] = [];
  report: DriftReport | undefined;
  plan: FixPlan | undefined;
  fix: FixOutcome | undefined;
  /** What is running now, for the view's description. */
  busy: string | undefined;
  /** The connection the state belongs to. */
  connection: string | undefined;
  checkError: string | undefined;
  /** Ends the scans of the current connection: aborted when the connection changes or the view goes. */
  private scans = new AbortController();

  /** The cancel signal of a scan nobody can cancel by hand (the API, Refresh, the check after a fix): ended with the connection. */
  scanSignal(): AbortSignal {
    return this.scans.signal;
  }

  /** Forgets everything when the active connection changes; true when it did. */
  forConnection(name: string | undefined): boolean {
    if (name === this.connection) return false;
    this.scans.abort(new Error('the active connection changed'));
    this.scans = new AbortController();
    this.connection = name;
    this.histories = new Map();
    this.lag = [];
    this.report = undefined;
    this.plan = undefined;
    this.fix = undefined;
    this.checkError = undefined;
    this.changed.fire();
    return true;
  }

  fire(): void {
    this.changed.fire();
  }

  async busyWith<T>(what: string, work: () => Promise<T>): Promise<T> {
    this.busy = what;
    this.changed.fire();
    try {
      return await work();
    } finally {
      this.busy = undefined;
      this.changed.fire();
    }
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
      await new Promise((resolve) => setTimeout(resolve, 2000));
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
    this.changed.fire();
    return states;
  }

  dispose(): void {
    this.scans.abort(new Error('the Search Health view was closed'));
    this.changed.dispose();
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
