// Reset Consumer Offsets' plan, pure: the topic as DataHub names it (DataHubTopicConvention.java's aliases,
// TopicConventionImpl's default names), which lag endpoint reads it on the Postgres queue
// (MessagingOperationsController.java), and the figures in words for the confirmation.
import type { LagConsumer, PartitionReset, ResetStrategy } from '../../gms/types';
import type { LeftOut } from '../../shared/writePlan';

/** DataHub's topic aliases and their default names; the usage events have no alias (a name on the queue only). */
export const TOPICS: ReadonlyArray<{ alias?: string; name: string; consumer?: LagConsumer }> = [
  { alias: 'mcp', name: 'MetadataChangeProposal_v1', consumer: 'mcp' },
  { alias: 'mcp-failed', name: 'FailedMetadataChangeProposal_v1' },
  { alias: 'mcl-versioned', name: 'MetadataChangeLog_Versioned_v1', consumer: 'mcl' },
  { alias: 'mcl-timeseries', name: 'MetadataChangeLog_Timeseries_v1', consumer: 'mcl-timeseries' },
  { alias: 'platform-event', name: 'PlatformEvent_v1' },
  { alias: 'upgrade-history', name: 'DataHubUpgradeHistory_v1' },
  { name: 'DataHubUsageEvent_v1', consumer: 'usage-events' },
];

export interface ResetTarget {
  group: string;
  topic: string;
  strategy?: ResetStrategy;
}

export interface ResolvedTopic {
  alias: string;
  name: string;
  consumer: LagConsumer;
  /** As the messages say it: "mcl-versioned (MetadataChangeLog_Versioned_v1)". */
  shown: string;
}

const NOTHING = 'Nothing was sent.';

/** The topic by alias (case-insensitive, trimmed, as DataHub reads it) or default name; refused otherwise, naming what is taken. */
export function resolveTopic(topic: string, transport: 'kafka' | 'pgqueue'): ResolvedTopic {
  const t = topic.trim();
  const found = TOPICS.find((x) => x.alias === t.toLowerCase() || x.name === t);
  const known = TOPICS.filter((x) => (transport === 'kafka' ? x.alias : x.consumer))
    .map((x) => x.alias ?? x.name)
    .join(', ');
  if (!found) throw new Error(`"topic" must be one of DataHub's topic aliases or names (${known}); got ${JSON.stringify(topic.slice(0, 100))}. ${NOTHING}`);
  if (transport === 'kafka' && !found.alias) throw new Error(`${found.name} has no DataHub alias on Kafka; the reset takes ${known}. ${NOTHING}`);
  if (transport === 'pgqueue' && !found.consumer)
    throw new Error(`On the Postgres queue the stuck-ahead partitions are read for ${known} only; not ${found.alias ?? found.name}. ${NOTHING}`);
  const alias = found.alias ?? found.name;
  return { alias, name: found.name, consumer: found.consumer ?? 'mcp', shown: found.alias ? `${found.alias} (${found.name})` : found.name };
}

const n = (v: number) => v.toLocaleString('en-US');

/** "partition 0: 1,000 → 0 (−1,000); partition 2: …": at most 40 partitions, then how many more. */
export function resetTable(resets: readonly PartitionReset[]): string {
  const shown = resets
    .slice(0, 40)
    .map((r) => `partition ${r.partition}: ${n(r.from)} → ${n(r.to)} (${r.change > 0 ? '+' : r.change < 0 ? '−' : '±'}${n(Math.abs(r.change))})`);
  return `${shown.join('; ')}${resets.length > 40 ? `; and ${resets.length - 40} more` : ''}`;
}

/**
 * Whether a partition's committed offset read again right before it is moved (`now`; undefined when the
 * server no longer lists it, e.g. no longer stuck ahead) is still what the dry run planned from: undefined
 * when it is, else why it is left out. Moving it anyway would send it to an offset nobody looked at.
 */
export function movedSinceDryRun(planned: PartitionReset, now: number | undefined): LeftOut | undefined {
  const target = `partition ${planned.partition}`;
  if (now === undefined) return { target, why: 'no longer listed by the server' };
  if (now !== planned.from) return { target: `${target} (${n(planned.from)} → now ${n(now)})`, why: 'offset moved since the dry run' };
  return undefined;
}
