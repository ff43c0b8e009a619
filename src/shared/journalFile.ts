// The operations journal on disk: JSON lines appended to journal.jsonl in one folder, rotated by size
// (journal.1.jsonl the previous one, up to `keep` old files, so the whole journal stays bounded). One
// writer drains a queue, so an append never waits for the disk and lines never interleave. Reading is
// journalRead.ts (newest first, from the ends of the files). Node's fs only: no vscode.
import { promises as fs } from 'fs';
import * as path from 'path';
import { journalLine, type JournalEntry } from './journal';

export interface JournalFileOptions {
  /** Size at which the current file is rotated (default 8 MB). */
  maxFileBytes?: number;
  /** Old files kept beside the current one (default 5: at most about 48 MB in all). */
  keep?: number;
  /** How long an entry waits for others before the queue is written (default 100 ms). */
  delayMs?: number;
  /** Told of a failed append (once per failure); the write it records has gone through regardless. */
  onError?: (error: Error) => void;
}

/** Bytes written in one go at most. */
const BATCH_BYTES = 256 * 1024;

export class JournalFile {
  private readonly maxFileBytes: number;
  readonly keep: number;
  private queue: string[] = [];
  private draining: Promise<void> | undefined;
  private size: number | undefined;
  private handle: fs.FileHandle | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly delayMs: number;
  /** The last append's failure, cleared by the next success. */
  lastError: Error | undefined;

  constructor(
    readonly dir: string,
    private readonly options: JournalFileOptions = {},
  ) {
    this.maxFileBytes = options.maxFileBytes ?? 8 * 1024 * 1024;
    this.keep = Math.max(0, options.keep ?? 5);
    this.delayMs = Math.max(0, options.delayMs ?? 100);
  }

  /** The file of generation n (0 the current one). */
  fileOf(n: number): string {
    return path.join(this.dir, n === 0 ? 'journal.jsonl' : `journal.${n}.jsonl`);
  }

  /**
   * Queues the entry; returns at once. The queue goes to disk `delayMs` later, in one write with
   * whatever else came meanwhile (a run of single restores costs one write, not one each); `flush()`
   * writes it now and waits for the disk.
   */
  append(entry: JournalEntry): void {
    this.queue.push(journalLine(entry));
    this.schedule();
  }

  private schedule(): void {
    if (this.draining || this.timer) return;
    this.timer = setTimeout(() => this.startDrain(), this.delayMs);
    this.timer.unref?.();
  }

  private startDrain(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.draining ??= this.drain().finally(() => {
      this.draining = undefined;
      // An entry queued after the last write's check: the next write takes it.
      if (this.queue.length > 0) this.schedule();
    });
  }

  /** Resolves once every queued entry is on disk (or has failed, said through onError). */
  async flush(): Promise<void> {
    if (this.timer) this.startDrain();
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      // At most the room left in the current file, so no file grows past the bound by more than a line.
      const room = Math.min(BATCH_BYTES, this.maxFileBytes - (this.size ?? 0));
      let bytes = 0;
      let n = 0;
      while (n < this.queue.length && (n === 0 || bytes + this.queue[n].length <= room)) bytes += this.queue[n++].length;
      const all = n === this.queue.length;
      const lines = (all ? this.queue : this.queue.slice(0, n)).join('');
      this.queue = all ? [] : this.queue.slice(n);
      try {
        await this.write(lines);
        this.lastError = undefined;
      } catch (error) {
        this.lastError = error instanceof Error ? error : new Error(String(error));
        this.size = undefined;
        await this.closeHandle();
        try {
          this.options.onError?.(this.lastError);
        } catch {
          // Nothing more to say.
        }
      }
    }
  }

  private async write(lines: string): Promise<void> {
    const file = this.fileOf(0);
    if (this.size === undefined || this.handle === undefined) {
      await fs.mkdir(this.dir, { recursive: true });
      // Kept open between appends (one write each, no open and close per entry); O_APPEND: always at the end.
      this.handle = await fs.open(file, 'a+');
      this.size = (await this.handle.stat()).size;
      // A line torn by a crash (no line break at its end) must not swallow the next entry.
      const last = Buffer.alloc(1);
      if (this.size > 0 && (await this.handle.read(last, 0, 1, this.size - 1), last[0] !== 10)) lines = `\n${lines}`;
    }
    const data = Buffer.from(lines, 'utf8');
    await this.handle.write(data);
    this.size += data.length;
    if (this.size >= this.maxFileBytes) await this.rotate();
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close().catch(() => undefined);
  }

  /** Closes the file (after what is queued); the next append opens it again. */
  async close(): Promise<void> {
    await this.flush();
    await this.closeHandle();
  }

  private async rotate(): Promise<void> {
    await this.closeHandle();
    if (this.keep === 0) await fs.rm(this.fileOf(0), { force: true });
    else {
      await fs.rm(this.fileOf(this.keep), { force: true });
      for (let n = this.keep - 1; n >= 0; n--) await fs.rename(this.fileOf(n), this.fileOf(n + 1)).catch(() => undefined);
    }
    this.size = 0;
  }
}
