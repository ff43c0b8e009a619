// The answers of DataHub's health operations on the wire (zod mini, as schemas.ts).
// DataHub sources (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/operations/):
//   consistency/ConsistencyController.java + consistency/models/*   checks, check, fix-issues
//   messaging/MessagingOperationsController.java, MessagingLagEnvelope.java   {transport, consumerGroups}
//   kafka/KafkaController.java, KafkaOffsetResponse.java   the older form: the consumerGroups map alone
// Objects drop unknown keys; Jackson leaves nulls out (@JsonInclude NON_NULL), so most fields are optional.
import * as z from 'zod/v4/mini';

const count = z.number().check(z.int(), z.nonnegative());

/** GET consistency/checks: {"checks": [ConsistencyCheckInfo]}. */
export const consistencyChecksSchema = z.object({
  checks: z.array(
    z.object({
      id: z.string().check(z.minLength(1)),
      name: z.nullish(z.string()),
      description: z.nullish(z.string()),
      entityType: z.nullish(z.string()),
      onDemandOnly: z.nullish(z.boolean()),
    }),
  ),
});

export const consistencyIssueSchema = z.object({
  entityUrn: z.string().check(z.minLength(1)),
  entityType: z.nullish(z.string()),
  checkId: z.nullish(z.string()),
  fixType: z.nullish(z.string()),
  description: z.nullish(z.string()),
  relatedUrns: z.nullish(z.array(z.string())),
  details: z.nullish(z.string()),
});

/** POST consistency/check: ConsistencyCheckResult (scrollId absent on the last page). */
export const consistencyCheckSchema = z.object({
  entitiesScanned: count,
  issuesFound: count,
  issues: z.nullish(z.array(consistencyIssueSchema)),
  scrollId: z.nullish(z.string()),
  totalEstimate: z.nullish(z.number()),
});

/** POST consistency/fix-issues: ConsistencyFixIssuesResult. */
export const consistencyFixSchema = z.object({
  dryRun: z.boolean(),
  totalProcessed: count,
  entitiesFixed: count,
  entitiesFailed: count,
  fixDetails: z.nullish(z.array(z.object({ urn: z.string(), action: z.nullish(z.string()), success: z.boolean(), errorMessage: z.nullish(z.string()) }))),
});

const lagNumber = z.nullish(z.number());

/** One topic of a consumer group: aggregate metrics, partitions only with detailed=true (KafkaOffsetResponse.TopicOffsetInfo). */
export const topicLagSchema = z.object({
  metrics: z.nullish(z.object({ maxLag: lagNumber, medianLag: lagNumber, totalLag: lagNumber, avgLag: lagNumber })),
  // aheadBy and metadata "STUCK_AHEAD": the Postgres queue's partition committed past its log's end (PgQueueConsumerLagPort.java).
  partitions: z.nullish(z.record(z.string(), z.object({ offset: lagNumber, lag: lagNumber, aheadBy: lagNumber, metadata: z.nullish(z.string()) }))),
});

/** group -> topic -> lag: the kafka endpoint's whole answer, the messaging endpoint's consumerGroups. */
export const consumerGroupsSchema = z.record(z.string(), z.record(z.string(), topicLagSchema));

/** GET messaging/<consumer>/consumer/lag: MessagingLagEnvelope. */
export const messagingLagSchema = z.object({ transport: z.nullish(z.string()), consumerGroups: z.nullish(consumerGroupsSchema) });
