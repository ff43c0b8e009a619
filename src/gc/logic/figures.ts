// A GC run's figures from its structured report (ExecutionRequestResult.structuredReport.serializedValue: the
// ingestion report as JSON, the GC's in `source.report`). Pure: no vscode import. The report classes it reads
// (datahub-project/datahub, metadata-ingestion/src/datahub/ingestion/source/gc/):
//   datahub_gc.py                  DataHubGcSourceReport: the classes below in one, plus expired_tokens_revoked
//   soft_deleted_entity_cleanup.py SoftDeletedEntitiesReport: num_hard_deleted, num_hard_deleted_by_type,
//       num_soft_deleted_entity_found, num_soft_deleted_retained_due_to_age(_by_type), deletion_limit_reached
//       (checked with `>`: a night stopped by the limit reports one more than it), runtime_limit_reached
//   dataprocess_cleanup.py         DataProcessCleanupReport: num_aspects_removed, num_aspect_removed_by_type
//   execution_request_cleanup.py   DatahubExecutionRequestCleanupReport: ergc_records_read / preserved / deleted,
//       ergc_read_errors, ergc_delete_errors, ergc_delete_limit_reached, ergc_runtime_limit_reached
//   query_cleanup.py               QueryCleanupReport: num_queries_found, num_queries_soft_deleted, qc_*_limit_reached
//   failures / warnings            datahub/ingestion/api/source.py SourceReport: a list of {title, message, context}
//       (older releases: a map of key to messages)
// The report is scanned, not parsed into objects (./jsonScan.ts): megabytes of sample URNs cost one pass and no
// copy. Every string kept (failure titles) is cut to a length and their number capped.
import { uiLine } from '../../shared/uiText';
import { scanJson } from './jsonScan';

/** A report longer than this is not read. */
export const MAX_GC_REPORT_CHARS = 16_000_000;
export const MAX_FAILURE_TITLES = 20;
export const MAX_TITLE_CHARS = 200;
/** Per-type figures kept per kind, and other numeric report fields kept. */
const MAX_TYPES = 50;
const MAX_OTHER = 100;

/** The report's top-level figures, by the names this extension gives them. */
const NAMED: Readonly<Record<string, string>> = {
  num_hard_deleted: 'hardDeleted',
  num_soft_deleted_entity_found: 'softDeletedFound',
  num_soft_deleted_retained_due_to_age: 'keptForAge',
  num_soft_deleted_entity_removal_started: 'removalStarted',
  num_soft_deleted_entity_invalid_urn: 'invalidUrns',
  num_aspects_removed: 'runRecordsRemoved',
  ergc_records_read: 'requestsRead',
  ergc_records_preserved: 'requestsKept',
  ergc_records_deleted: 'requestsTrimmed',
  ergc_read_errors: 'requestReadErrors',
  ergc_delete_errors: 'requestDeleteErrors',
  expired_tokens_revoked: 'tokensRevoked',
  num_queries_found: 'queriesFound',
  num_queries_soft_deleted: 'queriesSoftDeleted',
};

/** Per-type maps: `<figure>.<entity type>`. */
const BY_TYPE: Readonly<Record<string, string>> = {
  num_hard_deleted_by_type: 'hardDeleted',
  num_soft_deleted_retained_due_to_age_by_type: 'keptForAge',
  num_aspect_removed_by_type: 'runRecordsRemoved',
};

/** The limit flags, as the stage and recipe key that was reached. */
export const LIMIT_FLAGS: Readonly<Record<string, string>> = {
  deletion_limit_reached: 'softDeletedCleanup.limit_entities_delete',
  runtime_limit_reached: 'softDeletedCleanup.runtime_limit_seconds',
  ergc_delete_limit_reached: 'executionRequestCleanup.limit_entities_delete',
  ergc_runtime_limit_reached: 'executionRequestCleanup.runtime_limit_seconds',
  qc_deletion_limit_reached: 'queryCleanup.limit_entities_delete',
  qc_runtime_limit_reached: 'queryCleanup.runtime_limit_seconds',
};

export interface GcFigures {
  /** Flat: `hardDeleted` and the other named figures, `hardDeleted.<type>` per type, `failures`, `warnings`, `report.<key>` for the rest. */
  figures: Record<string, number>;
  /** The limits the run reached (LIMIT_FLAGS' values). */
  limitsReached: string[];
  /** The failures' titles, distinct, at most MAX_FAILURE_TITLES. */
  failures: string[];
  /** Why the report could not be read, when it could not (the figures are then empty). */
  unread?: string;
}

const isIndex = (s: string | undefined): boolean => s !== undefined && /^\d+$/.test(s);

/** A server's title as one inert line: no control or bidi character, no link syntax, capped. */
const cut = (text: string): string => uiLine(text, MAX_TITLE_CHARS).trim();

/** The figures, limits reached and failure titles of one GC run's structured report. */
export function figuresOf(serializedValue: string): GcFigures {
  const empty = (unread: string): GcFigures => ({ figures: {}, limitsReached: [], failures: [], unread });
  if (serializedValue.length > MAX_GC_REPORT_CHARS) return empty(`the report is over ${MAX_GC_REPORT_CHARS.toLocaleString('en-US')} characters; not read`);
  const figures: Record<string, number> = { failures: 0, warnings: 0 };
  const limits = new Set<string>();
  const titles = new Set<string>();
  const typeCount = new Map<string, number>();
  let other = 0;
  const listForm = { failures: false, warnings: false };
  const addTitle = (t: string) => {
    if (titles.size < MAX_FAILURE_TITLES) titles.add(cut(t) || '(untitled failure)');
  };
  // source.report (the GC's) and sink.report: their failures and warnings count; only the source's figures do.
  const isReport = (path: readonly string[]) => (path[0] === 'source' || path[0] === 'sink') && path[1] === 'report';
  const why = scanJson(serializedValue, {
    enter(path, kind) {
      if (!isReport(path)) return;
      const list = path[2];
      if (path.length === 3 && (list === 'failures' || list === 'warnings')) listForm[list] = kind === 'array';
      if (path.length === 4 && (list === 'failures' || list === 'warnings')) {
        // One entry: an object of the list form, or a key's messages in the map form.
        figures[list] += 1;
        if (list === 'failures' && !listForm.failures) addTitle(path[3]);
      }
    },
    wantString(path) {
      if (!isReport(path)) return false;
      const list = path[2];
      // A bare string entry of either list (counted), or a failure's title.
      if (path.length === 4) return list === 'failures' || list === 'warnings';
      return list === 'failures' && path.length === 5 && isIndex(path[3]) && path[4] === 'title';
    },
    scalar(path, value) {
      if (!isReport(path)) return;
      const key = path[2];
      if (key === 'failures' || key === 'warnings') {
        if (path.length === 4) {
          figures[key] += 1; // a bare string entry, or a key with one message (map form)
          if (key === 'failures') addTitle(listForm.failures ? String(value) : path[3]);
        } else if (key === 'failures' && path.length === 5 && path[4] === 'title' && typeof value === 'string') addTitle(value);
        return;
      }
      if (path[0] !== 'source' || key === undefined) return;
      if (path.length === 3) {
        if (typeof value === 'boolean') {
          const limit = LIMIT_FLAGS[key];
          if (limit && value) limits.add(limit);
        } else if (typeof value === 'number') {
          const name = NAMED[key];
          if (name) figures[name] = value;
          else if (other < MAX_OTHER) {
            figures[`report.${key}`] = value;
            other++;
          }
        }
      } else if (path.length === 4 && typeof value === 'number') {
        const name = BY_TYPE[key];
        const seen = typeCount.get(key) ?? 0;
        if (name && seen < MAX_TYPES) {
          figures[`${name}.${path[3]}`] = value;
          typeCount.set(key, seen + 1);
        }
      }
    },
  });
  if (why !== undefined) return empty(`the report is not JSON (${why})`);
  if (figures.hardDeleted === undefined) figures.hardDeleted = 0;
  return { figures, limitsReached: [...limits], failures: [...titles] };
}
