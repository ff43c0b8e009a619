// Watching a search-engine task until it completes: the task id grammar, the
// polling backoff and the loop itself. Pure: no vscode import; the caller
// passes the status fetch, so the loop works with any client and any UI.
import type { TaskStatus } from '../../gms/types';
import { pause } from '../../gms/sleep';

/** First wait between polls, and the longest: a task is checked often at first, then every 10 s. */
export const POLL_INITIAL_MS = 1_000;
export const POLL_MAX_MS = 10_000;

/** Wait before poll number `attempt + 1`: 1 s, 2 s, 4 s, 8 s, then 10 s for ever. */
export function pollDelayMs(attempt: number, initialMs = POLL_INITIAL_MS, maxMs = POLL_MAX_MS): number {
  if (!Number.isFinite(attempt) || attempt < 0) return initialMs;
  // Cap the exponent first so 2 ** attempt never overflows to Infinity.
  return Math.min(maxMs, initialMs * 2 ** Math.min(attempt, 30));
}

/** The first `count` waits of the schedule, for display and tests. */
export function pollSchedule(count: number, initialMs = POLL_INITIAL_MS, maxMs = POLL_MAX_MS): number[] {
  return Array.from({ length: count }, (_, i) => pollDelayMs(i, initialMs, maxMs));
}

export { TASK_ID_HINT, validateTaskId } from './taskId';

export type PollOutcome =
  | { outcome: 'completed'; status: TaskStatus; polls: number }
  /** The watcher was stopped (signal aborted); the task itself goes on. */
  | { outcome: 'stopped'; last?: TaskStatus; polls: number };

export interface PollOptions {
  /** Aborting stops watching (never the task). */
  signal?: AbortSignal;
  /** Called after every successful poll, completed or not. */
  onStatus?: (status: TaskStatus, polls: number) => void;
  /** Called when a poll failed and will be retried. */
  onRetry?: (error: unknown, failures: number) => void;
  /** Wait before the next poll (default pollDelayMs). */
  delayMs?: (attempt: number) => number;
  /** Which failures are worth another try (e.g. network blips); others end the watch at once. */
  isTransient?: (error: unknown) => boolean;
  /** Consecutive transient failures tolerated before giving up (default 3). */
  maxTransientFailures?: number;
}

function isAbort(signal: AbortSignal | undefined, error: unknown): boolean {
  return signal?.aborted === true || (error instanceof Error && error.name === 'AbortError');
}

/** Resolves after `ms`, or early (without throwing) when the signal aborts. */
export const sleep = pause;

/**
 * Polls `fetchStatus` (first at once, then on the backoff schedule) until the
 * task reports completed or the signal aborts. Non-transient errors propagate.
 */
export async function pollTask(fetchStatus: (signal?: AbortSignal) => Promise<TaskStatus>, options: PollOptions = {}): Promise<PollOutcome> {
  const { signal, onStatus, onRetry } = options;
  const delayMs = options.delayMs ?? ((attempt: number) => pollDelayMs(attempt));
  const isTransient = options.isTransient ?? (() => false);
  const maxFailures = options.maxTransientFailures ?? 3;
  let polls = 0;
  let failures = 0;
  let last: TaskStatus | undefined;
  for (let attempt = 0; ; attempt++) {
    if (signal?.aborted) return { outcome: 'stopped', last, polls };
    try {
      const status = await fetchStatus(signal);
      polls++;
      failures = 0;
      last = status;
      onStatus?.(status, polls);
      if (status.completed) return { outcome: 'completed', status, polls };
    } catch (error) {
      if (isAbort(signal, error)) return { outcome: 'stopped', last, polls };
      failures++;
      if (!isTransient(error) || failures > maxFailures) throw error;
      onRetry?.(error, failures);
    }
    await sleep(delayMs(attempt), signal);
  }
}
