// Watching a long RestoreIndices job: 200,000 rows in 2,000 batches of 100 (a pod log over
// 1 MB), read a poll at a time as the cluster watch reads it (src/jobs/cluster/jobReading.ts:
// the Job, its pod, then only the new part of the log with sinceSeconds and a limitBytes from its growth; the lines into the
// running summary of logic/cluster/jobLog.ts), over the client of dist/gms.js against the
// sandbox's scripted cluster. Figures: the log characters fetched in all ÷ the log's size
// (whole-log reads every poll would be about polls ÷ 2), and the live heap's growth over the
// run (a GC before each reading).
import { readJobAndLog, WatchedLog } from '../../src/jobs/cluster/jobReading';
import { emptyJobLog, readJobLogLines } from '../../src/jobs/logic/cluster/jobLog';
import { statusView } from '../../src/jobs/logic/cluster/k8sJobs';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { capture, REPO_ROOT } from './build';
import { loadGmsBundle, type GmsModule } from './gmsBundle';
import { startSandboxProcess } from './sandboxProcess';
import { describeMachine, machine, markdownTable, spread, textTable, type Row } from './stats';

const ROWS = 200_000;
const BATCH = 100;
const STEP_MS = 30;
/** One-second polls: the shortest a person sets, where re-read overlap would cost most. */
const POLL_MS = 1000;
const JOB = 'bench-long-restore';

const gc = (): void => (globalThis as { gc?: () => void }).gc?.();
const heapMb = (): number => {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
};

async function control(url: string, route: string, body: unknown): Promise<void> {
  const r = await fetch(`${url}/__sandbox${route}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!r.ok) throw new Error(`sandbox ${route}: ${r.status} ${await r.text()}`);
}

export interface ClusterWatchFigures {
  logChars: number;
  fetchedChars: number;
  polls: number;
  reports: number;
  heapGrowthMb: number;
  ms: number;
}

export async function measureClusterWatch(gms: GmsModule, url: string): Promise<ClusterWatchFigures> {
  await control(url, '/k8s', { stepMs: STEP_MS, totalRows: ROWS, maxReports: ROWS / BATCH, pendingMs: 0, script: 'succeed' });
  const client = gms.createGmsClient({ gmsUrl: url, token: SANDBOX_TOKENS.admin, api: 'openapi' });
  let channelChars = 0;
  const watched = new WatchedLog(JOB, { append: (t) => void (channelChars += t.length), clear: () => void (channelChars = 0), dispose: () => undefined });
  const summary = emptyJobLog();
  const started = performance.now();
  const base = heapMb();
  let peak = base;
  let polls = 0;
  try {
    await control(url, '/k8s/jobs', { name: JOB, args: ['-u', 'RestoreIndices', '-a', `batchSize=${BATCH}`, '-a', 'urnBasedPagination=true'] });
    for (;;) {
      const reading = await readJobAndLog(client.k8s, watched, Date.now());
      readJobLogLines(summary, reading.lines);
      polls++;
      peak = Math.max(peak, heapMb());
      const s = statusView(reading.job);
      if (s.succeeded > 0 || s.failed > 0) break;
      if (performance.now() - started > 120_000) throw new Error('the job did not end within 2 min');
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    peak = Math.max(peak, heapMb());
    const full = await client.k8s.podLogs({ pod: `${JOB}-x7k2p`, limitBytes: 1024 * 1024 });
    if (summary.result !== 'SUCCEEDED' || summary.sent !== ROWS) throw new Error(`the watch read ${summary.sent} rows, result ${summary.result}`);
    return {
      logChars: full.length,
      fetchedChars: watched.follower.fetchedChars,
      polls,
      reports: summary.reports,
      heapGrowthMb: peak - base,
      ms: performance.now() - started,
    };
  } finally {
    await client.close();
    void channelChars;
  }
}

export async function clusterWatchRows(gms: GmsModule, url: string, log: (line: string) => void): Promise<Row[]> {
  log(`cluster watch: ${ROWS.toLocaleString('en')} rows in ${(ROWS / BATCH).toLocaleString('en')} batches, a poll every ${POLL_MS} ms…`);
  const f = await measureClusterWatch(gms, url);
  const note = `${f.polls} polls over ${(f.ms / 1000).toFixed(1)} s; log ${(f.logChars / 1e6).toFixed(2)} MB, fetched ${(f.fetchedChars / 1e6).toFixed(2)} MB; ${f.reports.toLocaleString('en')} batch reports read; whole-log reads would fetch about ${((f.polls * f.logChars) / 2 / 1e6).toFixed(0)} MB`;
  return [
    {
      section: 'Cluster jobs',
      label: `Watching a ${ROWS.toLocaleString('en')}-row job (${(ROWS / BATCH).toLocaleString('en')} batches): log characters fetched ÷ the log's size`,
      unit: 'x',
      value: spread([f.fetchedChars / f.logChars]),
      target: { max: 1.5, text: '≤ 1.5' },
      note,
    },
    {
      section: 'Cluster jobs',
      label: '… live heap growth over the watch',
      unit: 'MB',
      value: spread([f.heapGrowthMb]),
      target: { max: 5, text: '≤ 5 (flat)' },
      note: 'a GC before each reading, after every poll; in Node, the watch reading code of the extension',
    },
  ];
}

/** `npm run bench -- --only cluster-watch`: these rows alone on a quick production build; the table goes to test-results/bench/cluster-watch.md. */
export async function clusterWatchOnly(): Promise<void> {
  const when = new Date();
  const log = (line: string): void => console.error(`bench: ${line}`);
  log(describeMachine(machine(), when));
  const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
  if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${built.output}`);
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-cluster-'));
  fs.copyFileSync(path.join(REPO_ROOT, 'dist', 'gms.js'), path.join(staged, 'gms.js'));
  const sandbox = await startSandboxProcess(['--quiet']);
  try {
    const rows = await clusterWatchRows(loadGmsBundle(staged), sandbox.url, log);
    const header = `Machine: ${describeMachine(machine(), when)}. Cluster watch alone (--only cluster-watch).`;
    console.log(`\n${header}\n\n${textTable(rows)}\n`);
    const outDir = path.join(REPO_ROOT, 'test-results', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'cluster-watch.md'), `${header}\n\n${markdownTable(rows)}\n`);
  } finally {
    await sandbox.stop();
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
