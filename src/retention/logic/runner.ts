// Runs jobs with at most `concurrency` in flight, in order, each cancellable on
// its own or all at once; every settled job is reported as soon as it settles
// (so a table fills in as results come). Pure: no vscode import.

export type Settled<R> =
  | { status: 'fulfilled'; value: R }
  | { status: 'rejected'; reason: unknown }
  /** Cancelled before it started, or while it ran. */
  | { status: 'cancelled' };

export interface BoundedRun<R> {
  /** Resolves when every job has settled (never rejects). */
  readonly done: Promise<Settled<R>[]>;
  /** Cancels one job: not started yet, it never starts; running, its signal aborts. */
  cancel(index: number): void;
  /** Cancels every job not yet settled. */
  cancelAll(): void;
}

export interface BoundedOptions<R> {
  concurrency: number;
  /** Aborting it cancels everything left. */
  signal?: AbortSignal;
  onStart?: (index: number) => void;
  onSettled?: (index: number, result: Settled<R>) => void;
}

/**
 * Starts the jobs, `concurrency` at a time, in the order given. A job whose
 * signal was aborted settles as 'cancelled' whatever it threw.
 */
export function runBounded<T, R>(
  items: readonly T[],
  work: (item: T, index: number, signal: AbortSignal) => Promise<R>,
  options: BoundedOptions<R>,
): BoundedRun<R> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const results: Array<Settled<R> | undefined> = new Array(items.length).fill(undefined);
  const controllers = items.map(() => new AbortController());
  let next = 0;
  let settledCount = 0;
  let finish: (value: Settled<R>[]) => void = () => undefined;
  const done = new Promise<Settled<R>[]>((resolve) => (finish = resolve));

  const settle = (index: number, result: Settled<R>): void => {
    if (results[index] !== undefined) return;
    results[index] = result;
    settledCount++;
    options.onSettled?.(index, result);
    if (settledCount === items.length) finish(results as Settled<R>[]);
    else pump();
  };

  const startOne = (index: number): void => {
    const signal = controllers[index].signal;
    options.onStart?.(index);
    let promise: Promise<R>;
    try {
      promise = work(items[index], index, signal);
    } catch (error) {
      promise = Promise.reject(error);
    }
    promise.then(
      (value) => settle(index, signal.aborted ? { status: 'cancelled' } : { status: 'fulfilled', value }),
      (reason) => settle(index, signal.aborted ? { status: 'cancelled' } : { status: 'rejected', reason }),
    );
  };

  const inFlight = new Set<number>();
  let stopping = false;
  function pump(): void {
    for (const i of [...inFlight]) if (results[i] !== undefined) inFlight.delete(i);
    while (!stopping && inFlight.size < concurrency && next < items.length) {
      const index = next++;
      if (results[index] !== undefined) continue; // cancelled before it started
      inFlight.add(index);
      startOne(index);
    }
  }

  const cancel = (index: number): void => {
    if (index < 0 || index >= items.length || results[index] !== undefined) return;
    controllers[index].abort();
    // Not started yet: it settles now and is skipped; running: it settles when its work gives up.
    if (!inFlight.has(index)) settle(index, { status: 'cancelled' });
  };
  const cancelAll = (): void => {
    stopping = true;
    for (let i = 0; i < items.length; i++) cancel(i);
  };

  if (options.signal?.aborted) cancelAll();
  else options.signal?.addEventListener('abort', cancelAll, { once: true });
  if (items.length === 0) finish([]);
  else pump();
  return { done, cancel, cancelAll };
}
