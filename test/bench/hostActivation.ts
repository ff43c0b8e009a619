// Fresh VS Code hosts, one after another: each run is the integration runner
// (code-server + headless Chromium, a fresh profile and sandbox) with the bench
// suite test/bench/host, on the staged copy of the production build (build.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnGroup } from '../host/processes';
import { REPO_ROOT } from './build';
import { RESULT_MARKER, type HostBenchResult } from './hostResult';

const TSX_LOADER = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');
const RUNNER = path.join(REPO_ROOT, 'test', 'host', 'runIntegration.ts');

export interface HostRuns {
  results: HostBenchResult[];
  /** One line per run that gave no usable figures, and why. */
  problems: string[];
  durationMs: number;
}

function readResult(file: string, output: string): HostBenchResult | undefined {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as HostBenchResult;
  const line = output.split('\n').find((l) => l.includes(RESULT_MARKER));
  return line ? (JSON.parse(line.slice(line.indexOf(RESULT_MARKER) + RESULT_MARKER.length)) as HostBenchResult) : undefined;
}

async function oneRun(extensionDir: string, timeoutMs: number): Promise<{ result?: HostBenchResult; output: string; code: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-host-'));
  const outFile = path.join(dir, 'result.json');
  const proc = spawnGroup(
    process.execPath,
    ['--import', `file://${TSX_LOADER}`, RUNNER, '--suite', 'test/bench/host', '--no-build', '--extension', extensionDir, '--timeout', String(Math.round(timeoutMs / 1000))],
    { cwd: REPO_ROOT, env: { ...process.env, DATAHUB_BENCH_OUT: outFile } },
  );
  let output = '';
  proc.child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  proc.child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    proc.exited,
    new Promise<number>((resolve) => (timer = setTimeout(() => resolve(124), timeoutMs + 90_000))),
  ]);
  clearTimeout(timer);
  await proc.stop();
  try {
    return { result: readResult(outFile, output), output, code };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureHosts(runs: number, extensionDir: string, expectedExtensionBytes: number, log: (line: string) => void): Promise<HostRuns> {
  const started = performance.now();
  const results: HostBenchResult[] = [];
  const problems: string[] = [];
  for (let i = 1; i <= runs; i++) {
    const t0 = performance.now();
    const { result, output, code } = await oneRun(extensionDir, 150_000);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    if (!result) {
      problems.push(`host run ${i}: no result (exit ${code})`);
      log(`host run ${i}/${runs}: no result (exit ${code}, ${seconds} s); last output:\n${output.trim().split('\n').slice(-25).join('\n')}`);
      continue;
    }
    if (result.extensionBytes !== expectedExtensionBytes) {
      // The host loaded some other build (not the staged copy): its figures are not of this build.
      problems.push(`host run ${i}: the host loaded a ${result.extensionBytes}-byte dist/extension.js, not the ${expectedExtensionBytes}-byte build measured here; left out`);
      log(`host run ${i}/${runs}: left out, the host did not load the staged build`);
      continue;
    }
    results.push(result);
    log(
      `host run ${i}/${runs} (${seconds} s): bundle ${result.bundleEvaluationMs.toFixed(1)} ms, activate ${result.activateMs.toFixed(1)} ms, ` +
        `gms.js ${result.gmsRequireMs?.toFixed(1) ?? 'already loaded'} ms, refresh ${result.refreshMs.toFixed(0)} ms, tree root ${result.treeRootMs.toFixed(1)} ms`,
    );
  }
  return { results, problems, durationMs: performance.now() - started };
}
