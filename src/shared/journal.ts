// The operations journal's entries: what one command run wrote on one server (never a read, never
// a dry run alone, never a token, a header or a body), their outcome, one line each in the file
// (journalFile.ts), and the filter and Markdown the journal document and readJournal use. Pure.
import { markdownCode, markdownTableCellInert } from './markdown';
import { withoutInvisible } from './uiText';

export type JournalOutcome = 'done' | 'partial' | 'failed' | 'cancelled' | 'refused';
export const JOURNAL_OUTCOMES: readonly JournalOutcome[] = ['done', 'partial', 'failed', 'cancelled', 'refused'];
/** Who asked: a person (palette, menu, tree), a command link or another extension (link), the typed API (api); background: no command run. */
export type JournalAsker = 'person' | 'link' | 'api' | 'background';
const ASKERS: readonly JournalAsker[] = ['person', 'link', 'api', 'background'];

/** Targets kept per entry (a sample: the first ones sent). */
export const JOURNAL_TARGETS_MAX = 20;
/** Longest summary kept (one line). */
export const JOURNAL_SUMMARY_MAX = 400;
/** Longest target kept (a URN is at most 2 kB on the wire; the journal keeps its start). */
export const JOURNAL_TARGET_MAX = 300;
/** Figures of a dry run kept per entry. */
export const JOURNAL_DRY_RUN_FIELDS_MAX = 12;

export type DryRunFigures = Record<string, number | string | boolean>;

export interface JournalEntry {
  /** When the entry was written (the run's end), epoch ms. */
  at: number;
  /** The connection's name. */
  connection: string;
  /** The server's origin (scheme, host, port), never a path, query or credentials. */
  gmsOrigin: string;
  environment?: string;
  /** The command id, e.g. datahub.truncateTimeseriesAspect; `background` for a write outside any command run. */
  command: string;
  askedBy: JournalAsker;
  outcome: JournalOutcome;
  /** One line: the result's message, or the error's. */
  summary: string;
  /** The figures of the dry run that preceded the write, when the flow had one. */
  dryRun?: DryRunFigures;
  /** What was sent: the number of write requests and a sample of their targets. */
  sent: { requests: number; targets: string[] };
}

/** One line, no control or bidi characters, at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const line = withoutInvisible(text)
    .replace(/\s*[\r\n]+\s*/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** A dry run's figures as kept: numbers, booleans and short strings, at most JOURNAL_DRY_RUN_FIELDS_MAX of them. */
export function keptFigures(figures: Record<string, unknown>): DryRunFigures | undefined {
  const out: DryRunFigures = {};
  let n = 0;
  for (const [key, value] of Object.entries(figures)) {
    if (n >= JOURNAL_DRY_RUN_FIELDS_MAX) break;
    if (!/^[A-Za-z][A-Za-z0-9_]{0,40}$/.test(key)) continue;
    if (typeof value === 'number' && Number.isFinite(value)) out[key] = value;
    else if (typeof value === 'boolean') out[key] = value;
    else if (typeof value === 'string') out[key] = oneLine(value, 120);
    else continue;
    n++;
  }
  return n === 0 ? undefined : out;
}

/** How many a field says were not done: a number, a list's length, or 1 for true, a reason or an object that names one. */
const countOf = (value: unknown): number => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (Array.isArray(value)) return value.length;
  if (value === true || (typeof value === 'string' && value !== '')) return 1;
  return typeof value === 'object' && value !== null && Object.keys(value).length > 0 ? 1 : 0;
};

/**
 * The outcome of a run that sent writes, from what its handler returned: `partial` when the result says
 * not everything was done (cancelled, notDone, failures, failed or skipped items) or some writes failed
 * on the wire, `failed` when every write failed, else `done` (a write that starts a server task is done
 * once accepted).
 */
export function outcomeOfResult(result: unknown, sent: { requests: number; failed: number }): JournalOutcome {
  if (sent.requests > 0 && sent.failed >= sent.requests) return 'failed';
  if (sent.failed > 0) return 'partial';
  if (typeof result === 'object' && result !== null) {
    const r = result as Record<string, unknown>;
    if (r.cancelled === true || r.stopped === true) return 'partial';
    for (const field of ['notDone', 'failures', 'failed', 'failedCount', 'errors']) if (countOf(r[field]) > 0) return 'partial';
  }
  return 'done';
}

/** The outcome of a run that sent writes and then threw, from the error's state (describeError). */
export function outcomeOfError(state: string): JournalOutcome {
  if (state === 'cancelled') return 'cancelled';
  if (state === 'unauthorized' || state === 'forbidden' || state === 'readOnly') return 'refused';
  return 'failed';
}

/** The summary of a run: the result's message (or the error's), one line, bounded. */
export function summaryOf(resultOrMessage: unknown): string {
  const message =
    typeof resultOrMessage === 'string'
      ? resultOrMessage
      : typeof resultOrMessage === 'object' && resultOrMessage !== null && typeof (resultOrMessage as { message?: unknown }).message === 'string'
        ? (resultOrMessage as { message: string }).message
        : '';
  return oneLine(message, JOURNAL_SUMMARY_MAX) || '(no message)';
}

const isStr = (v: unknown): v is string => typeof v === 'string';

/** One line of the file as an entry; undefined for a torn or corrupt line (skipped, never fatal). */
export function parseJournalLine(line: string): JournalEntry | undefined {
  if (line.length < 2 || line.charCodeAt(0) !== 123 /* { */) return undefined;
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(line);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    o = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const sent = o.sent as { requests?: unknown; targets?: unknown } | undefined;
  if (
    typeof o.at !== 'number' ||
    !Number.isFinite(o.at) ||
    !isStr(o.connection) ||
    !isStr(o.gmsOrigin) ||
    !isStr(o.command) ||
    !isStr(o.summary) ||
    !(ASKERS as readonly unknown[]).includes(o.askedBy) ||
    !(JOURNAL_OUTCOMES as readonly unknown[]).includes(o.outcome) ||
    typeof sent !== 'object' ||
    sent === null ||
    typeof sent.requests !== 'number' ||
    !Array.isArray(sent.targets) ||
    !sent.targets.every(isStr) ||
    (o.environment !== undefined && !isStr(o.environment))
  )
    return undefined;
  const dryRun = typeof o.dryRun === 'object' && o.dryRun !== null ? keptFigures(o.dryRun as Record<string, unknown>) : undefined;
  return {
    at: o.at,
    connection: o.connection,
    gmsOrigin: o.gmsOrigin,
    ...(isStr(o.environment) ? { environment: o.environment } : {}),
    command: o.command,
    askedBy: o.askedBy as JournalAsker,
    outcome: o.outcome as JournalOutcome,
    summary: o.summary,
    ...(dryRun ? { dryRun } : {}),
    sent: { requests: sent.requests, targets: (sent.targets as string[]).slice(0, JOURNAL_TARGETS_MAX) },
  };
}

/** The entry as one line of the file (no line break inside: JSON escapes them). */
export function journalLine(entry: JournalEntry): string {
  return `${JSON.stringify(entry)}\n`;
}

export interface JournalFilter {
  /** Entries at or after this instant (epoch ms). */
  since?: number;
  /** Entries of this connection only. */
  connection?: string;
  /** At most this many (newest first). */
  limit?: number;
}

/** Default and largest `limit` of a read. */
export const JOURNAL_READ_DEFAULT = 1000;
export const JOURNAL_READ_MAX = 10_000;

export function matchesFilter(entry: JournalEntry, filter: JournalFilter): boolean {
  return (filter.since === undefined || entry.at >= filter.since) && (filter.connection === undefined || entry.connection === filter.connection);
}

const commandName = (command: string): string => command.replace(/^datahub\./, '');

/** The journal as a Markdown document (newest first), for the read-only view and Copy as Markdown: every stored string inert. */
export function journalMarkdown(entries: readonly JournalEntry[], scope: string, now = Date.now()): string {
  const lines = [
    '# DataHub operations journal',
    '',
    `${scope}: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}, newest first (read ${new Date(now).toISOString()}). Every write this editor sent to a server; reads and dry runs alone are not recorded.`,
    '',
  ];
  if (entries.length === 0) return [...lines, 'Nothing recorded.', ''].join('\n');
  lines.push('| When (UTC) | Connection | Environment | Command | Asked by | Outcome | Requests | Summary |', '|---|---|---|---|---|---|---|---|');
  for (const e of entries) {
    lines.push(
      `| ${new Date(e.at).toISOString()} | ${markdownTableCellInert(e.connection)} (${markdownCode(e.gmsOrigin, 'tableCell', 120)}) | ${markdownTableCellInert(e.environment ?? '—')} | ${markdownTableCellInert(commandName(e.command))} | ${e.askedBy} | **${e.outcome}** | ${e.sent.requests} | ${markdownTableCellInert(e.summary)} |`,
    );
  }
  lines.push('', '## Targets and dry runs', '');
  for (const e of entries) {
    const dry = e.dryRun
      ? Object.entries(e.dryRun)
          .map(([k, v]) => `${k} ${markdownCode(String(v), 'text', 120)}`)
          .join(', ')
      : undefined;
    const targets = e.sent.targets.map((t) => markdownCode(t, 'text', JOURNAL_TARGET_MAX)).join(', ') || '(none named)';
    const more = e.sent.requests > e.sent.targets.length && e.sent.targets.length >= JOURNAL_TARGETS_MAX ? ' (a sample)' : '';
    lines.push(`- ${new Date(e.at).toISOString()} ${markdownTableCellInert(commandName(e.command))}: ${targets}${more}${dry ? `; dry run: ${dry}` : ''}`);
  }
  lines.push('');
  return lines.join('\n');
}
