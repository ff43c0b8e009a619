// Reads the pod log of DataHub's RestoreIndices job (the datahub-upgrade image): how far
// it got, what it said at the end. Lines are matched anywhere on the line, after
// whatever logback prefix the deployment prints. Verbatim formats, from DataHub's sources
// (datahub-upgrade/src/main/java/com/linkedin/datahub/upgrade/):
//   restoreindices/SendMAEStep.java
//     "batchSize is %d"
//     "Found %s latest aspects in aspects table in %.2f minutes."
//     "Getting next batch of urns + aspects, starting with %s - %s"      (urnBasedPagination: the batch's start key)
//     "Successfully sent MAEs for %s/%s rows (%.2f%% of total). %s rows ignored (%.2f%% of total)"
//     "%.2f mins taken. %.2f est. mins to completion. Total mins est. = %.2f."
//     "Failed to send MAEs for %d rows (%.2f%% of total)."                 (the step still reports SUCCEEDED)
//   impl/DefaultUpgradeManager.java
//     "Upgrade %s completed with result %s. Exiting..." (older releases: "Exiting!")
// The counts are of rows sent by this run (from startingOffset on) against every row found.

export interface JobLogSummary {
  batchSize?: number;
  /** Rows the job found (getRowCount): every row, not only those after the starting offset. */
  totalRows?: number;
  /** From the last progress line: rows sent and ignored by this run, its percent of totalRows. */
  sent?: number;
  ignored?: number;
  percent?: number;
  /** Progress lines seen (one per batch report). */
  reports: number;
  minsTaken?: number;
  estMins?: number;
  /** "Failed to send MAEs for N rows": this run sent fewer rows than it found. */
  failedToSend?: { rows: number; percent: number };
  /** The upgrade's result: SUCCEEDED, FAILED, ABORTED, … */
  result?: string;
  upgrade?: string;
  /** urnBasedPagination: the start key of the last batch the log shows (resume from here). */
  lastKey?: { lastUrn: string; lastAspect?: string };
  /** The server cut the log's head ("[truncated...]"): counts still come from the last line. */
  truncated: boolean;
  /** The last lines that look like errors (exceptions, "Failed Step"), at most 3. */
  errors: string[];
}

const NUM = String.raw`(\d+(?:\.\d+)?)`;
const PROGRESS = new RegExp(String.raw`Successfully sent MAEs for (\d+)/(\d+) rows \(${NUM}% of total\)\. (\d+) rows ignored \(${NUM}% of total\)`);
const MINUTES = new RegExp(String.raw`(-?${NUM.slice(1, -1)}) mins taken\. (-?\d+(?:\.\d+)?) est\. mins to completion\.`);
const FOUND = /Found (\d+) latest aspects in aspects table/;
const BATCH_SIZE = /\bbatchSize is (\d+)\b/;
const NEXT_KEY = /Getting next batch of urns \+ aspects, starting with (.+?) - (\S+)\s*$/;
const FAILED_SEND = new RegExp(String.raw`Failed to send MAEs for (-?\d+) rows(?: \(${NUM}% of total\))?`);
const RESULT = /Upgrade (\S+) completed with result (\w+)\. Exiting/;
const ERROR = /(\bERROR\b|Exception\b|Failed Step \d+\/\d+|\bCaused by:)/;

/** What a log says before its first line. */
export function emptyJobLog(): JobLogSummary {
  return { reports: 0, truncated: false, errors: [] };
}

export function parseJobLog(text: string): JobLogSummary {
  const out: JobLogSummary = { reports: 0, truncated: text.startsWith('[truncated...]'), errors: [] };
  return readJobLogLines(out, text.split(/\r?\n/));
}

/** Reads more lines of the same log into `out` (a watch reads each poll's new lines only); returns `out`. */
export function readJobLogLines(out: JobLogSummary, lines: Iterable<string>): JobLogSummary {
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line === '') continue;
    let m = PROGRESS.exec(line);
    if (m) {
      out.sent = Number(m[1]);
      out.totalRows = Number(m[2]);
      out.percent = Number(m[3]);
      out.ignored = Number(m[4]);
      out.reports++;
      continue;
    }
    if ((m = MINUTES.exec(line))) {
      out.minsTaken = Number(m[1]);
      out.estMins = Number(m[2]);
      continue;
    }
    if ((m = FOUND.exec(line))) out.totalRows ??= Number(m[1]);
    else if ((m = BATCH_SIZE.exec(line))) out.batchSize = Number(m[1]);
    else if ((m = NEXT_KEY.exec(line))) {
      // The first batch starts from "null - null" (no key yet).
      out.lastKey = m[1] === 'null' ? undefined : { lastUrn: m[1], ...(m[2] !== 'null' ? { lastAspect: m[2] } : {}) };
    } else if ((m = FAILED_SEND.exec(line))) out.failedToSend = { rows: Number(m[1]), percent: m[2] === undefined ? NaN : Number(m[2]) };
    else if ((m = RESULT.exec(line))) {
      out.upgrade = m[1];
      out.result = m[2];
    } else if (ERROR.test(line)) {
      // Without the logback prefix ("<time> [thread] LEVEL logger - "), when there is one.
      const text = line.replace(/^.*?\s-\s(?=\S)/, '');
      out.errors.push(text.length > 300 ? `${text.slice(0, 300)}…` : text);
      if (out.errors.length > 3) out.errors.shift();
    }
  }
  return out;
}

/** -a name=value pairs of a job's arguments (`-u RestoreIndices -a batchSize=1000 …`), split on the first "=". */
export function jobArgValues(argv: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (let i = 0; i < argv.length - 1; i++) {
    if (argv[i] !== '-a') continue;
    const a = argv[i + 1];
    const eq = a.indexOf('=');
    out.set(eq < 0 ? a : a.slice(0, eq), eq < 0 ? '' : a.slice(eq + 1));
  }
  return out;
}

/** The upgrade a job runs (`-u <id>`), if its arguments name one. */
export function upgradeOf(argv: readonly string[]): string | undefined {
  const i = argv.indexOf('-u');
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : undefined;
}
