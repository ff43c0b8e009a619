// Reading the operations journal: a line parsed strictly (a torn or corrupt one skipped), the filter,
// the files read newest first from their ends (journalFile.ts writes them), and the Markdown of the
// journal document. Loaded with the commands, not at activation. Node's fs only: no vscode.
import { promises as fs } from 'fs';
import {
  JOURNAL_READ_DEFAULT,
  JOURNAL_READ_MAX,
  JOURNAL_TARGET_MAX,
  JOURNAL_TARGETS_MAX,
  keptFigures,
  type JournalAsker,
  type JournalEntry,
  type JournalFilter,
  type JournalOutcome,
} from './journal';
import { code, codeCell, joinMarkdown, mdown, rawCell, rawText, type Markdown } from './markdown';

const CHUNK = 64 * 1024;
export const JOURNAL_OUTCOMES: readonly JournalOutcome[] = ['done', 'partial', 'failed', 'cancelled', 'refused'];
const JOURNAL_ASKERS: readonly JournalAsker[] = ['person', 'link', 'api', 'background'];

/** What reading needs of a JournalFile. */
export interface JournalFileLike {
  readonly keep: number;
  fileOf(n: number): string;
  flush(): Promise<void>;
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
    !(JOURNAL_ASKERS as readonly unknown[]).includes(o.askedBy) ||
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

export function matchesFilter(entry: JournalEntry, filter: JournalFilter): boolean {
  return (filter.since === undefined || entry.at >= filter.since) && (filter.connection === undefined || entry.connection === filter.connection);
}

const commandName = (command: string): string => command.replace(/^datahub\./, '');

/** The journal as a Markdown document (newest first), for the read-only view and Copy as Markdown: every stored string inert. */
export function journalMarkdown(entries: readonly JournalEntry[], scope: string, now = Date.now()): Markdown {
  const count = rawText(`${entries.length} ${entries.length === 1 ? 'entry' : 'entries'}`);
  const lines: Markdown[] = [
    mdown`# DataHub operations journal`,
    mdown``,
    mdown`${rawText(scope)}: ${count}, newest first (read ${rawText(new Date(now).toISOString())}). Every write this editor sent to a server; reads and dry runs alone are not recorded.`,
    mdown``,
  ];
  if (entries.length === 0) return joinMarkdown([...lines, mdown`Nothing recorded.`, mdown``]);
  lines.push(mdown`| When (UTC) | Connection | Environment | Command | Asked by | Outcome | Requests | Summary |`, mdown`|---|---|---|---|---|---|---|---|`);
  for (const e of entries) {
    const when = rawCell(new Date(e.at).toISOString());
    lines.push(
      mdown`| ${when} | ${rawCell(e.connection)} (${codeCell(e.gmsOrigin, 120)}) | ${rawCell(e.environment ?? '—')} | ${rawCell(commandName(e.command))} | ${rawCell(e.askedBy)} | **${rawCell(e.outcome)}** | ${e.sent.requests} | ${rawCell(e.summary)} |`,
    );
  }
  lines.push(mdown``, mdown`## Targets and dry runs`, mdown``);
  for (const e of entries) {
    const dry = e.dryRun ? Object.entries(e.dryRun).map(([k, v]) => mdown`${rawText(k)} ${code(String(v), 120)}`) : [];
    const targets = e.sent.targets.map((t) => code(t, JOURNAL_TARGET_MAX));
    const more = e.sent.requests > e.sent.targets.length && e.sent.targets.length >= JOURNAL_TARGETS_MAX ? mdown` (a sample)` : mdown``;
    const named = targets.length > 0 ? joinMarkdown(targets, ', ') : mdown`(none named)`;
    const dryText = dry.length > 0 ? mdown`; dry run: ${joinMarkdown(dry, ', ')}` : mdown``;
    lines.push(mdown`- ${rawText(new Date(e.at).toISOString())} ${rawText(commandName(e.command))}: ${named}${more}${dryText}`);
  }
  lines.push(mdown``);
  return joinMarkdown(lines);
}

/** The file's entries newest first that match the filter, at most `limit` (default 1,000, at most 10,000); what is queued is written first. */
export async function readJournalFile(file: JournalFileLike, filter: JournalFilter = {}): Promise<JournalEntry[]> {
  await file.flush();
  const limit = Math.min(JOURNAL_READ_MAX, Math.max(0, Math.floor(filter.limit ?? JOURNAL_READ_DEFAULT)));
  const out: JournalEntry[] = [];
  if (limit === 0) return out;
  for (let n = 0; n <= file.keep; n++) {
    const done = await readBackwards(file.fileOf(n), (line) => {
      const entry = parseJournalLine(line);
      if (!entry) return false;
      // Appended in time order: past `since`, the older files hold nothing newer.
      if (filter.since !== undefined && entry.at < filter.since) return true;
      if (matchesFilter(entry, filter)) out.push(entry);
      return out.length >= limit;
    });
    if (done) break;
  }
  return out;
}

/**
 * Hands each line of the file to `take`, last line first, reading 64 kB chunks from the end; stops
 * when take returns true (and returns true). A missing file has no lines.
 */
export async function readBackwards(file: string, take: (line: string) => boolean): Promise<boolean> {
  let handle: fs.FileHandle;
  try {
    handle = await fs.open(file, 'r');
  } catch {
    return false;
  }
  try {
    let position = (await handle.stat()).size;
    let rest: Buffer = Buffer.alloc(0);
    while (position > 0) {
      const size = Math.min(CHUNK, position);
      position -= size;
      const chunk = Buffer.alloc(size);
      await handle.read(chunk, 0, size, position);
      let buffer = rest.length ? Buffer.concat([chunk, rest]) : chunk;
      let end = buffer.length;
      for (let i = buffer.lastIndexOf(10, end - 1); i >= 0; i = end > 0 ? buffer.lastIndexOf(10, end - 1) : -1) {
        if (end > i + 1 && take(buffer.toString('utf8', i + 1, end))) return true;
        end = i;
      }
      buffer = buffer.subarray(0, end);
      rest = buffer;
    }
    return rest.length > 0 ? take(rest.toString('utf8')) : false;
  } finally {
    await handle.close();
  }
}
