// Requests of the consistency operations, checked before anything is sent, as
// ConsistencyCheckRequest / ConsistencyFixIssuesRequest bind them (ConsistencyController.java:
// batchSize @Min(1) @Max(1000); checkIds are registry ids such as orphan-index-document).
import { GmsError } from '../errors';
import type { ConsistencyCheckRequest, ConsistencyFixRequest, ConsistencyIssue } from '../types';
import { validateIdentifier, validateInteger, validateUrn } from '../validate';

/** ConsistencyCheckRequest.batchSize: @Max(1000). */
export const MAX_CONSISTENCY_BATCH = 1000;
/** Issues per fix request: one page's worth at most. */
export const MAX_FIX_ISSUES = 1000;

const CHECK_ID = /^[a-z0-9][a-z0-9._-]{0,127}$/i;

function invalid(field: string, message: string, action: 'consistencyCheck' | 'consistencyFix'): GmsError {
  return new GmsError({ kind: 'invalidInput', field, action, message: `${field}: ${message}` });
}

function checkIds(ids: unknown, action: 'consistencyCheck' | 'consistencyFix'): string[] | undefined {
  if (ids === undefined) return undefined;
  if (!Array.isArray(ids) || ids.length === 0) throw invalid('checkIds', 'a non-empty list of check ids, or none for the default checks', action);
  for (const id of ids) if (typeof id !== 'string' || !CHECK_ID.test(id)) throw invalid('checkIds', `${JSON.stringify(id)} is not a check id`, action);
  return [...new Set(ids as string[])];
}

export function checkRequestBody(request: ConsistencyCheckRequest): Record<string, unknown> {
  const action = 'consistencyCheck';
  const body: Record<string, unknown> = { entityType: validateIdentifier(request.entityType, 'entityType', action) };
  const ids = checkIds(request.checkIds, action);
  if (ids) body.checkIds = ids;
  body.batchSize = validateInteger(request.batchSize ?? 100, 'batchSize', 1, MAX_CONSISTENCY_BATCH, action);
  if (request.scrollId !== undefined) {
    if (typeof request.scrollId !== 'string' || request.scrollId === '' || request.scrollId.length > 10_000) {
      throw invalid('scrollId', 'the scroll id of the previous page, as the server gave it', action);
    }
    body.scrollId = request.scrollId;
  }
  if (request.keyAspectOnly === true) body.filter = { keyAspectOnly: true };
  if (request.gracePeriodSeconds !== undefined)
    body.gracePeriodSeconds = validateInteger(request.gracePeriodSeconds, 'gracePeriodSeconds', 0, 86_400 * 365, action);
  return body;
}

function issue(value: ConsistencyIssue, index: number): ConsistencyIssue {
  const action = 'consistencyFix';
  if (value === null || typeof value !== 'object') throw invalid(`issues[${index}]`, 'an issue as the check returned it', action);
  const out: ConsistencyIssue = { entityUrn: validateUrn(value.entityUrn, `issues[${index}].entityUrn`, action) };
  if (value.entityType !== undefined) out.entityType = validateIdentifier(value.entityType, `issues[${index}].entityType`, action);
  if (value.checkId !== undefined) out.checkId = checkIds([value.checkId], action)?.[0];
  if (value.fixType !== undefined) {
    if (typeof value.fixType !== 'string' || !/^[A-Z][A-Z0-9_]*$/.test(value.fixType))
      throw invalid(`issues[${index}].fixType`, 'a fix type such as DELETE_INDEX_DOCUMENTS', action);
    out.fixType = value.fixType;
  }
  if (out.fixType === undefined && out.checkId === undefined)
    throw invalid(`issues[${index}]`, 'needs a fixType or a checkId (ConsistencyController.fixIssues)', action);
  for (const key of ['description', 'details'] as const) if (typeof value[key] === 'string') out[key] = value[key];
  if (Array.isArray(value.relatedUrns)) out.relatedUrns = value.relatedUrns.map((u, i) => validateUrn(u, `issues[${index}].relatedUrns[${i}]`, action));
  return out;
}

export function fixRequestBody(request: ConsistencyFixRequest): { issues: ConsistencyIssue[]; dryRun: boolean; async: boolean } {
  const action = 'consistencyFix';
  if (!Array.isArray(request.issues) || request.issues.length === 0) throw invalid('issues', 'at least one issue from a check', action);
  if (request.issues.length > MAX_FIX_ISSUES) throw invalid('issues', `at most ${MAX_FIX_ISSUES} per request, got ${request.issues.length}`, action);
  if (request.dryRun !== undefined && typeof request.dryRun !== 'boolean') throw invalid('dryRun', 'true or false', action);
  if (request.async !== undefined && typeof request.async !== 'boolean') throw invalid('async', 'true or false', action);
  // Nothing is written unless the caller says dryRun: false.
  return { issues: request.issues.map(issue), dryRun: request.dryRun !== false, async: request.async === true };
}

/** What an applied fix acts on, for the journal: its issues' URNs, each once. */
export function fixTargets(body: { issues: ConsistencyIssue[] }): string[] {
  return [...new Set(body.issues.map((i) => i.entityUrn))];
}
