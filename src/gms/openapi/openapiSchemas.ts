// The answers of DataHub's OpenAPI operations on the wire (zod mini, as ../schemas.ts).
// Real JSON where Rest.li wraps text in {"value": ...}: no envelope, no Java toString().
// DataHub sources (metadata-service/openapi-servlet/src/main/java/io/datahubproject/openapi/):
//   operations/elastic/ElasticsearchController.java     getIndexSizes, getTaskStatus, restoreIndices,
//                                                        explainSearchQuery, explainSearchQueryDiff
//   operations/elastic/ElasticsearchRawController.java  entity/raw
// Objects drop unknown keys, except where a whole object is kept (jsonObject).
import * as z from 'zod/v4/mini';

/**
 * Any JSON object, kept as it is. Not z.record: zod 4's record check reads
 * `value.constructor.prototype` and throws on a body holding `"constructor": null`.
 */
export const jsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/**
 * GET getIndexSizes: {"sizes": [...]}, built with org.json. `sizeMb` is
 * TimeseriesIndexSizeResult.getSizeInMb(): decimal MB, the number newer Rest.li servers
 * call `sizeInMb` (not Rest.li's legacy `sizeMb`, which was kB). org.json's put(key, null)
 * drops the key: an index whose name does not parse has no entityName/aspectName.
 */
export const openapiIndexSizesSchema = z.object({
  sizes: z.array(
    z.object({
      indexName: z.string().check(z.minLength(1)),
      entityName: z.nullish(z.string()),
      aspectName: z.nullish(z.string()),
      sizeMb: z.nullish(z.union([z.number(), z.string()])),
    }),
  ),
});

/**
 * One RestoreIndicesResult (Lombok @Data, serialised by Jackson): the counts are relied on;
 * defaultAspectsCreated, lastUrn and lastAspect exist only on newer servers. GET and POST
 * restoreIndices answer a list of them, one per internal batch (`[]` when nothing matched).
 */
export const openapiRestoreBatchSchema = z.object({
  ignored: z.number().check(z.int(), z.nonnegative()),
  rowsMigrated: z.number().check(z.int(), z.nonnegative()),
  lastUrn: z.nullish(z.string()),
  lastAspect: z.nullish(z.string()),
});
export const openapiRestoreListSchema = z.array(jsonObject);

/**
 * GET getTaskStatus of a known task: the same content as Rest.li's value, but real JSON
 * (Rest.li sends a string holding it). taskId is the task string.
 */
export const openapiTaskStatusSchema = z.object({
  completed: z.boolean(),
  taskId: z.nullish(z.string()),
  runTimeNanos: z.nullish(z.number()),
  status: z.nullish(jsonObject),
});

/** A Lucene Explanation as Jackson writes it; value is a Java float (a string only for NaN-like values). */
export interface ExplanationWire {
  match: boolean;
  value: number | string;
  description: string;
  details?: ExplanationWire[] | null;
}
export const explanationSchema: z.ZodMiniType<ExplanationWire> = z.lazy(() =>
  z.object({
    match: z.boolean(),
    value: z.union([z.number(), z.string()]),
    description: z.string(),
    details: z.nullish(z.array(explanationSchema)),
  }),
);

/**
 * GET explainSearchQuery: OpenSearch's ExplainResponse serialised by Jackson from its
 * getters (index, id, exists, match, explanation, getResult, fragment), not the search
 * engine's own `_index`/`matched` JSON. explanation is null when the document is not there.
 */
export const explainResponseSchema = z.object({
  index: z.string(),
  id: z.string(),
  exists: z.boolean(),
  match: z.boolean(),
  explanation: z.nullish(explanationSchema),
});

/** GET explainSearchQueryDiff: text/plain, a json-diff patch for people. */
export const explainDiffSchema = z.string();

/** POST entity/raw: {"<urn>": <_source of its search document>} for the URNs the index holds. */
export const rawDocumentsSchema = z.custom<Record<string, Record<string, unknown>>>(
  (value) => jsonObject.safeParse(value).success && Object.values(value as object).every((doc) => jsonObject.safeParse(doc).success),
);

/**
 * Error bodies: GlobalControllerExceptionHandler.java answers {"error": "..."}; Spring Boot's
 * BasicErrorController {"timestamp", "status", "error", "path"} (error is only the reason
 * phrase there); controllers' own refusals are plain text or empty.
 */
export const openapiErrorSchema = z.object({
  error: z.nullish(z.string()),
  message: z.nullish(z.string()),
  path: z.nullish(z.string()),
});
