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
import {
  DATAHUB_TOPIC_ALIASES,
  MESSAGE_PAGE_MAX,
  type DataHubTopicAlias,
  type DoctorOperations,
  type TopicDetail,
  type TraceWriteOptions,
} from '../doctorTypes';
import type { GmsAction } from '../types';
import { parseUrn } from '../urn';
import { IDENTIFIER, validateUrn } from '../validate';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import {
  parseCanary,
  parseConsumerGroup,
  parseConsumerGroups,
  parseHealth,
  parseMaintenance,
  parseMessagePage,
  parseRateLimits,
  parseReady,
  parseReplay,
  parseSearchCluster,
  parseSystemInfo,
  parseThrottle,
  parseTopic,
  parseTopicNames,
  parseTrace,
} from './doctorAnswers';
import { doctorHttpError } from './doctorErrors';
import type { Query } from './requests';

export const KAFKA_PATH = 'openapi/operations/kafka';
/** The default page of messages (the server's default is 100, the most the client asks for). */
export const MESSAGE_PAGE_DEFAULT = 20;
/** Topics described by topics(): DataHub has six; a listing longer than this is not DataHub's. */
export const TOPICS_DESCRIBED_MAX = 16;
/** URNs and aspects one trace request may name (the trace reads the database and the search index for each). */
export const TRACE_URNS_MAX = 100;
export const TRACE_ASPECTS_MAX = 50;
/** A canary's aspect value, as JSON. */
export const CANARY_VALUE_MAX_BYTES = 64 * 1024;
/** Offsets and partitions: whole numbers the server keeps as long/int. */
const MAX_OFFSET = Number.MAX_SAFE_INTEGER;
const MAX_PARTITION = 100_000;

/** Kafka's legal consumer group ids and topic names (as far as DataHub's are concerned). */
const KAFKA_NAME = /^[A-Za-z0-9._-]{1,249}$/;
const GROUP_ID = /^[A-Za-z0-9._:-]{1,255}$/;
const TRACE_ID = /^[0-9a-fA-F]{32}$/;
const TRACEPARENT = /^[0-9a-fA-F]{2}-([0-9a-fA-F]{32})-[0-9a-fA-F]{16}-[0-9a-fA-F]{2}$/;

function invalid(field: string, message: string, action: GmsAction): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, message: `${field}: ${message}` });
}

function wholeNumber(value: unknown, field: string, min: number, max: number, action: GmsAction): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`, action);
  }
  return value;
}

function flag(value: unknown, field: string, fallback: boolean, action: GmsAction): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalid(field, `true or false, got ${JSON.stringify(value)}`, action);
  return value;
}

function alias(value: unknown, action: GmsAction): DataHubTopicAlias {
  if (typeof value !== 'string' || !(DATAHUB_TOPIC_ALIASES as readonly string[]).includes(value)) {
    throw invalid('alias', `one of ${DATAHUB_TOPIC_ALIASES.join(', ')}, got ${JSON.stringify(value)}`, action);
  }
  return value as DataHubTopicAlias;
}

/** The 32-hex trace id of an id or a whole traceparent (TraceController.extractTraceId takes both). */
export function traceIdOf(value: unknown): string {
  if (typeof value === 'string') {
    const t = value.trim();
    if (TRACE_ID.test(t)) return t.toLowerCase();
    const m = TRACEPARENT.exec(t);
    if (m) return m[1].toLowerCase();
  }
  throw invalid('traceId', `32 hex digits or a traceparent 00-<32 hex>-<16 hex>-<2 hex>, got ${JSON.stringify(value)}`, 'doctorTraceWrite');
}

function traceBody(aspects: unknown): Record<string, string[]> {
  const action: GmsAction = 'doctorTraceWrite';
  if (typeof aspects !== 'object' || aspects === null || Array.isArray(aspects)) throw invalid('aspects', 'an object { urn: [aspect names] }', action);
  const entries = Object.entries(aspects as Record<string, unknown>);
  if (entries.length === 0 || entries.length > TRACE_URNS_MAX) throw invalid('aspects', `1 to ${TRACE_URNS_MAX} URNs`, action);
  const body: Record<string, string[]> = {};
  for (const [urn, names] of entries) {
    validateUrn(urn, 'aspects', action);
    if (!Array.isArray(names) || names.length === 0 || names.length > TRACE_ASPECTS_MAX) {
      throw invalid('aspects', `1 to ${TRACE_ASPECTS_MAX} aspect names for ${urn}`, action);
    }
    for (const name of names)
      if (typeof name !== 'string' || !IDENTIFIER.test(name)) throw invalid('aspects', `${JSON.stringify(name)} is not an aspect name`, action);
    Object.defineProperty(body, urn, { value: [...new Set(names as string[])], writable: true, enumerable: true, configurable: true });
  }
  return body;
}

export function createDoctorOperations(ctx: WireContext): DoctorOperations {
  // Endpoints are the paths under the GMS base; the log names them without the query.
  const call = createOpenapiCaller(ctx, '', doctorHttpError);
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  const get = <T>(
    action: GmsAction,
    endpoint: string,
    parse: (a: Answer) => T,
    signal?: AbortSignal,
    extra: { query?: Query; answers?: (status: number) => boolean } = {},
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
      // Excluded from authentication (authentication.excludedPaths: /health); 503 while bootstrapping.
      return get('doctorHealth', 'health', (a) => ({ ...at('GET', 'health'), ...parseHealth(a.status, a.text, ctx.origin) }), signal, {
        answers: (s) => s === 503,
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
      );
    },
    async consumerGroup(groupId, signal) {
      const action: GmsAction = 'doctorConsumerGroup';
      if (typeof groupId !== 'string' || !GROUP_ID.test(groupId)) {
        throw invalid('groupId', `a Kafka consumer group id (letters, digits, ".", "_", "-", ":"), got ${JSON.stringify(groupId)}`, action);
      }
      return get(
        action,
        `${KAFKA_PATH}/consumer-groups/${encodeURIComponent(groupId)}`,
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
      if (typeof aliasOrName !== 'string' || !KAFKA_NAME.test(aliasOrName)) {
        throw invalid('topic', `a DataHub topic alias (${DATAHUB_TOPIC_ALIASES.join(', ')}) or a Kafka topic name, got ${JSON.stringify(aliasOrName)}`, action);
      }
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
      const a = alias(topicAlias, action);
      const partition = wholeNumber(page.partition ?? 0, 'partition', 0, MAX_PARTITION, action);
      const offset = wholeNumber(page.offset ?? 0, 'offset', 0, MAX_OFFSET, action);
      // Capped, not refused: a page is at most MESSAGE_PAGE_MAX messages whatever was asked.
      const count = Math.min(wholeNumber(page.count ?? MESSAGE_PAGE_DEFAULT, 'count', 1, MAX_OFFSET, action), MESSAGE_PAGE_MAX);
      const query: Query = [
        ['partition', String(partition)],
        ['offset', String(offset)],
        ['count', String(count)],
        ['format', 'json'],
      ];
      return get(
        action,
        `${KAFKA_PATH}/messages/${a}`,
        (answer) => ({ ...at('GET', `${KAFKA_PATH}/messages/${a}`), ...parseMessagePage(a, json(action, answer), answer.text, count) }),
        signal,
        { query },
      );
    },
    async replayFailed(request, signal) {
      const action: GmsAction = 'doctorReplay';
      if (typeof request !== 'object' || request === null)
        throw invalid('request', 'an object { partition, startOffset, endOffset?, count?, dryRun? }', action);
      const partition = wholeNumber(request.partition, 'partition', 0, MAX_PARTITION, action);
      const startOffset = wholeNumber(request.startOffset, 'startOffset', 0, MAX_OFFSET, action);
      const endOffset = wholeNumber(request.endOffset ?? startOffset, 'endOffset', startOffset, MAX_OFFSET, action);
      const count = wholeNumber(request.count ?? Math.min(endOffset - startOffset + 1, MESSAGE_PAGE_MAX), 'count', 1, MESSAGE_PAGE_MAX, action);
      // The server's default is a real replay (dryRun false): the client always says which it means.
      const dryRun = flag(request.dryRun, 'dryRun', true, action);
      const endpoint = `${KAFKA_PATH}/messages/mcp-failed/replay`;
      return call(
        {
          action,
          endpoint,
          method: 'POST',
          body: { partition, startOffset, endOffset, count, dryRun },
          readOnly: false,
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
      if (typeof request !== 'object' || request === null) throw invalid('request', 'an object { urn, aspectName, value }', action);
      const urn = validateUrn(request.urn, 'urn', action);
      const parsed = parseUrn(urn);
      if (!parsed.ok) throw invalid('urn', parsed.reason, action);
      const entityType = parsed.value.entityType;
      const aspectName = request.aspectName;
      if (typeof aspectName !== 'string' || !IDENTIFIER.test(aspectName) || aspectName.length > 100) {
        throw invalid('aspectName', `an aspect name (letters, digits and _), got ${JSON.stringify(aspectName)}`, action);
      }
      const value = request.value;
      if (typeof value !== 'object' || value === null || Array.isArray(value))
        throw invalid('value', "the aspect's value as an object, e.g. { removed: false }", action);
      const text = JSON.stringify(value);
      if (Buffer.byteLength(text, 'utf8') > CANARY_VALUE_MAX_BYTES) throw invalid('value', `at most ${CANARY_VALUE_MAX_BYTES} bytes of JSON`, action);
      const async = flag(request.async, 'async', true, action);
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
