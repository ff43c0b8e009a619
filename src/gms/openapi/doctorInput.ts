// Input of the Doctor's calls (doctor.ts), checked before anything is sent: topic aliases and names,
// consumer group ids, offsets and counts (a page capped at MESSAGE_PAGE_MAX), the replay's range
// (dryRun true unless said otherwise), trace ids and the URNs and aspects a trace names, and the
// canary's one URN, aspect and value.
import { GmsError } from '../errors';
import {
  DATAHUB_TOPIC_ALIASES,
  MESSAGE_PAGE_MAX,
  type DataHubTopicAlias,
  type MessagePageRequest,
  type ReplayRequest,
  type WriteCanaryRequest,
} from '../doctorTypes';
import type { GmsAction } from '../types';
import { parseUrn } from '../urn';
import { IDENTIFIER, validateUrn } from '../validate';
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

export function invalid(field: string, message: string, action: GmsAction): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, message: `${field}: ${message}` });
}

function wholeNumber(value: unknown, field: string, min: number, max: number, action: GmsAction): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(field, `a whole number from ${min} to ${max}, got ${JSON.stringify(value)}`, action);
  }
  return value;
}

export function flag(value: unknown, field: string, fallback: boolean, action: GmsAction): boolean {
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

export function traceBody(aspects: unknown): Record<string, string[]> {
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

/** A consumer group id for the path. */
export function groupIdOf(value: unknown): string {
  if (typeof value !== 'string' || !GROUP_ID.test(value)) {
    throw invalid('groupId', `a Kafka consumer group id (letters, digits, ".", "_", "-", ":"), got ${JSON.stringify(value)}`, 'doctorConsumerGroup');
  }
  return value;
}

/** A topic alias or a Kafka topic name. */
export function topicOf(value: unknown): string {
  if (typeof value !== 'string' || !KAFKA_NAME.test(value)) {
    throw invalid('topic', `a DataHub topic alias (${DATAHUB_TOPIC_ALIASES.join(', ')}) or a Kafka topic name, got ${JSON.stringify(value)}`, 'doctorTopic');
  }
  return value;
}

/** The alias, the page's query and the count sent (capped, not refused: at most MESSAGE_PAGE_MAX whatever was asked). */
export function messageQuery(topicAlias: unknown, page: MessagePageRequest): { alias: DataHubTopicAlias; count: number; query: Query } {
  const action: GmsAction = 'doctorMessages';
  const a = alias(topicAlias, action);
  const partition = wholeNumber(page.partition ?? 0, 'partition', 0, MAX_PARTITION, action);
  const offset = wholeNumber(page.offset ?? 0, 'offset', 0, MAX_OFFSET, action);
  const count = Math.min(wholeNumber(page.count ?? MESSAGE_PAGE_DEFAULT, 'count', 1, MAX_OFFSET, action), MESSAGE_PAGE_MAX);
  const query: Query = [
    ['partition', String(partition)],
    ['offset', String(offset)],
    ['count', String(count)],
    ['format', 'json'],
  ];
  return { alias: a, count, query };
}

/** KafkaRequests.ReplayRequest, every field sent: the server's default is a real replay, the client's a dry run. */
export function replayBody(request: ReplayRequest): { partition: number; startOffset: number; endOffset: number; count: number; dryRun: boolean } {
  const action: GmsAction = 'doctorReplay';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'an object { partition, startOffset, endOffset?, count?, dryRun? }', action);
  const partition = wholeNumber(request.partition, 'partition', 0, MAX_PARTITION, action);
  const startOffset = wholeNumber(request.startOffset, 'startOffset', 0, MAX_OFFSET, action);
  const endOffset = wholeNumber(request.endOffset ?? startOffset, 'endOffset', startOffset, MAX_OFFSET, action);
  const count = wholeNumber(request.count ?? Math.min(endOffset - startOffset + 1, MESSAGE_PAGE_MAX), 'count', 1, MESSAGE_PAGE_MAX, action);
  return { partition, startOffset, endOffset, count, dryRun: flag(request.dryRun, 'dryRun', true, action) };
}

/** The canary's URN (validated), its entity type for the path, the aspect, the value and async (default true). */
export function canaryInput(request: WriteCanaryRequest): { urn: string; entityType: string; aspectName: string; value: object; async: boolean } {
  const action: GmsAction = 'doctorWriteCanary';
  if (typeof request !== 'object' || request === null) throw invalid('request', 'an object { urn, aspectName, value }', action);
  const urn = validateUrn(request.urn, 'urn', action);
  const parsed = parseUrn(urn);
  if (!parsed.ok) throw invalid('urn', parsed.reason, action);
  const aspectName = request.aspectName;
  if (typeof aspectName !== 'string' || !IDENTIFIER.test(aspectName) || aspectName.length > 100) {
    throw invalid('aspectName', `an aspect name (letters, digits and _), got ${JSON.stringify(aspectName)}`, action);
  }
  const value: unknown = request.value;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('value', "the aspect's value as an object, e.g. { removed: false }", action);
  if (Buffer.byteLength(JSON.stringify(value), 'utf8') > CANARY_VALUE_MAX_BYTES)
    throw invalid('value', `at most ${CANARY_VALUE_MAX_BYTES} bytes of JSON`, action);
  return { urn, entityType: parsed.value.entityType, aspectName, value, async: flag(request.async, 'async', true, action) };
}
