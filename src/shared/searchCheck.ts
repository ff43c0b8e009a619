// Is an entity in DataHub's search index? The verdict and its message, the
// entity's page in the DataHub UI, and the wait for a restore to become
// searchable (backoff about 1, 2, 4, 8 s up to a budget). No vscode here.
import type { SearchIndexStatus } from '../gms/types';
import { formatDuration } from './format';
import type { StalledSearch } from './searchLagWatch';
import { sleep as cancellableSleep } from '../gms/sleep';

export type SearchVerdict = 'searchable' | 'missingFromSearch' | 'softDeleted' | 'nowhere';

export function verdictOf(status: SearchIndexStatus): SearchVerdict {
  if (status.removed) return 'softDeleted';
  if (status.inDatabase && status.inSearch) return 'searchable';
  if (status.inDatabase) return 'missingFromSearch';
  // In search but not in the database: a stale document; a restore cannot remove it, say it like "nowhere" would not.
  return status.inSearch ? 'searchable' : 'nowhere';
}

/** One line a person can act on; `label` is the (shortened) URN as shown. */
export function verdictMessage(status: SearchIndexStatus, label: string): string {
  switch (verdictOf(status)) {
    case 'searchable':
      return status.inDatabase
        ? `${label} is in the database and in the search index: DataHub search finds it.`
        : `${label} is in the search index but not in the database: a stale search document; restoring indices will not remove it.`;
    case 'missingFromSearch':
      return `${label} is in the database but missing from the search index. Restore Indices rebuilds its search entry.`;
    case 'softDeleted':
      return `${label} is soft-deleted (status.removed is true): search hides it on purpose, and restoring indices will not bring it back.`;
    case 'nowhere':
      return `${label} is neither in the database nor in the search index: there is nothing to restore. Check the URN, or ingest the entity.`;
  }
}

export { entityPageUrl } from './entityPage';

export interface WaitOptions {
  /** Total budget in ms (default 30 000). */
  budgetMs?: number;
  /** First delay in ms, doubled each time (default 1000). */
  firstDelayMs?: number;
  signal?: AbortSignal;
  /** Called before each check with the elapsed ms (for progress). */
  onCheck?: (elapsedMs: number, attempt: number) => void;
  /**
   * After each check that did not find it: a new total budget (the indexing lag says how
   * long is worth waiting), a reason to stop now (the consumer has stalled), or undefined.
   */
  adjust?: (elapsedMs: number, signal?: AbortSignal) => Promise<{ budgetMs?: number; stop?: StalledSearch } | undefined>;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

export interface WaitOutcome {
  searchable: boolean;
  /** ms from the start of the wait to the check that found it (or to giving up). */
  elapsedMs: number;
  checks: number;
  /** Why the wait ended early (adjust said stop). */
  stopped?: StalledSearch;
}

/** The delays of the wait: 1, 2, 4, 8 s… with the last one cut so the checks end at the budget. */
export function waitSchedule(budgetMs = 30_000, firstDelayMs = 1000): number[] {
  const delays: number[] = [];
  let total = 0;
  for (let d = firstDelayMs; total < budgetMs; d *= 2) {
    const step = Math.min(d, budgetMs - total);
    delays.push(step);
    total += step;
  }
  return delays;
}

/** Polls `isSearchable` on the schedule until it says yes or the budget is spent. A failing check counts as "not yet". */
export async function waitUntilSearchable(isSearchable: (signal?: AbortSignal) => Promise<boolean>, options: WaitOptions = {}): Promise<WaitOutcome> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? cancellableSleep;
  const started = now();
  let checks = 0;
  let budget = options.budgetMs ?? 30_000;
  // The fixed schedule (1, 2, 4, 8 s… ending at the budget); past it, while adjust extends the budget, every 8 s.
  const schedule = waitSchedule(budget, options.firstDelayMs);
  for (let i = 0; ; i++) {
    const spent = now() - started;
    const delay = i < schedule.length ? schedule[i] : Math.min(8000, budget - spent);
    if (delay <= 0) break;
    await sleep(delay, options.signal);
    checks++;
    options.onCheck?.(now() - started, checks);
    let found = false;
    try {
      found = await isSearchable(options.signal);
    } catch (error) {
      if (options.signal?.aborted) throw error;
    }
    if (found) return { searchable: true, elapsedMs: now() - started, checks };
    const change = await options.adjust?.(now() - started, options.signal).catch(() => undefined);
    if (change?.stop) return { searchable: false, elapsedMs: now() - started, checks, stopped: change.stop };
    if (change?.budgetMs !== undefined) budget = change.budgetMs;
    if (i >= schedule.length - 1 && now() - started >= budget) break;
  }
  return { searchable: false, elapsedMs: now() - started, checks };
}

export function waitMessage(label: string, outcome: WaitOutcome): string {
  return outcome.searchable
    ? `${label} is now searchable after ${formatDuration(outcome.elapsedMs)}.`
    : outcome.stopped
      ? `${label} is not in search after ${formatDuration(outcome.elapsedMs)}: ${outcome.stopped.text}. Check the consumer's logs (GMS or mae-consumer); Search Health shows the lag.`
      : `${label} is still not in search after ${formatDuration(outcome.elapsedMs)}: the search indexing consumer may be lagging or failing; check the GMS logs.`;
}
