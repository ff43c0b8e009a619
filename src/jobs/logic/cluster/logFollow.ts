// Follows a pod's log a poll at a time, reading only what is new: GMS's getPodLogs
// (KubernetesController.java) reads the container log (since sinceSeconds when given) and keeps its
// last limitBytes, marking a cut answer "[truncated...]". Each read after the first asks sinceSeconds
// (the time since the last read, plus 2 s read again, so no line printed around it is lost) and a
// limitBytes sized from the log's growth seen so far (a quarter more than expected, plus the last line
// seen and a little slack), so a one-second poll fetches about the log once, not the 2-3 s of overlap
// each time. When a cut answer does not hold the last line seen, the log grew faster than expected: the
// read is asked again four times wider (up to the 1 MiB cap) before any line is taken. Only the lines
// after the last one seen are kept; a line not yet ended is left for the next read.
export const LOG_LIMIT_BYTES = 1024 * 1024;
/** The smallest limit GMS takes (its client checks 1024..1 MiB). */
export const LOG_LIMIT_MIN = 1024;
/** Seconds read again before the last read, so no line printed around it is lost. */
const OVERLAP_SECONDS = 2;
/** Asked beyond the growth expected, as a share of it, and in bytes. */
const GROWTH_MARGIN = 1.25;
const SLACK_BYTES = 512;
const TRUNCATED = '[truncated...]';

export class LogFollower {
  /** The pod followed; another pod starts over. */
  pod?: string;
  private lastLine?: string;
  private readAt?: number;
  private firstAt?: number;
  /** Characters of new lines taken since the first read, for the growth rate. */
  private grown = 0;
  /** The limit the last request asked, and a wider one to ask next when it cut too much. */
  private asked = LOG_LIMIT_BYTES;
  private wider?: number;
  /** Bytes of log text fetched for this pod and all before (for the bench and the log). */
  fetchedChars = 0;
  /** A read at the cap came back cut before the last line seen: lines between two reads may be missing. */
  gap = false;

  /** Starts over on another pod: its log is a new stream. */
  follow(pod: string): boolean {
    if (this.pod === pod) return false;
    Object.assign(this, { pod, lastLine: undefined, readAt: undefined, firstAt: undefined, grown: 0, wider: undefined });
    return true;
  }

  /** What to ask next: the whole log (cut to the limit) first, then since the last read, as much as it likely grew. */
  request(now: number): { limitBytes: number; sinceSeconds?: number } {
    if (this.readAt === undefined || this.firstAt === undefined) return { limitBytes: (this.asked = LOG_LIMIT_BYTES) };
    const sinceSeconds = Math.max(1, Math.ceil((now - this.readAt) / 1000) + OVERLAP_SECONDS);
    const ratePerMs = now > this.firstAt && this.readAt > this.firstAt ? this.grown / (this.readAt - this.firstAt) : 0;
    const expected = ratePerMs * (now - this.readAt) * GROWTH_MARGIN + (this.lastLine?.length ?? 0) + 1 + SLACK_BYTES;
    const limitBytes = Math.min(LOG_LIMIT_BYTES, Math.max(LOG_LIMIT_MIN, this.wider ?? Math.ceil(expected)));
    this.asked = limitBytes;
    return { limitBytes, sinceSeconds };
  }

  /** True after a take() whose cut answer missed the last line seen: ask request() again (wider) before going on. */
  get readAgain(): boolean {
    return this.wider !== undefined;
  }

  /** The lines of `text` not seen before (complete lines only); none, and readAgain, when it was cut too short. */
  take(text: string, now: number): string[] {
    this.fetchedChars += text.length;
    const firstRead = this.readAt === undefined;
    const lines = text.split('\n');
    // The last piece has no newline yet: it is read again next time.
    lines.pop();
    const cut = lines.length > 0 && lines[0].startsWith(TRUNCATED);
    if (cut) lines.shift();
    let from = 0;
    if (this.lastLine !== undefined) {
      const at = lines.lastIndexOf(this.lastLine);
      if (at >= 0) from = at + 1;
      else if (cut && this.asked < LOG_LIMIT_BYTES) {
        // Grown past what was asked: read it again wider, taking nothing from this answer.
        this.wider = Math.min(LOG_LIMIT_BYTES, this.asked * 4);
        return [];
      } else if (cut) this.gap = true;
    } else if (cut && !firstRead) this.gap = true;
    this.wider = undefined;
    this.readAt = now;
    this.firstAt ??= now;
    const fresh = lines.slice(from);
    if (!firstRead) for (const l of fresh) this.grown += l.length + 1;
    if (fresh.length > 0) this.lastLine = fresh[fresh.length - 1];
    return fresh;
  }
}
