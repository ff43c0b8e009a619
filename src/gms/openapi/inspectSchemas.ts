// The answers Inspect URN reads, on the wire (zod mini, as schemas.ts). DataHub sources
// (metadata-service/openapi-servlet/...):
//   models/.../v3/models/GenericEntityV3.java, GenericAspectV3.java   {"urn": ..., "<aspect>": {value, systemMetadata}}
//   com/linkedin/mxe/SystemMetadata.pdl                                lastObserved, runId, lastRunId, version
//   operations/consistency/models/ConsistencyIssue.java               healthSchemas.ts's consistencyIssueSchema
//   timeline/data/ChangeTransaction.java, ChangeEvent.java            the timeline's list
// Objects drop unknown keys, except the aspect values, kept whole (jsonObject).
import * as z from 'zod/v4/mini';
import { jsonObject } from './openapiSchemas';

export const systemMetadataSchema = z.object({
  lastObserved: z.nullish(z.number()),
  runId: z.nullish(z.string()),
  lastRunId: z.nullish(z.string()),
  version: z.nullish(z.string()),
});

/** One aspect of GenericEntityV3: {value, systemMetadata?}. */
export const v3AspectSchema = z.object({
  value: jsonObject,
  systemMetadata: z.nullish(systemMetadataSchema),
});

export const timelineSchema = z.array(
  z.object({
    timestamp: z.number(),
    actor: z.nullish(z.string()),
    semVerChange: z.nullish(z.string()),
    changeEvents: z.nullish(
      z.array(
        z.object({
          category: z.string(),
          operation: z.nullish(z.string()),
          description: z.nullish(z.string()),
        }),
      ),
    ),
  }),
);

/**
 * The answer of POST /openapi/v3/entity/{entityName}/batchGet?systemMetadata=true asked for the status aspect
 * (v3/controller/EntityController.java getEntityBatch, toAspectItemMap: `auditStamp` is the stored aspect's
 * created stamp when systemMetadata is asked): [{"urn", "status": {value: {removed}, systemMetadata, auditStamp: {time, actor}}}].
 */
export const statusBatchSchema = z.array(
  z.object({
    urn: z.string(),
    status: z.nullish(
      z.object({
        value: z.object({ removed: z.nullish(z.boolean()) }),
        auditStamp: z.nullish(z.object({ time: z.nullish(z.number()) })),
      }),
    ),
  }),
);
