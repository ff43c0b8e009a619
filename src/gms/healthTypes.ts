// Public shapes of the search-health operations: DataHub's consistency checks and fixes
// (ConsistencyController.java), the consumer lag of its indexing pipeline
// (MessagingOperationsController.java, older KafkaController.java), and the GraphQL reads
// that sample drift where those are missing. Part of types.ts, which re-exports them.

/** A check the server offers (ConsistencyCheckInfo). */
export interface ConsistencyCheckInfo {
  id: string;
  name: string;
  description: string;
  entityType: string;
  /** Runs only when named in checkIds (e.g. orphan-index-document). */
  onDemandOnly: boolean;
}

/** One issue a check found (ConsistencyIssue in the OpenAPI models). */
export interface ConsistencyIssue {
  entityUrn: string;
  entityType?: string;
  checkId?: string;
  /** e.g. DELETE_INDEX_DOCUMENTS (ConsistencyFixType). */
  fixType?: string;
  description?: string;
  relatedUrns?: string[];
  details?: string;
}

export interface ConsistencyCheckRequest {
  entityType: string;
  /** Default: the server's default checks for the type (on-demand ones only when named). */
  checkIds?: string[];
  /** Entities per page, 1..1000 (server default 100). */
  batchSize?: number;
  /** From the previous page. */
  scrollId?: string;
  /** Skip entities changed in the last N seconds (server default 300; 0 turns it off). */
  gracePeriodSeconds?: number;
  /**
   * Scan one key-aspect document per entity (SystemMetadataFilter.keyAspectOnly): the scan pages
   * over system-metadata documents, one per aspect, so without it an entity spans pages.
   */
  keyAspectOnly?: boolean;
}

export interface ConsistencyCheckPage {
  entitiesScanned: number;
  issuesFound: number;
  issues: ConsistencyIssue[];
  /** Absent on the last page. */
  scrollId?: string;
  totalEstimate?: number;
}

export interface ConsistencyFixDetail {
  urn: string;
  action: string;
  success: boolean;
  errorMessage?: string;
}

export interface ConsistencyFixResult {
  dryRun: boolean;
  totalProcessed: number;
  entitiesFixed: number;
  entitiesFailed: number;
  fixDetails: ConsistencyFixDetail[];
}

export interface ConsistencyFixRequest {
  /** Exactly these issues (as a check found them). */
  issues: ConsistencyIssue[];
  /** Default true: nothing changes unless the caller says false. */
  dryRun?: boolean;
  /** false: the server waits for its writes before it answers. Default false here (the server's default is true). */
  async?: boolean;
}

/** The consumers whose lag the server reports: proposals (mcp), change log (mcl, what search indexing reads), timeseries, usage events. */
export type LagConsumer = 'mcp' | 'mcl' | 'mcl-timeseries' | 'usage-events';

export interface ConsumerLagTopic {
  group: string;
  topic: string;
  totalLag: number;
  maxLag?: number;
  /** Committed offset per partition (asked with detailed=true), to tell a stalled consumer from a busy one. */
  offsets?: Record<string, number>;
  /**
   * The Postgres queue's partitions committed past the log's end ("stuck ahead": nothing new there is
   * consumed until the log catches up), with how far; `partitions` empty when only the metrics said so.
   * Their sentinel lag (Long.MAX_VALUE / 4) is not in totalLag / maxLag.
   */
  stuck?: {
    partitions: string[];
    aheadBy: number;
    /** How far each partition is ahead (its committed offset minus the log's end). */ ahead: Record<string, number>;
  };
}

export interface ConsumerLag {
  consumer: LagConsumer;
  /** Which endpoint answered: the newer messaging one or the older kafka offsets one. */
  endpoint: 'messaging' | 'kafka';
  /** kafka or pgQueue, where the server says. */
  transport?: string;
  topics: ConsumerLagTopic[];
  /** When the reading was taken (client clock, ms). */
  at: number;
}

/** A page of the search index for some entity types (scrollAcrossEntities). */
export interface SearchPage {
  urns: string[];
  /** Absent on the last page. */
  nextScrollId?: string;
  /** The index's count of matching documents. */
  total: number;
}
