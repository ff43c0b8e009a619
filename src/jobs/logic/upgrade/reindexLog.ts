// Reads the pod log of DataHub's system-update job (datahub-upgrade -u SystemUpdate, its
// BuildIndicesStep) for the reindex tasks it started: which index, which search-engine task,
// the document counts it compared, and how each ended, in the log's own words. Lines are
// matched anywhere on the line, after whatever logback prefix the deployment prints.
// Verbatim formats, from DataHub's sources:
//   metadata-io/src/main/java/com/linkedin/metadata/search/elasticsearch/indexbuilder/ESIndexBuilder.java
//     pollReindexCompletion (the _reindex task was submitted with wait_for_completion=false):
//       "Task: {} - Reindexing from {} to {} in progress..."               (task id, source, destination; every poll)
//       "Document counts do not match {} != {}. Complete: {}%. Estimated time remaining: {} minutes"
//       (older releases: "Task: {} - Document counts do not match {} != {}. Complete: {}%")
//       "Reindex {} -> {} complete. Doc count: {}"  (older: "Task: {} - Reindexing {} to {} task was successful")
//       "No change in index count after {} minutes, re-triggering reindex #{}."
//       "Reindex {} -> {} timed out or exhausted retries"                 (maxReindexHours reached, or retries spent)
//     reindex():
//       "Reindex skipped for {} -> {} due to 0 docs ."
//       "Index: {} - Post-reindex document count is different, source_doc_count: {} reindex_doc_count: {}"
//       "Failed to reindex {} to {}: Exception {}"   (e.toString(): "java.lang.RuntimeException: Reindex from %s to %s
//                                                    failed. Document count %s != %s", or a java.net.SocketTimeoutException)
//       "Reindex from {} to {} succeeded", "Finished setting up {}"
//     buildIndexIncremental: "Incremental reindex: submitted _reindex task {} from {} to {} (source docs: {})"
//   datahub-upgrade/.../impl/DefaultUpgradeManager.java: "Upgrade %s completed with result %s. Exiting..."

export type ReindexLogState = 'running' | 'verifying' | 'done' | 'skipped' | 'failed';

export interface ReindexEntry {
  /** The index (alias) being rebuilt. */
  index: string;
  /** The new index the documents are copied into. */
  dest?: string;
  /** The search engine's task, nodeId:number (empty while a resumed task is adopted). */
  task?: string;
  state: ReindexLogState;
  /** Source and destination counts from the last comparison the log shows. */
  sourceDocs?: number;
  destDocs?: number;
  /** The log's "Complete: N%" or the end's counts. */
  percent?: number;
  /** The job's own estimate ("Estimated time remaining: N minutes"). */
  estMinutes?: number;
  /** "re-triggering reindex #N": the task made no progress and was submitted again. */
  retriggers: number;
  timedOut: boolean;
  /** Why it failed, in the log's own words. */
  reason?: string;
  /** Mismatched counts explicitly allowed (allowDocCountMismatch with cloneIndices). */
  mismatchAllowed?: boolean;
}

export interface UpgradeLogSummary {
  /** The upgrade's id (SystemUpdate, SystemUpdateBlocking, …) and result, from the last line. */
  upgrade?: string;
  result?: string;
  /** "Failed Step 4/14: BuildIndicesStep…": the step that failed, as the log names it. */
  failedStep?: string;
  /** In the order the log first names them. */
  reindexes: ReindexEntry[];
  truncated: boolean;
  /** The last lines that look like errors (without the logback prefix), at most 3. */
  errors: string[];
}

const TASK_PROGRESS = /Task: (\S*) - Reindexing from (\S+) to (\S+) in progress/;
const SUBMITTED = /Incremental reindex: submitted _reindex task (\S+) from (\S+) to (\S+) \(source docs: (\d+)\)/;
const COUNTS = /Document counts do not match (\d+) != (\d+)\. Complete: (\d+(?:\.\d+)?(?:E-?\d+)?)%(?:\. Estimated time remaining: (-?\d+) minutes)?/;
const COMPLETE = /Reindex (\S+) -> (\S+) complete\. Doc count: (\d+)/;
const OLD_SUCCESS = /Task: (\S*) - Reindexing (\S+) to (\S+) task was successful/;
const SUCCEEDED = /Reindex from (\S+) to (\S+) succeeded/;
const SKIPPED = /Reindex skipped for (\S+) -> (\S+) due to 0 docs/;
const RETRIGGER = /re-triggering reindex #(\d+)/;
const TIMED_OUT = /Reindex (\S+) -> (\S+) timed out or exhausted retries/;
const POST_MISMATCH = /Index: (\S+) - Post-reindex document count is different, source_doc_count: (\d+) reindex_doc_count: (\d+)/;
const ALLOWED = /This condition is explicitly ALLOWED/;
const FAILED_REINDEX = /Failed to reindex (\S+) to (\S+): Exception (.+)$/;
const RESULT = /Upgrade (\S+) completed with result (\w+)\. Exiting/;
const FAILED_STEP = /Failed Step (\d+\/\d+: \w+)/;
const ERROR = /(\bERROR\b|Exception\b|\bCaused by:)/;

/** The line without its logback prefix ("<time> [thread] LEVEL logger - "), when it has one. */
function bare(line: string): string {
  const text = line.replace(/^.*?\s-\s(?=\S)/, '');
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}

/** An exception's text without the Java class ("java.lang.RuntimeException: "), for a reason. */
function exceptionWords(text: string): string {
  const m = /^(?:[\w$]+\.)+([\w$]+(?:Exception|Error)): (.*)$/.exec(text.trim());
  if (!m) return text.trim();
  return m[1] === 'RuntimeException' ? m[2] : `${m[1]}: ${m[2]}`;
}

/** Indices followed at most: a log naming more (a hostile or broken one) has the rest counted, not followed. */
export const MAX_FOLLOWED_INDICES = 200;

export function parseUpgradeLog(text: string): UpgradeLogSummary {
  const reader = new UpgradeLogReader();
  reader.summary.truncated = text.startsWith('[truncated...]');
  reader.read(text.split(/\r?\n/));
  return reader.summary;
}

/** Reads a system update's log a part at a time (a watch reads each poll's new lines only). */
export class UpgradeLogReader {
  readonly summary: UpgradeLogSummary = { reindexes: [], truncated: false, errors: [] };
  private readonly byIndex = new Map<string, ReindexEntry>();
  private current: ReindexEntry | undefined;
  /** Indices the log named beyond MAX_FOLLOWED_INDICES. */
  notFollowed = 0;

  private entry(index: string, dest?: string): ReindexEntry | undefined {
    let e = this.byIndex.get(index);
    if (!e) {
      if (this.byIndex.size >= MAX_FOLLOWED_INDICES) {
        this.notFollowed++;
        this.current = undefined;
        return undefined;
      }
      e = { index, state: 'running', retriggers: 0, timedOut: false };
      this.byIndex.set(index, e);
      this.summary.reindexes.push(e);
    }
    if (dest) e.dest = dest;
    this.current = e;
    return e;
  }

  read(lines: Iterable<string>): void {
    const out = this.summary;
    for (const raw of lines) this.line(raw, out);
  }

  private line(raw: string, out: UpgradeLogSummary): void {
    const line = raw.trimEnd();
    if (line === '') return;
    const current = this.current;
    const entry = (index: string, dest?: string) => this.entry(index, dest) ?? { index, state: 'running' as const, retriggers: 0, timedOut: false };
    let m: RegExpExecArray | null;
    if ((m = TASK_PROGRESS.exec(line))) {
      const e = entry(m[2], m[3]);
      if (m[1]) e.task = m[1];
      if (e.state !== 'failed') e.state = 'running';
      // Older releases print the counts on the same kind of line, after the task.
    } else if ((m = SUBMITTED.exec(line))) {
      const e = entry(m[2], m[3]);
      e.task = m[1];
      e.sourceDocs = Number(m[4]);
    } else if ((m = COUNTS.exec(line))) {
      if (!current) return;
      current.sourceDocs = Number(m[1]);
      current.destDocs = Number(m[2]);
      current.percent = Number(m[3]);
      if (m[4] !== undefined) current.estMinutes = Number(m[4]);
    } else if ((m = COMPLETE.exec(line))) {
      const e = entry(m[1], m[2]);
      e.sourceDocs = e.destDocs = Number(m[3]);
      e.percent = 100;
      e.state = 'verifying';
    } else if ((m = OLD_SUCCESS.exec(line))) {
      const e = entry(m[2], m[3]);
      e.percent = 100;
      e.state = 'verifying';
    } else if ((m = SUCCEEDED.exec(line))) {
      const e = entry(m[1], m[2]);
      e.state = 'done';
      if (e.sourceDocs !== undefined && e.destDocs === e.sourceDocs) e.percent = 100;
    } else if ((m = SKIPPED.exec(line))) {
      const e = entry(m[1], m[2]);
      Object.assign(e, { state: 'skipped', sourceDocs: 0, destDocs: 0 });
    } else if ((m = RETRIGGER.exec(line))) {
      if (current) current.retriggers = Number(m[1]);
    } else if ((m = TIMED_OUT.exec(line))) {
      entry(m[1], m[2]).timedOut = true;
    } else if ((m = POST_MISMATCH.exec(line))) {
      const e = entry(m[1]);
      e.sourceDocs = Number(m[2]);
      e.destDocs = Number(m[3]);
      if (ALLOWED.test(line)) e.mismatchAllowed = true;
      else e.reason = `document count mismatch: source ${m[2]}, reindexed ${m[3]}`;
    } else if ((m = FAILED_REINDEX.exec(line))) {
      const e = entry(m[1], m[2]);
      e.state = 'failed';
      e.reason = exceptionWords(m[3]);
      out.errors.push(bare(line));
    } else if ((m = RESULT.exec(line))) {
      out.upgrade = m[1];
      out.result = m[2];
    } else if ((m = FAILED_STEP.exec(line))) {
      out.failedStep = m[1];
      out.errors.push(bare(line));
    } else if (ERROR.test(line)) {
      out.errors.push(bare(line));
    }
    if (out.errors.length > 3) out.errors.shift();
  }
}

/** Whether a Job runs DataHub's system update: its arguments say `-u SystemUpdate…`, or its name (the Helm chart's
 *  `<release>-datahub-system-update-job`, acryldata/datahub-helm charts/datahub/templates/datahub-upgrade/datahub-system-update-job.yml) says so. */
export function isSystemUpdateJob(job: { name: string; args?: readonly string[] }): boolean {
  const i = job.args?.indexOf('-u') ?? -1;
  if (job.args && i >= 0 && i + 1 < job.args.length) return /^SystemUpdate/.test(job.args[i + 1]);
  return /system-update/.test(job.name);
}
