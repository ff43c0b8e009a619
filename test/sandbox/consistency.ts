// The consistency operations under /openapi/operations/consistency, as ConsistencyController.java
// (metadata-service/openapi-servlet/.../operations/consistency/) answers them, with the models of
// consistency/models/ (ConsistencyCheckRequest, ConsistencyFixRequest, ConsistencyFixIssuesRequest,
// ConsistencyCheckResult, ConsistencyFixResult, ConsistencyFixIssuesResult, ConsistencyIssue, FixDetail,
// ConsistencyCheckInfo, ConsistencyChecksResponse; all @JsonInclude NON_NULL). Scanning: consistencyScan.ts.
//
// - An IllegalArgumentException (unknown check ids, no entity type, a bad URN) is a 400 with no body.
// - The request models carry @Min(1) @Max(1000) on batchSize, but the controller takes them as
//   `@RequestBody @Nonnull` without @Valid, so Spring does not enforce them: 0 reads nothing (an
//   empty page), 1001 pages by 1001, a negative size is refused by the search client (400).
// - The grace period: gracePeriodSeconds (default 300, 0 disables) sets lePitEpochMs = now - grace,
//   unless the filter sets lePitEpochMs itself (buildFilterWithGracePeriod).
// - `async` is accepted and not used: DeleteIndexDocumentsFix.java deletes from the indices directly,
//   so a real fix shows at once. Only that fix is registered here; other fix types fail with
//   "No fix implementation for type: X" (ConsistencyService.applyFix).

import type { Reply } from './restli';
import {
  BadRequest,
  checkBatch,
  checksOf,
  CHECKS,
  countMatching,
  ORPHAN_CHECK,
  selectChecks,
  type CheckResult,
  type Issue,
  type ScanFilter,
} from './consistencyScan';
import { entityTypeOfUrn } from './drift';
import type { Runtime } from './runtime';
import { empty, json } from './spring';

export const FIX_TYPES = ['CREATE', 'UPSERT', 'PATCH', 'SOFT_DELETE', 'HARD_DELETE', 'DELETE_ASPECT', 'DELETE_INDEX_DOCUMENTS', 'TRIM_UPSERT'];
const DEFAULT_GRACE_SECONDS = 300;

/** Jackson refused the body (HttpMessageNotReadableException): Spring's 400. */
export class UnreadableBody extends Error {}

type Body = Record<string, unknown>;

function optional<T>(body: Body, name: string, test: (v: unknown) => boolean): T | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (!test(v)) throw new UnreadableBody(`${name}: wrong type`);
  return v as T;
}

const isString = (v: unknown) => typeof v === 'string';
const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const isBool = (v: unknown) => typeof v === 'boolean';
const isStrings = (v: unknown) => Array.isArray(v) && v.every(isString);

function filterOf(body: Body, now: number): ScanFilter {
  const f = optional<Body>(body, 'filter', (v) => typeof v === 'object' && !Array.isArray(v)) ?? {};
  const grace = optional<number>(body, 'gracePeriodSeconds', isInt) ?? DEFAULT_GRACE_SECONDS;
  const filter: ScanFilter = {
    gePitEpochMs: optional<number>(f, 'gePitEpochMs', isInt),
    lePitEpochMs: optional<number>(f, 'lePitEpochMs', isInt),
    aspectFilters: optional<string[]>(f, 'aspectFilters', isStrings),
    includeSoftDeleted: optional<boolean>(f, 'includeSoftDeleted', isBool) ?? false,
    keyAspectOnly: optional<boolean>(f, 'keyAspectOnly', isBool) ?? false,
  };
  if (grace > 0 && filter.lePitEpochMs === undefined) filter.lePitEpochMs = now - grace * 1000;
  return filter;
}

/** POST check and the check half of POST fix. */
function runCheck(rt: Runtime, body: Body, now: number): CheckResult & { totalEstimate?: number } {
  const scrollId = optional<string>(body, 'scrollId', isString);
  const batchSize = optional<number>(body, 'batchSize', isInt) ?? 100;
  const { entityType, checks } = selectChecks(optional<string>(body, 'entityType', isString) || undefined, optional<string[]>(body, 'checkIds', isStrings));
  const req = { entityType, checks, batchSize, scrollId, filter: filterOf(body, now) };
  // An unreadable scrollId throws: the controller's 500.
  const result = checkBatch(rt.search, rt.store, req, now);
  // The faulty server (repeatScrollId): every later page names the scroll id it was sent. DataHub's
  // ConsistencyController.java derives the next id from the last document's sort values; a caching proxy
  // or sort values that stop advancing give the same id again.
  if (rt.operations.repeatScrollId && scrollId !== undefined) return { ...result, scrollId };
  // ConsistencyCheckResult.totalEstimate: "populated on the first request page (when no scroll ID is supplied)".
  return scrollId === undefined ? { ...result, totalEstimate: countMatching(rt.search, rt.store, req, now) } : result;
}

/** ConsistencyService.fixIssues with the DELETE_INDEX_DOCUMENTS fix (DeleteIndexDocumentsFix.buildResult wording). */
function fixIssues(rt: Runtime, issues: Array<{ entityUrn: string; fixType: string }>, dryRun: boolean) {
  const fixDetails = issues.map((issue) => {
    if (issue.fixType !== 'DELETE_INDEX_DOCUMENTS') {
      return { urn: issue.entityUrn, action: issue.fixType, success: false, errorMessage: `No fix implementation for type: ${issue.fixType}` };
    }
    if (!dryRun) rt.search.deleteDocuments(issue.entityUrn);
    return { urn: issue.entityUrn, action: issue.fixType, success: true, details: `Deleted index documents for ${issue.entityUrn}` };
  });
  const fixed = fixDetails.filter((d) => d.success).length;
  return { dryRun, totalProcessed: issues.length, entitiesFixed: fixed, entitiesFailed: issues.length - fixed, fixDetails };
}

/** ConsistencyController.fixIssues: issues with a fixType as given; with only a checkId, the check is run (discoverIssue). */
function fixGivenIssues(rt: Runtime, body: Body): Reply {
  const list = body.issues;
  if (!Array.isArray(list) || !list.every((i) => i !== null && typeof i === 'object' && !Array.isArray(i))) throw new UnreadableBody('issues');
  const dryRun = optional<boolean>(body, 'dryRun', isBool) ?? true;
  optional<boolean>(body, 'async', isBool);
  const issues: Array<{ entityUrn: string; fixType: string }> = [];
  for (const raw of list as Body[]) {
    const urn = optional<string>(raw, 'entityUrn', isString);
    const fixType = optional<string>(raw, 'fixType', (v) => isString(v) && FIX_TYPES.includes(v as string));
    const checkId = optional<string>(raw, 'checkId', isString);
    if (urn === undefined || entityTypeOfUrn(urn) === undefined) throw new BadRequest(`Invalid urn: ${String(urn)}`);
    if (fixType !== undefined) issues.push({ entityUrn: urn, fixType });
    else if (checkId !== undefined) {
      if (!CHECKS.some((c) => c.id === checkId)) throw new BadRequest(`Unknown check ID: ${checkId}`);
      // Only the orphan check can find anything here; the assertion checks find no assertions.
      if (checkId === ORPHAN_CHECK && !rt.search.inDatabase(urn)) issues.push({ entityUrn: urn, fixType: 'DELETE_INDEX_DOCUMENTS' });
    } else throw new BadRequest(`Either fixType or checkId must be provided for issue with URN: ${urn}`);
  }
  return json(fixIssues(rt, issues, dryRun));
}

function checkEntity(rt: Runtime, urn: string, checkIdsParam: string | undefined): Reply {
  const entityType = entityTypeOfUrn(urn);
  if (entityType === undefined) throw new BadRequest(`Invalid URN format: ${urn}`);
  const checkIds = checkIdsParam ? checkIdsParam.split(',') : undefined;
  const checks = checkIds ? checksOf(entityType, true).filter((c) => checkIds.includes(c.id)) : checksOf(entityType, false);
  const filter = { includeSoftDeleted: false, keyAspectOnly: false };
  const result = checkBatch(rt.search, rt.store, { entityType, checks, batchSize: 100, filter, urn });
  // "URN not found in ES index" — also when no check applies (nothing is scanned).
  if (result.entitiesScanned === 0) return empty(404);
  return json(result.issues satisfies Issue[]);
}

export interface ConsistencyCall {
  rt: Runtime;
  /** The endpoint after /openapi/operations/consistency/: checks, checks/{id}, entities/{urn}, check, fix, fix-issues. */
  route: string;
  /** The decoded path variable, for checks/{id} and entities/{urn}. */
  variable?: string;
  query: URLSearchParams;
  body: Body;
}

/** Runs one consistency endpoint once auth and method are settled. */
export function consistencyAnswer(c: ConsistencyCall): Reply {
  const now = Date.now();
  try {
    switch (c.route) {
      case 'checks': {
        const entityType = c.query.get('entityType') || undefined;
        const includeOnDemand = c.query.get('includeOnDemand') === 'true';
        const checks = entityType ? checksOf(entityType, includeOnDemand) : CHECKS.filter((k) => includeOnDemand || !k.onDemandOnly);
        return json({ checks });
      }
      case 'checks/{checkId}': {
        const check = CHECKS.find((k) => k.id === c.variable);
        return check ? json(check) : empty(404);
      }
      case 'entities/{urn}':
        return checkEntity(c.rt, c.variable ?? '', c.query.get('checkIds') ?? undefined);
      case 'check':
        return json(runCheck(c.rt, c.body, now));
      case 'fix': {
        const dryRun = optional<boolean>(c.body, 'dryRun', isBool) ?? true;
        optional<boolean>(c.body, 'async', isBool);
        const { issues, totalEstimate, ...check } = runCheck(c.rt, c.body, now);
        const fix = fixIssues(c.rt, issues, dryRun);
        return json({ ...check, ...fix, ...(totalEstimate !== undefined ? { totalEstimate } : {}) });
      }
      default:
        return fixGivenIssues(c.rt, c.body);
    }
  } catch (err) {
    if (err instanceof BadRequest) return empty(400);
    if (err instanceof UnreadableBody) throw err;
    return empty(500);
  }
}
