// Entity counts against bare undici: one reading of every entity type (readEntityCounts,
// src/entities/logic/counts.ts, bundled and minified as it ships, over the client of dist/gms.js; the
// server's cache skipped, so each reading is counted) versus the same request with bare undici.request,
// the answer JSON-parsed. The request is not written by hand: the one the reading sent, as the sandbox
// recorded it (/__sandbox/requests), is sent again with the same path and query.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { RecordedRequest } from '../sandbox/api';
import { SANDBOX_TOKENS } from '../sandbox/api';
import type { GmsClient } from '../../src/gms/types';
import { createBareClient } from './bare';
import { REPO_ROOT } from './build';
import { runAlone, shippedModule } from './alone';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import { spread, type Row } from './stats';
import { alternate } from './alternate';

type CountsModule = typeof import('../../src/entities/logic/counts') &
  typeof import('../../src/entities/logic/cleanupPlan') &
  typeof import('../../src/entities/cleanupFiles');

function buildCountsBundle(outDir: string): Promise<CountsModule> {
  const contents = [
    "export { readEntityCounts } from './src/entities/logic/counts';",
    "export { planCleanup } from './src/entities/logic/cleanupPlan';",
    "export { CleanupFiles } from './src/entities/cleanupFiles';",
  ].join('\n');
  return shippedModule<CountsModule>(path.join(outDir, 'counts.js'), { stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' } });
}

/**
 * Peak live heap growth (a GC before each reading, every 50 ms) while a cleanup plan lists 100,000 soft-deleted
 * datasets into its plan file, pages of 1,000: the planner keeps the count and a sample, the file the URNs.
 */
async function planMemory(counts: CountsModule, client: GmsClient, sandbox: SandboxProcess): Promise<{ peakMb: number; count: number; ms: number }> {
  await sandbox.control('POST', '/cleanup', { softDeleted: { dataset: 100_000 - 30 } });
  const gc = (globalThis as { gc?: () => void }).gc;
  const live = (): number => {
    gc?.();
    return process.memoryUsage().heapUsed;
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-cleanup-bench-'));
  try {
    const files = new counts.CleanupFiles(dir);
    const sink = await files.writer('bench');
    const base = live();
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, live())), 50);
    const t0 = performance.now();
    // The search client's listings and the batched status read (when each was soft-deleted), as the command wires them.
    const { search, cleanup } = client;
    const reads = {
      softDeleted: search.softDeleted.bind(search),
      dataJobs: search.dataJobs.bind(search),
      jobRuns: search.jobRuns.bind(search),
      statusWritten: cleanup.statusWritten.bind(cleanup),
    };
    const figures = await counts.planCleanup(reads, { entityType: 'dataset', kind: 'softDeleted', olderThanDays: 10 }, sink.add, {
      onProgress: () => sink.flush(),
    });
    await sink.commit();
    const ms = performance.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, live());
    return { peakMb: (peak - base) / 1e6, count: figures.count, ms };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    await sandbox.control('POST', '/reset');
  }
}

export async function countsRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const counts = await buildCountsBundle(stagedDir);
  log('entity counts: every type, the cache skipped, vs the same request with bare undici…');
  const token = SANDBOX_TOKENS.admin;
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'openapi' }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  const rounds = 15;
  const perRound = 40;
  try {
    await sandbox.control('POST', '/requests/clear');
    const first = await counts.readEntityCounts(client, { refresh: true });
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    if (recorded.length !== 1 || recorded[0].status !== 200) throw new Error(`one reading sent ${recorded.map((r) => `${r.path} ${r.status}`).join(', ')}`);
    const [r] = recorded;
    const t = await alternate(
      () => counts.readEntityCounts(client, { refresh: true }),
      () => bare.getAnswer(r.path, r.query),
      rounds,
      perRound,
    );
    const plan = await planMemory(counts, client, sandbox);
    return [
      {
        section: 'Entity counts',
        label: 'Entity cleanup plan of 100,000 soft-deleted entities (pages of 1,000 into its plan file): peak live heap growth',
        unit: 'MB',
        value: spread([plan.peakMb]),
        target: { max: 10, text: '≤ 10 MB' },
        note: `${plan.count.toLocaleString('en')} URNs planned in ${(plan.ms / 1000).toFixed(1)} s; a GC before each reading, every 50 ms`,
      },
      {
        section: 'Entity counts',
        label: `One reading of every entity type (${first.types.length} types, GET /openapi/v1/entities/counts, the cache skipped; parsed and totalled) ÷ the same request with bare undici`,
        unit: 'x',
        value: t.ratio,
        target: { max: 1.1, text: '≤ 1.1' },
        note: `${rounds} rounds × ${perRound} readings each way, alternating; per reading median ${t.ours.median.toFixed(2)} vs ${t.theirs.median.toFixed(2)} ms; the request one reading sent (/__sandbox/requests)`,
      },
    ];
  } finally {
    await client.close();
    await bare.close();
  }
}

/** `npm run bench -- --only counts`: the entity counts row alone on a quick production build. */
export function countsOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'counts', title: 'Entity counts alone (--only counts)', sandboxArgs: ['--quiet'], rows: countsRows }, updateDocs);
}
