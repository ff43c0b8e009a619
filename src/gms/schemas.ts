// Response shapes on the wire, the single source of truth (types via z.infer).
// Lenient where DataHub versions differ, strict where the client relies on a field.
// zod 4 "mini" (shipped inside the zod 3.25 package): validates a 10,000-index
// answer several times faster than zod 3 and bundles to a fraction of its size.
// Objects drop unknown keys (nothing reads them), so a server's "__proto__" key
// never reaches a parsed value.
import * as z from 'zod/v4/mini';

/** Every successful operations answer: {"value": <return value>}. */
export const envelopeSchema = z.object({ value: z.unknown() });
export type Envelope = z.infer<typeof envelopeSchema>;

/** Sizes arrive as numbers; a string ("NaN", "12.5") is tolerated and judged later. */
const sizeField = z.nullish(z.union([z.number(), z.string()]));

export const indexSizeEntrySchema = z.object({
  indexName: z.string().check(z.minLength(1)),
  entityName: z.nullish(z.string()),
  aspectName: z.nullish(z.string()),
  sizeInMb: sizeField,
  sizeMb: sizeField,
});
export type IndexSizeEntry = z.infer<typeof indexSizeEntrySchema>;

export const indexSizesObjectSchema = z.object({ indexSizes: z.array(indexSizeEntrySchema) });

/** The object form, or (seed document) a bare array. */
export const indexSizesValueSchema = z.union([indexSizesObjectSchema, z.array(indexSizeEntrySchema)]);
export type IndexSizesValue = z.infer<typeof indexSizesValueSchema>;

/** restoreIndices, truncateTimeseriesAspect and getEsTaskStatus return a string value. */
export const stringValueSchema = z.string();

/** getEsTaskStatus when the task is unknown. */
export const taskErrorSchema = z.object({ error: z.string() });

/** A task id printed as a string, or serialised as a bean by older JSON writers. */
const taskIdField = z.union([z.string(), z.object({ nodeId: z.string(), id: z.union([z.number(), z.string()]) })]);

/**
 * Any JSON object, kept as it is. Not z.record: zod 4's record check reads
 * `value.constructor.prototype` and throws on a body holding `"constructor": null`.
 */
const jsonObject = z.custom<Record<string, unknown>>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

export const taskStatusSchema = z.object({
  completed: z.boolean(),
  taskId: z.nullish(taskIdField),
  runTimeNanos: z.nullish(z.number()),
  // An object, or a string holding one, depending on the JSON writer.
  status: z.nullish(z.union([jsonObject, z.string()])),
});
export type TaskStatusWire = z.infer<typeof taskStatusSchema>;

/** Rest.li error body (400/403/404/500), with header X-RestLi-Error-Response: true. */
export const restliErrorSchema = z.object({
  message: z.nullish(z.string()),
  status: z.nullish(z.number()),
  exceptionClass: z.nullish(z.string()),
  stackTrace: z.nullish(z.string()),
});
export type RestliError = z.infer<typeof restliErrorSchema>;
