// A watch that does not give up on one failed read: GMS restarting during a 12-hour job
// answers 503 from its ingress, resets connections or times out for minutes. Such failures
// are retried with a growing wait and said on the row; only a give-up time ends the watch.
// A definitive answer (403, 404 of the operations, a Job that is gone, a refused request) ends it at once.
import { isGmsError } from '../../../gms/errors';
import { formatDuration } from '../../../shared/format';

/** Worth trying again: the server or the way to it did not answer (5xx, an HTML page, reset, refused, timeout). */
export function isTransient(error: unknown): boolean {
  if (!isGmsError(error)) return false;
  if (error.code === 'k8sUnavailable' || error.code === 'k8sMissing') return false;
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind === 'server') return (error.status ?? 500) >= 500;
  // An HTML page (an ingress or proxy error) where JSON was expected.
  return error.kind === 'invalidResponse';
}

export class WatchTrouble {
  since?: number;
  failures = 0;
  last?: string;

  fail(now: number, message: string): void {
    this.since ??= now;
    this.failures++;
    this.last = message;
  }

  ok(): void {
    Object.assign(this, { since: undefined, failures: 0, last: undefined });
  }

  /** The wait before the next read: the poll interval, doubled per failure in a row, at most 5 minutes. */
  delayMs(pollMs: number): number {
    if (this.failures === 0) return pollMs;
    return Math.min(Math.max(pollMs, 300_000), pollMs * 2 ** Math.min(this.failures, 10));
  }

  gaveUp(now: number, giveUpMs: number): boolean {
    return this.since !== undefined && now - this.since >= giveUpMs;
  }

  /** "GMS not answering for 2 min; still watching" (or undefined when all is well). */
  line(now: number): string | undefined {
    if (this.since === undefined) return undefined;
    return `GMS not answering for ${formatDuration(now - this.since)}; still watching`;
  }
}
