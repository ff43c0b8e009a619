// DataHub's health operations over OpenAPI, under {gms}/openapi/operations:
// consistency/* (ConsistencyController.java: MANAGE_SYSTEM_OPERATIONS, JSON bodies, 400 with an
// empty body for a bad request) and the consumer lag (messaging/<consumer>/consumer/lag in
// MessagingOperationsController.java; older servers only have kafka/<consumer>/consumer/offsets
// in KafkaController.java, which answers the consumer-group map without the envelope).
import { GmsError, isGmsError } from '../errors';
import { invalidResponse } from '../errorMapping';
import type { Answer } from '../http';
import type {
  ConsistencyCheckInfo,
  ConsistencyCheckPage,
  ConsistencyFixResult,
  ConsumerLag,
  ConsumerLagTopic,
  GmsAction,
  GmsClient,
  LagConsumer,
} from '../types';
import type { WireContext } from '../wire';
import { readJson } from './answers';
import { createOpenapiCaller } from './call';
import { consistencyChecksSchema, consistencyCheckSchema, consistencyFixSchema, consumerGroupsSchema, messagingLagSchema } from './healthSchemas';
import { checkRequestBody, fixRequestBody, fixTargets } from './healthRequests';

export const HEALTH_OPERATIONS_PATH = '/openapi/operations';

export type HealthOperations = Pick<GmsClient, 'listConsistencyChecks' | 'checkConsistency' | 'fixConsistencyIssues' | 'getConsumerLag'>;

const LAG_CONSUMERS: readonly LagConsumer[] = ['mcp', 'mcl', 'mcl-timeseries', 'usage-events'];

function shapeError(action: GmsAction, what: string, issues: ReadonlyArray<{ path: PropertyKey[] }>, text: string): GmsError {
  const at = issues[0]?.path.length ? ` at ${issues[0].path.map(String).join('.')}` : '';
  return invalidResponse(action, `unexpected ${what} shape${at}`, text);
}

const num = (value: number | null | undefined): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * The lag the Postgres queue reports for a stuck-ahead partition in its metrics (Long.MAX_VALUE / 4 =
 * 2,305,843,009,213,693,951; PgQueueConsumerLagPort.java); JSON numbers past 2^53 arrive rounded, so anything
 * this large (or a sum that overflowed below 0) is the sentinel, never a count of messages.
 */
export const STUCK_AHEAD_LAG = 2 ** 61;
const sentinel = (n: number | undefined): boolean => n !== undefined && (n >= STUCK_AHEAD_LAG || n < 0);

interface PartitionAnswer {
  offset?: number | null;
  lag?: number | null;
  aheadBy?: number | null;
  metadata?: string | null;
}

/** group -> topic -> metrics as a flat list (offsets per partition where the answer has them, stuck-ahead partitions apart). */
export function lagTopics(groups: Record<string, Record<string, { metrics?: unknown; partitions?: unknown }>>): ConsumerLagTopic[] {
  const out: ConsumerLagTopic[] = [];
  for (const [group, topics] of Object.entries(groups)) {
    for (const [topic, info] of Object.entries(topics)) {
      const metrics = (info.metrics ?? {}) as { totalLag?: number | null; maxLag?: number | null };
      const partitions = (info.partitions ?? undefined) as Record<string, PartitionAnswer> | undefined;
      let offsets: Record<string, number> | undefined;
      let partitionLag = 0;
      let partitionMax = 0;
      const stuck: string[] = [];
      const aheadOf: Record<string, number> = {};
      let aheadBy = 0;
      for (const [id, p] of Object.entries(partitions ?? {})) {
        const offset = num(p.offset);
        if (offset !== undefined) (offsets ??= {})[id] = offset;
        const lag = num(p.lag) ?? 0;
        const ahead = num(p.aheadBy) ?? 0;
        if (p.metadata === 'STUCK_AHEAD' || ahead > 0 || sentinel(lag)) {
          stuck.push(id);
          aheadBy += Math.max(0, ahead);
          aheadOf[id] = Math.max(0, ahead);
          continue;
        }
        partitionLag += lag;
        partitionMax = Math.max(partitionMax, lag);
      }
      const total = num(metrics.totalLag);
      const max = num(metrics.maxLag);
      // The metrics hold the sentinel when a partition is stuck: the partitions' own lag stands in (or nothing, without them).
      const metricsStuck = sentinel(total) || sentinel(max);
      const trusted = stuck.length === 0 && !metricsStuck;
      out.push({
        group,
        topic,
        totalLag: trusted ? (total ?? partitionLag) : partitionLag,
        maxLag: trusted ? max : partitions ? partitionMax : undefined,
        offsets,
        ...(stuck.length > 0 || metricsStuck ? { stuck: { partitions: stuck, aheadBy, ahead: aheadOf } } : {}),
      });
    }
  }
  return out.sort((a, b) => (a.group === b.group ? (a.topic < b.topic ? -1 : 1) : a.group < b.group ? -1 : 1));
}

export function createHealthOperations(ctx: WireContext): HealthOperations {
  const call = createOpenapiCaller(ctx, HEALTH_OPERATIONS_PATH);
  const json = (action: GmsAction, a: Answer): unknown => readJson(action, a.text, a.contentType, ctx.origin);
  /** Which lag endpoint this server has, once one answered (the older kafka one has no usage-events form). */
  let lagEndpoint: 'messaging' | 'kafka' | undefined;
  /** Both answered 404: this client asks no more (a confirmation wait would otherwise send two requests each time). */
  let lagMissing: GmsError | undefined;

  const readLag = async (consumer: LagConsumer, endpoint: 'messaging' | 'kafka', signal?: AbortSignal): Promise<ConsumerLag> => {
    const path = endpoint === 'messaging' ? `messaging/${consumer}/consumer/lag` : `kafka/${consumer}/consumer/offsets`;
    const parse = (a: Answer): ConsumerLag => {
      const body = json('consumerLag', a);
      if (endpoint === 'kafka') {
        const groups = consumerGroupsSchema.safeParse(body);
        if (!groups.success) throw shapeError('consumerLag', 'consumer offsets', groups.error.issues, a.text);
        return { consumer, endpoint, topics: lagTopics(groups.data), at: Date.now() };
      }
      const envelope = messagingLagSchema.safeParse(body);
      if (!envelope.success) throw shapeError('consumerLag', 'consumer lag', envelope.error.issues, a.text);
      return { consumer, endpoint, transport: envelope.data.transport ?? undefined, topics: lagTopics(envelope.data.consumerGroups ?? {}), at: Date.now() };
    };
    // detailed=true: the committed offsets per partition tell a consumer that does not move; skipCache: a fresh reading.
    const query: Array<[string, string]> = [
      ['skipCache', 'true'],
      ['detailed', 'true'],
    ];
    return call({ action: 'consumerLag', endpoint: path, method: 'GET', query, readOnly: true, parse }, signal);
  };

  return {
    async listConsistencyChecks(entityType, signal) {
      const query: Array<[string, string]> = [['includeOnDemand', 'true']];
      if (entityType !== undefined) query.unshift(['entityType', entityType]);
      const parse = (a: Answer): ConsistencyCheckInfo[] => {
        const parsed = consistencyChecksSchema.safeParse(json('consistencyChecks', a));
        if (!parsed.success) throw shapeError('consistencyChecks', 'consistency checks', parsed.error.issues, a.text);
        return parsed.data.checks.map((c) => ({
          id: c.id,
          name: c.name ?? c.id,
          description: c.description ?? '',
          entityType: c.entityType ?? '',
          onDemandOnly: c.onDemandOnly === true,
        }));
      };
      return call({ action: 'consistencyChecks', endpoint: 'consistency/checks', method: 'GET', query, readOnly: true, parse }, signal);
    },
    async checkConsistency(request, signal) {
      const body = checkRequestBody(request);
      const parse = (a: Answer): ConsistencyCheckPage => {
        const parsed = consistencyCheckSchema.safeParse(json('consistencyCheck', a));
        if (!parsed.success) throw shapeError('consistencyCheck', 'consistency check', parsed.error.issues, a.text);
        const d = parsed.data;
        return {
          entitiesScanned: d.entitiesScanned,
          issuesFound: d.issuesFound,
          issues: (d.issues ?? []).map((i) => ({
            entityUrn: i.entityUrn,
            entityType: i.entityType ?? undefined,
            checkId: i.checkId ?? undefined,
            fixType: i.fixType ?? undefined,
            description: i.description ?? undefined,
            relatedUrns: i.relatedUrns ?? undefined,
            details: i.details ?? undefined,
          })),
          scrollId: d.scrollId ?? undefined,
          totalEstimate: d.totalEstimate ?? undefined,
        };
      };
      // A POST that only reads (the check never writes): safe to repeat on a network failure.
      return call({ action: 'consistencyCheck', endpoint: 'consistency/check', method: 'POST', body, readOnly: true, parse }, signal);
    },
    async fixConsistencyIssues(request, signal) {
      const body = fixRequestBody(request);
      const parse = (a: Answer): ConsistencyFixResult => {
        const parsed = consistencyFixSchema.safeParse(json('consistencyFix', a));
        if (!parsed.success) throw shapeError('consistencyFix', 'consistency fix', parsed.error.issues, a.text);
        const d = parsed.data;
        if (d.dryRun !== body.dryRun) throw invalidResponse('consistencyFix', `asked dryRun=${body.dryRun}, the answer says dryRun=${d.dryRun}`, a.text);
        return {
          dryRun: d.dryRun,
          totalProcessed: d.totalProcessed,
          entitiesFixed: d.entitiesFixed,
          entitiesFailed: d.entitiesFailed,
          fixDetails: (d.fixDetails ?? []).map((f) => ({ urn: f.urn, action: f.action ?? '', success: f.success, errorMessage: f.errorMessage ?? undefined })),
        };
      };
      // A dry run is no write: only the fix that is applied is reported (WireRequest.write).
      const write = body.dryRun ? undefined : { targets: fixTargets(body) };
      return call({ action: 'consistencyFix', endpoint: 'consistency/fix-issues', method: 'POST', body, readOnly: body.dryRun, write, parse }, signal);
    },
    async getConsumerLag(consumer, signal) {
      if (!LAG_CONSUMERS.includes(consumer)) {
        throw new GmsError({
          kind: 'invalidInput',
          field: 'consumer',
          action: 'consumerLag',
          message: `consumer: expected one of ${LAG_CONSUMERS.join(', ')}`,
        });
      }
      if (lagEndpoint) return readLag(consumer, lagEndpoint, signal);
      if (lagMissing) throw lagMissing;
      try {
        const lag = await readLag(consumer, 'messaging', signal);
        lagEndpoint = 'messaging';
        return lag;
      } catch (error) {
        // An older server: only KafkaController's offsets (no usage-events form there).
        if (!(isGmsError(error) && error.status === 404) || consumer === 'usage-events') throw error;
        try {
          const lag = await readLag(consumer, 'kafka', signal);
          lagEndpoint = 'kafka';
          return lag;
        } catch (second) {
          if (isGmsError(second) && second.status === 404) lagMissing = second;
          throw second;
        }
      }
    },
  };
}
