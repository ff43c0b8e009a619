// The sandbox on the Postgres queue (pgQueue.ts) through the wire client: the transport named, the lag
// envelope with a stuck-ahead partition (its sentinel written exactly, kept out of the totals by the
// client), registered consumers, Kafka's admin paths unmapped (404, "not offered"), and Kafka's answers
// (503 for the registry) when the queue is off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { isNotOffered } from '../../../src/gms';
import { rejectsWith, useSandbox, withAdminClient } from '../../unit/helpers';
import type { GmsClient } from '../../../src/gms/types';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const MAE = 'generic-mae-consumer-job-client';
const MCL = 'MetadataChangeLog_Versioned_v1';

async function control(route: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${sb.url}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) });
  assert.equal(res.status, 200, `${route}: ${await res.clone().text()}`);
  return (await res.json()) as Record<string, unknown>;
}

const withClient = <T>(run: (c: GmsClient) => Promise<T>): Promise<T> => withAdminClient(sb.url, run);

describe('the Postgres queue', () => {
  it('names its transport; a stuck-ahead partition is apart from the lag, its sentinel exact on the wire', async () => {
    await control('/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
    await control('/lag', { consumer: 'mcl', events: 300, drainPerSecond: 0 });
    const info = await withClient((c) => c.messaging.transport());
    assert.equal(info.transport, 'pgqueue');
    assert.equal(info.topics.mclVersioned, MCL);
    const raw = await (
      await fetch(`${sb.url}/openapi/operations/messaging/mcl/consumer/lag?detailed=true`, { headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}` } })
    ).text();
    assert.match(raw, /"maxLag":2305843009213693951/);
    assert.match(raw, /"aheadBy":228,"metadata":"STUCK_AHEAD"/);
    const lag = await withClient((c) => c.getConsumerLag('mcl'));
    assert.equal(lag.transport, 'pgqueue');
    const t = lag.topics.find((x) => x.group === MAE && x.topic === MCL);
    assert.ok(t);
    assert.deepEqual(t.stuck, { partitions: ['1'], aheadBy: 228, ahead: { '1': 228 } });
    assert.equal(t.totalLag, 200, 'the two partitions that are not stuck: 100 each');
    const usage = await withClient((c) => c.getConsumerLag('usage-events'));
    assert.equal(usage.topics.length, 1, 'usage events read like the others on the queue');
  });

  it('registered consumers listed; an unknown topic is 404; Kafka admin paths are not offered', async () => {
    await control('/messaging', { transport: 'pgqueue', heartbeatAgeMs: { [MAE]: 600_000 } });
    const list = await withClient((c) => c.messaging.registeredConsumers(MCL));
    assert.deepEqual(
      list.consumers.map((c) => c.consumerGroup),
      [MAE],
    );
    assert.ok(Date.now() - (list.consumers[0].lastHeartbeatAt ?? 0) >= 600_000);
    await rejectsWith(
      withClient((c) => c.messaging.registeredConsumers('Nope_v1')),
      'notFound',
    );
    const groups = await withClient((c) => c.doctor.consumerGroups()).catch((e: unknown) => e);
    assert.ok(isNotOffered(groups), String(groups));
    const offsets = await fetch(`${sb.url}/openapi/operations/kafka/mcl/consumer/offsets`, { headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}` } });
    assert.equal(offsets.status, 404);
  });

  it('on Kafka: transport kafka, the registry answers 503, bad scripts are refused', async () => {
    assert.equal((await withClient((c) => c.messaging.transport())).transport, 'kafka');
    const unavailable = await rejectsWith(
      withClient((c) => c.messaging.registeredConsumers(MCL)),
      'server',
    );
    assert.equal(unavailable.status, 503);
    const bad = await fetch(`${sb.url}/__sandbox/messaging`, {
      method: 'POST',
      body: JSON.stringify({ stuckAhead: [{ consumer: 'x', partition: 0, aheadBy: 1 }] }),
    });
    assert.equal(bad.status, 400);
  });
});
