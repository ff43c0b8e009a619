// The operations journal (src/platform/journal.ts records it): DataHub: Show Operations Journal, a
// read-only Markdown document filtered by connection and time, with Copy as Markdown for a change
// ticket; and readJournal, the entries for programs ({ since?, connection?, limit? }, newest first).
import * as vscode from 'vscode';
import { registerCommand } from '../platform/commandRunner';
import { journalFile } from '../platform/journal';
import * as safeWindow from '../platform/safeWindow';
import type { Services } from '../platform/services';
import { parseArgs } from '../shared/args';
import { Commands } from '../shared/commandIds';
import { JOURNAL_READ_DEFAULT, type JournalEntry, type JournalFilter } from '../shared/journal';
import { journalMarkdown, readJournalFile } from '../shared/journalRead';
import type { Outcome } from '../shared/outcome';
import { mdown } from '../shared/markdown';
import { ReadOnlyDocuments } from '../platform/readOnlyDocuments';
import { readJournalArgs, showJournalArgs } from './logic/args';

export const JOURNAL_SCHEME = 'datahub-journal';
const HOUR = 3_600_000;

/** The open journal's entries (none before activation opened it). */
async function readJournal(filter: JournalFilter): Promise<JournalEntry[]> {
  const file = journalFile();
  return file ? readJournalFile(file, filter) : [];
}

export interface ReadJournalResult extends Outcome {
  /** Newest first. */
  entries: JournalEntry[];
}

export interface ShowJournalResult extends Outcome {
  /** Entries in the document. */
  count: number;
  /** The document's Markdown (what Copy as Markdown copies). */
  markdown: string;
  copied: boolean;
}

function scopeText(filter: JournalFilter): string {
  const who = filter.connection === undefined ? 'Every connection' : `Connection "${filter.connection}"`;
  return filter.since === undefined ? who : `${who} since ${new Date(filter.since).toISOString()}`;
}

interface TimePick extends vscode.QuickPickItem {
  ms?: number;
}

/** The person's filter: a connection (or all) and a time span; undefined when a pick was dismissed. */
async function pickFilter(services: Services): Promise<JournalFilter | undefined> {
  const items: Array<vscode.QuickPickItem & { name?: string }> = [
    { label: '$(list-flat) Every connection' },
    ...services.connections.list().map((c) => ({ ...safeWindow.safeItem({ label: c.name, description: c.environment }), name: c.name })),
  ];
  const who = await vscode.window.showQuickPick(items, { title: 'Operations Journal: which connection?' });
  if (who === undefined) return undefined;
  const when = await vscode.window.showQuickPick<TimePick>(
    [{ label: 'Last hour', ms: HOUR }, { label: 'Last day', ms: 24 * HOUR }, { label: 'Last week', ms: 7 * 24 * HOUR }, { label: 'Everything kept' }],
    { title: 'Operations Journal: since when?' },
  );
  if (!when) return undefined;
  return {
    ...(who.name === undefined ? {} : { connection: who.name }),
    ...(when.ms !== undefined ? { since: Date.now() - when.ms } : {}),
  };
}

export function registerJournalCommands(services: Services) {
  const documents = new ReadOnlyDocuments(
    JOURNAL_SCHEME,
    'Operations Journal',
    mdown`# This journal view is gone\n\nRun **DataHub: Show Operations Journal** again.`,
  );
  const provider = documents.register();

  const read = registerCommand(services, Commands.readJournal, async (arg): Promise<ReadJournalResult> => {
    const { since, connection, limit } = parseArgs(Commands.readJournal, readJournalArgs, arg);
    const filter: JournalFilter = { since, connection, limit: limit ?? JOURNAL_READ_DEFAULT };
    const entries = await readJournal(filter);
    const message = `${entries.length} journal ${entries.length === 1 ? 'entry' : 'entries'} (${scopeText(filter)}), newest first.`;
    return { message, entries };
  });

  const show = registerCommand(services, Commands.showOperationsJournal, async (arg, run): Promise<ShowJournalResult | undefined> => {
    const parsed = arg ? parseArgs(Commands.showOperationsJournal, showJournalArgs, arg) : undefined;
    const filter: JournalFilter | undefined = parsed ? { since: parsed.since, connection: parsed.connection } : await pickFilter(services);
    if (!filter) return undefined;
    const entries = await readJournal({ ...filter, limit: JOURNAL_READ_DEFAULT });
    const document = journalMarkdown(entries, scopeText(filter));
    const markdown = document.text;
    const uri = documents.add(filter.connection ?? 'every connection', document);
    await vscode.commands.executeCommand('markdown.showPreview', uri);
    let copied = false;
    if (parsed?.copy === true) {
      await vscode.env.clipboard.writeText(markdown);
      copied = true;
    }
    const message = `Operations journal: ${entries.length} ${entries.length === 1 ? 'entry' : 'entries'} (${scopeText(filter)})${copied ? ', copied as Markdown' : ''}.`;
    if (run.interactive && !copied) {
      void safeWindow.showInformationMessage(message, 'Copy as Markdown').then(async (picked) => {
        if (picked === 'Copy as Markdown') await vscode.env.clipboard.writeText(markdown);
      });
    }
    return { message, count: entries.length, markdown, copied };
  });
  return [read, show, provider] as const;
}
