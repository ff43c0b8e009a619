// The Doctor's readings: every endpoint read at once, each with its own time limit, so one slow or
// failing endpoint never holds the others back; then the pure lines of ./logic. The consumer groups'
// details follow their list (at most GROUP_DETAILS_MAX); nothing else waits on another reading.
import type { ActiveClient } from '../platform/services';
import { GmsError } from '../gms/errors';
import { formatDateTime } from '../shared/format';
import type { ConsumerGroupDetail, ConsumerGroupList, LagConsumer, MessagePage, MessagingTransportInfo, TopicDetail, TopicList } from '../gms/types';
import { buildReport, type DoctorLine, type DoctorReport, type Reading } from './logic/report';
import { gmsReadyLine, maintenanceLine, rateLimitLine, searchClusterLine, systemInfoLine, throttleLine } from './logic/lines';
import { consumerGroupLines, failedMcpLine, withoutRepeatedLag, type FailedCountSample, type LagSample } from './logic/kafkaLines';
import { messagingLagLines, notOnQueueLines, registeredConsumerLines, transportLine, transportOf } from './logic/messagingLines';
import { gcLine } from './logic/gcLine';
import { readGc } from '../gc/logic/read';
import { MAX_GC_RUNS } from '../gc/logic/args';

/** Each reading's own time limit (a slow endpoint becomes an "unreadable: no answer within" line). */
export const READ_TIMEOUT_MS = 10_000;
/** Consumer groups whose details are read (DataHub has four; a shared Kafka may list more). */
export const GROUP_DETAILS_MAX = 12;
/** Messages read from mcp-failed to count them when the topic gives no count. */
const FIRST_PAGE = 100;
/** The consumers whose lag the messaging operations read (MessagingOperationsController.java). */
const LAG_CONSUMERS: readonly LagConsumer[] = ['mcp', 'mcl', 'mcl-timeseries', 'usage-events'];

/** The queue's topics whose registered consumers are read: the transport's primary topics. */
function queueTopics(info: MessagingTransportInfo): string[] {
  return [...new Set([info.topics.mcp, info.topics.mclVersioned, info.topics.mclTimeseries].filter((t): t is string => t !== undefined))];
}

/** What the last report of a connection saw, for trends (lag per minute, failed writes since). */
export interface DoctorMemory {
  lag: Map<string, LagSample>;
  failed?: FailedCountSample;
}

/** One reading: the value or the error, how long it took, and a timeout of its own that aborts only it. */
export function readWithin<T>(work: (signal: AbortSignal) => Promise<T>, signal: AbortSignal, timeoutMs: number): Promise<Reading<T>> {
  const started = performance.now();
  const own = new AbortController();
  const stop = () => own.abort(signal.reason);
  if (signal.aborted) stop();
  else signal.addEventListener('abort', stop, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timedOut = new Promise<Reading<T>>((resolve) => {
    timer = setTimeout(() => {
      own.abort(new Error(`no answer within ${timeoutMs} ms`));
      const seconds = Math.round(timeoutMs / 100) / 10;
      resolve({ ok: false, error: new GmsError({ kind: 'timeout', message: `No answer within ${seconds} s.` }), ms: timeoutMs });
    }, timeoutMs);
  });
  const done = work(own.signal).then(
    (value): Reading<T> => ({ ok: true, value, ms: performance.now() - started }),
    (error: unknown): Reading<T> => ({ ok: false, error, ms: performance.now() - started }),
  );
  return Promise.race([done, timedOut]).finally(() => {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
  });
}

export interface CollectOptions {
  signal: AbortSignal;
  timeoutMs?: number;
  now?: () => number;
  /** Facts other views hold about the connection (Search Health, watched jobs): lines of their own, read nowhere here. */
  facts?: readonly DoctorLine[];
  /** Read DataHub's GC too (GraphQL queries, POST /api/graphql, and the entity counts): the "DataHub GC" line. */
  gc?: boolean;
}

/** Reads everything the report needs and builds it; remembers lag and failed counts in `memory` for the next one. */
export async function collectReport(active: ActiveClient, memory: DoctorMemory, options: CollectOptions): Promise<DoctorReport> {
  const { signal } = options;
  const timeoutMs = options.timeoutMs ?? READ_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const at = now();
  const d = active.client.doctor;
  const read = <T>(work: (s: AbortSignal) => Promise<T>) => readWithin(work, signal, timeoutMs);

  // The transport first: on the Postgres queue Kafka's admin endpoints do not exist (nothing is asked of them),
  // and its registered consumers are read instead. Everything else starts at once beside it.
  const transport = read((s) => active.client.messaging.transport(s));
  const onQueue = transport.then((t) => transportOf(t) === 'pgqueue');
  const kafkaRead = <T>(work: (s: AbortSignal) => Promise<T>): Promise<Reading<T> | undefined> => onQueue.then((queue) => (queue ? undefined : read(work)));
  const groups = kafkaRead((s) => d.consumerGroups(s)).then(async (list) => {
    const details = new Map<string, Reading<ConsumerGroupDetail>>();
    if (list?.ok) {
      const ids = list.value.groups.slice(0, GROUP_DETAILS_MAX).map((g) => g.groupId);
      const read = await Promise.all(ids.map((id) => readWithin((s) => d.consumerGroup(id, s), signal, timeoutMs)));
      ids.forEach((id, i) => details.set(id, read[i]));
    }
    return { list, details };
  });
  // DataHub's describeTopic fills no offsets in every release: the first page counts when the topic does not.
  const topic = kafkaRead<TopicDetail>((s) => d.topic('mcp-failed', s));
  const page = kafkaRead<MessagePage>((s) => d.messages('mcp-failed', { partition: 0, offset: 0, count: FIRST_PAGE, positionsOnly: true }, s));
  // The lag through the messaging endpoints on either transport (the client falls back to Kafka's older ones).
  const lags = Promise.all(LAG_CONSUMERS.map(async (consumer) => ({ consumer, reading: await read((s) => active.client.getConsumerLag(consumer, s)) })));
  const registered = transport.then((t) =>
    t.ok && transportOf(t) === 'pgqueue'
      ? Promise.all(queueTopics(t.value).map((name) => read((s) => active.client.messaging.registeredConsumers(name, s))))
      : [],
  );
  const gc = options.gc ? read((s) => readGc(active.client, active.connection.name, MAX_GC_RUNS, now(), s)) : undefined;
  const [health, ready, cluster, info, throttle, rates, maintenance, kafka, failedTopic, firstPage, via, lag, consumersOnQueue, gcReading] = await Promise.all([
    read((s) => d.health(s)),
    read((s) => d.ready(s)),
    read((s) => d.searchCluster(s)),
    read((s) => d.systemInfo(s)),
    read((s) => d.throttle(s)),
    read((s) => d.rateLimits(s)),
    read((s) => d.maintenance(s)),
    groups,
    topic,
    page,
    transport,
    lags,
    registered,
    gc,
  ]);
  // Ended by hand or by the active connection changing: quiet, as every cancelled request is.
  if (signal.aborted) throw new GmsError({ kind: 'cancelled', action: 'doctorHealth', message: 'The DataHub Doctor was cancelled.' });

  const readAt = now();
  const queue = transportOf(via) === 'pgqueue';
  let kafkaLines: DoctorLine[] = notOnQueueLines();
  let consumers: DoctorLine[] = [];
  if (!queue && kafka.list && failedTopic && firstPage) {
    const topics: Reading<TopicList> = failedTopic.ok
      ? { ok: true, ms: failedTopic.ms, value: { endpoint: failedTopic.value.endpoint, names: [failedTopic.value.name], topics: [failedTopic.value] } }
      : // No count from the topic: the page says what it can (its own failure, "not offered", when it has one).
        { ok: true, ms: failedTopic.ms, value: { endpoint: 'GET /openapi/operations/kafka/topics', names: [], topics: [] } };
    consumers = consumerGroupLines(kafka.list as Reading<ConsumerGroupList>, kafka.details, readAt, memory.lag);
    kafkaLines = [...consumers, failedMcpLine(topics, firstPage, formatDateTime, memory.failed)];
  }
  // Groups a Kafka line read now: their messaging lag is the same group, left out.
  const readGroups = new Set(
    consumers
      .filter((l) => l.verdict !== 'unreadable' && l.verdict !== 'notOffered' && typeof l.figures.groupId === 'string')
      .map((l) => String(l.figures.groupId)),
  );
  const lagLines = messagingLagLines(lag, transportOf(via), readGroups);
  const failed = kafkaLines.find((l) => l.id === 'failedMcps');
  const lines: DoctorLine[] = [
    gmsReadyLine(health, ready),
    searchClusterLine(cluster),
    transportLine(via),
    ...lagLines,
    ...registeredConsumerLines(consumersOnQueue, readAt),
    ...kafkaLines,
    throttleLine(throttle),
    rateLimitLine(rates),
    maintenanceLine(maintenance, formatDateTime),
    ...(gcReading ? [gcLine(gcReading)] : []),
    ...withoutRepeatedLag([...consumers, ...lagLines], options.facts ?? []),
    systemInfoLine(info),
  ];

  // What the next report compares with.
  for (const [id, detail] of kafka.details) if (detail.ok) memory.lag.set(id, { totalLag: detail.value.totalLag, at: readAt });
  if (failed && typeof failed.figures.count === 'number' && failed.figures.atLeast !== true) memory.failed = { count: failed.figures.count, at: readAt };
  return buildReport(active.connection.name, at, lines);
}
