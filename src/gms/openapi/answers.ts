// The 2xx answers of the OpenAPI operations, parsed into the result types the
// Rest.li side returns (../types.ts), so callers cannot tell the transports apart.
// Differences from Rest.li, each handled here (ElasticsearchController.java,
// ElasticsearchRawController.java, metadata-service/openapi-servlet):
// - no {"value": ...} envelope: the body is the answer itself;
// - getIndexSizes: "sizes" (not "indexSizes"), and "sizeMb" is decimal MB (Rest.li's sizeInMb);
// - restoreIndices: a JSON list of RestoreIndicesResult (Rest.li: Map.toString() text) and no
//   RestoreIndicesArgs echo;
// - getTaskStatus: real JSON (Rest.li: a string holding JSON); an unknown task is a 500 (errors.ts).
import { invalidResponse, looksLikeHtml } from '../errorMapping';
import { normaliseIndexSize } from '../indexSize';
import type { GmsAction, IndexSizes, RawDocuments, RestoreBatch, RestoreResult, SearchExplanation, ExplanationNode, TaskStatus } from '../types';
import {
  explainDiffSchema,
  explainResponseSchema,
  openapiIndexSizesSchema,
  openapiRestoreBatchSchema,
  openapiRestoreListSchema,
  openapiTaskStatusSchema,
  rawDocumentsSchema,
  type ExplanationWire,
} from './openapiSchemas';

/** Deeper than any real explanation (about ten levels): refused before it is walked. */
const MAX_EXPLANATION_DEPTH = 100;

/** The body as JSON; not JSON is an invalidResponse, with the frontend hint for an HTML page. */
export function readJson(action: GmsAction, text: string, contentType: string | undefined, origin: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const reason = looksLikeHtml(contentType, text)
      ? `an HTML page instead of JSON; the URL may point at the frontend: try ${origin}/api/gms`
      : 'the body is not JSON (cut short, or not DataHub)';
    throw invalidResponse(action, reason, text);
  }
}

function where(issues: ReadonlyArray<{ path: PropertyKey[] }>): string {
  const issue = issues[0];
  return issue && issue.path.length ? ` at ${issue.path.map(String).join('.')}` : '';
}

export function parseOpenapiIndexSizes(json: unknown, text: string): IndexSizes {
  const parsed = openapiIndexSizesSchema.safeParse(json);
  if (!parsed.success) throw invalidResponse('getIndexSizes', `unexpected index sizes shape${where(parsed.error.issues)}`, text);
  // sizeMb here is what Rest.li calls sizeInMb: the legacy kB reading must not apply.
  return {
    indices: parsed.data.sizes.map((e) =>
      normaliseIndexSize({ indexName: e.indexName, entityName: e.entityName, aspectName: e.aspectName, sizeInMb: e.sizeMb }),
    ),
  };
}

/** A plain object from server-chosen keys; "__proto__" stays an ordinary field. */
function setField(fields: Record<string, string>, key: string, value: string): void {
  if (key === '__proto__') Object.defineProperty(fields, key, { value, writable: true, enumerable: true, configurable: true });
  else fields[key] = value;
}

/** One batch, in the shape the Rest.li parser gives: every field as text (as Lombok would print it), timings as numbers. */
function toBatch(action: GmsAction, item: Record<string, unknown>, index: number, text: string): RestoreBatch {
  const known = openapiRestoreBatchSchema.safeParse(item);
  if (!known.success) throw invalidResponse(action, `unexpected restore result shape at ${index}${where(known.error.issues)}`, text);
  const fields: Record<string, string> = {};
  const timings: Record<string, number> = {};
  for (const [name, value] of Object.entries(item)) {
    setField(fields, name, value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value));
    if ((name.startsWith('time') || name.endsWith('Ms')) && typeof value === 'number' && Number.isFinite(value)) timings[name] = value;
  }
  const batch: RestoreBatch = { rowsMigrated: known.data.rowsMigrated, ignored: known.data.ignored, timings, fields };
  if (known.data.lastUrn) batch.lastUrn = known.data.lastUrn;
  if (known.data.lastAspect) batch.lastAspect = known.data.lastAspect;
  return batch;
}

/** GET and POST restoreIndices: the per-batch results summed; `args` are the query parameters sent (OpenAPI echoes none). */
export function parseOpenapiRestore(action: GmsAction, json: unknown, text: string, sent: Record<string, string>): RestoreResult {
  const list = openapiRestoreListSchema.safeParse(json);
  if (!list.success) throw invalidResponse(action, 'the restore result is not a list of batch results', text);
  const batches = list.data.map((item, i) => toBatch(action, item, i, text));
  let rowsMigrated = 0;
  let ignored = 0;
  for (const b of batches) {
    rowsMigrated += b.rowsMigrated;
    ignored += b.ignored;
  }
  return { args: { ...sent }, batches, rowsMigrated, ignored, raw: text };
}

export function parseOpenapiTaskStatus(json: unknown, text: string, requested: string): TaskStatus {
  const parsed = openapiTaskStatusSchema.safeParse(json);
  if (!parsed.success) throw invalidResponse('getEsTaskStatus', 'unexpected task status shape', text);
  const result: TaskStatus = {
    completed: parsed.data.completed,
    task: parsed.data.taskId || requested,
    status: parsed.data.status ?? {},
  };
  if (typeof parsed.data.runTimeNanos === 'number') result.runTimeNanos = parsed.data.runTimeNanos;
  return result;
}

/** Nesting depth of a JSON value, stopping once it exceeds `limit`. */
function depthExceeds(value: unknown, limit: number): boolean {
  if (limit < 0) return true;
  if (value === null || typeof value !== 'object') return false;
  for (const child of Object.values(value as object)) if (depthExceeds(child, limit - 1)) return true;
  return false;
}

function toNode(wire: ExplanationWire): ExplanationNode {
  return {
    match: wire.match,
    value: typeof wire.value === 'number' ? wire.value : Number(wire.value),
    description: wire.description,
    details: (wire.details ?? []).map(toNode),
  };
}

export function parseExplanation(action: GmsAction, json: unknown, text: string): SearchExplanation {
  // Two JSON levels per explanation level (the node and its details list).
  if (depthExceeds(json, 2 * MAX_EXPLANATION_DEPTH + 4))
    throw invalidResponse(action, `the explanation is nested deeper than ${MAX_EXPLANATION_DEPTH} levels`, text);
  const parsed = explainResponseSchema.safeParse(json);
  if (!parsed.success) throw invalidResponse(action, `unexpected explanation shape${where(parsed.error.issues)}`, text);
  const { index, id, exists, match, explanation } = parsed.data;
  return { index, id, exists, match, explanation: explanation ? toNode(explanation) : null };
}

/** text/plain for people; an HTML page is not a diff. */
export function parseExplainDiff(text: string, contentType: string | undefined, origin: string): string {
  if (looksLikeHtml(contentType, text)) {
    throw invalidResponse('explainSearchQueryDiff', `an HTML page instead of a diff; the URL may point at the frontend: try ${origin}/api/gms`, text);
  }
  return explainDiffSchema.parse(text);
}

/** entity/raw: the asked URNs in the order asked, those the index holds with their documents, the rest missing. */
export function parseRawDocuments(json: unknown, text: string, asked: readonly string[]): RawDocuments {
  const parsed = rawDocumentsSchema.safeParse(json);
  if (!parsed.success) throw invalidResponse('getRawDocuments', 'the raw documents are not an object of documents by URN', text);
  const docs = parsed.data;
  const has = (urn: string): boolean => Object.prototype.hasOwnProperty.call(docs, urn);
  const found = asked.filter(has).map((urn) => ({ urn, document: docs[urn] }));
  // A key the server spelt differently from the URN asked is still reported.
  const askedSet = new Set(asked);
  for (const urn of Object.keys(docs)) if (!askedSet.has(urn)) found.push({ urn, document: docs[urn] });
  return { found, missing: asked.filter((urn) => !has(urn)) };
}
