// Fresh VS Code hosts, one after another: each run is the integration runner
// (code-server + headless Chromium, a fresh profile and sandbox) with the bench
// suite test/bench/host, on the staged copy of the production build (build.ts).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnGroup, type GroupProcess } from '../host/processes';
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

let active: GroupProcess | undefined;

/** Ends the host run in progress (its runner's process group: the launcher ends code-server and Chromium). */
export async function stopActiveHost(): Promise<void> {
  await active?.stop();
}

function readResult(file: string, output: string): HostBenchResult | undefined {
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as HostBenchResult;
  const line = output.split('\n').find((l) => l.includes(RESULT_MARKER));
  return line ? (JSON.parse(line.slice(line.indexOf(RESULT_MARKER) + RESULT_MARKER.length)) as HostBenchResult) : undefined;
}

async function oneRun(
  extensionDir: string,
  timeoutMs: number,
  env: NodeJS.ProcessEnv = {},
): Promise<{ result?: HostBenchResult; output: string; code: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-host-'));
  const outFile = path.join(dir, 'result.json');
  const proc = spawnGroup(
    process.execPath,
    [
      '--import',
      `file://${TSX_LOADER}`,
      RUNNER,
      '--suite',
      'test/bench/host',
      '--no-build',
      '--extension',
      extensionDir,
      '--timeout',
      String(Math.round(timeoutMs / 1000)),
    ],
    { cwd: REPO_ROOT, env: { ...process.env, ...env, DATAHUB_BENCH_OUT: outFile } },
  );
  active = proc;
  let output = '';
  proc.child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  proc.child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([proc.exited, new Promise<number>((resolve) => (timer = setTimeout(() => resolve(124), timeoutMs + 90_000)))]);
  clearTimeout(timer);
  await proc.stop();
  active = undefined;
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
  // A failed run is retried, within bounds: a few extra attempts in all.
  const maxAttempts = runs + 3;
  for (let attempt = 1; attempt <= maxAttempts && results.length < runs; attempt++) {
    const t0 = performance.now();
    const { result, output, code } = await oneRun(extensionDir, 150_000);
    const seconds = ((performance.now() - t0) / 1000).toFixed(1);
    const tag = `host run ${results.length + 1}/${runs} (attempt ${attempt})`;
    if (!result) {
      problems.push(`attempt ${attempt}: no result (exit ${code})`);
      log(`${tag}: no result (exit ${code}, ${seconds} s); last output:\n${output.trim().split('\n').slice(-12).join('\n')}`);
      continue;
    }
    if (result.extensionBytes !== expectedExtensionBytes) {
      // The host loaded some other build (not the staged copy): its figures are not of this build.
      problems.push(
        `attempt ${attempt}: the host loaded a ${result.extensionBytes}-byte dist/extension.js, not the ${expectedExtensionBytes}-byte build measured here; left out`,
      );
      log(`${tag}: left out, the host did not load the staged build`);
      continue;
    }
    results.push(result);
    log(
      `${tag}, ${seconds} s: bundle ${result.bundleEvaluationMs.toFixed(1)} ms, activate ${result.activateMs.toFixed(1)} ms (CPU ${result.activateCpuMs.toFixed(1)} ms), ` +
        `gms.js ${result.gmsRequireMs?.toFixed(1) ?? 'already loaded'} ms, refresh ${result.refreshMs.toFixed(0)} ms, tree root ${result.treeRootMs.toFixed(1)} ms`,
    );
    const parts = Object.entries(result.activateParts ?? {}).map(([name, ms]) => `${name} ${ms.toFixed(2)}`);
    if (parts.length > 0) log(`${tag}: activate() by part (ms): ${parts.join(', ')}`);
    const after = result.afterActivation;
    if (after) {
      const afterParts = Object.entries(after.parts).map(([name, ms]) => `${name} ${ms.toFixed(2)}`);
      log(`${tag}: just after activate(): ${after.ms.toFixed(1)} ms (CPU ${after.cpuMs.toFixed(1)} ms): ${afterParts.join(', ')}`);
    }
  }
  return { results, problems, durationMs: performance.now() - started };
}

/** One more fresh host whose loading + activate() run under the CPU profiler (slower: not part of the figures). */
export async function profileActivation(extensionDir: string, profileFile: string): Promise<boolean> {
  fs.rmSync(profileFile, { force: true });
  const { result } = await oneRun(extensionDir, 150_000, { DATAHUB_BENCH_PROFILE: profileFile });
  return result !== undefined && fs.existsSync(profileFile);
}
