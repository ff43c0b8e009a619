// The search-indexing lag as a restore's confirmation wait uses it: one reading of the
// change-log consumer (mcl: MetadataChangeLog_Versioned_v1, read by
// generic-mae-consumer-job-client, whose UpdateIndices hook writes the search documents;
// restoreIndices' MCLs go through it too) at most once a second, compared with the
// earlier ones. A server without the lag operations, or a token that may not read them,
// is asked once: the wait then goes on without it.
import { isGmsError } from '../gms/errors';
import type { GmsClient } from '../gms/types';
import { describeLag, LagHistory, searchLagSummary, STALL_AFTER_MS, type LagView } from './searchLag';

/** Longest a confirmation waits, however far behind search is. */
export const MAX_WAIT_MS = 10 * 60_000;
const MIN_WAIT_MS = 30_000;

export class SearchLagWatch {
  private readonly history: LagHistory;
  private last: { at: number; view: LagView | undefined } | undefined;
  private pending: Promise<LagView | undefined> | undefined;
  /** Why the lag cannot be read here (no endpoint, no privilege): asked no more. */
  unavailable: string | undefined;

  constructor(
    private readonly client: Pick<GmsClient, 'getConsumerLag'>,
    stallAfterMs = STALL_AFTER_MS,
  ) {
    this.history = new LagHistory(stallAfterMs);
  }

  /** The worst topic of the search-indexing consumer now; undefined when it cannot be read. */
  read(signal?: AbortSignal): Promise<LagView | undefined> {
    if (this.unavailable) return Promise.resolve(undefined);
    if (this.last && Date.now() - this.last.at < 1000) return Promise.resolve(this.last.view);
    this.pending ??= this.client
      .getConsumerLag('mcl', signal)
      .then((lag) => searchLagSummary(this.history.add(lag)))
      .catch((error: unknown) => {
        if (signal?.aborted) throw error;
        if (isGmsError(error) && (error.status === 404 || error.status === 403 || error.kind === 'invalidResponse')) this.unavailable = error.message;
        return this.last?.view;
      })
      .then((view) => {
        this.last = { at: Date.now(), view };
        return view;
      })
      .finally(() => (this.pending = undefined));
    return this.pending;
  }
}

/** "search is 12,400 events behind, about 40 s" for progress; undefined when caught up or unknown. */
export function lagProgress(view: LagView | undefined): string | undefined {
  if (!view || view.events <= 0) return undefined;
  return `search is ${describeLag(view)}`;
}

/** The wait's budget from the lag: long enough for the estimate (and half again), between 30 s and 10 min. */
export function budgetFor(view: LagView | undefined, elapsedMs: number): number {
  if (!view || view.state !== 'catchingUp' || view.etaMs === undefined) return MIN_WAIT_MS;
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, elapsedMs + view.etaMs * 1.5 + 5000));
}

/** Why waiting longer is pointless, as a caller can branch on it: the search-indexing consumer has stopped. */
export interface StalledSearch {
  reason: 'stalled';
  /** The consumer group that stopped (e.g. generic-mae-consumer-job-client). */
  consumer: string;
  topic: string;
  /** How long its offsets have not moved, in ms. */
  quietMs: number;
  /** Events waiting for it. */
  eventsBehind: number;
  /** The same in words: "search indexing is stalled: … not moving for 20 s". */
  text: string;
}

/** The stall as data; undefined unless the consumer is stalled. */
export function stalledSearch(view: LagView | undefined): StalledSearch | undefined {
  if (view?.state !== 'stalled') return undefined;
  const text = `search indexing is stalled: ${view.group} on ${view.topic} is ${describeLag(view).replace(/^stalled: /, '')}`;
  return { reason: 'stalled', consumer: view.group, topic: view.topic, quietMs: Math.round((view.overSeconds ?? 0) * 1000), eventsBehind: view.events, text };
}

/** Why waiting longer is pointless, in words: the consumer has stopped. */
export function stalledReason(view: LagView | undefined): string | undefined {
  return stalledSearch(view)?.text;
}
