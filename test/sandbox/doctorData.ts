// The data of the Doctor's scripted GMS (doctor.ts): DataHub's topics and consumer groups, the failed
// proposals of several kinds that land in mcp-failed, and trace ids as DataHub makes them.

import { CONSUMER_GROUPS, PARTITIONS } from './lag';
import { SAMPLE_URNS } from './data';

/** DataHub's topics and their aliases (DataHubTopicConvention.java; names: TopicConventionImpl's defaults). */
export const DATAHUB_TOPICS: ReadonlyArray<{ alias: string; name: string; partitions: number }> = [
  { alias: 'mcp', name: 'MetadataChangeProposal_v1', partitions: PARTITIONS },
  { alias: 'mcp-failed', name: 'FailedMetadataChangeProposal_v1', partitions: 1 },
  { alias: 'mcl-versioned', name: 'MetadataChangeLog_Versioned_v1', partitions: PARTITIONS },
  { alias: 'mcl-timeseries', name: 'MetadataChangeLog_Timeseries_v1', partitions: PARTITIONS },
  { alias: 'platform-event', name: 'PlatformEvent_v1', partitions: 1 },
  { alias: 'upgrade-history', name: 'DataHubUpgradeHistory_v1', partitions: 1 },
];

/**
 * The consumer groups DataHub knows (DataHubTopicConvention.knownConsumerGroupIds), with what they read: the
 * default ids of metadata-service/openapi-servlet's config/KafkaAdminServiceFactory.java (the platform events'
 * is generic-pe-consumer-job-client, PLATFORM_EVENT_KAFKA_CONSUMER_GROUP_ID).
 */
export const DATAHUB_GROUPS: ReadonlyArray<{ groupId: string; topics: string[] }> = [
  { groupId: CONSUMER_GROUPS.mcp.group, topics: [CONSUMER_GROUPS.mcp.topic] },
  { groupId: CONSUMER_GROUPS.mcl.group, topics: [CONSUMER_GROUPS.mcl.topic, CONSUMER_GROUPS['mcl-timeseries'].topic] },
  { groupId: CONSUMER_GROUPS['usage-events'].group, topics: [CONSUMER_GROUPS['usage-events'].topic] },
  { groupId: 'generic-pe-consumer-job-client', topics: ['PlatformEvent_v1'] },
];

/** The MAE/MCL consumer group, the one consumerStopped and consumerBehind act on. */
export const MCL_GROUP = CONSUMER_GROUPS.mcl.group;

/**
 * A failed proposal's kind: what the MCP consumer would say (its `error`), and whether the same
 * proposal sent again would now go through (a transient database failure) or fail again.
 */
interface FailureKind {
  urn: string;
  entityType: string;
  aspect: string;
  value: Record<string, unknown>;
  /** The error text: a JSON list for validation failures, a stack trace otherwise. */
  error: (urn: string) => string;
  /** Whether a replay of it is ingested (else it fails again and lands in mcp-failed anew). */
  valid: boolean;
}

const at = (frames: string[]) => frames.map((f) => `\tat ${f}`).join('\n');

/**
 * Failed proposals of several kinds, several URNs and aspects. Open-source DataHub writes no Kafka
 * headers on them; the error is in the value (FailedMetadataChangeProposal.pdl: {metadataChangeProposal, error}).
 */
export const FAILURE_KINDS: readonly FailureKind[] = [
  {
    // Validation (AspectPayloadValidator): the errors as a JSON list.
    urn: SAMPLE_URNS.ordersDataset,
    entityType: 'dataset',
    aspect: 'schemaMetadata',
    value: { schemaName: 'orders', platform: 'urn:li:dataPlatform:hive', version: 0, fields: [] },
    error: (urn) =>
      JSON.stringify([
        {
          urn,
          aspectName: 'schemaMetadata',
          changeType: 'UPSERT',
          subType: 'VALIDATION',
          message:
            'Failed to validate record with class com.linkedin.schema.SchemaMetadata: ERROR :: /platformSchema :: field is required but not found and has no default value',
        },
      ]),
    valid: false,
  },
  {
    // An aspect the entity registry does not know: EntityServiceImpl's exception, as a stack trace.
    urn: SAMPLE_URNS.lookerChart,
    entityType: 'chart',
    aspect: 'chartQuery',
    value: { rawQuery: 'select 1', type: 'SQL' },
    error: () =>
      `java.lang.IllegalArgumentException: Failed to find aspect with name chartQuery in the aspect registry for entity chart\n${at([
        'com.linkedin.metadata.entity.ebean.batch.ChangeItemImpl$ChangeItemImplBuilder.build(ChangeItemImpl.java:213)',
        'com.linkedin.metadata.entity.EntityServiceImpl.ingestProposal(EntityServiceImpl.java:1698)',
        'com.linkedin.metadata.kafka.MetadataChangeProposalsProcessor.consume(MetadataChangeProposalsProcessor.java:124)',
      ])}`,
    valid: false,
  },
  {
    // A database that timed out: the same proposal goes through when sent again.
    urn: SAMPLE_URNS.loadOrdersJob,
    entityType: 'dataJob',
    aspect: 'status',
    value: { removed: false },
    error: () =>
      `io.ebean.DataTimeoutException: Query timed out\n${at([
        'io.ebean.config.dbplatform.SqlCodeTranslator.translate(SqlCodeTranslator.java:52)',
        'com.linkedin.metadata.entity.ebean.EbeanAspectDao.saveAspect(EbeanAspectDao.java:241)',
        'com.linkedin.metadata.entity.EntityServiceImpl.ingestAspectsToLocalDB(EntityServiceImpl.java:842)',
      ])}`,
    valid: true,
  },
  {
    // Validation again (a term that does not exist), several entries in the list.
    urn: SAMPLE_URNS.ordersUnderscoreDataset,
    entityType: 'dataset',
    aspect: 'glossaryTerms',
    value: { terms: [{ urn: 'urn:li:glossaryTerm:pii' }], auditStamp: { time: 0, actor: 'urn:li:corpuser:datahub' } },
    error: (urn) =>
      JSON.stringify([
        { urn, aspectName: 'glossaryTerms', changeType: 'UPSERT', subType: 'VALIDATION', message: 'Referenced entity urn:li:glossaryTerm:pii does not exist' },
        { urn, aspectName: 'glossaryTerms', changeType: 'UPSERT', subType: 'VALIDATION', message: 'auditStamp.time must be positive' },
      ]),
    valid: false,
  },
  {
    // A lost database connection: also goes through when sent again.
    urn: SAMPLE_URNS.jdoeUser,
    entityType: 'corpuser',
    aspect: 'corpUserStatus',
    value: { status: 'ACTIVE', lastModified: { time: 1, actor: 'urn:li:corpuser:datahub' } },
    error: () =>
      `java.sql.SQLTransientConnectionException: HikariPool-1 - Connection is not available, request timed out after 30000ms.\n${at([
        'com.zaxxer.hikari.pool.HikariPool.createTimeoutException(HikariPool.java:696)',
        'com.linkedin.metadata.entity.ebean.EbeanAspectDao.runInTransactionWithRetry(EbeanAspectDao.java:612)',
      ])}`,
    valid: true,
  },
];

/** A W3C trace id as DataHub makes them: the time in ms as the first 16 hex digits, then 16 random ones. */
export function newTraceId(now: number): string {
  const random = Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
  return `${now.toString(16).padStart(16, '0')}${random}`;
}

export const newSpanId = (): string => Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
