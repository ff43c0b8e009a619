// The Doctor's wire client, Kafka side (operations/kafka/KafkaController.java, KafkaAdminService.java,
// models/*.java), against a tiny local server: consumer groups and topics with real-shaped bodies, failed
// proposals normalised (a validation list, a stack trace), the page and value caps, the replay (dry run by
// default, never retried) and bad input refused with nothing sent.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { MESSAGE_TEXT_MAX } from '../../../src/gms';
import { CONSUMER_GROUPS_MAX } from '../../../src/gms/doctorTypes';
import { rejectsWith } from '../helpers';
import { useRouteServer } from './doctorServer';

const { seen, on, withClient } = useRouteServer();
const K = '/openapi/operations/kafka';

describe('system info, consumer groups and topics', () => {
  it('reads the components and the GMS version (SpringComponentsInfo)', async () => {
    on('GET /openapi/v1/system-info', {
      body: {
        springComponents: {
          gms: { name: 'GMS', status: 'AVAILABLE', version: 'v1.3.0', properties: { serverType: 'prod' } },
          maeConsumer: { name: 'MAE Consumer', status: 'AVAILABLE', version: 'v1.3.0', properties: { enabled: true } },
          mceConsumer: { name: 'MCE Consumer', status: 'UNAVAILABLE', properties: { enabled: false }, errorMessage: 'not running in this pod\n\tat x' },
        },
        properties: { totalProperties: 900 },
      },
    });
    const info = await withClient((c) => c.doctor.systemInfo());
    assert.equal(info.gmsVersion, 'v1.3.0');
    assert.deepEqual(info.components[2], {
      id: 'mceConsumer',
      name: 'MCE Consumer',
      status: 'UNAVAILABLE',
      enabled: false,
      errorMessage: 'not running in this pod',
    });
  });

  it('a group listed twice is one group; past CONSUMER_GROUPS_MAX the rest are counted, not kept', async () => {
    const many = Array.from({ length: CONSUMER_GROUPS_MAX + 30 }, (_, i) => ({ groupId: `g-${String(i).padStart(4, '0')}`, state: 'Stable' }));
    on(`GET ${K}/consumer-groups`, { body: { groups: [{ groupId: 'g-0000', state: 'Empty' }, ...many, { groupId: 'g-0001', state: 'Dead' }], count: 0 } });
    const list = await withClient((c) => c.doctor.consumerGroups());
    assert.equal(list.groups.length, CONSUMER_GROUPS_MAX);
    assert.equal(new Set(list.groups.map((g) => g.groupId)).size, CONSUMER_GROUPS_MAX, 'each id once');
    assert.equal(list.groups[0].state, 'Empty', 'the first listing wins');
    assert.equal(list.more, 30);
  });

  it('lists groups and describes one: state, members, offsets, lag', async () => {
    on(`GET ${K}/consumer-groups`, {
      body: {
        groups: [
          { groupId: 'generic-mae-consumer-job-client', state: 'Empty', isDataHubGroup: true, isSimpleConsumerGroup: false },
          { groupId: 'generic-mce-consumer-job-client', state: 'Stable', isDataHubGroup: true, isSimpleConsumerGroup: false },
        ],
        count: 2,
      },
    });
    const list = await withClient((c) => c.doctor.consumerGroups());
    assert.deepEqual(
      list.groups.map((g) => [g.groupId, g.state]),
      [
        ['generic-mae-consumer-job-client', 'Empty'],
        ['generic-mce-consumer-job-client', 'Stable'],
      ],
    );
    on(`GET ${K}/consumer-groups/generic-mae-consumer-job-client`, {
      body: {
        groupId: 'generic-mae-consumer-job-client',
        state: 'Stable',
        isSimpleConsumerGroup: false,
        coordinator: { id: 1, host: 'broker', port: 29092 },
        partitionAssignor: 'range',
        members: [
          {
            memberId: 'consumer-1-abc',
            groupInstanceId: null,
            clientId: 'consumer-1',
            clientHost: '/10.0.0.5',
            assignments: [{ topic: 'MetadataChangeLog_Versioned_v1', partition: 0 }],
          },
        ],
        offsets: {
          MetadataChangeLog_Versioned_v1: {
            partitions: { '1': { currentOffset: 90, endOffset: 100, lag: 10, metadata: '' }, '0': { currentOffset: 5, endOffset: 12, lag: 7 } },
            topicLag: 17,
          },
        },
        totalLag: 17,
      },
    });
    const g = await withClient((c) => c.doctor.consumerGroup('generic-mae-consumer-job-client'));
    assert.equal(g.memberCount, 1);
    assert.deepEqual(g.partitions, [
      { topic: 'MetadataChangeLog_Versioned_v1', partition: 0, currentOffset: 5, endOffset: 12, lag: 7 },
      { topic: 'MetadataChangeLog_Versioned_v1', partition: 1, currentOffset: 90, endOffset: 100, lag: 10 },
    ]);
    assert.equal(g.totalLag, 17);
    assert.deepEqual(g.coordinator, { id: 1, host: 'broker', port: 29092 });
    assert.equal(g.endpoint, `GET ${K}/consumer-groups/{groupId}`);
  });

  it('lists topics by name and describes each; topic(alias) finds it through dataHubAlias', async () => {
    const names = ['DataHubUpgradeHistory_v1', 'FailedMetadataChangeProposal_v1', 'MetadataChangeProposal_v1'];
    on(`GET ${K}/topics`, { body: { topics: names, count: 3, includeInternal: false } });
    const aliasOf: Record<string, string> = {
      DataHubUpgradeHistory_v1: 'upgrade-history',
      FailedMetadataChangeProposal_v1: 'mcp-failed',
      MetadataChangeProposal_v1: 'mcp',
    };
    for (const name of names) {
      on(`GET ${K}/topics/${name}`, {
        body: {
          name,
          partitionCount: 1,
          replicationFactor: 1,
          internal: false,
          dataHubAlias: aliasOf[name],
          partitions: [{ partition: 0, leader: 1, replicas: [1], isr: [1], beginningOffset: 0, endOffset: 12 }],
          configs: { 'retention.ms': '604800000', 'cleanup.policy': 'delete' },
        },
      });
    }
    const all = await withClient((c) => c.doctor.topics());
    assert.deepEqual(all.names, names);
    assert.equal(all.topics.length, 3);
    assert.equal(all.topics[1].alias, 'mcp-failed');
    assert.equal(all.topics[1].messageCount, 12);
    seen.length = 0;
    const failed = await withClient((c) => c.doctor.topic('mcp-failed'));
    assert.equal(failed.name, 'FailedMetadataChangeProposal_v1');
    assert.equal(failed.configs['retention.ms'], '604800000');
    assert.equal(seen.length, 2, 'the default name is tried first');
  });
});

const STACK =
  'com.linkedin.metadata.entity.validation.ValidationException: Failed to validate record\n\tat com.linkedin.metadata.entity.EntityServiceImpl.ingestProposal(EntityServiceImpl.java:1234)';
const failedValue = (urn: string, aspect: string, error: string) =>
  JSON.stringify({
    metadataChangeProposal: {
      auditHeader: null,
      entityType: 'dataset',
      entityUrn: urn,
      entityKeyAspect: null,
      changeType: 'UPSERT',
      aspectName: aspect,
      aspect: { value: { bytes: '{"removed":false}' }, contentType: 'application/json' },
      systemMetadata: null,
      headers: null,
    },
    error,
  });

describe('messages and the replay (KafkaAdminService.getMessages, replayFailedMCPs)', () => {
  it('normalises failed proposals: a validation list and a stack trace; caps count and value', async () => {
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.t,PROD)';
    const validation = JSON.stringify([{ message: 'Aspect status: unknown field "removd"', aspectName: 'status' }]);
    on(`GET ${K}/messages/mcp-failed`, (s) => ({
      body: {
        topic: 'FailedMetadataChangeProposal_v1',
        dataHubAlias: 'mcp-failed',
        messages: [
          {
            partition: 0,
            offset: 7,
            timestamp: 1735689600000,
            timestampType: 'CreateTime',
            key: urn,
            value: failedValue(urn, 'status', validation),
            format: 'json',
            headers: null,
            replayable: true,
          },
          {
            partition: 0,
            offset: 8,
            timestamp: 1735689601000,
            timestampType: 'CreateTime',
            key: urn,
            value: failedValue(urn, 'ownership', STACK),
            format: 'json',
            replayable: true,
          },
          { partition: 0, offset: 9, key: urn, value: 'x'.repeat(MESSAGE_TEXT_MAX + 10), format: 'json', replayable: true },
        ],
        count: 3,
        hasMore: true,
        nextOffset: 10,
        query: s.query.get('count'),
      },
    }));
    const page = await withClient((c) => c.doctor.messages('mcp-failed', { offset: 7, count: 500 }));
    assert.equal(seen[0].query.get('count'), '100', 'count is capped at 100');
    assert.equal(seen[0].query.get('partition'), '0');
    assert.equal(page.requested, 100);
    assert.equal(page.hasMore, true);
    assert.equal(page.nextOffset, 10);
    const [v, x, big] = page.messages;
    assert.deepEqual(v.failed, {
      entityUrn: urn,
      entityType: 'dataset',
      aspectName: 'status',
      changeType: 'UPSERT',
      error: validation,
      errorList: JSON.parse(validation),
      errorKind: 'validation',
      errorSummary: 'Aspect status: unknown field "removd"',
    });
    assert.equal(x.failed?.errorKind, 'exception');
    assert.equal(x.failed?.aspectName, 'ownership');
    assert.equal(x.failed?.errorSummary, 'com.linkedin.metadata.entity.validation.ValidationException: Failed to validate record');
    assert.equal(x.replayable, true);
    assert.equal(big.valueTruncated, true);
    assert.equal((big.value as string).length, MESSAGE_TEXT_MAX);
    // For a count: the same page, positions only (no value, no proposal decoded).
    const positions = await withClient((c) => c.doctor.messages('mcp-failed', { offset: 7, count: 100, positionsOnly: true }));
    assert.deepEqual(
      positions.messages.map((m) => [m.partition, m.offset, m.timestamp, m.value, m.failed]),
      [
        [0, 7, 1735689600000, undefined, undefined],
        [0, 8, 1735689601000, undefined, undefined],
        [0, 9, undefined, undefined, undefined],
      ],
    );
    assert.equal(positions.nextOffset, 10);
  });

  it('sends dryRun true unless told otherwise, and never retries the replay', async () => {
    on(`POST ${K}/messages/mcp-failed/replay`, (s) => {
      const b = JSON.parse(s.body) as { dryRun: boolean; startOffset: number; endOffset: number; partition: number };
      return {
        body: {
          dryRun: b.dryRun,
          sourceTopic: 'FailedMetadataChangeProposal_v1',
          destinationTopic: 'MetadataChangeProposal_v1',
          partition: b.partition,
          startOffset: b.startOffset,
          endOffset: b.endOffset,
          successCount: 2,
          failureCount: 0,
          messages: [
            { sourceOffset: 3, key: 'urn:li:corpuser:a', success: true },
            { sourceOffset: 4, key: 'urn:li:corpuser:b', success: true },
          ],
          errors: null,
        },
      };
    });
    const dry = await withClient((c) => c.doctor.replayFailed({ partition: 0, startOffset: 3, endOffset: 4 }));
    assert.deepEqual(JSON.parse(seen[0].body), { partition: 0, startOffset: 3, endOffset: 4, count: 2, dryRun: true });
    assert.equal(dry.dryRun, true);
    assert.equal(dry.successCount, 2);
    assert.deepEqual(dry.errors, []);
    on(`POST ${K}/messages/mcp-failed/replay`, { status: 503, body: '' });
    seen.length = 0;
    await withClient((c) => rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 3, dryRun: false }), 'server'));
    assert.equal(seen.length, 1, 'a write is never retried');
  });

  it('refuses bad input with nothing sent', async () => {
    await withClient(async (c) => {
      await rejectsWith(c.doctor.messages('mcp_failed' as never), 'invalidInput');
      await rejectsWith(c.doctor.messages('mcp', { offset: -1 }), 'invalidInput');
      await rejectsWith(c.doctor.messages('mcp', { count: 0 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 5, endOffset: 4 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 0, endOffset: 500, count: 101 }), 'invalidInput');
      await rejectsWith(c.doctor.replayFailed({ partition: 0, startOffset: 1, dryRun: 'no' as never }), 'invalidInput');
      await rejectsWith(c.doctor.consumerGroup('../x'), 'invalidInput');
      await rejectsWith(c.doctor.topic('a/b'), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('xyz', { 'urn:li:corpuser:a': ['status'] }), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('0'.repeat(32), { 'not-a-urn': ['status'] }), 'invalidInput');
      await rejectsWith(c.doctor.traceWrite('0'.repeat(32), { 'urn:li:corpuser:a': [] }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:dataset:(a,)', aspectName: 'status', value: { removed: false } }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:corpuser:a', aspectName: 'status;x', value: { removed: false } }), 'invalidInput');
      await rejectsWith(c.doctor.writeCanary({ urn: 'urn:li:corpuser:a', aspectName: 'status', value: [] as never }), 'invalidInput');
    });
    assert.equal(seen.length, 0);
  });
});
