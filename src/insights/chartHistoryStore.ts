// Keeps the index size history in one JSON file under the extension's global
// storage (globalState is synced and small; this can reach a few hundred kB).
// Every change re-reads the file first, so two windows add to one history.
import * as vscode from 'vscode';
import {
  clearHistory,
  decodeHistory,
  emptyHistory,
  encodeHistory,
  historyFileProblem,
  recordFetch,
  type ConnectionHistory,
  type FetchRecord,
  type History,
} from './logic/history';

export const HISTORY_FILE = 'index-size-history.json';

export class HistoryStore {
  readonly uri: vscode.Uri;
  private cache: History = emptyHistory();
  private queue: Promise<unknown> = Promise.resolve();

  /** `fileName`: another history kept the same way (the entity counts' own, src/entities). */
  constructor(
    private readonly storageUri: vscode.Uri,
    private readonly log: vscode.LogOutputChannel,
    private readonly fileName = HISTORY_FILE,
  ) {
    this.uri = vscode.Uri.joinPath(storageUri, fileName);
  }

  /** Reads the file into memory (later reads happen before each write). */
  load(): Promise<void> {
    return this.enqueue(async () => {
      this.cache = await this.read();
    });
  }

  /** The history of one connection as known in memory. */
  connection(name: string): ConnectionHistory | undefined {
    return this.cache.connections.get(name);
  }

  /** Names of the connections with history. */
  connectionNames(): string[] {
    return [...this.cache.connections.keys()];
  }

  /** Adds a fetch: in memory at once (tooltips and the chart see it now), on disk soon after. */
  record(fetch: FetchRecord): Promise<void> {
    this.cache = recordFetch(this.cache, fetch);
    return this.enqueue(async () => {
      this.cache = recordFetch(await this.read(), fetch);
      await this.write(this.cache);
    });
  }

  /** Forgets one connection's history or all of it; returns the names cleared. */
  clear(connection?: string): Promise<string[]> {
    return this.enqueue(async () => {
      const before = await this.read();
      const cleared = connection === undefined ? [...before.connections.keys()] : before.connections.has(connection) ? [connection] : [];
      this.cache = clearHistory(before, connection);
      await this.write(this.cache);
      return cleared;
    });
  }

  /** Resolves when every pending write is on disk. */
  async flush(): Promise<void> {
    await this.queue;
  }

  /** Runs file work one piece at a time; a failure is logged and does not block later work. */
  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work);
    this.queue = run.catch((error: unknown) => {
      this.log.error(`History (${this.uri.fsPath}): ${error instanceof Error ? error.message : String(error)}`);
    });
    return run;
  }

  private async read(): Promise<History> {
    let bytes: Uint8Array;
    try {
      bytes = await vscode.workspace.fs.readFile(this.uri);
    } catch (error) {
      if (error instanceof vscode.FileSystemError && /FileNotFound|EntryNotFound/.test(error.code)) return emptyHistory();
      throw error;
    }
    const text = new TextDecoder().decode(bytes);
    const problem = historyFileProblem(text);
    if (problem) {
      await this.keepAside(problem);
      return emptyHistory();
    }
    return decodeHistory(text);
  }

  /** Renames an unusable file (damaged, or from another version) so nothing overwrites it; a new history starts. */
  private async keepAside(problem: string): Promise<void> {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const aside = vscode.Uri.joinPath(this.storageUri, `${this.fileName}.unreadable-${stamp}`);
    await vscode.workspace.fs.rename(this.uri, aside, { overwrite: false });
    this.log.warn(`History ${this.uri.fsPath} could not be read (${problem}); kept as ${aside.fsPath}, and a new history starts.`);
  }

  /** Writes a sibling file and renames it over the old one, so a crash never leaves half a file. */
  private async write(history: History): Promise<void> {
    await vscode.workspace.fs.createDirectory(this.storageUri);
    const temp = vscode.Uri.joinPath(this.storageUri, `${this.fileName}.${process.pid}.${Date.now()}.tmp`);
    await vscode.workspace.fs.writeFile(temp, new TextEncoder().encode(encodeHistory(history)));
    await vscode.workspace.fs.rename(temp, this.uri, { overwrite: true });
  }
}
