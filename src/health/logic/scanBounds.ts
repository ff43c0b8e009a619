// Every loop over server pages ends on its own: a scroll id the server already gave
// (a faulty server, a cache, an index whose sort values stop advancing, would otherwise
// loop forever), a page cap and a time cap; and it takes a cancel signal. Pure.

/** Pages read at most in one scan (the consistency check reads 1,000 documents a page: 20 million). */
export const MAX_SCAN_PAGES = 20_000;
/** Longest one scan runs. */
export const MAX_SCAN_MS = 30 * 60_000;

/** Why a scan ended before the server said it was done. */
export interface ScanStop {
  reason: 'repeatedScrollId' | 'pageCap' | 'timeCap';
  /** Pages read before it stopped. */
  pages: number;
  /** The same in words, for the message and the log. */
  text: string;
}

export interface ScanLimits {
  maxPages?: number;
  maxMs?: number;
  now?: () => number;
}

/** A short fingerprint of a scroll id (they can be kilobytes long): its length and a 53-bit hash. */
function fingerprint(id: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < id.length; i++) {
    const c = id.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${id.length}:${(2097152 * (h2 >>> 0) + (h1 >>> 0)).toString(36)}`;
}

/** Watches one scan: call `next(scrollId)` after each page; it says whether (and why) to stop. */
export class ScanGuard {
  private readonly seen = new Set<string>();
  private readonly started: number;
  private readonly now: () => number;
  pages = 0;

  constructor(
    private readonly what: string,
    private readonly limits: ScanLimits = {},
  ) {
    this.now = limits.now ?? Date.now;
    this.started = this.now();
  }

  /** After a page: undefined to go on with `scrollId`, else why the scan stops here. */
  next(scrollId: string | undefined): ScanStop | undefined {
    this.pages++;
    const maxPages = this.limits.maxPages ?? MAX_SCAN_PAGES;
    const maxMs = this.limits.maxMs ?? MAX_SCAN_MS;
    if (scrollId !== undefined) {
      const key = fingerprint(scrollId);
      if (this.seen.has(key))
        return this.stop('repeatedScrollId', `the server gave a scroll id it had already given (after ${this.pages} pages); ${this.what} stopped there`);
      this.seen.add(key);
    }
    if (this.pages >= maxPages) return this.stop('pageCap', `${this.what} stopped after ${this.pages.toLocaleString('en-US')} pages (the most one scan reads)`);
    if (this.now() - this.started >= maxMs)
      return this.stop('timeCap', `${this.what} stopped after ${Math.round((this.now() - this.started) / 60_000)} min (the longest one scan runs)`);
    return undefined;
  }

  private stop(reason: ScanStop['reason'], text: string): ScanStop {
    return { reason, pages: this.pages, text };
  }
}
