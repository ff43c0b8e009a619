// An all-rows restore by URN pattern over the sandbox's bench rows, through the
// real paging logic (runRestorePlan) and the client, with a fixed service time
// per request. Ideal = requests × service time / concurrency. The same pages
// sent with bare undici show the floor the server and the wire set.
import { patternPageRequest, runRestorePlan } from '../../src/restore/logic/restorePlan';
import { createBareClient } from './bare';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import { spread, type Spread } from './stats';

/** The rows the sandbox adds with --bench-rows: urn:li:dataset:(urn:li:dataPlatform:bench,t<N>,PROD). */
export const BENCH_URN_LIKE = 'urn:li:dataset:(urn:li:dataPlatform:bench,%';

export interface RestoreFigures {
  concurrency: number;
  idealMs: number;
  /** Through runRestorePlan + the client. */
  achieved: Spread;
  /** The same pages with bare undici. */
  bare: Spread;
  /** Requests an all-rows run needs: the full pages and the short one that ends it. */
  pages: number;
  /** Requests the plan sent (at concurrency > 1, pages past the end may already be in flight). */
  requests: number;
  rowsMigrated: number;
  status: string;
  /** heapUsed after − before, both after a GC, with the run's result still held (MB). */
  heapGrowthMb: Spread;
  /** Highest heapUsed seen during the run − before (MB). */
  peakHeapGrowthMb: Spread;
  gcExposed: boolean;
  /** One page with bare undici, one at a time, with the service time at 0: the sandbox's own work + the wire (ms). */
  zeroServicePageMs: number;
  /** How long a setTimeout of the service time really takes on this machine (median, ms): the sandbox waits with one. */
  timerMs: number;
}

async function timerDelay(ms: number, samples: number): Promise<number> {
  const took: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await new Promise((resolve) => setTimeout(resolve, ms));
    took.push(performance.now() - t0);
  }
  return spread(took).median;
}

const MB = 1024 * 1024;

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function barePages(send: (start: number) => Promise<unknown>, pages: number, batchSize: number, concurrency: number): Promise<number> {
  const began = performance.now();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < pages) {
      const start = next++ * batchSize;
      await send(start);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return performance.now() - began;
}

export async function measureBulkRestore(
  gms: GmsModule,
  sandbox: SandboxProcess,
  token: string,
  options: { rows: number; batchSize: number; serviceTimeMs: number; reps: number; concurrencies: number[] },
): Promise<RestoreFigures[]> {
  const { rows, batchSize, serviceTimeMs, reps } = options;
  await sandbox.control('POST', '/service-time', { ms: serviceTimeMs });
  await sandbox.control('POST', '/requests/clear');
  // Full pages, then the short (here empty) one that tells the run it is done.
  const pages = Math.floor(rows / batchSize) + 1;
  // Rest.li, as the bare pages are (the default, api: 'auto', would go over OpenAPI where the sandbox serves both).
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'restli' });
  const bare = createBareClient(sandbox.url, token);
  const page = (start: number) => patternPageRequest({ urnLike: BENCH_URN_LIKE, batchSize }, start);
  const figures = new Map<number, { achieved: number[]; bare: number[]; heap: number[]; peak: number[]; requests: number; rows: number; status: string }>();
  const zeroService: number[] = [];
  for (const c of options.concurrencies) figures.set(c, { achieved: [], bare: [], heap: [], peak: [], requests: 0, rows: 0, status: '' });
  try {
    // Warm-up: one page each way, so neither pays for compiling or connecting.
    await client.restoreIndices(page(0));
    await bare.post('restoreIndices', { ...page(0) });
    for (let rep = 0; rep < reps; rep++) {
      for (const c of options.concurrencies) {
        const f = figures.get(c)!;
        collect();
        const before = process.memoryUsage().heapUsed;
        let peak = before;
        const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 10);
        const result = await runRestorePlan({
          start: 0,
          batchSize,
          all: true,
          concurrency: c,
          restorePage: (start) => client.restoreIndices(page(start)),
          now: () => performance.now(),
        });
        clearInterval(sampler);
        peak = Math.max(peak, process.memoryUsage().heapUsed);
        collect();
        const after = process.memoryUsage().heapUsed;
        f.achieved.push(result.durationMs);
        f.heap.push((after - before) / MB);
        f.peak.push((peak - before) / MB);
        f.requests = result.requests;
        f.rows = result.rowsMigrated;
        f.status = result.status;
        f.bare.push(await barePages((start) => bare.post('restoreIndices', { ...page(start) }), pages, batchSize, c));
      }
    }
    await sandbox.control('POST', '/service-time', { ms: 0 });
    zeroService.push(await barePages((start) => bare.post('restoreIndices', { ...page(start) }), pages, batchSize, 1));
    zeroService.push(await barePages((start) => bare.post('restoreIndices', { ...page(start) }), pages, batchSize, 1));
  } finally {
    await client.close();
    await bare.close();
    await sandbox.control('POST', '/service-time', { ms: 0 });
  }
  const zeroServicePageMs = spread(zeroService).min / pages;
  const timerMs = await timerDelay(serviceTimeMs, serviceTimeMs >= 20 ? 20 : 50);
  return options.concurrencies.map((c) => {
    const f = figures.get(c)!;
    return {
      concurrency: c,
      idealMs: (pages * serviceTimeMs) / c,
      pages,
      achieved: spread(f.achieved),
      bare: spread(f.bare),
      requests: f.requests,
      rowsMigrated: f.rows,
      status: f.status,
      heapGrowthMb: spread(f.heap),
      peakHeapGrowthMb: spread(f.peak),
      gcExposed: typeof (globalThis as { gc?: unknown }).gc === 'function',
      zeroServicePageMs,
      timerMs,
    };
  });
}
