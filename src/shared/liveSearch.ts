// Search-as-you-type for the URN prompts: debounced, one request at a time (a
// newer keystroke aborts the request in flight), text that already is a URN is
// not searched. Counts what it sent and what it cancelled. No vscode here.
import type { FoundEntity } from '../gms/types';

export const LIVE_SEARCH_DEBOUNCE_MS = 250;

export type LiveSearchResult =
  | { kind: 'results'; text: string; entities: FoundEntity[] }
  /** Nothing to show (blank text, or text that is a URN already). */
  | { kind: 'idle' }
  | { kind: 'searching'; text: string }
  /** Search is not available (no GraphQL, forbidden, unreachable): one line for the prompt; no further requests. */
  | { kind: 'unavailable'; hint: string };

export interface LiveSearchStats {
  sent: number;
  cancelled: number;
  completed: number;
}

export interface LiveSearchOptions {
  find: (text: string, signal: AbortSignal) => Promise<FoundEntity[]>;
  onResult: (result: LiveSearchResult) => void;
  /** Turns a failure into the one-line hint, or undefined to keep searching (a transient failure). */
  unavailable: (error: unknown) => string | undefined;
  debounceMs?: number;
}

/** Text worth searching: not blank and not already a URN (or a URL-encoded one). */
export function wantsSearch(text: string): boolean {
  const t = text.trim();
  return t.length >= 2 && !/^urn(:|%3A)/i.test(t) && !/^https?:\/\//i.test(t);
}

export class LiveSearch {
  readonly stats: LiveSearchStats = { sent: 0, cancelled: 0, completed: 0 };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private inFlight: AbortController | undefined;
  private disabled = false;
  private disposed = false;

  constructor(private readonly options: LiveSearchOptions) {}

  /** Called on every change of the prompt's text. */
  update(text: string): void {
    if (this.disposed || this.disabled) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.abortInFlight();
    if (!wantsSearch(text)) {
      this.options.onResult({ kind: 'idle' });
      return;
    }
    const query = text.trim();
    this.timer = setTimeout(() => this.send(query), this.options.debounceMs ?? LIVE_SEARCH_DEBOUNCE_MS);
  }

  private abortInFlight(): void {
    if (this.inFlight) {
      this.inFlight.abort();
      this.stats.cancelled++;
      this.inFlight = undefined;
    }
  }

  private send(query: string): void {
    this.timer = undefined;
    const controller = new AbortController();
    this.inFlight = controller;
    this.stats.sent++;
    this.options.onResult({ kind: 'searching', text: query });
    this.options.find(query, controller.signal).then(
      (entities) => {
        if (controller.signal.aborted || this.disposed) return;
        this.inFlight = undefined;
        this.stats.completed++;
        this.options.onResult({ kind: 'results', text: query, entities });
      },
      (error: unknown) => {
        if (controller.signal.aborted || this.disposed) return;
        this.inFlight = undefined;
        const hint = this.options.unavailable(error);
        if (hint !== undefined) {
          this.disabled = true;
          this.options.onResult({ kind: 'unavailable', hint });
        } else this.options.onResult({ kind: 'idle' });
      },
    );
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.abortInFlight();
    this.disposed = true;
  }
}
