// Consumer lag over real HTTP: the messaging envelope (MessagingOperationsController.java) and the
// older Kafka offsets (KafkaController.java), scripted backlogs draining and stalled, which server has which.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox, type SandboxState } from '..';
import { callOperations, control } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const MAE = 'generic-mae-consumer-job-client';
const VERSIONED = 'MetadataChangeLog_Versioned_v1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface TopicLag {
  partitions: Record<string, { offset: number; lag: number; metadata: null; aheadBy?: null }> | null;
  metrics: { maxLag: number; medianLag: number; totalLag: number; avgLag: number };
}

async function mclLag(detailed = false): Promise<TopicLag> {
  const a = await callOperations(sb.url, 'messaging/mcl/consumer/lag', { query: { detailed } });
  assert.equal(a.status, 200, a.text);
  const envelope = a.json as { transport: string; consumerGroups: Record<string, Record<string, TopicLag>> };
  assert.equal(envelope.transport, 'kafka');
  return envelope.consumerGroups[MAE][VERSIONED];
}

describe('messaging lag', () => {
  it('answers zero lag by default, partitions only when detailed, for each consumer group and topic', async () => {
    assert.deepEqual(await mclLag(), { partitions: null, metrics: { maxLag: 0, medianLag: 0, totalLag: 0, avgLag: 0 } });
    const detailed = await mclLag(true);
    assert.deepEqual(Object.keys(detailed.partitions ?? {}), ['0', '1', '2']);
    assert.deepEqual(detailed.partitions?.['0'], { offset: 245_320, metadata: null, lag: 0, aheadBy: null });
    const groups = async (consumer: string) =>
      (await callOperations(sb.url, `messaging/${consumer}/consumer/lag`)).json as { consumerGroups: Record<string, object> };
    assert.deepEqual(Object.keys((await groups('mcp')).consumerGroups), ['generic-mce-consumer-job-client']);
    assert.deepEqual(Object.keys((await groups('mcl-timeseries')).consumerGroups[MAE]), ['MetadataChangeLog_Timeseries_v1']);
    // KafkaConsumerLagPort.usageEventsLag: the usage-event listener's lag is not read over Kafka.
    assert.deepEqual((await groups('usage-events')).consumerGroups, { 'datahub-usage-event-consumer-job-client': {} });
    const transport = await callOperations(sb.url, 'messaging/transport');
    assert.deepEqual(transport.json, {
      transport: 'kafka',
      metadataChangeProposalTopic: 'MetadataChangeProposal_v1',
      metadataChangeLogVersionedTopic: VERSIONED,
      metadataChangeLogTimeseriesTopic: 'MetadataChangeLog_Timeseries_v1',
    });
  });

  it('a scripted backlog spreads over 3 partitions and drains linearly; drainPerSecond 0 stays', async () => {
    await control(sb.url, '/lag', { consumer: 'mcl', events: 12400, drainPerSecond: 310 });
    const total = (await mclLag()).metrics.totalLag;
    assert.ok(total <= 12400 && total > 12300, `310 events a second: ${total}`);
    await control(sb.url, '/lag', { consumer: 'mcl', events: 12400, drainPerSecond: 0 });
    const start = await mclLag(true);
    assert.deepEqual(start.metrics, { maxLag: 4134, medianLag: 4133, totalLag: 12400, avgLag: 4133 });
    assert.deepEqual(
      Object.values(start.partitions ?? {}).map((p) => p.lag),
      [4134, 4133, 4133],
    );
    await control(sb.url, '/lag', { consumer: 'mcl', events: 3000, drainPerSecond: 1000 });
    await sleep(150);
    const mid = (await mclLag()).metrics.totalLag;
    assert.ok(mid > 0 && mid <= 2850, `draining: ${mid}`);
    await control(sb.url, '/lag', { consumer: 'mcl', events: 100, drainPerSecond: 1000 });
    await sleep(250);
    assert.equal((await mclLag()).metrics.totalLag, 0);
    await control(sb.url, '/lag', { consumer: 'mcp', events: 50, drainPerSecond: 0 });
    await sleep(50);
    const mcp = (await callOperations(sb.url, 'messaging/mcp/consumer/lag')).json as { consumerGroups: Record<string, Record<string, TopicLag>> };
    assert.equal(mcp.consumerGroups['generic-mce-consumer-job-client'].MetadataChangeProposal_v1.metrics.totalLag, 50, 'stalled');
    const state = (await control(sb.url, '/state')) as SandboxState;
    assert.deepEqual(state.consumerLag.mcp, { events: 50, drainPerSecond: 0, lag: 50 });
  });

  it('the Kafka offsets endpoint answers the inner map alone (no transport, no aheadBy)', async () => {
    await control(sb.url, '/lag', { consumer: 'mcl', events: 7, drainPerSecond: 0 });
    const a = await callOperations(sb.url, 'kafka/mcl/consumer/offsets', { query: { detailed: true } });
    assert.equal(a.status, 200);
    const topic = (a.json as Record<string, Record<string, TopicLag>>)[MAE][VERSIONED];
    assert.deepEqual(topic.metrics, { maxLag: 3, medianLag: 2, totalLag: 7, avgLag: 2 });
    assert.deepEqual(topic.partitions?.['2'], { offset: 247_320, metadata: null, lag: 2 });
    assert.equal((await callOperations(sb.url, 'kafka/usage-events/consumer/offsets')).status, 404, 'no such Kafka endpoint');
  });

  it('403 {"error"} without Manage System Operations, each in its own words', async () => {
    const messaging = await callOperations(sb.url, 'messaging/mcl/consumer/lag', { token: SANDBOX_TOKENS.restorer });
    assert.deepEqual([messaging.status, messaging.json], [403, { error: 'urn:li:corpuser:restorer is not authorized for messaging operations' }]);
    const kafka = await callOperations(sb.url, 'kafka/mcp/consumer/offsets', { token: SANDBOX_TOKENS.reader });
    assert.deepEqual([kafka.status, kafka.json], [403, { error: 'urn:li:corpuser:reader is not authorized to get kafka offsets' }]);
  });

  it('which endpoints a server has: messaging (with the deprecated Kafka ones), kafka only, none; older servers neither', async () => {
    const statuses = async () => [
      (await callOperations(sb.url, 'messaging/mcl/consumer/lag')).status,
      (await callOperations(sb.url, 'kafka/mcl/consumer/offsets')).status,
    ];
    assert.deepEqual(await statuses(), [200, 200]);
    assert.deepEqual(await control(sb.url, '/operations', { lag: 'kafka' }), { consistency: true, lag: 'kafka', scroll: true });
    assert.deepEqual(await statuses(), [404, 200]);
    await control(sb.url, '/operations', { lag: 'none' });
    assert.deepEqual(await statuses(), [404, 404]);
    sb.reset();
    sb.setVersion('seedString');
    assert.deepEqual(await statuses(), [404, 404]);
    const state = (await control(sb.url, '/state')) as SandboxState;
    assert.deepEqual(state.operations, { consistency: true, lag: 'messaging', scroll: true }, 'what is configured; the version decides what is served');
    const bad = await fetch(`${sb.url}/__sandbox/lag`, { method: 'POST', body: JSON.stringify({ consumer: 'mae', events: 1, drainPerSecond: 1 }) });
    assert.equal(bad.status, 400);
  });

  it('records the action and typed params', async () => {
    await callOperations(sb.url, 'messaging/mcl/consumer/lag', { query: { detailed: true, skipCache: true } });
    const last = sb.requests[sb.requests.length - 1];
    assert.deepEqual([last.action, last.transport, last.params], ['messaging/mcl/consumer/lag', 'openapi', { detailed: true, skipCache: true }]);
  });
});
