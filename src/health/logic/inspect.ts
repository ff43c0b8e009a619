// Inspect URN: the database's aspects beside the search document, field by field, DataHub's
// consistency findings, the verdict and the next steps (our own commands, with arguments built
// here). Pure: no vscode; the document is inspectDocument.ts.
import type { ConsistencyIssue, EntityAspect, TimelineChange } from '../../gms/types';
import { Commands } from '../../shared/commandIds';

export type InspectVerdict = 'inSync' | 'searchStale' | 'softDeletedInSearch' | 'databaseOnly' | 'searchOnly' | 'unknown';

/** A section that could not be read: why, in one sentence (a missing privilege names it). */
export interface Unreadable {
  unreadable: string;
}

export type DatabaseSide = { exists: boolean; aspects: EntityAspect[] } | Unreadable;
export type SearchSide = { found: false } | { found: true; index?: string; document: Record<string, unknown> } | Unreadable;
export type ChecksSide = { indexed: true; issues: ConsistencyIssue[] } | { indexed: false } | Unreadable;
export type TimelineSide = { changes: TimelineChange[] } | Unreadable;

export interface InspectFacts {
  urn: string;
  connection: string;
  database: DatabaseSide;
  search: SearchSide;
  checks: ChecksSide;
  timeline: TimelineSide;
}

export interface FieldDifference {
  field: string;
  database: string;
  search: string;
}

export interface NextStep {
  /** What the step does, for people. */
  title: string;
  /** One of our command ids. */
  command: string;
  /** The argument object, built here from the URN alone. */
  args: Record<string, unknown>;
  why: string;
}

export const isUnreadable = (side: object): side is Unreadable => 'unreadable' in side;

const DESCRIBED = /(?:Properties|Info)$/;

function aspect(aspects: EntityAspect[], test: (name: string) => boolean): Record<string, unknown> | undefined {
  return aspects.find((a) => test(a.name))?.value;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function urnsOf(list: unknown, key: string): string[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return list
    .map((item) => (typeof item === 'string' ? item : item !== null && typeof item === 'object' ? str((item as Record<string, unknown>)[key]) : undefined))
    .filter((u): u is string => u !== undefined)
    .sort();
}

/**
 * The info aspect of the entity (datasetProperties, chartInfo, ...): `<entity>Properties` or `<entity>Info`
 * after its key aspect's entity name, else the first such aspect that is not an editable one.
 */
function infoAspect(aspects: EntityAspect[]): Record<string, unknown> | undefined {
  const entity = aspects.find((a) => a.name.endsWith('Key'))?.name.slice(0, -'Key'.length);
  const own = entity ? aspect(aspects, (n) => n === `${entity}Properties` || n === `${entity}Info`) : undefined;
  return own ?? aspect(aspects, (n) => DESCRIBED.test(n) && !n.startsWith('editable'));
}

/**
 * The compared fields as the database holds them, each under the name DataHub's search document gives it
 * (the aspects' @Searchable fieldName, datahub-project/datahub metadata-models/src/main/pegasus/com/linkedin/...):
 *   name              <entity>Properties.name / <entity>Info.name (dataset/DatasetProperties.pdl, datajob/DataFlowInfo.pdl, ...)
 *   title             chartInfo.title, dashboardInfo.title: indexed as `title`, not `name` (chart/ChartInfo.pdl, dashboard/DashboardInfo.pdl)
 *   description       the ingested description of the info aspect (dataset/DatasetProperties.pdl)
 *   editedDescription the description edited in the UI: editable<Entity>Properties.description, indexed as
 *                     `editedDescription` beside the ingested one, never over it (dataset/EditableDatasetProperties.pdl,
 *                     chart/EditableChartProperties.pdl, ...)
 *   editedName        editableDatasetProperties.name (dataset/EditableDatasetProperties.pdl)
 *   tags, owners      globalTags.tags[].tag, ownership.owners[].owner (common/TagAssociation.pdl, common/Owner.pdl)
 *   removed, platform, browse path: status.removed, the key's or dataPlatformInstance's platform, browsePathsV2 (`browsePathV2`).
 * A field whose aspect is absent is left out.
 */
export function databaseFields(aspects: EntityAspect[]): Map<string, string> {
  const out = new Map<string, string>();
  const info = infoAspect(aspects);
  const editable = aspect(aspects, (n) => /^editable.*Properties$/.test(n));
  const key = aspect(aspects, (n) => n.endsWith('Key'));
  const name = str(info?.name);
  if (name !== undefined) out.set('name', name);
  const title = str(info?.title);
  if (title !== undefined) out.set('title', title);
  if (info !== undefined) out.set('description', str(info.description) ?? '');
  if (editable !== undefined) {
    out.set('editedDescription', str(editable.description) ?? '');
    const editedName = str(editable.name);
    if (editedName !== undefined) out.set('editedName', editedName);
  }
  const tags = aspect(aspects, (n) => n === 'globalTags');
  if (tags !== undefined) out.set('tags', (urnsOf(tags.tags, 'tag') ?? []).join(', '));
  const ownership = aspect(aspects, (n) => n === 'ownership');
  if (ownership !== undefined) out.set('owners', (urnsOf(ownership.owners, 'owner') ?? []).join(', '));
  const status = aspect(aspects, (n) => n === 'status');
  out.set('removed', String(status?.removed === true));
  const platform = str(key?.platform) ?? str(aspect(aspects, (n) => n === 'dataPlatformInstance')?.platform);
  if (platform !== undefined) out.set('platform', platform);
  const browse = aspect(aspects, (n) => n === 'browsePathsV2');
  if (browse !== undefined && Array.isArray(browse.path))
    out.set(
      'browse path',
      (browse.path as unknown[]).map((p) => (p !== null && typeof p === 'object' ? (str((p as { id?: unknown }).id) ?? '') : '')).join(' › '),
    );
  return out;
}

/** The same fields as the search document holds them (entity index field names, as databaseFields pairs them). */
export function searchFields(document: Record<string, unknown>): Map<string, string> {
  const out = new Map<string, string>();
  const name = str(document.name);
  if (name !== undefined) out.set('name', name);
  const title = str(document.title);
  if (title !== undefined) out.set('title', title);
  // DataHub writes no field for an absent value: a text field the document lacks holds nothing.
  for (const field of ['description', 'editedDescription', 'editedName']) out.set(field, str(document[field]) ?? '');
  const tags = urnsOf(document.tags, 'tag');
  if (tags !== undefined) out.set('tags', tags.join(', '));
  const owners = urnsOf(document.owners, 'owner');
  if (owners !== undefined) out.set('owners', owners.join(', '));
  out.set('removed', String(document.removed === true));
  const platform = str(document.platform);
  if (platform !== undefined) out.set('platform', platform);
  const browse = str(document.browsePathV2);
  if (browse !== undefined) out.set('browse path', browse.replace(/^␟|␟$/g, '').split('␟').join(' › '));
  return out;
}

/** Every field both sides hold whose values differ, in the database's order. */
export function differencesOf(aspects: EntityAspect[], document: Record<string, unknown>): FieldDifference[] {
  const db = databaseFields(aspects);
  const search = searchFields(document);
  const out: FieldDifference[] = [];
  for (const [field, value] of db) {
    const other = search.get(field);
    if (other !== undefined && other !== value) out.push({ field, database: value, search: other });
  }
  return out;
}

export function verdictOf(f: Pick<InspectFacts, 'database' | 'search'>, differences: FieldDifference[]): InspectVerdict {
  if (isUnreadable(f.database) || isUnreadable(f.search)) return 'unknown';
  const db = f.database;
  const search = f.search;
  if (db.exists && search.found) {
    const removedInDb = databaseFields(db.aspects).get('removed') === 'true';
    if (removedInDb && search.document.removed !== true) return 'softDeletedInSearch';
    return differences.length > 0 ? 'searchStale' : 'inSync';
  }
  if (db.exists) return 'databaseOnly';
  return search.found ? 'searchOnly' : 'unknown';
}

/** The verdict in words, for the headline and the result's message. */
export const VERDICT_TEXT: Record<InspectVerdict, string> = {
  inSync: 'In sync: search holds what the database holds',
  searchStale: 'Search is stale: its document differs from the database',
  softDeletedInSearch: 'Soft-deleted, but search still finds it',
  databaseOnly: 'In the database only: search has no document',
  searchOnly: 'In search only: no row in the database',
  unknown: 'Not known: a side could not be read, or neither holds it',
};

/** Our commands that act on this verdict, with arguments built from the URN only. */
export function nextStepsOf(urn: string, verdict: InspectVerdict, checks: ChecksSide): NextStep[] {
  const steps: NextStep[] = [];
  const issues = !isUnreadable(checks) && checks.indexed ? checks.issues : [];
  if (verdict === 'searchStale' || verdict === 'softDeletedInSearch' || verdict === 'databaseOnly') {
    steps.push({
      title: 'Restore Indices for this URN',
      command: Commands.restoreIndices,
      args: { urn, verify: true },
      why:
        verdict === 'databaseOnly'
          ? 'writes the search document from the database again'
          : 'writes the search document again from what the database holds now (removed included)',
    });
  }
  if (verdict === 'searchOnly' || issues.length > 0) {
    const what = verdict === 'searchOnly' ? 'the drift fix for a search-only document' : "DataHub's consistency fix";
    steps.push({
      title: `Dry run of ${what}`,
      command: Commands.checkSearchHealth,
      args: { urns: [urn], fix: 'dryRun' },
      why: 'asks the server what its fix would do; changes nothing',
    });
    steps.push({
      title: `Apply ${what}`,
      command: Commands.checkSearchHealth,
      args: { urns: [urn], fix: 'apply' },
      why: 'shows the dry run first and asks before anything is sent (refused on read-only connections)',
    });
  }
  return steps;
}
