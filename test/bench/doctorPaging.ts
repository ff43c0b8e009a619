// Browsing a topic of 10,000 failed writes: readFailedPages (src/doctor/failedPages.ts, bundled and
// minified as it ships, over the client of dist/gms.js) called as the browse command calls it: 5
// pages of 100 a call, the window of at most 1,000 slim messages carried from call to call, until
// the server has no more. The live heap (a GC before each reading) after each call: after the first
// 1,000 messages and after all of them. Beside it, a naive reading of the same pages that keeps
// every message whole.
import { setMaxListeners } from 'node:events';
import type { GmsClient, KafkaMessage } from '../../src/gms/types';
import type { PagePosition } from '../../src/doctor/failedPages';
import type { DoctorModule } from './doctorBench';
import type { GmsModule } from './gmsBundle';

/** What one browse reads (src/doctor/failedWritesFlow.ts PAGES_PER_BROWSE) and keeps (doctorStore.ts SHOWN_FAILED_MAX). */
export const PAGES_PER_CALL = 5;
export const KEEP = 1000;
const CALL_TIME_MS = 30_000;

const liveHeapMb = (): number => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

export interface PagingFigures {
  calls: number;
  pages: number;
  /** Messages the server sent, all pages. */
  seen: number;
  /** Messages listed at the end (the window). */
  kept: number;
  /** Live heap before reading, after the call that passed 1,000 messages, and at the end (MB). */
  baseMb: number;
  firstThousandMb: number;
  allMb: number;
  /** The most of any reading after a call (MB). */
  peakMb: number;
  /** Time in the reading calls alone (the heap readings and their GCs left out). */
  ms: number;
}

/** Pages through all of mcp-failed from offset 0, as the browse command does ("Load more" until there is no more). */
export async function measureFailedPaging(gms: GmsModule, doctor: DoctorModule, url: string, token: string): Promise<PagingFigures> {
  const client = gms.createGmsClient({ gmsUrl: url, token, api: 'openapi' }) as GmsClient;
  let seen = 0;
  let pages = 0;
  // The client's own call, counted on the way (the messages the server sent, before the window cuts them).
  const counting: Pick<GmsClient['doctor'], 'messages'> = {
    messages: async (topic, page, signal) => {
      const got = await client.doctor.messages(topic, page, signal);
      seen += got.messages.length;
      pages++;
      return got;
    },
  };
  try {
    const signal = new AbortController().signal;
    setMaxListeners(100, signal);
    let start: PagePosition = { partition: 0, offset: 0 };
    let kept: readonly KafkaMessage[] = [];
    const base = liveHeapMb();
    let firstThousand = Number.NaN;
    let peak = base;
    let calls = 0;
    let ms = 0;
    for (;;) {
      const t0 = performance.now();
      const got = await doctor.readFailedPages(counting, start, kept, { pages: PAGES_PER_CALL, keep: KEEP, timeMs: CALL_TIME_MS, signal });
      ms += performance.now() - t0;
      calls++;
      kept = got.messages;
      start = got.next;
      const heap = liveHeapMb();
      peak = Math.max(peak, heap);
      if (Number.isNaN(firstThousand) && seen >= KEEP) firstThousand = heap;
      if (!got.hasMore) break;
      if (calls > 1000) throw new Error('the browse did not end after 1,000 calls');
    }
    return { calls, pages, seen, kept: kept.length, baseMb: base, firstThousandMb: firstThousand, allMb: liveHeapMb(), peakMb: peak, ms };
  } finally {
    await client.close();
  }
}

/** The naive reading: the same pages (100 messages each) from offset 0, every message kept whole. */
export async function measureNaivePaging(gms: GmsModule, url: string, token: string): Promise<PagingFigures> {
  const client = gms.createGmsClient({ gmsUrl: url, token, api: 'openapi' }) as GmsClient;
  try {
    const all: KafkaMessage[] = [];
    const base = liveHeapMb();
    let firstThousand = Number.NaN;
    let peak = base;
    let pages = 0;
    let offset = 0;
    let ms = 0;
    for (;;) {
      const t0 = performance.now();
      const got = await client.doctor.messages('mcp-failed', { partition: 0, offset, count: 100 });
      all.push(...got.messages);
      ms += performance.now() - t0;
      pages++;
      if (pages % PAGES_PER_CALL === 0 || !got.hasMore) {
        const heap = liveHeapMb();
        peak = Math.max(peak, heap);
        if (Number.isNaN(firstThousand) && all.length >= KEEP) firstThousand = heap;
      }
      if (!got.hasMore || got.messages.length === 0) break;
      offset = got.nextOffset ?? got.messages[got.messages.length - 1].offset + 1;
    }
    const allMb = liveHeapMb();
    return {
      calls: Math.ceil(pages / PAGES_PER_CALL),
      pages,
      seen: all.length,
      kept: all.length,
      baseMb: base,
      firstThousandMb: firstThousand,
      allMb,
      peakMb: peak,
      ms,
    };
  } finally {
    await client.close();
  }
}
