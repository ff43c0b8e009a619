// DataHub's health and operations endpoints for the Doctor (doctorTypes.ts), all under the GMS base
// (Spring runs one dispatcher at "/": a controller's @RequestMapping is its whole path; behind
// datahub-frontend the base is .../api/gms as for every other call):
//   /health, /check/ready, /debug/elastic                 health/HealthCheckController.java
//   /openapi/v1/system-info                                operations/v1/SystemInfoController.java
//   /openapi/operations/kafka/{consumer-groups,topics,messages}  operations/kafka/KafkaController.java
//   /openapi/operations/throttle/requests                  operations/throttle/ThrottleController.java
//   /openapi/v1/rate-limits/status                         operations/ratelimit/RateLimitController.java
//   /openapi/operations/maintenance/status                 operations/maintenance/MaintenanceController.java
//   /openapi/v1/trace/write/{traceId}                      operations/v1/TraceController.java
//   /openapi/v3/entity/{entity}/{urn}/{aspect}             v3/controller/EntityController.java (createAspect)
// Over the same wire as the other operations (timeouts, size cap, redaction). Reads are retried as
// every read is; the replay and the canary write never are. Input is checked before anything is sent.
import { GmsError } from '../errors';
import type { Answer } from '../http';
import type { DoctorOperations, TopicDetail, TraceWriteOptions } from '../doctorTypes';
import { DATAHUB_TOPIC_ALIASES } from '../doctorTypes';
import type { GmsAction } from '../types';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import {
  parseCanary,
  parseHealth,
  parseMaintenance,
  parseRateLimits,
  parseReady,
  parseSearchCluster,
  parseSystemInfo,
  parseThrottle,
  parseTrace,
} from './doctorAnswers';
import { parseConsumerGroup, parseConsumerGroups, parseMessagePage, parseReplay, parseTopic, parseTopicNames } from './doctorKafkaAnswers';
import { doctorHttpError } from './doctorErrors';
import { canaryInput, flag, groupIdOf, KAFKA_PATH, messageQuery, replayBody, topicOf, TOPICS_DESCRIBED_MAX, traceBody, traceIdOf } from './doctorInput';
import type { Query } from './requests';

/** The largest consumer group list read (about 50,000 groups); CONSUMER_GROUPS_MAX of them are kept. */
export const GROUP_LIST_MAX_BYTES = 4 * 1024 * 1024;

export function createDoctorOperations(ctx: WireContext): DoctorOperations {
  // Endpoints are the paths under the GMS base; the log names them without the query.
  const call = createOpenapiCaller(ctx, '', doctorHttpError);
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  const get = <T>(
    action: GmsAction,
    endpoint: string,
    parse: (a: Answer) => T,
    signal?: AbortSignal,
    extra: { query?: Query; answers?: (status: number) => boolean; anonymous?: boolean; maxResponseBytes?: number } = {},
  ) => call({ action, endpoint, method: 'GET', readOnly: true, parse, ...extra }, signal);
  const at = (method: string, endpoint: string) => ({ endpoint: `${method} /${endpoint}` });

  async function describe(name: string, signal?: AbortSignal): Promise<TopicDetail> {
    const endpoint = `${KAFKA_PATH}/topics/${encodeURIComponent(name)}`;
    return get('doctorTopic', endpoint, (a) => ({ ...at('GET', `${KAFKA_PATH}/topics/{topicName}`), ...parseTopic(json('doctorTopic', a), a.text) }), signal);
  }

  async function topicNames(signal?: AbortSignal): Promise<string[]> {
    return get('doctorTopics', `${KAFKA_PATH}/topics`, (a) => parseTopicNames(json('doctorTopics', a), a.text), signal);
  }

  return {
    health(signal) {
      // Excluded from authentication (authentication.excludedPaths: /health): sent without the token; 503 while bootstrapping.
      return get('doctorHealth', 'health', (a) => ({ ...at('GET', 'health'), ...parseHealth(a.status, a.text, ctx.origin) }), signal, {
        answers: (s) => s === 503,
        anonymous: true,
      });
    },
    ready(signal) {
      return get('doctorReady', 'check/ready', (a) => ({ ...at('GET', 'check/ready'), ...parseReady(a.status, a.text, ctx.origin) }), signal, {
        answers: (s) => s === 503,
      });
    },
    searchCluster(signal) {
      return get(
        'doctorSearchCluster',
        'debug/elastic',
        (a) => ({ ...at('GET', 'debug/elastic'), ...parseSearchCluster(a.status, a.text, a.contentType, ctx.origin) }),
        signal,
        { answers: (s) => s === 503 },
      );
    },
    systemInfo(signal) {
      const endpoint = 'openapi/v1/system-info';
      return get('doctorSystemInfo', endpoint, (a) => ({ ...at('GET', endpoint), ...parseSystemInfo(json('doctorSystemInfo', a), a.text) }), signal);
    },
    consumerGroups(signal) {
      const endpoint = `${KAFKA_PATH}/consumer-groups`;
      return get(
        'doctorConsumerGroups',
        endpoint,
        (a) => ({ ...at('GET', endpoint), ...parseConsumerGroups(json('doctorConsumerGroups', a), a.text) }),
        signal,
        // DataHub lists its five groups: a listing past this is refused whole rather than parsed (the host stays quick).
        { maxResponseBytes: GROUP_LIST_MAX_BYTES },
      );
    },
    async consumerGroup(groupId, signal) {
      const action: GmsAction = 'doctorConsumerGroup';
      return get(
        action,
        `${KAFKA_PATH}/consumer-groups/${encodeURIComponent(groupIdOf(groupId))}`,
        (a) => ({ ...at('GET', `${KAFKA_PATH}/consumer-groups/{groupId}`), ...parseConsumerGroup(json(action, a), a.text) }),
        signal,
      );
    },
    async topics(signal) {
      const names = await topicNames(signal);
      const topics: TopicDetail[] = [];
      for (const name of names.slice(0, TOPICS_DESCRIBED_MAX)) topics.push(await describe(name, signal));
      return { ...at('GET', `${KAFKA_PATH}/topics`), names, topics };
    },
    async topic(aliasOrName, signal) {
      const action: GmsAction = 'doctorTopic';
      topicOf(aliasOrName);
      if (!(DATAHUB_TOPIC_ALIASES as readonly string[]).includes(aliasOrName)) return describe(aliasOrName, signal);
      // The controller describes by name; the alias is in each description (dataHubAlias). DataHub's default
      // names (TopicConventionImpl) are tried first, then the rest of the listing.
      const names = await topicNames(signal);
      const defaults: Record<string, string> = {
        mcp: 'MetadataChangeProposal_v1',
        'mcp-failed': 'FailedMetadataChangeProposal_v1',
        'mcl-versioned': 'MetadataChangeLog_Versioned_v1',
        'mcl-timeseries': 'MetadataChangeLog_Timeseries_v1',
        'platform-event': 'PlatformEvent_v1',
        'upgrade-history': 'DataHubUpgradeHistory_v1',
      };
      const likely = names.filter((n) => n.endsWith(defaults[aliasOrName]));
      const order = [...likely, ...names.filter((n) => !likely.includes(n))].slice(0, TOPICS_DESCRIBED_MAX);
      for (const name of order) {
        const topic = await describe(name, signal);
        if (topic.alias === aliasOrName) return topic;
      }
      throw new GmsError({
        kind: 'notFound',
        action,
        message: `No DataHub topic with the alias ${aliasOrName} among the ${names.length} topics the server listed.`,
      });
    },
    async messages(topicAlias, page = {}, signal) {
      const action: GmsAction = 'doctorMessages';
      const { alias: a, count, query } = messageQuery(topicAlias, page);
      return get(
        action,
        `${KAFKA_PATH}/messages/${a}`,
        (answer) => ({
          ...at('GET', `${KAFKA_PATH}/messages/${a}`),
          ...parseMessagePage(a, json(action, answer), answer.text, count, page.positionsOnly === true),
        }),
        signal,
        { query },
      );
    },
    async replayFailed(request, signal) {
      const action: GmsAction = 'doctorReplay';
      const body = replayBody(request);
      const endpoint = `${KAFKA_PATH}/messages/mcp-failed/replay`;
      return call(
        {
          action,
          endpoint,
          method: 'POST',
          body,
          readOnly: false,
          // A dry run lists what would be replayed: no write (WireRequest.write).
          ...(body.dryRun ? {} : { write: { targets: [`partition ${body.partition} offsets ${body.startOffset}-${body.endOffset}`] } }),
          parse: (a) => ({ ...at('POST', endpoint), ...parseReplay(json(action, a), a.text) }),
        },
        signal,
      );
    },
    throttle(signal) {
      const endpoint = 'openapi/operations/throttle/requests';
      return get('doctorThrottle', endpoint, (a) => ({ ...at('GET', endpoint), ...parseThrottle(json('doctorThrottle', a), a.text) }), signal);
    },
    rateLimits(signal) {
      const endpoint = 'openapi/v1/rate-limits/status';
      return get('doctorRateLimits', endpoint, (a) => ({ ...at('GET', endpoint), ...parseRateLimits(json('doctorRateLimits', a), a.text) }), signal);
    },
    maintenance(signal) {
      const endpoint = 'openapi/operations/maintenance/status';
      return get('doctorMaintenance', endpoint, (a) => ({ ...at('GET', endpoint), ...parseMaintenance(json('doctorMaintenance', a), a.text) }), signal);
    },
    async traceWrite(traceId, aspects, options: TraceWriteOptions = {}, signal) {
      const action: GmsAction = 'doctorTraceWrite';
      const id = traceIdOf(traceId);
      const body = traceBody(aspects);
      const query: Query = [
        ['onlyIncludeErrors', String(flag(options.onlyIncludeErrors, 'onlyIncludeErrors', false, action))],
        ['detailed', String(flag(options.detailed, 'detailed', false, action))],
        ['skipCache', String(flag(options.skipCache, 'skipCache', false, action))],
      ];
      // A POST that reads (the trace changes nothing): retried as a read.
      return call(
        {
          action,
          endpoint: `openapi/v1/trace/write/${id}`,
          method: 'POST',
          query,
          body,
          readOnly: true,
          parse: (a) => ({ ...at('POST', 'openapi/v1/trace/write/{traceId}'), ...parseTrace(id, json(action, a), a.text) }),
        },
        signal,
      );
    },
    async writeCanary(request, signal) {
      const action: GmsAction = 'doctorWriteCanary';
      const { urn, entityType, aspectName, value, async } = canaryInput(request);
      // createIfNotExists=false: an upsert (its default true would refuse a second canary on the same aspect);
      // createIfEntityNotExists=false: no CREATE_ENTITY; systemMetadata=true: the trace id in the body as well.
      const query: Query = [
        ['async', String(async)],
        ['systemMetadata', 'true'],
        ['createIfEntityNotExists', 'false'],
        ['createIfNotExists', 'false'],
      ];
      const template = 'openapi/v3/entity/{entityName}/{entityUrn}/{aspectName}';
      return call(
        {
          action,
          endpoint: `openapi/v3/entity/${encodeURIComponent(entityType.toLowerCase())}/${encodeURIComponent(urn)}/${encodeURIComponent(aspectName)}`,
          method: 'POST',
          query,
          body: { value },
          readOnly: false,
          write: { targets: [urn] },
          parse: (a) => {
            let body: unknown;
            try {
              body = JSON.parse(a.text);
            } catch {
              body = undefined;
            }
            return { ...at('POST', template), ...parseCanary(urn, aspectName, a.status, a.traceparent, body, a.text) };
          },
        },
        signal,
      );
    },
  };
}
