// The production build the bench measures: `npm run package` (type check,
// `node esbuild.js --production`, vsce), then a copy of the extension as it
// ships (manifest, bundles, media) in a temp folder: the hosts run that copy, so
// a rebuild of dist/ by someone else mid-run cannot change what is timed.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vsixPath } from '../host/vsix';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const BUNDLES = ['extension.js', 'gms.js', 'chart.js'] as const;

export interface Captured {
  code: number;
  output: string;
}

/** Runs a command to completion with its output kept (printed only when asked). */
export function capture(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<Captured> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: options.cwd ?? REPO_ROOT, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      output += `\n(timed out after ${(options.timeoutMs ?? 0) / 1000} s)`;
      try {
        process.kill(-(child.pid as number), 'SIGKILL');
      } catch {
        // already gone
      }
    }, options.timeoutMs ?? 600_000);
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ code: 1, output: `${output}\n${error.message}` });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

export interface BuildOutcome {
  /** A copy of the extension as built for production: package.json, dist/*.js, media/. */
  staged: string;
  bytes: Record<(typeof BUNDLES)[number], number>;
  minified: boolean;
  vsixBytes?: number;
  /** Why there is no VSIX figure. */
  vsixProblem?: string;
  durationMs: number;
}

function lastLines(text: string, n: number): string {
  return text.trim().split('\n').slice(-n).join('\n');
}

export async function buildForBench(log: (line: string) => void): Promise<BuildOutcome> {
  const started = performance.now();
  const before = Date.now();
  log('build: npm run package (type check, production bundles, VSIX)…');
  const packaged = await capture('npm', ['run', 'package'], { timeoutMs: 300_000 });
  let vsixProblem: string | undefined;
  if (packaged.code !== 0) {
    const reason = /ERROR\s+(.*)/.exec(packaged.output)?.[1]?.trim() ?? lastLines(packaged.output, 3);
    vsixProblem = `npm run package failed: ${reason}`;
    log(`build: ${vsixProblem}\nbuild: falling back to node esbuild.js --production (no VSIX figure)`);
    const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
    if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${lastLines(built.output, 20)}`);
  }
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-extension-'));
  fs.mkdirSync(path.join(staged, 'dist'));
  const bytes = { 'extension.js': 0, 'gms.js': 0, 'chart.js': 0 };
  for (const name of BUNDLES) {
    const file = path.join(REPO_ROOT, 'dist', name);
    if (!fs.existsSync(file)) continue;
    fs.copyFileSync(file, path.join(staged, 'dist', name));
    bytes[name] = fs.statSync(file).size;
  }
  fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(staged, 'package.json'));
  fs.cpSync(path.join(REPO_ROOT, 'media'), path.join(staged, 'media'), { recursive: true });
  const lines = fs.readFileSync(path.join(staged, 'dist', 'extension.js'), 'utf8').split('\n').length;
  let vsixBytes: number | undefined;
  const vsix = vsixPath();
  if (!vsixProblem) {
    if (fs.existsSync(vsix) && fs.statSync(vsix).mtimeMs >= before - 1000) vsixBytes = fs.statSync(vsix).size;
    else vsixProblem = `no fresh ${path.basename(vsix)} after npm run package`;
  }
  return { staged, bytes, minified: lines < 50, vsixBytes, vsixProblem, durationMs: performance.now() - started };
}

/**
 * The mocha entry the host runner loads (out/test/integration/index.js), built
 * alone: the bench does not need, or wait for, every integration suite to compile.
 */
export async function buildHostEntry(): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints: [path.join(REPO_ROOT, 'test', 'integration', 'index.ts')],
    outfile: path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    external: ['vscode', 'mocha'],
  });
}
