// The one cancellable wait: node:timers/promises' setTimeout with the caller's signal.
// `sleep` rejects when the signal fires first (the caller's cancel ends what waited);
// `pause` resolves either way, for loops that check the signal themselves after it.
import { setTimeout as wait } from 'node:timers/promises';

/** Waits `ms`; rejects with an AbortError (the signal's reason as its cause) when the signal fires first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return wait(ms, undefined, signal ? { signal } : undefined);
}

/** Waits `ms`, or less when the signal fires; never rejects on a cancel (the caller reads signal.aborted). */
export async function pause(ms: number, signal?: AbortSignal): Promise<void> {
  try {
    await sleep(ms, signal);
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}
