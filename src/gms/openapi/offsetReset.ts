// Consumer offsets reset, checked before anything is sent and read strictly (../messagingTypes.ts):
//   Kafka: POST /openapi/operations/kafka/consumer-groups/{groupId}/offsets/reset   operations/kafka/KafkaController.java,
//     body KafkaRequests.ResetOffsetsRequest {topic (alias), strategy, value, partitions, dryRun}, answer
//     KafkaConsumerGroupResponse.ResetOffsetsResponse {dryRun, groupId, topic, partitionResets[{partition,
//     previousOffset, newOffset, offsetChange}]}; an active group is refused by Kafka, wrapped as a 400.
//   Postgres queue: POST /openapi/operations/messaging/consumer/offsets/reset   PgQueueMessagingOperationsController.java,
//     body ConsumerOffsetResetRequest {consumerGroup, topicName, partitionId, onlyStuckAhead: true}, answer
//     ConsumerOffsetResetResponse {transport, partitionsUpdated, resets[{consumerGroup, topicName, partitionId,
//     previousOffset, newOffset, maxSeq}]}; it has no dry run.
import { invalidResponse } from '../errorMapping';
import { DATAHUB_TOPIC_ALIASES } from '../doctorTypes';
import type { Answer } from '../http';
import {
  DATAHUB_CONSUMER_GROUPS,
  RESET_STRATEGIES,
  type KafkaResetRequest,
  type OffsetResetResult,
  type PartitionReset,
  type QueueResetRequest,
} from '../messagingTypes';
import type { GmsAction } from '../types';
import type { OpenapiCaller } from './call';
import { invalid, KAFKA_PATH } from './doctorInput';
import { int, obj, str } from './doctorShapes';

const MESSAGING_RESET = 'openapi/operations/messaging/consumer/offsets/reset';
const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;
/** Partitions one reset may name. */
export const RESET_PARTITIONS_MAX = 1000;

function group(value: unknown, action: GmsAction): string {
  if (typeof value !== 'string' || !(DATAHUB_CONSUMER_GROUPS as readonly string[]).includes(value))
    throw invalid('group', `one of DataHub's consumer groups (${DATAHUB_CONSUMER_GROUPS.join(', ')}), got ${JSON.stringify(value)}`, action);
  return value;
}

function partitionList(value: unknown, action: GmsAction): number[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.length === 0 || value.length > RESET_PARTITIONS_MAX || !value.every((p) => Number.isInteger(p) && p >= 0 && p <= 100_000))
    throw invalid('partitions', `1 to ${RESET_PARTITIONS_MAX} partition numbers from 0, got ${JSON.stringify(value)}`, action);
  return [...new Set(value as number[])].sort((a, b) => a - b);
}

/** The Kafka request's body, checked: a known group, an alias, a strategy with its value. */
export function kafkaResetBody(r: KafkaResetRequest): { groupId: string; body: Record<string, unknown> } {
  const action: GmsAction = 'resetKafkaOffsets';
  const groupId = group(r.groupId, action);
  if (typeof r.topic !== 'string' || !(DATAHUB_TOPIC_ALIASES as readonly string[]).includes(r.topic))
    throw invalid('topic', `one of DataHub's topic aliases (${DATAHUB_TOPIC_ALIASES.join(', ')}), got ${JSON.stringify(r.topic)}`, action);
  if (!(RESET_STRATEGIES as readonly string[]).includes(r.strategy))
    throw invalid('strategy', `one of ${RESET_STRATEGIES.join(', ')}, got ${JSON.stringify(r.strategy)}`, action);
  const needsValue = r.strategy === 'to-offset' || r.strategy === 'shift-by';
  if (needsValue !== (r.value !== undefined)) throw invalid('value', needsValue ? `needed with ${r.strategy}` : `only with to-offset or shift-by`, action);
  if (r.value !== undefined && !(r.strategy === 'to-offset' ? /^\d{1,18}$/ : /^[+-]?\d{1,18}$/).test(r.value))
    throw invalid('value', r.strategy === 'to-offset' ? 'an offset (a whole number from 0)' : 'a whole number of messages, e.g. "-100"', action);
  if (r.dryRun !== undefined && typeof r.dryRun !== 'boolean') throw invalid('dryRun', 'true or false', action);
  const partitions = partitionList(r.partitions, action);
  return {
    groupId,
    body: {
      topic: r.topic,
      strategy: r.strategy,
      ...(r.value !== undefined ? { value: r.value } : {}),
      ...(partitions ? { partitions } : {}),
      dryRun: r.dryRun !== false,
    },
  };
}

function resets(action: GmsAction, list: unknown, raw: string, read: (o: Record<string, unknown>) => PartitionReset | undefined): PartitionReset[] {
  if (!Array.isArray(list)) throw invalidResponse(action, 'expected a list of partition resets', raw);
  const out: PartitionReset[] = [];
  for (const item of list) {
    const r = read(obj(item));
    if (!r) throw invalidResponse(action, 'a partition reset without its partition or offsets', raw);
    out.push(r);
  }
  return out.sort((a, b) => a.partition - b.partition);
}

export function createOffsetReset(call: OpenapiCaller, json: (action: GmsAction, a: Answer) => unknown) {
  return {
    resetKafkaOffsets(request: KafkaResetRequest, signal?: AbortSignal): Promise<OffsetResetResult> {
      const action: GmsAction = 'resetKafkaOffsets';
      const { groupId, body } = kafkaResetBody(request);
      const endpoint = `${KAFKA_PATH}/consumer-groups/${encodeURIComponent(groupId)}/offsets/reset`;
      const parse = (a: Answer): OffsetResetResult => {
        const o = obj(json(action, a));
        if (typeof o.dryRun !== 'boolean') throw invalidResponse(action, 'a reset answer without dryRun', a.text);
        const partitionResets = resets(action, o.partitionResets, a.text, (p) => {
          const partition = int(p.partition);
          const from = int(p.previousOffset);
          const to = int(p.newOffset);
          return partition === undefined || from === undefined || to === undefined ? undefined : { partition, from, to, change: to - from };
        });
        return { endpoint: `POST /${KAFKA_PATH}/consumer-groups/{groupId}/offsets/reset`, dryRun: o.dryRun, partitionResets };
      };
      // A dry run (the default) only computes the new offsets: no write (WireRequest.write).
      const write = body.dryRun === true ? undefined : { targets: [`${groupId} ${String(body.topic)}`] };
      return call({ action, endpoint, method: 'POST', body, readOnly: false, write, parse }, signal);
    },
    resetQueueOffsets(request: QueueResetRequest, signal?: AbortSignal): Promise<OffsetResetResult> {
      const action: GmsAction = 'resetQueueOffsets';
      const consumerGroup = group(request.consumerGroup, action);
      if (typeof request.topicName !== 'string' || !TOPIC_NAME.test(request.topicName))
        throw invalid('topicName', `a topic name, got ${JSON.stringify(request.topicName)}`, action);
      if (!Number.isInteger(request.partitionId) || request.partitionId < 0) throw invalid('partitionId', 'a partition number from 0', action);
      const body = { consumerGroup, topicName: request.topicName, partitionId: request.partitionId, onlyStuckAhead: true };
      const parse = (a: Answer): OffsetResetResult => {
        const o = obj(json(action, a));
        const partitionResets = resets(action, o.resets, a.text, (p) => {
          const partition = int(p.partitionId);
          const from = int(p.previousOffset);
          const to = int(p.newOffset);
          if (str(p.consumerGroup) !== consumerGroup || str(p.topicName) !== request.topicName) return undefined;
          return partition === undefined || from === undefined || to === undefined ? undefined : { partition, from, to, change: to - from };
        });
        return { endpoint: `POST /${MESSAGING_RESET}`, dryRun: false, partitionResets };
      };
      const write = { targets: [`${consumerGroup} ${request.topicName} partition ${request.partitionId}`] };
      return call({ action, endpoint: MESSAGING_RESET, method: 'POST', body, readOnly: false, write, parse }, signal);
    },
  };
}
