// Consumer lag of GMS's Kafka consumers, scripted: POST /__sandbox/lag {"consumer", "events",
// "drainPerSecond"} sets a backlog that falls linearly to 0 (drainPerSecond 0: a stalled consumer).
// Answered in DataHub's shapes:
//   - MessagingOperationsController.java (GET /openapi/operations/messaging/{consumer}/consumer/lag):
//     MessagingLagEnvelope.java {transport, consumerGroups}, built by MessagingOpenApiMapper.java from
//     ConsumerLagSnapshotMapper.java (metrics per topic; partitions only with detailed=true, else null);
//   - KafkaController.java (GET /openapi/operations/kafka/{mcp,mcl,mcl-timeseries}/consumer/offsets,
//     deprecated in favour of the messaging endpoints): the inner map alone (KafkaOffsetResponse.java).
// Consumer groups and topics: KafkaConsumerLagPort.java and the @KafkaListener ids of the MCE/MAE
// consumers (METADATA_CHANGE_PROPOSAL / METADATA_CHANGE_LOG / DATAHUB_USAGE_EVENT ..._CONSUMER_GROUP_ID
// defaults). The usage-event consumer is a plain Spring listener whose lag KafkaConsumerLagPort does
// not read: over Kafka its answer has the group with no topics, whatever is scripted.

export type Consumer = 'mcp' | 'mcl' | 'mcl-timeseries' | 'usage-events';
export const CONSUMERS: readonly Consumer[] = ['mcp', 'mcl', 'mcl-timeseries', 'usage-events'];

export const CONSUMER_GROUPS: Record<Consumer, { group: string; topic: string }> = {
  mcp: { group: 'generic-mce-consumer-job-client', topic: 'MetadataChangeProposal_v1' },
  mcl: { group: 'generic-mae-consumer-job-client', topic: 'MetadataChangeLog_Versioned_v1' },
  'mcl-timeseries': { group: 'generic-mae-consumer-job-client', topic: 'MetadataChangeLog_Timeseries_v1' },
  'usage-events': { group: 'datahub-usage-event-consumer-job-client', topic: 'DataHubUsageEvent_v1' },
};

/** Partitions per topic (a quickstart has 1; a production topic several). */
export const PARTITIONS = 3;
/** Committed offsets before any scripted backlog, per consumer (arbitrary, stable). */
const BASE_OFFSET: Record<Consumer, number> = { mcp: 81_250, mcl: 245_320, 'mcl-timeseries': 61_904, 'usage-events': 12_877 };

interface Script {
  events: number;
  drainPerSecond: number;
  setAt: number;
}

export interface PartitionLag {
  offset: number;
  lag: number;
}

/**
 * The same consumer group as another part of the sandbox sees it (the Doctor's Kafka admin answers,
 * doctor.ts): a real GMS reads one Kafka group for both, so a stopped or lagging MAE consumer there
 * is stalled or behind here too, unless a backlog is scripted here.
 */
export interface FollowedLag {
  partitions(consumer: Consumer, now: number): PartitionLag[] | undefined;
  /** As catchUpMs: null while stopped, the ms a new event waits while behind, undefined when caught up. */
  catchUpMs(consumer: Consumer, now: number): number | null | undefined;
}

export class LagModel {
  private scripts = new Map<Consumer, Script>();
  /** Where the lag comes from when nothing is scripted here (set once by the runtime). */
  follow?: FollowedLag;

  reset(): void {
    this.scripts.clear();
  }

  /** Whether a backlog is scripted for the consumer (POST /__sandbox/lag). */
  scripted(consumer: Consumer): boolean {
    return this.scripts.has(consumer);
  }

  set(consumer: Consumer, events: number, drainPerSecond: number, now = Date.now()): void {
    this.scripts.set(consumer, { events, drainPerSecond, setAt: now });
  }

  /** What was scripted, for GET /__sandbox/state. */
  describe(now = Date.now()): Record<string, { events: number; drainPerSecond: number; lag: number }> {
    const out: Record<string, { events: number; drainPerSecond: number; lag: number }> = {};
    for (const [consumer, s] of this.scripts) out[consumer] = { events: s.events, drainPerSecond: s.drainPerSecond, lag: this.lag(consumer, now) };
    return out;
  }

  /** Events behind now: the scripted backlog minus what drained since (whole events). */
  lag(consumer: Consumer, now = Date.now()): number {
    const s = this.scripts.get(consumer);
    if (!s) return 0;
    if (s.drainPerSecond <= 0) return s.events;
    return Math.max(0, Math.ceil(s.events - (s.drainPerSecond * Math.max(0, now - s.setAt)) / 1000));
  }

  /**
   * How long until what a consumer receives now is consumed: undefined when no backlog was scripted
   * (the caller keeps its own indexing lag), null while it is stalled with a backlog, else the ms
   * until the scripted backlog has drained (0 once drained).
   */
  catchUpMs(consumer: Consumer, now = Date.now()): number | null | undefined {
    const s = this.scripts.get(consumer);
    if (!s) return this.follow?.catchUpMs(consumer, now);
    if (s.events <= 0) return undefined;
    if (s.drainPerSecond <= 0) return null;
    return Math.max(0, s.setAt + (s.events / s.drainPerSecond) * 1000 - now);
  }

  /** The lag spread over the partitions (the remainder on the first ones), with committed offsets. */
  partitions(consumer: Consumer, now = Date.now()): PartitionLag[] {
    const s = this.scripts.get(consumer);
    const followed = s ? undefined : this.follow?.partitions(consumer, now);
    if (followed) return followed;
    const total = s?.events ?? 0;
    const left = this.lag(consumer, now);
    return Array.from({ length: PARTITIONS }, (_, p) => {
      const share = (n: number) => Math.floor(n / PARTITIONS) + (p < n % PARTITIONS ? 1 : 0);
      const end = BASE_OFFSET[consumer] + p * 1000 + share(total);
      return { offset: end - share(left), lag: share(left) };
    });
  }
}

/** ConsumerLagSnapshotMapper.calculateLagMetrics: max, median (mean of the middle two, integer division), total, rounded average. */
export function lagMetrics(lags: readonly number[]): { maxLag: number; medianLag: number; totalLag: number; avgLag: number } {
  const sorted = [...lags].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  const medianLag = sorted.length % 2 === 0 ? Math.floor((sorted[middle - 1] + sorted[middle]) / 2) : sorted[middle];
  const totalLag = sorted.reduce((a, b) => a + b, 0);
  return { maxLag: sorted[sorted.length - 1], medianLag, totalLag, avgLag: Math.round(totalLag / sorted.length) };
}

/**
 * The consumer-group map of one consumer: {group: {topic: {partitions, metrics}}}. KafkaOffsetResponse's
 * classes carry no @JsonInclude, so the nulls are written: `partitions` null unless detailed, and each
 * partition's `metadata` (none committed) and, in the newer class the messaging mapper fills, `aheadBy`.
 */
export function consumerGroups(model: LagModel, consumer: Consumer, detailed: boolean, withAheadBy: boolean, now = Date.now()): Record<string, unknown> {
  const { group, topic } = CONSUMER_GROUPS[consumer];
  if (consumer === 'usage-events') return { [group]: {} };
  const parts = model.partitions(consumer, now);
  const partitions = Object.fromEntries(
    parts.map((p, i) => [String(i), { offset: p.offset, metadata: null, lag: p.lag, ...(withAheadBy ? { aheadBy: null } : {}) }]),
  );
  return { [group]: { [topic]: { partitions: detailed ? partitions : null, metrics: lagMetrics(parts.map((p) => p.lag)) } } };
}

/** MessagingTransportInfoResponse.java: the transport and the primary topic names (TopicConvention defaults). */
export function transportInfo(): Record<string, string> {
  return {
    transport: 'kafka',
    metadataChangeProposalTopic: CONSUMER_GROUPS.mcp.topic,
    metadataChangeLogVersionedTopic: CONSUMER_GROUPS.mcl.topic,
    metadataChangeLogTimeseriesTopic: CONSUMER_GROUPS['mcl-timeseries'].topic,
  };
}
