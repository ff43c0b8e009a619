// DataHub's messaging operations (../messagingTypes.ts) under the GMS base:
//   /openapi/operations/messaging/transport, /consumers   operations/messaging/MessagingOperationsController.java
// Over the same wire as the Doctor's reads (timeouts, size cap, redaction, retried as reads are); the
// answers are read tolerantly and capped like the Doctor's.
import type { Answer } from '../http';
import { invalidResponse } from '../errorMapping';
import { REGISTERED_CONSUMERS_MAX, type MessagingOperations, type RegisteredConsumer } from '../messagingTypes';
import type { GmsAction } from '../types';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { doctorHttpError } from './doctorErrors';
import { invalid } from './doctorInput';
import { expectObject, int, obj, shortLine, str } from './doctorShapes';
import { createOffsetReset } from './offsetReset';

export const MESSAGING_PATH = 'openapi/operations/messaging';
/** Kafka's legal topic names (the queue reuses them as logical names). */
const TOPIC_NAME = /^[A-Za-z0-9._-]{1,249}$/;

export function createMessagingOperations(ctx: WireContext): MessagingOperations {
  const call = createOpenapiCaller(ctx, '', doctorHttpError);
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  return {
    ...createOffsetReset(call, json),
    transport(signal) {
      const endpoint = `${MESSAGING_PATH}/transport`;
      const parse = (a: Answer) => {
        const o = expectObject('messagingTransport', json('messagingTransport', a), 'a transport {transport, …Topic}', a.text);
        const transport = str(o.transport);
        if (transport === undefined) throw invalidResponse('messagingTransport', 'a transport answer without "transport"', a.text);
        const name = (v: unknown) => (typeof v === 'string' && TOPIC_NAME.test(v) ? v : undefined);
        const topics: { mcp?: string; mclVersioned?: string; mclTimeseries?: string } = {};
        if (name(o.metadataChangeProposalTopic)) topics.mcp = name(o.metadataChangeProposalTopic);
        if (name(o.metadataChangeLogVersionedTopic)) topics.mclVersioned = name(o.metadataChangeLogVersionedTopic);
        if (name(o.metadataChangeLogTimeseriesTopic)) topics.mclTimeseries = name(o.metadataChangeLogTimeseriesTopic);
        return { endpoint: `GET /${endpoint}`, transport: shortLine(transport.toLowerCase(), 40) ?? '', topics };
      };
      return call({ action: 'messagingTransport', endpoint, method: 'GET', readOnly: true, parse }, signal);
    },
    registeredConsumers(topicName, signal) {
      const action: GmsAction = 'messagingConsumers';
      if (typeof topicName !== 'string' || !TOPIC_NAME.test(topicName)) throw invalid('topicName', `a topic name, got ${JSON.stringify(topicName)}`, action);
      const endpoint = `${MESSAGING_PATH}/consumers`;
      const parse = (a: Answer) => {
        const list = json(action, a);
        if (!Array.isArray(list)) throw invalidResponse(action, 'expected a list of registered consumers', a.text);
        const seen = new Set<string>();
        const consumers: RegisteredConsumer[] = [];
        let more = 0;
        for (const item of list) {
          const o = obj(item);
          const consumerGroup = str(o.consumerGroup);
          if (consumerGroup === undefined || seen.has(consumerGroup)) continue;
          seen.add(consumerGroup);
          if (consumers.length >= REGISTERED_CONSUMERS_MAX) {
            more++;
            continue;
          }
          const registeredAt = int(o.registeredAt);
          const lastHeartbeatAt = int(o.lastHeartbeatAt);
          consumers.push({
            consumerGroup,
            topicName: str(o.topicName) ?? topicName,
            ...(registeredAt !== undefined ? { registeredAt } : {}),
            ...(lastHeartbeatAt !== undefined ? { lastHeartbeatAt } : {}),
          });
        }
        return { endpoint: `GET /${endpoint}`, topicName, consumers, more };
      };
      return call({ action, endpoint, method: 'GET', query: [['topicName', topicName]], readOnly: true, parse }, signal);
    },
  };
}
