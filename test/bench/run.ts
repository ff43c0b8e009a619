// `npm run bench [-- --host-runs 5] [--no-host] [--update-docs] [--profile] [--only client]`
// (--only client: the client-overhead rows alone, on a quick production build; see clientOnly;
// likewise --only drift, --only cluster-watch, --only doctor, --only inspect, --only counts, --only ingestion, --only gc, --only journal and --only activation)
// (--update-docs, also spelt --update-readme: rewrites the table in docs/performance.md)
// (--profile: one more host with a CPU profile of loading + activate(), summarised)
// Builds for production, measures activation (fresh VS Code hosts), load time,
// sizes, client overhead, a 10,000-index answer and a 100,000-row restore, and
// prints one table. Timings are reported against their targets, never enforced;
// CI enforces sizes only (npm run test:package). Everything runs on 127.0.0.1.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { buildForBench, buildHostEntry, REPO_ROOT } from './build';
import { measureBulkRestore } from './bulkRestore';
import { clientOnly, clientOverheadRows } from './clientRows';
import { doctorOnly, doctorRows } from './doctorRows';
import { inspectOnly, inspectRows } from './inspectBench';
import { countsOnly, countsRows } from './countsBench';
import { ingestionOnly, ingestionRows } from './ingestionBench';
import { gcOnly, gcRows } from './gcBench';
import { journalOnly, journalRows } from './journalBench';
import { driftOnly, driftRows } from './driftRows';
import { clusterWatchOnly, clusterWatchRows } from './clusterWatchBench';
import { loadGmsBundle } from './gmsBundle';
import { describeProfile, summariseProfile } from './activationProfile';
import { measureHosts, profileActivation, stopActiveHost, type HostRuns } from './hostActivation';
import { measureLargeResponse } from './largeResponse';
import { PERFORMANCE_DOC, updateFigures } from './readme';
import { measureRequireTimes } from './requireTime';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { describeMachine, machine, markdownTable, spread, textTable, type Row, type Spread } from './stats';
import { hostRows } from './hostRows';
import { activationOnly } from './activationOnly';

const KB = 1024;

/** The README's pictures the VSIX carries (media/readme). */
function readmePictureBytes(): number {
  const dir = path.join(REPO_ROOT, 'media', 'readme');
  return fs.existsSync(dir) ? fs.readdirSync(dir).reduce((sum, f) => sum + fs.statSync(path.join(dir, f)).size, 0) : 0;
}
/** Set on Ctrl+C: what fails after that is the interruption, not a finding. */
let stopping = false;
const one = (value: number): Spread => spread([value]);

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'host-runs': { type: 'string', default: '5' },
      'no-host': { type: 'boolean', default: false },
      'update-docs': { type: 'boolean', default: false },
      'update-readme': { type: 'boolean', default: false },
      profile: { type: 'boolean', default: false },
      only: { type: 'string' },
    },
  });
  const alone = ['client', 'drift', 'cluster-watch', 'doctor', 'inspect', 'activation', 'counts', 'ingestion', 'gc', 'journal'];
  if (values.only !== undefined && !alone.includes(values.only)) {
    throw new Error(`--only: the parts that run alone are ${alone.map((a) => `"${a}"`).join(', ')} (got "${values.only}")`);
  }
  if (values.only === 'cluster-watch') return clusterWatchOnly();
  if (values.only === 'client') return clientOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'drift') return driftOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'doctor') return doctorOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'inspect') return inspectOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'counts') return countsOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'ingestion') return ingestionOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'gc') return gcOnly(values['update-docs'] || values['update-readme']);
  if (values.only === 'journal') return journalOnly(values['update-docs'] || values['update-readme']);
  const hostRuns = values['no-host'] ? 0 : Math.max(1, Math.min(10, Number(values['host-runs']) || 5));
  if (values.only === 'activation') return activationOnly(Math.max(1, hostRuns), values.profile);
  const began = performance.now();
  const when = new Date();
  const box = machine();
  const log = (line: string): void => console.error(`bench: ${line}`);
  log(describeMachine(box, when));
  const gcNote = typeof (globalThis as { gc?: unknown }).gc === 'function' ? 'after a GC' : 'no GC available (run with node --expose-gc)';

  const build = await buildForBench(log);
  log(
    `build: done in ${(build.durationMs / 1000).toFixed(1)} s; eager ${(build.bytes['extension.js'] / KB).toFixed(1)} KB${build.minified ? '' : ' (NOT minified)'}`,
  );
  const rows: Row[] = [];
  const later: Row[] = [];
  let sandbox: SandboxProcess | undefined;
  // The sandbox and the hosts run in process groups of their own: Ctrl+C must end them too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopping = true;
      log(`${signal}: stopping the sandbox and any VS Code host`);
      void Promise.allSettled([sandbox?.stop(), stopActiveHost()]).finally(() => {
        fs.rmSync(build.staged, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  try {
    log('load: require() in plain Node, fresh process per sample…');
    const req = await measureRequireTimes(path.join(build.staged, 'dist'), 9);
    const ratio = req.undiciZod.median / req.extension.median;
    const loadRows: Row[] = [
      { section: 'Load (plain Node)', label: 'require dist/extension.js (stub vscode)', unit: 'ms', value: req.extension, note: '9 fresh processes' },
      { section: 'Load (plain Node)', label: 'require dist/gms.js (lazy: undici + zod + client)', unit: 'ms', value: req.gms },
      {
        section: 'Load (plain Node)',
        label: `require a plain undici + zod bundle (${(req.undiciZodBytes / KB).toFixed(0)} KB)`,
        unit: 'ms',
        value: req.undiciZod,
        note: `${ratio.toFixed(1)}× the eager bundle: what the split keeps off activation`,
      },
    ];

    const eager = build.bytes['extension.js'] / KB;
    const total = (build.bytes['extension.js'] + build.bytes['features.js'] + build.featurePartBytes + build.bytes['gms.js'] + build.bytes['chart.js']) / KB;
    const sizeRows: Row[] = [
      {
        section: 'Size',
        label: 'eager JS (dist/extension.js, production)',
        unit: 'KB',
        value: one(eager),
        target: { max: 120, text: '≤ 120 KB' },
        note: build.minified ? 'minified' : 'NOT minified',
      },
      {
        section: 'Size',
        label: "all JS (+ dist/features.js, the features' dist/feature-*.js, dist/gms.js, dist/chart.js)",
        unit: 'KB',
        value: one(total),
        note: `features.js ${(build.bytes['features.js'] / KB).toFixed(1)} KB, feature-*.js ${(build.featurePartBytes / KB).toFixed(1)} KB, gms.js ${(build.bytes['gms.js'] / KB).toFixed(1)} KB, chart.js ${(build.bytes['chart.js'] / KB).toFixed(1)} KB`,
      },
      {
        section: 'Size',
        label: 'VSIX (npm run package)',
        unit: 'KB',
        value: build.vsixBytes === undefined ? spread([]) : one(build.vsixBytes / KB),
        // The limit npm run test:package enforces (test/host/package.test.ts): 500 KB of code and manifest, and the README's pictures.
        target: { max: 900, text: '≤ 900 KB' },
        note:
          build.vsixProblem ??
          `the README's pictures (media/readme) are ${(readmePictureBytes() / KB).toFixed(1)} KB of it, packaged so the extension's page shows them offline`,
      },
    ];

    log('large response: 10,000 extra indices, parse + validate + group + sort…');
    const large = await measureLargeResponse(10_000, 15);
    later.push(
      {
        section: 'Large response',
        label: `${large.indexCount.toLocaleString('en')} indices: parse + validate + group + sort`,
        unit: 'ms',
        value: large.total,
        target: { max: 50, text: '≤ 50 ms' },
        note: `${(large.responseBytes / KB).toFixed(0)} KB answer, ${large.groupCount} groups; first (cold) ${large.firstTotalMs.toFixed(1)} ms; plain Node, 15 runs`,
      },
      { section: 'Large response', label: '… of which JSON.parse + envelope', unit: 'ms', value: large.decode },
      { section: 'Large response', label: '… of which zod validation + normalising', unit: 'ms', value: large.validate },
      { section: 'Large response', label: '… of which grouping + sorting', unit: 'ms', value: large.arrange },
    );

    log('client overhead and bulk restore: sandbox in its own process, 100,000 bench rows…');
    sandbox = await startSandboxProcess(['--quiet', '--bench-rows', '100000']);
    // The client as it ships (the staged production dist/gms.js), not src/ under tsx.
    const gms = loadGmsBundle(path.join(build.staged, 'dist'));
    const overheadRows = await clientOverheadRows(gms, sandbox.url, log);
    overheadRows.push(...(await driftRows(gms, path.join(build.staged, 'dist'), sandbox.url, log)));
    overheadRows.push(...(await clusterWatchRows(gms, sandbox.url, log)));
    overheadRows.push(...(await doctorRows(gms, path.join(build.staged, 'dist'), sandbox, log)));
    overheadRows.push(...(await inspectRows(gms, path.join(build.staged, 'dist'), sandbox, log)));
    overheadRows.push(...(await countsRows(gms, path.join(build.staged, 'dist'), sandbox, log)));
    overheadRows.push(...(await ingestionRows(gms, path.join(build.staged, 'dist'), sandbox, log)));
    overheadRows.push(...(await gcRows(gms, path.join(build.staged, 'dist'), sandbox, log)));
    overheadRows.push(...(await journalRows(gms, path.join(build.staged, 'dist'), sandbox, log)));

    // A real DataHub takes hundreds of ms to seconds for a 1000-row page; 50 ms keeps the run
    // short (ideal 5 s at concurrency 1) while the fixed costs of a loopback request stay small beside it.
    const serviceTimeMs = 50;
    log(`bulk restore: 100,000 rows in 1000-row pages, ${serviceTimeMs} ms service time, concurrency 1 and 4, 3 runs each way (about 40 s)…`);
    const restore = await measureBulkRestore(gms, sandbox, SANDBOX_TOKENS.admin, {
      rows: 100_000,
      batchSize: 1000,
      serviceTimeMs,
      reps: 3,
      concurrencies: [1, 4],
    });
    await sandbox.stop();
    sandbox = undefined;
    const restoreRows: Row[] = restore.flatMap((f): Row[] => {
      const perIdeal = (s: Spread): Spread => ({ min: s.min / f.idealMs, median: s.median / f.idealMs, max: s.max / f.idealMs, n: s.n });
      const label = `100,000 rows, batchSize 1000, ${serviceTimeMs} ms service time per page, concurrency ${f.concurrency}`;
      return [
        {
          section: 'Bulk restore',
          label: `${label}: achieved ÷ ideal`,
          unit: 'x',
          value: perIdeal(f.achieved),
          target: { max: 1.1, text: '≤ 1.1' },
          note: `ideal ${f.idealMs.toFixed(0)} ms (${f.pages} requests × ${serviceTimeMs} ms ÷ ${f.concurrency}); achieved median ${f.achieved.median.toFixed(0)} ms, ${(f.achieved.median / f.bare.median).toFixed(3)}× bare undici; ${f.requests} requests sent, ${f.rowsMigrated} rows, ${f.status}`,
        },
        {
          section: 'Bulk restore',
          label: `same pages with bare undici (${serviceTimeMs} ms service time), concurrency ${f.concurrency}: achieved ÷ ideal`,
          unit: 'x',
          value: perIdeal(f.bare),
          note: `median ${f.bare.median.toFixed(0)} ms. The floor: a ${serviceTimeMs} ms setTimeout takes ${f.timerMs.toFixed(2)} ms here, a page at 0 ms service ${f.zeroServicePageMs.toFixed(2)} ms → ${(Math.ceil(f.pages / f.concurrency) * (f.timerMs + f.zeroServicePageMs)).toFixed(0)} ms expected (${Math.ceil(f.pages / f.concurrency)} rounds of ${f.concurrency})`,
        },
        {
          section: 'Bulk restore',
          label: `heap growth over the run, concurrency ${f.concurrency}`,
          unit: 'MB',
          value: f.heapGrowthMb,
          note: `heapUsed after − before, ${gcNote}, result still held; peak during the run +${f.peakHeapGrowthMb.median.toFixed(1)} MB`,
        },
      ];
    });

    let hosts: HostRuns = { results: [], problems: [], durationMs: 0 };
    if (hostRuns > 0) {
      log(`activation: ${hostRuns} fresh VS Code hosts (code-server + headless Chromium)…`);
      await buildHostEntry();
      hosts = await measureHosts(hostRuns, build.staged, build.bytes['extension.js'], log);
    }
    let profileText = '';
    if (values.profile) {
      log('activation profile: one more host, under the CPU profiler…');
      if (hostRuns === 0) await buildHostEntry();
      const profileFile = path.join(REPO_ROOT, 'test-results', 'bench', 'activation.cpuprofile');
      fs.mkdirSync(path.dirname(profileFile), { recursive: true });
      if (await profileActivation(build.staged, profileFile)) {
        profileText = describeProfile(await summariseProfile(profileFile, path.join(build.staged, 'dist', 'extension.js')));
        profileText += `\n\n(full profile: ${path.relative(REPO_ROOT, profileFile)}, opens in Chrome DevTools or VS Code)`;
      } else {
        profileText = 'Activation profile: the profiled host gave no profile.';
      }
    }
    const host = hostRuns > 0 ? hostRows(hosts) : { activation: [], tree: [] };
    rows.push(...host.activation, ...loadRows, ...sizeRows, ...overheadRows, ...later, ...host.tree, ...restoreRows);

    const totalS = ((performance.now() - began) / 1000).toFixed(0);
    const header = `Machine: ${describeMachine(box, when)}. Whole bench ${totalS} s.`;
    const problems = hosts.problems.length ? `\nHost attempts without figures: ${hosts.problems.join('; ')}` : '';
    console.log(`\n${header}\n\n${textTable(rows)}${problems}\n${profileText ? `\n${profileText}\n` : ''}`);

    const outDir = path.join(REPO_ROOT, 'test-results', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    const markdown = `${header}\n\n${markdownTable(rows)}${problems ? `\n${problems.trim()}` : ''}\n`;
    fs.writeFileSync(path.join(outDir, 'latest.md'), markdown);
    fs.writeFileSync(path.join(outDir, 'latest.json'), JSON.stringify({ machine: box, when, rows, hosts }, null, 2));
    if (profileText) fs.writeFileSync(path.join(outDir, 'activation-profile.txt'), `${profileText}\n`);
    log(`wrote test-results/bench/latest.md and latest.json`);
    if (values['update-docs'] || values['update-readme']) {
      updateFigures(path.join(REPO_ROOT, PERFORMANCE_DOC), markdown);
      log(`${PERFORMANCE_DOC} "Latest figures" table updated`);
    }
  } finally {
    await sandbox?.stop();
    fs.rmSync(build.staged, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    if (stopping) return;
    console.error(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
