// Follows a pod's log a poll at a time, reading only what is new: GMS's getPodLogs
// (KubernetesController.java) reads the whole container log and keeps its last limitBytes,
// so a long job's log would be fetched whole every poll. Each read after the first asks
// sinceSeconds (the time since the last read, plus 2 s read again) and keeps the lines after the
// last line already seen; a line not yet ended is left for the next read.
export const LOG_LIMIT_BYTES = 1024 * 1024;
/** Seconds read again before the last read, so no line printed around it is lost. */
const OVERLAP_SECONDS = 2;
const TRUNCATED = '[truncated...]';

export class LogFollower {
  /** The pod followed; another pod starts over. */
  pod?: string;
  private lastLine?: string;
  private readAt?: number;
  /** Bytes of log text fetched for this pod and all before (for the bench and the log). */
  fetchedChars = 0;
  /** A read came back cut ("[truncated...]") after the first: lines between two reads may be missing. */
  gap = false;

  /** Starts over on another pod: its log is a new stream. */
  follow(pod: string): boolean {
    if (this.pod === pod) return false;
    Object.assign(this, { pod, lastLine: undefined, readAt: undefined });
    return true;
  }

  /** What to ask next: the whole log (cut to the limit) first, then since the last read. */
  request(now: number): { limitBytes: number; sinceSeconds?: number } {
    if (this.readAt === undefined) return { limitBytes: LOG_LIMIT_BYTES };
    return { limitBytes: LOG_LIMIT_BYTES, sinceSeconds: Math.max(1, Math.ceil((now - this.readAt) / 1000) + OVERLAP_SECONDS) };
  }

  /** The lines of `text` not seen before (complete lines only). */
  take(text: string, now: number): string[] {
    this.fetchedChars += text.length;
    const firstRead = this.readAt === undefined;
    this.readAt = now;
    const lines = text.split('\n');
    // The last piece has no newline yet: it is read again next time.
    lines.pop();
    if (lines.length > 0 && lines[0].startsWith(TRUNCATED)) {
      lines.shift();
      if (!firstRead) this.gap = true;
    }
    let from = 0;
    if (this.lastLine !== undefined) {
      const at = lines.lastIndexOf(this.lastLine);
      if (at >= 0) from = at + 1;
    }
    const fresh = lines.slice(from);
    if (fresh.length > 0) this.lastLine = fresh[fresh.length - 1];
    return fresh;
  }
}
