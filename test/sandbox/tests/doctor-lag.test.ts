// The lag endpoints Search Health reads (lag.ts) and the Doctor's Kafka admin answers (doctor.ts)
// read one MAE consumer group, as in a real GMS: a stopped consumer's committed offsets stand still
// on both, a lagging one is behind on both, and a backlog scripted on the lag endpoints wins.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MAE = 'generic-mae-consumer-job-client';

async function control(method: string, route: string, body?: unknown): Promise<void> {
  const res = await fetch(`${sb.url}/__sandbox${route}`, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  assert.equal(res.status, 200, `${route}: ${await res.text()}`);
}

async function get(path: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}` } });
  return { status: res.status, text: await res.text() };
}

describe('one MAE consumer group behind the lag endpoints and the Doctor', () => {
  it("the lag endpoints read the same group: Search Health sees the stopped consumer's offsets stand still, and the behind one's backlog", async () => {
    type Lag = { consumerGroups: Record<string, Record<string, { metrics: { totalLag: number }; partitions: Record<string, { offset: number }> }>> };
    const mcl = async (): Promise<{ total: number; offsets: number[] }> => {
      const answer = JSON.parse((await get('/openapi/operations/messaging/mcl/consumer/lag?detailed=true')).text) as Lag;
      const topic = answer.consumerGroups[MAE].MetadataChangeLog_Versioned_v1;
      return { total: topic.metrics.totalLag, offsets: Object.values(topic.partitions).map((p) => p.offset) };
    };
    assert.equal((await mcl()).total, 0, 'caught up while green');
    await control('POST', '/doctor', { state: 'consumerStopped', producedPerSecond: 100 });
    const first = await mcl();
    await sleep(250);
    const later = await mcl();
    assert.ok(later.total > first.total, `the lag grows: ${first.total} -> ${later.total}`);
    assert.deepEqual(later.offsets, first.offsets, 'the committed offsets stand still');
    await control('POST', '/doctor', { state: 'consumerBehind', behindBy: 1000 });
    assert.equal((await mcl()).total, 3000);
    // A backlog scripted on the lag endpoints wins over the Doctor's state.
    await control('POST', '/lag', { consumer: 'mcl', events: 42, drainPerSecond: 0 });
    assert.equal((await mcl()).total, 42);
  });

  it("a backlog scripted on the lag endpoints is the Kafka admin answer's group detail too: the same offsets, the same lag", async () => {
    await control('POST', '/lag', { consumer: 'mcl', events: 9_001, drainPerSecond: 0 });
    type Group = {
      offsets: Record<string, { topicLag: number; partitions: Record<string, { currentOffset: number; endOffset: number; lag: number }> }>;
    };
    const group = JSON.parse((await get(`/openapi/operations/kafka/consumer-groups/${MAE}`)).text) as Group;
    const versioned = group.offsets.MetadataChangeLog_Versioned_v1;
    assert.equal(versioned.topicLag, 9_001);
    assert.equal(group.offsets.MetadataChangeLog_Timeseries_v1.topicLag, 0, 'the other topic of the group is not scripted');
    type Lag = { consumerGroups: Record<string, Record<string, { partitions: Record<string, { offset: number; lag: number }> }>> };
    const lag = JSON.parse((await get('/openapi/operations/messaging/mcl/consumer/lag?detailed=true')).text) as Lag;
    const parts = lag.consumerGroups[MAE].MetadataChangeLog_Versioned_v1.partitions;
    assert.deepEqual(
      Object.values(versioned.partitions).map((p) => [p.currentOffset, p.lag]),
      Object.values(parts).map((p) => [p.offset, p.lag]),
    );
    for (const p of Object.values(versioned.partitions)) assert.equal(p.endOffset, p.currentOffset + p.lag);
  });
});
