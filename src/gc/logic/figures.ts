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
// A report over 256 KB is scanned, not parsed into objects (./jsonScan.ts): megabytes of sample URNs cost one pass
// and no copy; a shorter one is parsed whole, which is quicker. Every string kept (failure titles) is cut to a length and their number capped.
import { uiLine } from '../../shared/uiText';
import { scanJson } from './jsonScan';

/** A report shorter than this is parsed whole (quicker); a longer one is scanned (no copy of it built). */
const PARSE_BELOW = 256_000;
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

/** What a report's reading gathers, whichever way the report is walked. */
class Collector {
  readonly figures: Record<string, number> = { failures: 0, warnings: 0 };
  readonly limits = new Set<string>();
  readonly titles = new Set<string>();
  private readonly typeCount = new Map<string, number>();
  private other = 0;

  title(t: string): void {
    if (this.titles.size < MAX_FAILURE_TITLES) this.titles.add(cut(t) || '(untitled failure)');
  }

  /** One entry of `failures` or `warnings`: its title when it has one (a list entry's, or a map form's key). */
  entry(list: 'failures' | 'warnings', title: string | undefined): void {
    this.figures[list] += 1;
    if (list === 'failures' && title !== undefined) this.title(title);
  }

  /** A number or boolean at the top of the GC's report. */
  top(key: string, value: unknown): void {
    if (typeof value === 'boolean') {
      const limit = LIMIT_FLAGS[key];
      if (limit && value) this.limits.add(limit);
    } else if (typeof value === 'number') {
      const name = NAMED[key];
      if (name) this.figures[name] = value;
      else if (this.other < MAX_OTHER) {
        this.figures[`report.${key}`] = value;
        this.other++;
      }
    }
  }

  /** One type's figure of a per-type map. */
  byType(key: string, type: string, value: unknown): void {
    const name = BY_TYPE[key];
    const seen = this.typeCount.get(key) ?? 0;
    if (name && typeof value === 'number' && seen < MAX_TYPES) {
      this.figures[`${name}.${type}`] = value;
      this.typeCount.set(key, seen + 1);
    }
  }

  done(): GcFigures {
    if (this.figures.hardDeleted === undefined) this.figures.hardDeleted = 0;
    return { figures: this.figures, limitsReached: [...this.limits], failures: [...this.titles] };
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A list of failures or warnings as JSON.parse built it: a list of entries, or a map of key to messages. */
function readList(c: Collector, list: 'failures' | 'warnings', value: unknown): void {
  if (Array.isArray(value)) {
    for (const e of value) {
      if (isObject(e)) c.entry(list, typeof e.title === 'string' ? e.title : undefined);
      else if (typeof e === 'string') c.entry(list, e);
      else c.entry(list, undefined);
    }
  } else if (isObject(value)) for (const key of Object.keys(value)) c.entry(list, key);
}

/** A report JSON.parse built: the parts read, straight from the objects. */
function readParsed(c: Collector, json: unknown): void {
  if (!isObject(json)) return;
  for (const part of ['source', 'sink'] as const) {
    const holder = json[part];
    const report = isObject(holder) ? holder.report : undefined;
    if (!isObject(report)) continue;
    for (const key of Object.keys(report)) {
      const value = report[key];
      if (key === 'failures' || key === 'warnings') readList(c, key, value);
      else if (part !== 'source') continue;
      else if (BY_TYPE[key] !== undefined && isObject(value)) for (const type of Object.keys(value)) c.byType(key, type, value[type]);
      else c.top(key, value);
    }
  }
}

/** A long report scanned (./jsonScan.ts): the same parts, sample URNs skipped whole. */
function scanned(c: Collector, text: string): string | undefined {
  const listForm = { failures: false, warnings: false };
  // source.report (the GC's) and sink.report: their failures and warnings count; only the source's figures do.
  const isReport = (path: readonly string[]) => (path[0] === 'source' || path[0] === 'sink') && path[1] === 'report';
  const isList = (key: string | undefined): key is 'failures' | 'warnings' => key === 'failures' || key === 'warnings';
  return scanJson(text, {
    descend(path) {
      if (path.length < 2) return true;
      if (!isReport(path)) return false;
      if (path.length === 2) return true;
      const key = path[2];
      if (isList(key)) return path.length <= 4;
      return path.length === 3 && BY_TYPE[key] !== undefined && path[0] === 'source';
    },
    enter(path, kind) {
      const list = path[2];
      if (!isReport(path) || !isList(list)) return;
      if (path.length === 3) listForm[list] = kind === 'array';
      // One entry of 4 path steps: an object of the list form (its title comes as a string), or a map form's key.
      else if (path.length === 4) {
        if (listForm[list]) c.figures[list] += 1;
        else c.entry(list, path[3]);
      }
    },
    wantString(path) {
      if (!isReport(path)) return false;
      const list = path[2];
      if (path.length === 4) return isList(list);
      return list === 'failures' && path.length === 5 && listForm.failures && isIndex(path[3]) && path[4] === 'title';
    },
    scalar(path, value) {
      if (!isReport(path)) return;
      const key = path[2];
      if (isList(key)) {
        if (path.length === 4) c.entry(key, listForm[key] ? (typeof value === 'string' ? value : undefined) : path[3]);
        else if (path.length === 5 && path[4] === 'title' && typeof value === 'string') c.title(value);
        return;
      }
      if (path[0] !== 'source' || key === undefined) return;
      if (path.length === 3) c.top(key, value);
      else if (path.length === 4) c.byType(key, path[3], value);
    },
  });
}

/** The figures, limits reached and failure titles of one GC run's structured report. */
export function figuresOf(serializedValue: string): GcFigures {
  const empty = (unread: string): GcFigures => ({ figures: {}, limitsReached: [], failures: [], unread });
  if (serializedValue.length > MAX_GC_REPORT_CHARS) return empty(`the report is over ${MAX_GC_REPORT_CHARS.toLocaleString('en-US')} characters; not read`);
  const c = new Collector();
  if (serializedValue.length < PARSE_BELOW) {
    let json: unknown;
    try {
      json = JSON.parse(serializedValue);
    } catch (error) {
      return empty(`the report is not JSON (${error instanceof Error ? error.message : String(error)})`);
    }
    readParsed(c, json);
  } else {
    const why = scanned(c, serializedValue);
    if (why !== undefined) return empty(`the report is not JSON (${why})`);
  }
  return c.done();
}
