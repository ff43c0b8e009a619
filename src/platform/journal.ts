// The operations journal's recorder: each command run (commandRunner.ts) runs in a scope of its own
// (AsyncLocalStorage), the client reports each write it sent (onWrite, src/gms/wire.ts) into the scope
// it was sent from, and when the run ends with writes sent, one entry per connection is appended to
// the journal file (src/shared/journalFile.ts) in global storage. A write outside any run is recorded
// on its own, as `background`. Appending never blocks or fails the write: a failure is logged, and
// the run's result message says so.
import { AsyncLocalStorage } from 'node:async_hooks';
import * as path from 'path';
import type * as vscode from 'vscode';
import type { SentWrite } from '../gms/types';
import {
  JOURNAL_TARGET_MAX,
  JOURNAL_TARGETS_MAX,
  keptFigures,
  oneLine,
  outcomeOfError,
  outcomeOfResult,
  summaryOf,
  type DryRunFigures,
  type JournalAsker,
  type JournalEntry,
} from '../shared/journal';
import { JournalFile } from '../shared/journalFile';
import type { Connection } from './services';

/** The connection as it is when the entry is written (its environment may have changed since its client was made). */
export type ConnectionNow = () => Connection;

interface Sent {
  connection: ConnectionNow;
  requests: number;
  failed: number;
  targets: string[];
}

/** What a run records while it goes: the writes per connection and its dry run's figures. */
export class JournalScope {
  readonly sent = new Map<string, Sent>();
  dryRun: DryRunFigures | undefined;
  /** Its entry is written: later writes (work the handler left running) go into `late`. */
  closed = false;
  late: { scope: JournalScope; timer: ReturnType<typeof setTimeout> } | undefined;

  constructor(
    readonly command: string,
    readonly askedBy: JournalAsker,
  ) {}

  add(name: string, connection: ConnectionNow, write: SentWrite): void {
    let sent = this.sent.get(name);
    if (!sent) this.sent.set(name, (sent = { connection, requests: 0, failed: 0, targets: [] }));
    sent.requests++;
    if (write.failed !== undefined) sent.failed++;
    for (const target of write.targets) {
      if (sent.targets.length >= JOURNAL_TARGETS_MAX) break;
      const kept = oneLine(target, JOURNAL_TARGET_MAX);
      if (!sent.targets.includes(kept)) sent.targets.push(kept);
    }
  }
}

const scopes = new AsyncLocalStorage<JournalScope>();
const TROUBLE = 'The operations journal could not record a write';
let file: JournalFile | undefined;
let log: Pick<vscode.LogOutputChannel, 'warn'> | undefined;

/** Opens the journal under `<globalStorage>/journal/`; the returned disposable stops recording. */
export function startJournal(globalStorage: string, channel: Pick<vscode.LogOutputChannel, 'warn'>): vscode.Disposable {
  log = channel;
  const opened = new JournalFile(path.join(globalStorage, 'journal'), {
    onError: (error) => channel.warn(`${TROUBLE}: ${error.message}`),
  });
  file = opened;
  return {
    dispose: () => {
      if (file === opened) file = undefined;
      void opened.close();
    },
  };
}

/** The open journal file (for readJournal and the document); undefined before activation. */
export function journalFile(): JournalFile | undefined {
  return file;
}

/** Who asked, from the run's mode: a person (ui), a link (link), the typed API (api). */
export const askerOf = (mode: 'ui' | 'link' | 'api'): JournalAsker => (mode === 'ui' ? 'person' : mode);

/**
 * Runs `work` in a journal scope of command `id`; a call a run made on the person's behalf
 * (`inherit`: via confirmed) keeps the outer run's asker. Appends the entries when it ends.
 */
export async function journaled<R>(id: string, asker: JournalAsker, inherit: boolean, work: () => Promise<R>, errorState: (e: unknown) => string): Promise<R> {
  const outer = scopes.getStore();
  // A confirmed call goes on with a step a person confirmed as a whole (a retention plan's truncations): that asker.
  const scope = new JournalScope(id, inherit ? (outer?.askedBy ?? 'person') : asker);
  let result: R;
  try {
    result = await scopes.run(scope, work);
  } catch (error) {
    scope.closed = true;
    if (scope.sent.size > 0) {
      const message = error instanceof Error ? error.message : String(error);
      record(scope, (sent) => ({ outcome: outcomeOfError(errorState(error)), summary: summaryOf(message), sent }));
    }
    throw error;
  }
  scope.closed = true;
  if (scope.sent.size > 0) {
    const trouble = file?.lastError;
    record(scope, (sent) => ({ outcome: outcomeOfResult(result, sent), summary: summaryOf(result), sent }));
    if (trouble) noteTrouble(result, trouble);
  }
  return result;
}

/** A handler notes its dry run's figures on the run; they go into the entry of the write that follows. */
export function noteDryRun(figures: Record<string, unknown>): void {
  const scope = scopes.getStore();
  if (scope) scope.dryRun = keptFigures(figures);
}

/** The client's onWrite for a connection: into the current run's scope, or an entry of its own. */
export function recordWrite(name: string, connection: ConnectionNow, write: SentWrite): void {
  const scope = scopes.getStore() ?? background;
  if (scope.closed) lateWrite(scope, name, connection, write);
  else scope.add(name, connection, write);
}

/** Writes outside any command run: gathered like late writes, one entry once they stop. */
const background = new JournalScope('background', 'background');
background.closed = true;

/** Quiet time after which the writes a run sent after it returned are written as one entry. */
export const LATE_WRITES_MS = 2000;

/** A write sent after its run returned (a restore it left running), or outside any run: gathered, one entry once they stop. */
function lateWrite(scope: JournalScope, name: string, connection: ConnectionNow, write: SentWrite): void {
  if (scope.late) clearTimeout(scope.late.timer);
  const late = scope.late?.scope ?? new JournalScope(scope.command, scope.askedBy);
  late.add(name, connection, write);
  const timer = setTimeout(() => {
    scope.late = undefined;
    record(late, (sent) => ({
      outcome: outcomeOfResult(undefined, sent),
      summary: `${sent.requests} write(s) sent ${scope === background ? 'outside any command' : 'after the command returned'}, ${sent.failed} failed.`,
      sent,
    }));
  }, LATE_WRITES_MS);
  timer.unref?.();
  scope.late = { scope: late, timer };
}

function record(scope: JournalScope, end: (sent: Sent) => Pick<JournalEntry, 'outcome' | 'summary'> & { sent: Sent }): void {
  if (!file) return;
  const at = Date.now();
  for (const sent of scope.sent.values()) {
    const { outcome, summary } = end(sent);
    try {
      const connection = sent.connection();
      file.append({
        at,
        connection: connection.name,
        // Scheme, host and port only: never a path, a query or credentials.
        gmsOrigin: new URL(connection.gmsUrl).origin,
        // Undefined fields (no environment, no dry run) are left out of the line by JSON.stringify.
        environment: connection.environment,
        command: scope.command,
        askedBy: scope.askedBy,
        outcome,
        summary,
        dryRun: scope.dryRun,
        sent: { requests: sent.requests, targets: sent.targets },
      });
    } catch (error) {
      log?.warn(`${TROUBLE}: ${String(error)}`);
    }
  }
}

/** The result's message says the journal could not keep the last writes (the writes went through). */
function noteTrouble(result: unknown, trouble: Error): void {
  const r = result as { message?: unknown } | undefined;
  if (typeof r?.message === 'string' && !Object.isFrozen(r)) r.message += ` (${TROUBLE}: ${oneLine(trouble.message, 120)}.)`;
}
