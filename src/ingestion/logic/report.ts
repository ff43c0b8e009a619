// A run's report as a read-only Markdown document: its status and times, the figures of its structured report
// (the ingestion report DataHub keeps as JSON: source.report and sink.report, failures and warnings), then the
// tail of its log. Every server string stays inert: one code span each (mdown's code), the log in a fence longer
// than any backtick run inside it; nothing becomes a link, an image or HTML. What is read and shown is capped.
import type { ExecutionRequestDetail } from '../../gms/types';
import { code, codeBlock, codeCell, joinMarkdown, mdown, plain, type Markdown } from '../../shared/markdown';
import { formatDateTime, formatDuration } from '../../shared/format';

/** The structured report is parsed only up to this size; the log's last lines and characters shown. */
export const MAX_STRUCTURED_CHARS = 2_000_000;
export const LOG_TAIL_LINES = 200;
export const LOG_TAIL_CHARS = 32_000;
const MAX_ENTRIES = 20;

export interface ReportEntry {
  title: string;
  message: string;
  context: string[];
}

export interface ReportSummary {
  figures: Array<[string, string]>;
  failures: ReportEntry[];
  warnings: ReportEntry[];
  failureCount: number;
  warningCount: number;
  /** Why the structured report could not be read, when it could not. */
  unreadable?: string;
}

const obj = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** Failures or warnings in either of the forms the ingestion framework writes (a list of entries, or a map of key to messages). */
function entries(v: unknown): ReportEntry[] {
  const text = (x: unknown) => (typeof x === 'string' ? x : x === undefined || x === null ? '' : JSON.stringify(x));
  if (Array.isArray(v)) {
    return v.map((e) => {
      const o = obj(e);
      if (!o) return { title: '', message: text(e), context: [] };
      const context = Array.isArray(o.context) ? o.context.map(text) : o.context !== undefined ? [text(o.context)] : [];
      return { title: text(o.title), message: text(o.message), context };
    });
  }
  const map = obj(v);
  return map ? Object.entries(map).map(([k, msgs]) => ({ title: k, message: Array.isArray(msgs) ? msgs.map(text).join('; ') : text(msgs), context: [] })) : [];
}

/** The figures worth a line: numbers and booleans at the top of source.report and sink.report. */
export function summarise(serialized: string | undefined): ReportSummary {
  const empty: ReportSummary = { figures: [], failures: [], warnings: [], failureCount: 0, warningCount: 0 };
  if (serialized === undefined) return { ...empty, unreadable: 'the run has no structured report' };
  if (serialized.length > MAX_STRUCTURED_CHARS)
    return { ...empty, unreadable: `the structured report is over ${MAX_STRUCTURED_CHARS.toLocaleString('en-US')} characters; not read` };
  let json: unknown;
  try {
    json = JSON.parse(serialized);
  } catch {
    return { ...empty, unreadable: 'the structured report is not JSON' };
  }
  const out = { ...empty };
  for (const part of ['source', 'sink'] as const) {
    const report = obj(obj(obj(json)?.[part])?.report);
    if (!report) continue;
    for (const [k, v] of Object.entries(report)) {
      if (typeof v === 'number' || typeof v === 'boolean') out.figures.push([`${part}.${k}`, String(v)]);
    }
    const f = entries(report.failures);
    const w = entries(report.warnings);
    out.failureCount += f.length;
    out.warningCount += w.length;
    out.failures.push(...f);
    out.warnings.push(...w);
  }
  return out;
}

/** The last lines of a log, within the caps. */
export function logTail(report: string): { text: string; cut: boolean } {
  const lines = report.split(/\r\n|\r|\n/);
  let tail = lines.slice(-LOG_TAIL_LINES).join('\n');
  let cut = lines.length > LOG_TAIL_LINES;
  if (tail.length > LOG_TAIL_CHARS) {
    tail = tail.slice(-LOG_TAIL_CHARS);
    cut = true;
  }
  return { text: tail, cut };
}

function entryLines(title: string, list: ReportEntry[], count: number): Markdown[] {
  if (count === 0) return [];
  const out = [mdown`## ${plain(title)} (${count})`, mdown``];
  for (const e of list.slice(0, MAX_ENTRIES)) {
    const head = [e.title, e.message].filter((t) => t !== '').map((t) => code(t, 500));
    const context = e.context.slice(0, 5).map((c) => code(c, 200));
    const more = e.context.length > 5 ? mdown`, …` : mdown``;
    out.push(
      mdown`- ${head.length === 2 ? mdown`${head[0]}: ${head[1]}` : (head[0] ?? mdown`(no message)`)}${context.length > 0 ? mdown` — ${joinMarkdown(context, ', ')}${more}` : mdown``}`,
    );
  }
  if (count > MAX_ENTRIES) out.push(mdown`- … and ${count - MAX_ENTRIES} more`);
  out.push(mdown``);
  return out;
}

export function renderReport(r: ExecutionRequestDetail, sourceName: string | undefined): Markdown {
  const lines: Markdown[] = [mdown`# Ingestion run ${code(r.id, 200)}`, mdown``];
  lines.push(mdown`- Source: ${sourceName !== undefined ? code(sourceName, 200) : mdown`(unknown)`} (${code(r.sourceUrn ?? 'unknown', 300)})`);
  lines.push(mdown`- Requested: ${plain(formatDateTime(r.requestedAt))}`);
  const res = r.result;
  if (!res) {
    lines.push(mdown`- Status: none: the executor (datahub-actions) has not picked this request up, so there is no report yet.`, mdown``);
    return joinMarkdown(lines);
  }
  lines.push(mdown`- Status: ${code(res.status, 100)}`);
  if (res.startTimeMs !== undefined) lines.push(mdown`- Started: ${plain(formatDateTime(res.startTimeMs))}`);
  if (res.durationMs !== undefined) lines.push(mdown`- Duration: ${plain(formatDuration(res.durationMs))}`);
  lines.push(mdown``);
  const s = summarise(res.structuredReport?.serializedValue);
  lines.push(mdown`## Figures`, mdown``);
  if (s.unreadable) lines.push(mdown`Not shown: ${code(s.unreadable, 300)}.`, mdown``);
  else if (s.figures.length === 0) lines.push(mdown`The structured report has no figures.`, mdown``);
  else {
    lines.push(mdown`| Figure | Value |`, mdown`|---|---|`);
    for (const [k, v] of s.figures.slice(0, 80)) lines.push(mdown`| ${codeCell(k, 100)} | ${codeCell(v, 100)} |`);
    lines.push(mdown``);
  }
  lines.push(...entryLines('Failures', s.failures, s.failureCount), ...entryLines('Warnings', s.warnings, s.warningCount));
  lines.push(mdown`## Log (tail)`, mdown``);
  if (res.report === undefined || res.report.trim() === '') lines.push(mdown`The run has no log.`, mdown``);
  else {
    const tail = logTail(res.report);
    if (tail.cut) lines.push(mdown`The last ${LOG_TAIL_LINES} lines (at most ${plain(LOG_TAIL_CHARS.toLocaleString('en-US'))} characters):`, mdown``);
    lines.push(codeBlock(tail.text, 'text'), mdown``);
  }
  return joinMarkdown(lines);
}
