// How far DataHub's indexing is behind, from two readings of the consumer lag
// (MessagingOperationsController.java / KafkaController.java report, per consumer group
// and topic, the lag in events and, asked with detailed=true, the committed offset per
// partition). The change of the committed offsets between two readings is the rate
// the consumer works at; no change while events wait is a stalled consumer. The change
// of the lag itself stands in where the server sends no offsets.
import type { ConsumerLag, ConsumerLagTopic } from '../gms/types';
import { formatDuration } from './format';

/** 'stuck': a Postgres-queue partition committed past its log's end (PgQueueConsumerLagPort.java's STUCK_AHEAD). */
export type LagState = 'caughtUp' | 'catchingUp' | 'falling behind' | 'stalled' | 'stuck' | 'unknown';

export interface LagView {
  group: string;
  topic: string;
  events: number;
  state: LagState;
  /** Events per second the consumer works through (from offsets, or the fall of the lag). */
  ratePerSecond?: number;
  /** Time until it has caught up at that rate. */
  etaMs?: number;
  /** Seconds between the two readings the state comes from. */
  overSeconds?: number;
  /** The stuck-ahead partitions (state 'stuck'). */
  stuckPartitions?: string[];
}

/** Readings closer together than this say nothing about movement. */
export const MIN_READING_GAP_MS = 1000;
/**
 * No movement for this long is a stalled consumer. Shorter pauses are normal: a Kafka
 * consumer commits its offsets after each poll batch (auto-commit every 5 s by default).
 */
export const STALL_AFTER_MS = 10_000;

function committed(offsets: Record<string, number> | undefined): number | undefined {
  if (!offsets) return undefined;
  const values = Object.values(offsets);
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0);
}

export function compareTopic(prev: ConsumerLagTopic | undefined, now: ConsumerLagTopic, gapMs: number, stallAfterMs = STALL_AFTER_MS): LagView {
  const base = { group: now.group, topic: now.topic, events: now.totalLag };
  if (now.stuck) return { ...base, state: 'stuck', stuckPartitions: now.stuck.partitions };
  if (now.totalLag <= 0) return { ...base, state: 'caughtUp' };
  if (!prev || gapMs < MIN_READING_GAP_MS) return { ...base, state: 'unknown' };
  const seconds = gapMs / 1000;
  const before = committed(prev.offsets);
  const after = committed(now.offsets);
  let rate: number | undefined;
  if (before !== undefined && after !== undefined) {
    // The consumer's own progress: its committed offsets moved this much.
    rate = Math.max(0, after - before) / seconds;
    if (rate === 0) return { ...base, state: gapMs >= stallAfterMs ? 'stalled' : 'unknown', overSeconds: seconds };
  } else {
    const fell = prev.totalLag - now.totalLag;
    if (fell === 0) return { ...base, state: gapMs >= stallAfterMs ? 'stalled' : 'unknown', overSeconds: seconds };
    if (fell < 0) return { ...base, state: 'falling behind', overSeconds: seconds };
    rate = fell / seconds;
  }
  // Consuming, but is the lag falling? The net fall decides the time to catch up.
  const net = (prev.totalLag - now.totalLag) / seconds;
  if (net <= 0) return { ...base, state: 'falling behind', ratePerSecond: rate, overSeconds: seconds };
  return { ...base, state: 'catchingUp', ratePerSecond: rate, etaMs: Math.round((now.totalLag / net) * 1000), overSeconds: seconds };
}

/** Every topic of the newer reading against the same group and topic in the older one. */
export function compareLag(prev: ConsumerLag | undefined, now: ConsumerLag, stallAfterMs = STALL_AFTER_MS): LagView[] {
  const gap = prev ? now.at - prev.at : 0;
  const key = (t: ConsumerLagTopic) => `${t.group}\u0000${t.topic}`;
  const before = new Map((prev?.topics ?? []).map((t) => [key(t), t]));
  return now.topics.map((t) => compareTopic(before.get(key(t)), t, gap, stallAfterMs));
}

/** How long readings are kept to compare against. */
export const HISTORY_MS = 60_000;

/**
 * Readings of one consumer over the last minute: each new one is compared with the newest
 * at least a second old for the rate, and with the newest at least the stall time old to
 * tell a stalled consumer (a pause of a few seconds is not yet a stall).
 */
export class LagHistory {
  private readings: ConsumerLag[] = [];
  constructor(private readonly stallAfterMs = STALL_AFTER_MS) {}

  add(now: ConsumerLag): LagView[] {
    this.readings = this.readings.filter((r) => now.at - r.at <= HISTORY_MS && r.at < now.at);
    // The rate from the newest reading at least a second old (how fast it moves now); a stall from the
    // newest at least the stall time old (no movement over all of that time).
    const newestOlderThan = (ms: number) => [...this.readings].reverse().find((r) => now.at - r.at >= ms);
    const recent = newestOlderThan(MIN_READING_GAP_MS);
    const stallBase = newestOlderThan(this.stallAfterMs);
    const views = compareLag(recent, now, this.stallAfterMs);
    const overStall = stallBase && stallBase !== recent ? compareLag(stallBase, now, this.stallAfterMs) : undefined;
    this.readings.push(now);
    return views.map((v, i) => (overStall?.[i].state === 'stalled' ? overStall[i] : v));
  }

  get last(): ConsumerLag | undefined {
    return this.readings[this.readings.length - 1];
  }

  get size(): number {
    return this.readings.length;
  }
}

const n = (value: number) => Math.round(value).toLocaleString('en-US');

/** "12,400 events behind, about 40 s" / "stalled: 12,400 events behind, not moving for 6 s" / "caught up". */
export function describeLag(view: Pick<LagView, 'events' | 'state' | 'etaMs' | 'overSeconds' | 'ratePerSecond' | 'stuckPartitions'>): string {
  const behind = `${n(view.events)} event${view.events === 1 ? '' : 's'} behind`;
  switch (view.state) {
    case 'caughtUp':
      return 'caught up';
    case 'stuck': {
      const parts = view.stuckPartitions ?? [];
      const which = parts.length === 0 ? 'a partition' : `partition${parts.length === 1 ? '' : 's'} ${parts.join(', ')}`;
      return `stuck: ${which} committed past the log's end (new events there are skipped); reset its offsets to the end (Reset Consumer Offsets)`;
    }
    case 'catchingUp':
      return `${behind}, about ${formatDuration(view.etaMs ?? 0)}`;
    case 'stalled':
      return `stalled: ${behind}, not moving for ${formatDuration((view.overSeconds ?? 0) * 1000)}`;
    case 'falling behind':
      return `${behind} and falling further behind${view.ratePerSecond ? ` (working at ${n(view.ratePerSecond)}/s)` : ''}`;
    default:
      return view.overSeconds
        ? `${behind}, not moving for ${formatDuration(view.overSeconds * 1000)} so far`
        : `${behind} (refresh again to see how fast it moves)`;
  }
}

/** The one line for search indexing: the worst topic of the change-log consumer (mcl). */
export function searchLagSummary(views: LagView[]): LagView | undefined {
  const waiting = views.filter((v) => v.events > 0 || v.state === 'stuck');
  if (waiting.length === 0) return views[0] ? { ...views[0], events: 0, state: 'caughtUp' } : undefined;
  const rank: Record<LagState, number> = { stuck: 5, stalled: 4, 'falling behind': 3, unknown: 2, catchingUp: 1, caughtUp: 0 };
  return waiting.sort((a, b) => rank[b.state] - rank[a.state] || (b.etaMs ?? 0) - (a.etaMs ?? 0) || b.events - a.events)[0];
}
