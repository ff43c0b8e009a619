// The Doctor's Kafka lines: a stopped consumer (Empty, no members) told apart from one behind (Stable
// with lag), the lag's trend and ETA, DataHub's group ids named, and the failed-writes count and growth.
// Group ids and topics as the sandbox (test/sandbox/doctorData.ts, lag.ts) and DataHub name them.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { consumerGroupLines, consumerName, failedMcpLine, lagTrend, withoutRepeatedLag } from '../../../src/doctor/logic/kafkaLines';
import type { DoctorLine, Reading } from '../../../src/doctor/logic/report';
import { GmsError } from '../../../src/gms/errors';
import type { ConsumerGroupDetail, ConsumerGroupList, MessagePage, TopicDetail, TopicList } from '../../../src/gms/types';

const ok = <T>(value: T, ms = 20): Reading<T> => ({ ok: true, value, ms });
const failed = <T>(error: unknown, ms = 20): Reading<T> => ({ ok: false, error, ms });
const MAE = 'generic-mae-consumer-job-client';
const MCE = 'generic-mce-consumer-job-client';
const GROUPS = 'GET /openapi/operations/kafka/consumer-groups';
const iso = (ms: number) => new Date(ms).toISOString();
const NOW = Date.UTC(2026, 10, 26, 12, 0);

const list = (groups: Array<[string, string]>): ConsumerGroupList => ({
  endpoint: GROUPS,
  groups: groups.map(([groupId, state]) => ({ groupId, state, isDataHubGroup: true, isSimpleConsumerGroup: false })),
  more: 0,
});

function detail(groupId: string, state: string, members: number, lag: number): ConsumerGroupDetail {
  return {
    endpoint: `${GROUPS}/${groupId}`,
    groupId,
    state,
    memberCount: members,
    members: Array.from({ length: members }, (_, i) => ({
      memberId: `consumer-${groupId}-${i + 1}-3f6c2a1e`,
      clientId: `consumer-${groupId}-${i + 1}`,
      clientHost: '/10.0.3.17',
      assignments: [{ topic: 'MetadataChangeLog_Versioned_v1', partition: i }],
    })),
    partitions: [
      { topic: 'MetadataChangeLog_Versioned_v1', partition: 0, currentOffset: 245_320, endOffset: 245_320 + lag, lag },
      { topic: 'MetadataChangeLog_Timeseries_v1', partition: 0, currentOffset: 61_904, endOffset: 61_904, lag: 0 },
    ],
    topicLag: { MetadataChangeLog_Versioned_v1: lag, MetadataChangeLog_Timeseries_v1: 0 },
    totalLag: lag,
  };
}

describe('consumer names', () => {
  it("names DataHub's consumers by group id, and shows others' ids capped", () => {
    assert.match(consumerName(MAE), /^MAE consumer/);
    assert.match(consumerName(MCE), /^MCE consumer/);
    assert.equal(consumerName('generic-pe-consumer-job-client'), 'platform events consumer');
    assert.equal(consumerName('generic-platform-event-job-client'), 'platform events consumer');
    assert.equal(consumerName('pipeline-consumer'), 'consumer group pipeline-consumer');
    assert.equal(consumerName('datahub-usage-event-consumer-job-client'), 'usage events consumer');
    assert.equal(consumerName('my-group'), 'consumer group my-group');
    assert.ok(consumerName(`x${'y'.repeat(500)}`).length <= 120);
  });
});

describe('consumer groups', () => {
  it('Empty with no members is failing: not consuming at all, restart it', () => {
    const [line] = consumerGroupLines(ok(list([[MAE, 'Empty']])), new Map([[MAE, ok(detail(MAE, 'Empty', 0, 1500))]]), NOW);
    assert.equal(line.verdict, 'failing');
    assert.match(line.summary, /Empty, no members: not consuming at all \(1,500 message\(s\) waiting\)/);
    assert.match(line.nextStep ?? '', /MAE consumer .* is down: restart it/);
    assert.equal(line.figures.members, 0);
  });
  it('a lag of a poll batch or less is a consumer keeping up', () => {
    const line = consumerGroupLines(ok(list([[MAE, 'Stable']])), new Map([[MAE, ok(detail(MAE, 'Stable', 1, 120))]]), NOW)[0];
    assert.equal(line.verdict, 'ok');
    assert.equal(line.summary, 'consuming, keeping up (lag 120, 1 member(s))');
  });

  it('Stable with members and lag is a warning "behind by N", not failing', () => {
    const [line] = consumerGroupLines(ok(list([[MAE, 'Stable']])), new Map([[MAE, ok(detail(MAE, 'Stable', 1, 1500))]]), NOW);
    assert.equal(line.verdict, 'warning');
    assert.equal(line.summary, 'behind by 1,500 message(s)');
    assert.deepEqual(line.details, ['MetadataChangeLog_Versioned_v1: lag 1,500', 'MetadataChangeLog_Timeseries_v1: lag 0']);
  });
  it('no lag is ok; one line per group', () => {
    const lines = consumerGroupLines(
      ok(
        list([
          [MCE, 'Stable'],
          [MAE, 'Stable'],
        ]),
      ),
      new Map([
        [MCE, ok(detail(MCE, 'Stable', 1, 0))],
        [MAE, ok(detail(MAE, 'Stable', 2, 0))],
      ]),
      NOW,
    );
    assert.deepEqual(
      lines.map((l) => [l.id, l.verdict]),
      [
        [`consumer:${MCE}`, 'ok'],
        [`consumer:${MAE}`, 'ok'],
      ],
    );
  });
  it('a shrinking lag gives its pace and the time to catch up; a growing one its pace', () => {
    const details = new Map([[MAE, ok(detail(MAE, 'Stable', 1, 1000))]]);
    const shrinking = consumerGroupLines(ok(list([[MAE, 'Stable']])), details, NOW, new Map([[MAE, { totalLag: 3000, at: NOW - 120_000 }]]))[0];
    assert.equal(shrinking.summary, 'behind by 1,000 message(s), shrinking by 1,000/min, caught up in about 1 min 00 s');
    assert.equal(shrinking.figures.lagPerMinute, -1000);
    assert.equal(shrinking.figures.etaMs, 60_000);
    const growing = consumerGroupLines(ok(list([[MAE, 'Stable']])), details, NOW, new Map([[MAE, { totalLag: 400, at: NOW - 60_000 }]]))[0];
    assert.equal(growing.summary, 'behind by 1,000 message(s), growing by 600/min');
    assert.match(growing.nextStep ?? '', /slower than writes arrive/);
  });
  it('lagTrend: no trend from readings under a second apart', () => {
    assert.equal(lagTrend({ totalLag: 10, at: NOW - 500 }, 5, NOW), undefined);
    assert.deepEqual(lagTrend({ totalLag: 10, at: NOW - 60_000 }, 10, NOW), { perMinute: 0 });
  });
  it('a rebalancing group is a warning; the list alone tells Empty as failing', () => {
    const [rebalancing] = consumerGroupLines(ok(list([[MAE, 'PreparingRebalance']])), new Map([[MAE, ok(detail(MAE, 'PreparingRebalance', 1, 10))]]), NOW);
    assert.equal(rebalancing.verdict, 'warning');
    const [fromList] = consumerGroupLines(ok(list([[MAE, 'Dead']])), new Map(), NOW);
    assert.equal(fromList.verdict, 'failing');
  });
  it('the list not offered or forbidden is one line; one group forbidden is that group unreadable', () => {
    const notOffered = new GmsError({ kind: 'notFound', code: 'openapiMissing', message: 'not offered', status: 404 });
    const lines = consumerGroupLines(failed(notOffered), new Map(), NOW);
    assert.equal(lines.length, 1);
    assert.equal(lines[0].verdict, 'notOffered');
    const forbidden = new GmsError({ kind: 'forbidden', message: 'needs MANAGE_SYSTEM_OPERATIONS', status: 403 });
    const [line] = consumerGroupLines(ok(list([[MAE, 'Stable']])), new Map([[MAE, failed<ConsumerGroupDetail>(forbidden)]]), NOW);
    assert.equal(line.verdict, 'unreadable');
    assert.match(line.summary, /Manage System Operations/);
  });
  it('no group at all is a warning', () => {
    assert.equal(consumerGroupLines(ok(list([])), new Map(), NOW)[0].verdict, 'warning');
  });
});

describe('failed writes count', () => {
  const topic = (messageCount?: number): TopicDetail => ({
    endpoint: 'GET /openapi/operations/kafka/topics/FailedMetadataChangeProposal_v1',
    name: 'FailedMetadataChangeProposal_v1',
    alias: 'mcp-failed',
    partitionCount: 1,
    partitions: [{ partition: 0, replicas: [1], isr: [1] }],
    configs: { 'retention.ms': '7776000000' },
    ...(messageCount === undefined ? {} : { messageCount }),
  });
  const topics = (t: TopicDetail): TopicList => ({ endpoint: 'GET /openapi/operations/kafka/topics', names: [t.name], topics: [t] });
  const page = (n: number, hasMore: boolean): MessagePage => ({
    endpoint: 'GET /openapi/operations/kafka/messages/mcp-failed',
    alias: 'mcp-failed',
    messages: Array.from({ length: n }, (_, i) => ({ partition: 0, offset: i, value: {}, valueTruncated: false, replayable: true })),
    hasMore,
    requested: 100,
  });

  it('none is ok', () => {
    assert.equal(failedMcpLine(ok(topics(topic(0))), undefined, iso).verdict, 'ok');
  });
  it('some is a warning with the growth since the previous report, and replay advice', () => {
    const line = failedMcpLine(ok(topics(topic(42))), undefined, iso, { count: 30, at: NOW - 3_600_000 });
    assert.equal(line.verdict, 'warning');
    assert.equal(line.summary, '42 failed write(s), +12 since 2026-11-26T11:00:00.000Z');
    assert.match(line.nextStep ?? '', /browse and replay them \(dry run first\)/);
    assert.equal(line.figures.sincePrevious, 12);
  });
  it('without offsets on the topic, the first page counts ("at least" when there is more)', () => {
    const line = failedMcpLine(ok(topics(topic())), ok(page(100, true)), iso);
    assert.equal(line.summary, 'at least 100 failed write(s)');
    assert.equal(failedMcpLine(ok(topics(topic())), ok(page(0, false)), iso).verdict, 'ok');
  });
  it('not offered (older KafkaController) and no count at all', () => {
    const notOffered = new GmsError({ kind: 'notFound', code: 'openapiMissing', message: 'not offered', status: 404 });
    assert.equal(failedMcpLine(failed(notOffered), undefined, iso).verdict, 'notOffered');
    assert.equal(failedMcpLine(ok(topics(topic())), undefined, iso).verdict, 'unreadable');
  });
});

describe("other views' lag lines", () => {
  const shLag = (group: string): DoctorLine => ({
    id: `lag:mcl:${group}`,
    title: 'MAE consumer lag',
    verdict: 'failing',
    summary: 'stalled: 30,000 events behind (read 11:58)',
    figures: { events: 30_000, state: 'stalled', group },
    source: 'Search Health (messaging/…/consumer/lag)',
  });
  const drift: DoctorLine = { id: 'searchDrift', title: 'Search drift', verdict: 'ok', summary: '0 of 5 disagree', figures: {}, source: 'Search Health' };

  it('leaves out a group the report read itself (one line for a stopped consumer), keeps the rest', () => {
    const consumers = consumerGroupLines(ok(list([[MAE, 'Empty']])), new Map([[MAE, ok(detail(MAE, 'Empty', 0, 1500))]]), NOW);
    const kept = withoutRepeatedLag(consumers, [shLag(MAE), shLag(MCE), drift]);
    assert.deepEqual(
      kept.map((l) => l.id),
      [`lag:mcl:${MCE}`, 'searchDrift'],
    );
  });

  it("keeps the other view's reading where the report could not read the group", () => {
    const consumers = consumerGroupLines(
      ok(list([[MAE, 'Stable']])),
      new Map([[MAE, failed<ConsumerGroupDetail>(new GmsError({ kind: 'server', message: 'HTTP 500', status: 500 }))]]),
      NOW,
    );
    assert.equal(consumers[0].verdict, 'unreadable');
    assert.deepEqual(
      withoutRepeatedLag(consumers, [shLag(MAE)]).map((l) => l.id),
      [`lag:mcl:${MAE}`],
    );
    assert.equal(withoutRepeatedLag([], [shLag(MAE)]).length, 1, 'no Kafka lines at all (not offered): kept');
  });

  it('one line per id (ids equal once capped are one line) and a "+N more" line for the groups past the cap', () => {
    const long = 'g'.repeat(250);
    const lines = consumerGroupLines(
      ok({
        ...list([
          [MAE, 'Empty'],
          [MAE, 'Stable'],
          [`${long}a`, 'Stable'],
          [`${long}b`, 'Stable'],
        ]),
        more: 1234,
      }),
      new Map(),
      NOW,
    );
    const ids = lines.map((l) => l.id);
    assert.equal(new Set(ids).size, ids.length, ids.join(', '));
    assert.equal(lines.length, 3);
    const more = lines[2];
    assert.equal(more.id, 'consumers:more');
    assert.equal(more.title, '+1,234 more consumer groups');
    assert.equal(more.verdict, 'warning');
  });
});
