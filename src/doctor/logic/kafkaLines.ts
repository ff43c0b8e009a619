// The Doctor's Kafka lines: one per DataHub consumer group (state, members, lag and its trend) and one
// for the failed proposals in mcp-failed. Group ids as DataHub's DataHubTopicConvention names them.

import type { ConsumerGroupDetail, ConsumerGroupList, MessagePage, TopicList } from '../../gms/types';
import { formatDuration } from '../../shared/format';
import { Commands } from '../../shared/commandIds';
import { cap, capDetails, failedReadingLine, MANAGE_SYSTEM_OPERATIONS, type DoctorLine, type Reading } from './report';

const CONSUMERS: ReadonlyArray<{ match: RegExp; name: string }> = [
  { match: /mce-consumer/i, name: 'MCE consumer (ingestion)' },
  { match: /mae-consumer/i, name: 'MAE consumer (search, graph)' },
  // generic-pe-consumer-job-client by default (KafkaAdminServiceFactory.java); platform-event in some deployments' own ids.
  { match: /platform-event|(^|-)pe-consumer/i, name: 'platform events consumer' },
  { match: /usage-event/i, name: 'usage events consumer' },
  { match: /duhe/i, name: 'upgrade history consumer' },
];

/** Which DataHub consumer a group id is, in words; the (capped) id itself when it is none DataHub names. */
export function consumerName(groupId: string): string {
  return CONSUMERS.find((c) => c.match.test(groupId))?.name ?? `consumer group ${cap(groupId, 100)}`;
}

/** A group's lag at an earlier reading, for the trend. */
export interface LagSample {
  totalLag: number;
  /** Epoch ms. */
  at: number;
}

export interface LagTrend {
  /** Messages per minute, positive when the lag grows. */
  perMinute: number;
  /** When it shrinks: the time until it reaches 0 at this pace. */
  etaMs?: number;
}

/** The lag's change per minute since `previous`; undefined when the readings are too close to tell (under 1 s). */
export function lagTrend(previous: LagSample, lag: number, now: number): LagTrend | undefined {
  const elapsed = now - previous.at;
  if (!(elapsed >= 1000)) return undefined;
  const perMinute = ((lag - previous.totalLag) / elapsed) * 60_000;
  if (perMinute < 0 && lag > 0) return { perMinute, etaMs: (lag / -perMinute) * 60_000 };
  return { perMinute };
}

function trendText(t: LagTrend): string {
  const rate = Math.round(Math.abs(t.perMinute)).toLocaleString('en-US');
  if (t.perMinute > 0) return `, growing by ${rate}/min`;
  if (t.perMinute < 0) return `, shrinking by ${rate}/min${t.etaMs === undefined ? '' : `, caught up in about ${formatDuration(t.etaMs)}`}`;
  return ', not moving';
}

/** A lag at most this big is a consumer keeping up (a poll batch's worth: max.poll.records is 500 by default). */
export const KEEPING_UP_LAG = 500;

const GROUPS_SOURCE = 'GET /openapi/operations/kafka/consumer-groups';
const KAFKA_SINCE = 'the release whose KafkaController lists consumer groups';

/**
 * One line per DataHub consumer group: Empty/Dead with no members is failing (not consuming at all), a
 * Stable group behind is a warning with its lag (and trend when `previous` has the group), no lag ok.
 */
export function consumerGroupLines(
  list: Reading<ConsumerGroupList>,
  details: ReadonlyMap<string, Reading<ConsumerGroupDetail>>,
  now: number,
  previous?: ReadonlyMap<string, LagSample>,
): DoctorLine[] {
  if (!list.ok) {
    return [
      failedReadingLine(
        { id: 'consumers', title: 'Kafka consumers', source: GROUPS_SOURCE, privilege: MANAGE_SYSTEM_OPERATIONS, offeredSince: KAFKA_SINCE },
        list.error,
        list.ms,
      ),
    ];
  }
  if (list.value.groups.length === 0) {
    return [
      {
        id: 'consumers',
        title: 'Kafka consumers',
        source: GROUPS_SOURCE,
        verdict: 'warning',
        summary: 'Kafka lists no DataHub consumer group',
        figures: { groups: 0 },
        nextStep: 'are the MCE/MAE consumers deployed and pointed at this Kafka (consumer group ids)?',
      },
    ];
  }
  // One line per group id (a tree row's id is the line's): a repeated id, or one equal to another once capped, is left out.
  const ids = new Set<string>();
  const unique = list.value.groups.filter((g) => {
    const id = `consumer:${cap(g.groupId, 200)}`;
    if (ids.has(id)) return false;
    ids.add(id);
    return true;
  });
  const more: DoctorLine[] =
    list.value.more > 0
      ? [
          {
            id: 'consumers:more',
            title: `+${list.value.more.toLocaleString('en-US')} more consumer groups`,
            source: GROUPS_SOURCE,
            verdict: 'warning',
            summary: `not shown: only the first ${unique.length} (by id) are read; DataHub has five groups of its own`,
            figures: { more: list.value.more },
            nextStep: 'this Kafka lists more groups than DataHub has: check which of them belong to this DataHub',
          },
        ]
      : [];
  return [...unique.map((g) => groupLine(g, details, now, previous)), ...more];
}

function groupLine(
  g: ConsumerGroupList['groups'][number],
  details: ReadonlyMap<string, Reading<ConsumerGroupDetail>>,
  now: number,
  previous?: ReadonlyMap<string, LagSample>,
): DoctorLine {
  const name = consumerName(g.groupId);
  const id = `consumer:${cap(g.groupId, 200)}`;
  const source = `${GROUPS_SOURCE}/{groupId}`;
  const base = { id, title: name, source, privilege: MANAGE_SYSTEM_OPERATIONS };
  const reading = details.get(g.groupId);
  if (reading && !reading.ok) return failedReadingLine(base, reading.error, reading.ms);
  const detail = reading?.value;
  const state = cap(detail?.state ?? g.state, 40);
  const figures: Record<string, number | string | boolean> = { groupId: cap(g.groupId, 200), state };
  if (!detail) {
    // Only the list's state: enough to tell a stopped consumer, not its lag.
    if (state === 'Empty' || state === 'Dead') {
      return {
        id,
        title: name,
        source: GROUPS_SOURCE,
        verdict: 'failing',
        summary: `${state}: not consuming at all`,
        figures,
        nextStep: `the ${name} is down: restart it / check its pod`,
      };
    }
    return { id, title: name, source: GROUPS_SOURCE, verdict: state === 'Stable' ? 'ok' : 'warning', summary: `${state} (lag not read)`, figures };
  }
  figures.members = detail.memberCount;
  figures.totalLag = detail.totalLag;
  const lagDetails = capDetails(Object.entries(detail.topicLag).map(([topic, lag]) => `${topic}: lag ${lag.toLocaleString('en-US')}`));
  const withDetails = lagDetails.length > 0 ? { details: lagDetails } : {};
  const lag = detail.totalLag.toLocaleString('en-US');
  if (detail.memberCount === 0) {
    return {
      id,
      title: name,
      source,
      verdict: 'failing',
      summary: `${state}, no members: not consuming at all (${lag} message(s) waiting)`,
      figures,
      nextStep: `the ${name} is down: restart it / check its pod; to skip what waits, Reset Consumer Offsets (a dry run first)`,
      nextCommand: Commands.resetConsumerOffsets,
      ...withDetails,
    };
  }
  if (state !== 'Stable') {
    return {
      id,
      title: name,
      source,
      verdict: 'warning',
      summary: `${state} with ${detail.memberCount} member(s), lag ${lag}`,
      figures,
      nextStep: 'a rebalance should end within minutes; read again',
      ...withDetails,
    };
  }
  if (detail.totalLag <= 0)
    return { id, title: name, source, verdict: 'ok', summary: `consuming, no lag (${detail.memberCount} member(s))`, figures, ...withDetails };
  // A consumer commits after each poll batch: a small lag while writes arrive is it working, not behind.
  if (detail.totalLag <= KEEPING_UP_LAG)
    return {
      id,
      title: name,
      source,
      verdict: 'ok',
      summary: `consuming, keeping up (lag ${lag}, ${detail.memberCount} member(s))`,
      figures,
      ...withDetails,
    };
  const before = previous?.get(g.groupId);
  const trend = before ? lagTrend(before, detail.totalLag, now) : undefined;
  if (trend) {
    figures.lagPerMinute = Math.round(trend.perMinute);
    if (trend.etaMs !== undefined) figures.etaMs = Math.round(trend.etaMs);
  }
  return {
    id,
    title: name,
    source,
    verdict: 'warning',
    summary: `behind by ${lag} message(s)${trend ? trendText(trend) : ''}`,
    figures,
    nextStep:
      trend && trend.perMinute < 0
        ? 'it is catching up; read again later'
        : 'it consumes but slower than writes arrive: look at its log and resources, or add consumers/partitions',
    ...withDetails,
  };
}

/** The count of failed proposals seen at an earlier report. */
export interface FailedCountSample {
  count: number;
  /** Epoch ms. */
  at: number;
}

/**
 * Other views' lag lines for a consumer group this report read itself are left out: it is the
 * same Kafka group, read now (a stopped consumer was two failing lines, one of them older). A
 * group the report could not read keeps the other view's dated reading. A fact names its group
 * in `figures.group`.
 */
export function withoutRepeatedLag(consumerLines: readonly DoctorLine[], facts: readonly DoctorLine[]): DoctorLine[] {
  const readNow = new Set<string>();
  for (const l of consumerLines) {
    if (l.verdict === 'unreadable' || l.verdict === 'notOffered' || typeof l.figures.groupId !== 'string') continue;
    // A Kafka group line is the whole group; a messaging lag line is one consumer's reading of it.
    if (l.id.startsWith('consumer:')) readNow.add(l.figures.groupId);
    else if (l.id.startsWith('messagingLag:') && typeof l.figures.consumer === 'string') readNow.add(`${l.figures.consumer}\u0000${l.figures.groupId}`);
  }
  return facts.filter((f) => {
    if (!f.id.startsWith('lag:') || typeof f.figures.group !== 'string') return true;
    const consumer = f.id.split(':')[1];
    return !readNow.has(f.figures.group) && !readNow.has(`${consumer}\u0000${f.figures.group}`);
  });
}

/**
 * The failed proposals (mcp-failed): the count as the server gives it (the topic's message count when it
 * sends offsets, else the messages read from the first page, "at least" when there are more).
 */
export function failedMcpLine(
  topics: Reading<TopicList>,
  firstPage: Reading<MessagePage> | undefined,
  formatTime: (ms: number) => string,
  previous?: FailedCountSample,
): DoctorLine {
  const base = {
    id: 'failedMcps',
    title: 'Failed writes (mcp-failed)',
    source: 'GET /openapi/operations/kafka/topics, GET /openapi/operations/kafka/messages/mcp-failed',
    privilege: MANAGE_SYSTEM_OPERATIONS,
    offeredSince: KAFKA_SINCE,
  };
  if (!topics.ok) return failedReadingLine(base, topics.error, topics.ms);
  const topic = topics.value.topics.find((t) => t.alias === 'mcp-failed');
  let count: number | undefined = topic?.messageCount;
  let atLeast = false;
  if (count === undefined && firstPage) {
    if (!firstPage.ok) return failedReadingLine(base, firstPage.error, firstPage.ms);
    count = firstPage.value.messages.length;
    atLeast = firstPage.value.hasMore;
  }
  if (count === undefined) {
    return {
      ...pick(base),
      verdict: 'unreadable',
      summary: 'the server gives no count of failed writes',
      figures: {},
      nextStep: 'browse the failed writes to see them',
    };
  }
  const figures: Record<string, number | string | boolean> = { count, atLeast };
  const counted = `${atLeast ? 'at least ' : ''}${count.toLocaleString('en-US')}`;
  if (count === 0) return { ...pick(base), verdict: 'ok', summary: 'no failed writes', figures };
  let growth = '';
  if (previous) {
    const delta = count - previous.count;
    figures.sincePrevious = delta;
    growth = `, ${delta >= 0 ? '+' : ''}${delta.toLocaleString('en-US')} since ${formatTime(previous.at)}`;
  }
  return {
    ...pick(base),
    verdict: 'warning',
    summary: `${counted} failed write(s)${growth}`,
    figures,
    nextStep: 'browse and replay them (dry run first); a validation error fails again until its source is fixed',
  };
}

function pick(base: { id: string; title: string; source: string }): { id: string; title: string; source: string } {
  return { id: base.id, title: base.title, source: base.source };
}
