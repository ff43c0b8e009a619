// `npm run bench:long-restore [-- --pages 100000 --concurrency 4]`
// A restore by pattern of 100,000 pages (batchSize 1) against the sandbox (in a
// process of its own), through the real paging (runRestorePlan), client and log
// policy (PageLog), with two pages failed inside the server. Prints the heap (after
// a GC) and the log's size as the run goes: both must stay flat, not grow with the
// pages. Exits 1 when they grow or the run is wrong.
import { parseArgs } from 'node:util';
import { createGmsClient } from '../../src/gms';
import { PageLog, type LogSink } from '../../src/restore/logic/restoreLog';
import { patternPageRequest, runRestorePlan } from '../../src/restore/logic/restorePlan';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { BENCH_URN_LIKE } from './bulkRestore';
import { startSandboxProcess } from './sandboxProcess';

const MB = 1024 * 1024;

interface Checkpoint {
  pages: number;
  heapMb: number;
  logLines: number;
  logKb: number;
  seconds: number;
}

function collect(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { pages: { type: 'string', default: '100000' }, concurrency: { type: 'string', default: '4' } } });
  const pages = Number(values.pages);
  const concurrency = Number(values.concurrency);
  if (!(globalThis as { gc?: unknown }).gc) console.warn('run with node --expose-gc for heap figures after a GC');
  const failed = [Math.floor(pages * 0.12345), Math.floor(pages * 0.6789)];
  const sandbox = await startSandboxProcess(['--bench-rows', String(pages), '--quiet']);
  const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.admin, timeoutMs: 30_000 });
  try {
    for (const start of failed) {
      await sandbox.control('POST', '/faults', { fault: { kind: 'failedBatches', batches: [0] }, action: 'restoreIndices', start, times: 1 });
    }
    let lines = 0;
    let bytes = 0;
    const count = (message: string): void => {
      lines++;
      bytes += Buffer.byteLength(message) + 1;
    };
    const sink: LogSink = { info: count, warn: count, trace: count };
    const log = new PageLog(sink, 1);
    const checkpoints: Checkpoint[] = [];
    const marks = new Set([1_000, 10_000, Math.floor(pages / 4), Math.floor(pages / 2), Math.floor((3 * pages) / 4), pages].filter((n) => n <= pages));
    let done = 0;
    const began = performance.now();
    const mark = (): void => {
      collect();
      checkpoints.push({
        pages: done,
        heapMb: process.memoryUsage().heapUsed / MB,
        logLines: lines,
        logKb: bytes / 1024,
        seconds: (performance.now() - began) / 1000,
      });
    };
    collect();
    const heapBefore = process.memoryUsage().heapUsed / MB;
    const plan = await runRestorePlan({
      start: 0,
      batchSize: 1,
      all: true,
      concurrency,
      restorePage: (start, rows) => client.restoreIndices(patternPageRequest({ urnLike: BENCH_URN_LIKE, batchSize: 1 }, start, rows)),
      onPage: (page) => {
        log.page(page);
        if (marks.has(++done)) mark();
      },
    });
    log.end(plan, `${((performance.now() - began) / 1000).toFixed(1)} s`);
    mark();

    console.log(
      `long restore: ${pages.toLocaleString('en-US')} rows in pages of 1, concurrency ${concurrency}, pages ${failed.join(' and ')} failed inside the server`,
    );
    console.log(`heap before the run: ${heapBefore.toFixed(1)} MB (after GC)`);
    console.log('pages done | heap MB (after GC) | log lines | log kB | seconds');
    for (const c of checkpoints) {
      console.log(
        `${String(c.pages).padStart(10)} | ${c.heapMb.toFixed(1).padStart(17)} | ${String(c.logLines).padStart(9)} | ${c.logKb.toFixed(1).padStart(6)} | ${c.seconds.toFixed(1)}`,
      );
    }
    console.log(
      `result: ${plan.status}, reachedEnd ${plan.reachedEnd}, ${plan.requests} requests, rowsMigrated ${plan.rowsMigrated}, incompletePages ${JSON.stringify(plan.incompletePages)}, nextStart ${plan.nextStart}`,
    );

    // In-run checkpoints (the last one is the end summary: a fixed handful of lines).
    const early = checkpoints.find((c) => c.pages >= Math.min(10_000, pages)) ?? checkpoints[0];
    const inRun = checkpoints[checkpoints.length - 2] ?? early;
    const last = checkpoints[checkpoints.length - 1];
    const problems: string[] = [];
    if (last.heapMb - early.heapMb > 8) problems.push(`heap grew ${(last.heapMb - early.heapMb).toFixed(1)} MB from ${early.pages} to ${last.pages} pages`);
    if (inRun.logLines - early.logLines > 5) problems.push(`the log grew ${inRun.logLines - early.logLines} lines from ${early.pages} to ${inRun.pages} pages`);
    if (last.logLines > 60) problems.push(`the whole run logged ${last.logLines} lines`);
    if (plan.status !== 'completed' || !plan.reachedEnd) problems.push(`status ${plan.status}, reachedEnd ${plan.reachedEnd}`);
    if (JSON.stringify(plan.incompletePages) !== JSON.stringify(failed.map((start) => ({ start, read: 0 }))))
      problems.push('the failed pages were not reported as incomplete');
    if (plan.rowsMigrated !== pages - failed.length) problems.push(`rowsMigrated ${plan.rowsMigrated}, expected ${pages - failed.length}`);
    for (const p of problems) console.error(`FAIL: ${p}`);
    if (problems.length === 0) console.log('bounded: heap and log flat from the early checkpoint to the end; the two failed pages reported');
    return problems.length === 0 ? 0 : 1;
  } finally {
    await client.close();
    await sandbox.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
