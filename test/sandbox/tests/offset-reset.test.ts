// Consumer offsets reset through the wire client against the sandbox (offsetReset.ts): Kafka's dry run and a
// real reset of a stopped group, an active group's 400, input refused before anything is sent (a group or
// alias DataHub does not have, a strategy without its value), and the Postgres queue's stuck partition reset
// to its log's end.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '..';
import { rejectsWith, useSandbox, withAdminClient } from '../../unit/helpers';
import type { GmsClient } from '../../../src/gms/types';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const MAE = 'generic-mae-consumer-job-client';

async function control(route: string, body: unknown): Promise<void> {
  const res = await fetch(`${sb.url}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) });
  assert.equal(res.status, 200, await res.text());
}

const withClient = <T>(run: (c: GmsClient) => Promise<T>): Promise<T> => withAdminClient(sb.url, run);

const resets = () => sb.requests.filter((r) => r.path.endsWith('/offsets/reset'));

describe('consumer offsets reset', () => {
  it('Kafka: a dry run moves nothing; a stopped group is reset for real; an active group is a 400', async () => {
    await control('/doctor', { state: 'consumerStopped' });
    await new Promise((r) => setTimeout(r, 300));
    const dry = await withClient((c) => c.messaging.resetKafkaOffsets({ groupId: MAE, topic: 'mcl-versioned', strategy: 'earliest', partitions: [1] }));
    assert.equal(dry.dryRun, true);
    assert.deepEqual(
      dry.partitionResets.map((p) => [p.partition, p.to]),
      [[1, 0]],
    );
    assert.equal(dry.partitionResets[0].change, -dry.partitionResets[0].from);
    const real = await withClient((c) =>
      c.messaging.resetKafkaOffsets({ groupId: MAE, topic: 'mcl-versioned', strategy: 'to-offset', value: '5', partitions: [1], dryRun: false }),
    );
    assert.equal(real.dryRun, false);
    assert.deepEqual(
      real.partitionResets.map((p) => [p.partition, p.to]),
      [[1, 5]],
    );
    const active = await rejectsWith(
      withClient((c) => c.messaging.resetKafkaOffsets({ groupId: 'generic-mce-consumer-job-client', topic: 'mcp', strategy: 'latest', dryRun: false })),
      'badRequest',
    );
    assert.match(active.message, /UnknownMemberIdException|member/);
  });

  it('input DataHub would refuse is refused before anything is sent', async () => {
    const before = resets().length;
    await rejectsWith(
      withClient((c) => c.messaging.resetKafkaOffsets({ groupId: 'mine', topic: 'mcp', strategy: 'latest' })),
      'invalidInput',
    );
    await rejectsWith(
      withClient((c) => c.messaging.resetKafkaOffsets({ groupId: MAE, topic: 'orders', strategy: 'latest' })),
      'invalidInput',
    );
    await rejectsWith(
      withClient((c) => c.messaging.resetKafkaOffsets({ groupId: MAE, topic: 'mcp', strategy: 'shift-by' })),
      'invalidInput',
    );
    assert.equal(resets().length, before);
  });

  it('the Postgres queue: a stuck partition to its log end, cleared; on Kafka the path is not there', async () => {
    await rejectsWith(
      withClient((c) => c.messaging.resetQueueOffsets({ consumerGroup: MAE, topicName: 'MetadataChangeLog_Versioned_v1', partitionId: 0 })),
      'notFound',
    );
    await control('/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 2, aheadBy: 40 }] });
    const r = await withClient((c) => c.messaging.resetQueueOffsets({ consumerGroup: MAE, topicName: 'MetadataChangeLog_Versioned_v1', partitionId: 2 }));
    assert.deepEqual(
      r.partitionResets.map((p) => [p.partition, p.change]),
      [[2, -40]],
    );
    const lag = await withClient((c) => c.getConsumerLag('mcl'));
    assert.equal(lag.topics[0].stuck, undefined);
  });
});
