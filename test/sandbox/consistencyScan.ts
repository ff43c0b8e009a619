// The consistency checks' registry and one batch of a scan, as DataHub's ConsistencyService.java
// runs it (metadata-io/.../aspect/consistency/): the checks of the entity type (ConsistencyCheckRegistry.java:
// default ones unless check ids are named, wildcard "*" checks included), a page of `batchSize`
// system-metadata documents — one per (urn, aspect), URN prefix `urn:li:<type>:`, sorted by urn then
// aspect — from the scroll position, the page's distinct URNs as `entitiesScanned`, and the orphans
// among them (documents whose entity has no rows) as `orphan-index-document` issues when that check
// was named. The next scrollId is the last document's sort values whenever the page had documents
// (extractNextScrollId): the end is an empty page without one.
// The scan reads the index, not the database: entities missing from search are not seen.

import { REGISTRY } from './data';
import { positionAfter, type TypeDocuments } from './drift';
import { lowerBound } from './like';
import type { SearchIndex } from './searchIndex';
import type { AspectStore } from './store';

/** ConsistencyCheckInfo.java as served (requiredAspects absent when a check needs every aspect). */
export interface CheckInfo {
  id: string;
  name: string;
  description: string;
  entityType: string;
  onDemandOnly: boolean;
  requiredAspects?: string[];
  requiresAllAspects: boolean;
  targetAspects: string[];
}

/** The registry, in registration order: two of DataHub's default assertion checks and the on-demand orphan check. */
export const CHECKS: readonly CheckInfo[] = [
  {
    // check/assertion/AssertionEntityNotFoundCheck.java (AbstractAssertionCheck.java: assertionInfo + status)
    id: 'assertion-entity-not-found',
    name: 'Assertion Entity Not Found',
    description: 'Checks that the entity referenced by an assertion exists (not hard-deleted)',
    entityType: 'assertion',
    onDemandOnly: false,
    requiredAspects: ['assertionInfo', 'status'],
    requiresAllAspects: false,
    targetAspects: [],
  },
  {
    // check/assertion/AssertionEntitySoftDeletedCheck.java
    id: 'assertion-entity-soft-deleted',
    name: 'Assertion Entity Soft-Deleted',
    description: 'Checks that the entity referenced by an assertion is not soft-deleted',
    entityType: 'assertion',
    onDemandOnly: false,
    requiredAspects: ['assertionInfo', 'status'],
    requiresAllAspects: false,
    targetAspects: [],
  },
  {
    // check/OrphanIndexDocumentCheck.java: every entity type ("*"), no aspects, on demand only.
    id: 'orphan-index-document',
    name: 'Orphan Index Document',
    description: 'Detects entities that exist in ES indices but not in SQL (orphaned index documents)',
    entityType: '*',
    onDemandOnly: true,
    requiredAspects: [],
    requiresAllAspects: false,
    targetAspects: [],
  },
];

export const ORPHAN_CHECK = 'orphan-index-document';

/** IllegalArgumentException in DataHub's code: the controller answers 400 with no body. */
export class BadRequest extends Error {}

/** ConsistencyCheckRegistry.getByEntityType: the type's checks plus the wildcard ones. */
export function checksOf(entityType: string, includeOnDemand: boolean): CheckInfo[] {
  return CHECKS.filter((c) => (c.entityType === entityType || (entityType !== '*' && c.entityType === '*')) && (includeOnDemand || !c.onDemandOnly));
}

/** ConsistencyService.resolveAndValidateEntityType, then getDefaultByEntityTypeAndIds. */
export function selectChecks(entityType: string | undefined, checkIds: string[] | undefined): { entityType: string; checks: CheckInfo[] } {
  let resolved = entityType;
  if (checkIds && checkIds.length > 0) {
    const types = new Set(checkIds.flatMap((id) => CHECKS.filter((c) => c.id === id).map((c) => c.entityType)));
    if (types.size === 0) throw new BadRequest(`No valid checks found for IDs: [${checkIds.join(', ')}]`);
    types.delete('*');
    if (types.size === 0) {
      if (!entityType) throw new BadRequest('entityType is required when only wildcard checks are specified.');
    } else if (types.size > 1) throw new BadRequest(`All checkIds must be for the same entity type. Found: ${[...types].join(', ')}`);
    else {
      const derived = [...types][0];
      if (entityType && entityType !== derived) throw new BadRequest(`entityType '${entityType}' does not match entity type '${derived}' from checkIds`);
      resolved = derived;
    }
  } else if (!entityType) throw new BadRequest('Either entityType or checkIds must be provided');
  const type = resolved as string;
  const checks = checkIds && checkIds.length > 0 ? checksOf(type, true).filter((c) => checkIds.includes(c.id)) : checksOf(type, false);
  return { entityType: type, checks };
}

export interface ScanFilter {
  gePitEpochMs?: number;
  lePitEpochMs?: number;
  aspectFilters?: string[];
  includeSoftDeleted: boolean;
  keyAspectOnly: boolean;
}

export interface ScanRequest {
  entityType: string;
  checks: CheckInfo[];
  batchSize: number;
  scrollId?: string;
  filter: ScanFilter;
  /** GET entities/{urn}: only this URN's documents. */
  urn?: string;
}

/** ConsistencyIssue.java as served. */
export interface Issue {
  entityUrn: string;
  entityType: string;
  checkId: string;
  fixType: string;
  description: string;
}

export interface CheckResult {
  entitiesScanned: number;
  issuesFound: number;
  issues: Issue[];
  scrollId?: string;
}

export const EMPTY_RESULT: CheckResult = { entitiesScanned: 0, issuesFound: 0, issues: [] };

/** The key aspect of an entity type (its system-metadata document is the one an orphan keeps). */
export function keyAspectOf(entityType: string): string {
  return REGISTRY[entityType]?.find((a) => a.endsWith('Key')) ?? `${entityType}Key`;
}

/** SearchAfterWrapper.toScrollId: the sort values of the last hit, base64 JSON. */
function encodeScrollId(urn: string, aspect: string): string {
  return Buffer.from(JSON.stringify({ sort: [urn, aspect], pitId: null, expirationTime: 0 })).toString('base64');
}

function decodeScrollId(scrollId: string): [string, string] {
  const parsed = JSON.parse(Buffer.from(scrollId, 'base64').toString('utf8')) as { sort?: unknown };
  if (!Array.isArray(parsed.sort) || typeof parsed.sort[0] !== 'string' || typeof parsed.sort[1] !== 'string') throw new Error('bad scroll id');
  return [parsed.sort[0], parsed.sort[1]];
}

/** Walks the type's system-metadata documents in (urn, aspect) order from the scroll position, calling `take` until it says stop. */
function walk(search: SearchIndex, store: AspectStore, req: ScanRequest, now: number, take: (urn: string, aspect: string) => boolean): void {
  const docs: TypeDocuments = search.orphans.documents(req.entityType);
  const key = keyAspectOf(req.entityType);
  const targets = new Set([...(req.filter.aspectFilters ?? []), ...req.checks.flatMap((c) => c.targetAspects)]);
  const { gePitEpochMs: ge, lePitEpochMs: le } = req.filter;
  const keep = (aspect: string, modified: number): boolean => {
    if (req.filter.keyAspectOnly ? aspect !== key : targets.size > 0 && !targets.has(aspect)) return false;
    return (ge === undefined || modified >= ge) && (le === undefined || modified <= le);
  };
  let k = 0;
  let after: string | undefined;
  if (req.scrollId !== undefined) {
    const [urn, aspect] = decodeScrollId(req.scrollId);
    k = positionAfter(docs.urns, urn, true);
    if (docs.urns[k] === urn) after = aspect;
  }
  if (req.urn !== undefined) k = Math.max(k, lowerBound(docs.urns, req.urn));
  for (; k < docs.urns.length; k++) {
    const urn = docs.urns[k];
    if (req.urn !== undefined && urn !== req.urn) return;
    const from = after;
    after = undefined;
    if (docs.rowStart[k] < 0) {
      const modified = search.orphans.modifiedAt(urn) ?? 0;
      if ((from === undefined || key > from) && keep(key, modified) && !take(urn, key)) return;
      continue;
    }
    if (!search.hasDocument(urn, now) || (search.isRemoved(urn) && !req.filter.includeSoftDeleted)) continue;
    for (let r = docs.rowStart[k]; r < docs.rowEnd[k]; r++) {
      const row = store.rows[r];
      if (row.ignored || (from !== undefined && row.aspect <= from) || !keep(row.aspect, row.createdOn)) continue;
      if (!take(urn, row.aspect)) return;
    }
  }
}

/** ConsistencyService.checkBatch. A negative batchSize is the search client's IllegalArgumentException (400). */
export function checkBatch(search: SearchIndex, store: AspectStore, req: ScanRequest, now = Date.now()): CheckResult {
  if (req.batchSize < 0) throw new BadRequest(`[size] parameter cannot be negative, found [${req.batchSize}]`);
  if (req.checks.length === 0 || req.batchSize === 0) return { ...EMPTY_RESULT, issues: [] };
  const urns: string[] = [];
  let last: [string, string] | undefined;
  let taken = 0;
  walk(search, store, req, now, (urn, aspect) => {
    if (urns[urns.length - 1] !== urn) urns.push(urn);
    last = [urn, aspect];
    return ++taken < req.batchSize;
  });
  if (last === undefined) return { ...EMPTY_RESULT, issues: [] };
  const orphanCheck = req.checks.some((c) => c.id === ORPHAN_CHECK);
  const issues: Issue[] = orphanCheck
    ? urns
        .filter((u) => search.orphans.has(u))
        .map((u) => ({
          entityUrn: u,
          entityType: req.entityType,
          checkId: ORPHAN_CHECK,
          fixType: 'DELETE_INDEX_DOCUMENTS',
          description: `Entity exists in ES indices but not in SQL (orphaned): ${u}`,
        }))
    : [];
  return { entitiesScanned: urns.length, issuesFound: issues.length, issues, scrollId: encodeScrollId(last[0], last[1]) };
}

/** ConsistencyService.countMatching: the documents the same query matches (the first page's totalEstimate). */
export function countMatching(search: SearchIndex, store: AspectStore, req: ScanRequest, now = Date.now()): number {
  if (req.checks.length === 0) return 0;
  let n = 0;
  walk(search, store, { ...req, scrollId: undefined }, now, () => {
    n++;
    return true;
  });
  return n;
}
