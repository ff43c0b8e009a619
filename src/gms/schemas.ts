// Response shapes on the wire, the single source of truth (types via z.infer).
// Lenient where DataHub versions differ, strict where the client relies on a field.
import { z } from 'zod';

/** Every successful operations answer: {"value": <return value>}. */
export const envelopeSchema = z.object({ value: z.unknown() }).passthrough();
export type Envelope = z.infer<typeof envelopeSchema>;

/** Sizes arrive as numbers; a string ("NaN", "12.5") is tolerated and judged later. */
const sizeField = z.union([z.number(), z.string()]).nullish();

export const indexSizeEntrySchema = z
  .object({
    indexName: z.string().min(1),
    entityName: z.string().nullish(),
    aspectName: z.string().nullish(),
    sizeInMb: sizeField,
    sizeMb: sizeField,
  })
  .passthrough();
export type IndexSizeEntry = z.infer<typeof indexSizeEntrySchema>;

export const indexSizesObjectSchema = z.object({ indexSizes: z.array(indexSizeEntrySchema) }).passthrough();

/** The object form, or (seed document) a bare array. */
export const indexSizesValueSchema = z.union([indexSizesObjectSchema, z.array(indexSizeEntrySchema)]);
export type IndexSizesValue = z.infer<typeof indexSizesValueSchema>;

/** restoreIndices, truncateTimeseriesAspect and getEsTaskStatus return a string value. */
export const stringValueSchema = z.string();

/** getEsTaskStatus when the task is unknown. */
export const taskErrorSchema = z.object({ error: z.string() }).passthrough();

/** A task id printed as a string, or serialised as a bean by older JSON writers. */
const taskIdField = z.union([
  z.string(),
  z.object({ nodeId: z.string(), id: z.union([z.number(), z.string()]) }).passthrough(),
]);

export const taskStatusSchema = z
  .object({
    completed: z.boolean(),
    taskId: taskIdField.nullish(),
    runTimeNanos: z.number().nullish(),
    // An object, or a string holding one, depending on the JSON writer.
    status: z.union([z.record(z.unknown()), z.string()]).nullish(),
  })
  .passthrough();
export type TaskStatusWire = z.infer<typeof taskStatusSchema>;

/** Rest.li error body (400/403/404/500), with header X-RestLi-Error-Response: true. */
export const restliErrorSchema = z
  .object({
    message: z.string().nullish(),
    status: z.number().nullish(),
    exceptionClass: z.string().nullish(),
    stackTrace: z.string().nullish(),
  })
  .passthrough();
export type RestliError = z.infer<typeof restliErrorSchema>;
