// The operations journal's entries: what one command run wrote on one server (never a read, never
// a dry run alone, never a token, a header or a body), their outcome and their line in the file
// (journalFile.ts). What only reading needs (parse, filter, Markdown) is in journalRead.ts, loaded
// with the commands, so activation carries the writing side only. Pure.
import { withoutInvisible } from './uiText';

export type JournalOutcome = 'done' | 'partial' | 'failed' | 'cancelled' | 'refused';
/** Who asked: a person (palette, menu, tree), a command link or another extension (link), the typed API (api); background: no command run. */
export type JournalAsker = 'person' | 'link' | 'api' | 'background';

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
 * not everything was done (cancelled, notDone, failures or failed items) or some writes failed
 * on the wire, `failed` when every write failed, else `done` (a write that starts a server task is done
 * once accepted).
 */
export function outcomeOfResult(result: unknown, sent: { requests: number; failed: number }): JournalOutcome {
  if (sent.requests > 0 && sent.failed >= sent.requests) return 'failed';
  if (sent.failed > 0) return 'partial';
  if (typeof result === 'object' && result !== null) {
    const r = result as Record<string, unknown>;
    if (r.cancelled === true || r.stopped === true) return 'partial';
    for (const field of ['notDone', 'failures', 'failed']) if (countOf(r[field]) > 0) return 'partial';
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
