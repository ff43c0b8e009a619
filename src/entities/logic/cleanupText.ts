// An entity cleanup's arguments read into a plan query, and its words. Pure: no vscode import.
import { DEFAULT_KEEP_LAST, DEFAULT_OLDER_THAN_DAYS, type CleanupQuery, type PlanFigures } from './cleanupPlan';
import type { CleanupArgs } from './args';

const NOTHING_SENT = 'Nothing was sent.';

/** URN type names as DataHub spells them (the GC's list, soft_deleted_entity_cleanup.py), found whatever the case. */
const KNOWN_TYPES = [
  'dataset',
  'dashboard',
  'chart',
  'mlModel',
  'mlModelGroup',
  'mlFeatureTable',
  'mlFeature',
  'mlPrimaryKey',
  'dataFlow',
  'dataJob',
  'glossaryTerm',
  'glossaryNode',
  'tag',
  'role',
  'corpuser',
  'corpGroup',
  'container',
  'domain',
  'dataProduct',
  'notebook',
  'businessAttribute',
  'schemaField',
  'query',
  'dataProcessInstance',
  'assertion',
  'incident',
  'test',
  'form',
  'structuredProperty',
];
const BY_LOWER = new Map(KNOWN_TYPES.map((t) => [t.toLowerCase(), t]));

export function cleanupQuery(args: CleanupArgs): CleanupQuery {
  const entityType = BY_LOWER.get(args.entityType.toLowerCase()) ?? args.entityType;
  const runs = entityType === 'dataProcessInstance' && args.softDeletedOnly !== true;
  if (!runs && args.softDeletedOnly === false) {
    throw new Error(
      `"softDeletedOnly": false is for "dataProcessInstance" only (its old runs); a cleanup of "${entityType}" deletes its soft-deleted entities. ${NOTHING_SENT}`,
    );
  }
  if (!runs && args.keepLastPerJob !== undefined) {
    throw new Error(`"keepLastPerJob" chooses dataProcessInstance runs; a cleanup of soft-deleted entities takes "olderThanDays" only. ${NOTHING_SENT}`);
  }
  const olderThanDays = args.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS;
  if (!runs) return { entityType, kind: 'softDeleted', olderThanDays };
  return { entityType, kind: 'runs', keepLastPerJob: args.keepLastPerJob ?? DEFAULT_KEEP_LAST, olderThanDays };
}

const days = (d: number) => `${d} day${d === 1 ? '' : 's'}`;

/** "dataset entities soft-deleted more than 10 days ago" / "dataProcessInstance runs beyond the last 5 of each job and older than 10 days". */
export function whatGoes(q: CleanupQuery): string {
  const older = q.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS;
  if (q.kind === 'softDeleted') return `${q.entityType} entities soft-deleted more than ${days(older)} ago`;
  const keep = q.keepLastPerJob ?? DEFAULT_KEEP_LAST;
  return `dataProcessInstance runs beyond the last ${keep} of each job and older than ${days(older)}`;
}

const n = (v: number) => v.toLocaleString('en-US');

export function planMessage(connection: string, q: CleanupQuery, f: PlanFigures): string {
  const head = `Cleanup plan on "${connection}": ${n(f.count)} ${whatGoes(q)}`;
  const how = q.kind === 'softDeleted' ? 'to delete for good' : 'to soft-delete';
  const parts = [f.count === 0 ? `${head}: nothing to delete` : `${head}, ${how}`];
  if (f.byJob && f.byJob.length > 0) {
    const top = f.byJob.slice(0, 3).map((j) => `${j.job} ${n(j.toDelete)} of ${n(j.runs)}`);
    parts.push(`from ${n(f.byJob.length)}${f.byJob.length >= 100 ? '+' : ''} of ${n(f.jobsRead ?? 0)} jobs (most: ${top.join('; ')})`);
  } else if (q.kind === 'runs') parts.push(`${n(f.jobsRead ?? 0)} jobs read`);
  if (f.unlistable) parts.push(`${n(f.unlistable)} URNs with a control character (a line break) left out: check them in DataHub`);
  if (f.keptForAge)
    parts.push(`${n(f.keptForAge)} kept: soft-deleted less than ${days(q.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS)} ago; DataHub's GC keeps them too`);
  if (f.keptUnread) parts.push(`${n(f.keptUnread)} kept: when they were soft-deleted could not be read (no status time); check them in DataHub`);
  if (f.undated) parts.push(`${n(f.undated)} runs without a creation time kept`);
  if (f.jobsCut?.length) parts.push(`${n(f.jobsCut.length)} jobs have more than 9,000 runs: only their newest 9,000 were read; plan again after this cleanup`);
  if (f.cutAt !== undefined)
    parts.push(
      `the listing stopped at our limit of ${n(f.cutAt)} ${q.kind === 'runs' ? 'data jobs' : 'URNs'} read: what lies beyond it is not planned; plan again after this cleanup`,
    );
  return `${parts.join('; ')}. Nothing was deleted.`;
}

/**
 * The GC settings of an entity cleanup (metadata-ingestion/src/datahub/ingestion/source/gc/): soft-deleted entities
 * → soft_deleted_entities_cleanup.retention_days (for every type the GC cleans: its entity_types are left alone);
 * dataProcessInstance runs → dataprocess_cleanup keep_last_n and retention_days (the GC deletes a run past the last
 * N or older than the days, either rule: its dry run, in the plan, counts what that deletes).
 */
export function gcSettingsOf(query: CleanupQuery): Record<string, unknown> {
  const days = query.olderThanDays ?? DEFAULT_OLDER_THAN_DAYS;
  if (query.kind === 'softDeleted') return { softDeletedCleanup: { enabled: true, retentionDays: days } };
  return { dataProcessCleanup: { enabled: true, keepLastN: query.keepLastPerJob ?? DEFAULT_KEEP_LAST, retentionDays: days } };
}
