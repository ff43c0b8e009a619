// A run's report as a read-only Markdown document: its status and times, the figures of its structured report
// (the ingestion report DataHub keeps as JSON: source.report and sink.report, failures and warnings), then the
// tail of its log. Every server string stays inert: one code span each (inertText), the log in a fence longer
// than any backtick run inside it; nothing becomes a link, an image or HTML. What is read and shown is capped.
import type { ExecutionRequestDetail } from '../../gms/types';
import { inertText } from '../../shared/markdown';
import { withoutInvisible } from '../../shared/uiText';
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

/** A fenced block any text is inert in: a fence of backticks longer than any run inside. */
export function fencedBlock(text: string): string {
  const clean = withoutInvisible(text);
  const ticks = clean.match(/`+/g)?.reduce((m, t) => Math.max(m, t.length), 0) ?? 0;
  const fence = '`'.repeat(Math.max(3, ticks + 1));
  return `${fence}text\n${clean}\n${fence}`;
}

function entryLines(title: string, list: ReportEntry[], count: number): string[] {
  if (count === 0) return [];
  const out = [`## ${title} (${count})`, ''];
  for (const e of list.slice(0, MAX_ENTRIES)) {
    const head = [e.title, e.message].filter((t) => t !== '').map((t) => inertText(t, 500));
    out.push(
      `- ${head.join(': ') || '(no message)'}${
        e.context.length > 0
          ? ` — ${e.context
              .slice(0, 5)
              .map((c) => inertText(c, 200))
              .join(', ')}${e.context.length > 5 ? ', …' : ''}`
          : ''
      }`,
    );
  }
  if (count > MAX_ENTRIES) out.push(`- … and ${count - MAX_ENTRIES} more`);
  out.push('');
  return out;
}

export function renderReport(r: ExecutionRequestDetail, sourceName: string | undefined): string {
  const lines = [`# Ingestion run ${inertText(r.id, 200)}`, ''];
  lines.push(`- Source: ${sourceName !== undefined ? inertText(sourceName, 200) : '(unknown)'} (${inertText(r.sourceUrn ?? 'unknown', 300)})`);
  lines.push(`- Requested: ${formatDateTime(r.requestedAt)}`);
  const res = r.result;
  if (!res) {
    lines.push('- Status: none: the executor (datahub-actions) has not picked this request up, so there is no report yet.', '');
    return lines.join('\n');
  }
  lines.push(`- Status: ${inertText(res.status, 100)}`);
  if (res.startTimeMs !== undefined) lines.push(`- Started: ${formatDateTime(res.startTimeMs)}`);
  if (res.durationMs !== undefined) lines.push(`- Duration: ${formatDuration(res.durationMs)}`);
  lines.push('');
  const s = summarise(res.structuredReport?.serializedValue);
  lines.push('## Figures', '');
  if (s.unreadable) lines.push(`Not shown: ${s.unreadable}.`, '');
  else if (s.figures.length === 0) lines.push('The structured report has no figures.', '');
  else {
    lines.push('| Figure | Value |', '|---|---|');
    for (const [k, v] of s.figures.slice(0, 80)) lines.push(`| ${inertText(k, 100).replace(/\|/g, '\\|')} | ${inertText(v, 100).replace(/\|/g, '\\|')} |`);
    lines.push('');
  }
  lines.push(...entryLines('Failures', s.failures, s.failureCount), ...entryLines('Warnings', s.warnings, s.warningCount));
  lines.push('## Log (tail)', '');
  if (res.report === undefined || res.report.trim() === '') lines.push('The run has no log.', '');
  else {
    const tail = logTail(res.report);
    if (tail.cut) lines.push(`The last ${LOG_TAIL_LINES} lines (at most ${LOG_TAIL_CHARS.toLocaleString('en-US')} characters):`, '');
    lines.push(fencedBlock(tail.text), '');
  }
  return lines.join('\n');
}
