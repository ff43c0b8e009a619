// One log line per HTTP attempt of a connection's client, and the waits a throttling
// server (429 with Retry-After) asked for, so a command can say it waited.
import type * as vscode from 'vscode';
import type { RequestLogEntry } from '../gms/types';
import { formatBytes, formatDuration } from '../shared/format';

export class RequestLog {
  /** Per connection: when each Retry-After wait began and how long it was. */
  private readonly waits = new Map<string, Array<{ at: number; ms: number }>>();

  constructor(private readonly log: vscode.LogOutputChannel) {}

  record(connection: string, entry: RequestLogEntry): void {
    const outcome = entry.status !== undefined ? String(entry.status) : (entry.errorKind ?? 'failed');
    let line =
      `${connection}: ${entry.action} ${entry.url} -> ${outcome} in ${Math.round(entry.durationMs)} ms, ` +
      `${formatBytes(entry.responseBytes)}${entry.attempt > 1 ? ` (attempt ${entry.attempt})` : ''}`;
    if (entry.retryAfterMs !== undefined) {
      line += `; the server is throttling requests: waiting ${formatDuration(entry.retryAfterMs)} as its Retry-After asks, then asking once more`;
      const kept = (this.waits.get(connection) ?? []).filter((w) => Date.now() - w.at < 600_000);
      this.waits.set(connection, [...kept, { at: Date.now(), ms: entry.retryAfterMs }]);
    }
    if (entry.status !== undefined && entry.status < 400) this.log.info(line);
    else this.log.warn(line);
  }

  /** The ms this connection's requests waited on a 429's Retry-After since `since` (Date.now() form). */
  throttledSince(connection: string, since: number): number {
    return (this.waits.get(connection) ?? []).filter((w) => w.at >= since).reduce((sum, w) => sum + w.ms, 0);
  }
}
