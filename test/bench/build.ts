// The production build the bench measures: `npm run package` (type check,
// `node esbuild.js --production`, vsce), then a copy of the extension as it
// ships (manifest, bundles, media) in a temp folder: the hosts run that copy, so
// a rebuild of dist/ by someone else mid-run cannot change what is timed.
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { vsixPath } from '../host/vsix';
import { bundleForHost } from '../host/bundleForHost';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const BUNDLES = ['extension.js', 'features.js', 'gms.js', 'chart.js'] as const;

/** Every runtime bundle in dist/ (the named ones, each feature's dist/feature-<name>.js, the webviews' scripts). */
export function distBundles(dir = path.join(REPO_ROOT, 'dist')): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.js'));
}

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
  /** The features' own bundles (dist/feature-<name>.js), in all. */
  featurePartBytes: number;
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
  let packageFailure: string | undefined;
  if (packaged.code !== 0) {
    const typeError = /^\S+\(\d+,\d+\): error TS\d+/m.exec(packaged.output)?.[0];
    packageFailure = typeError ? `type check failed at ${typeError}` : (/ERROR\s+(.*)/.exec(packaged.output)?.[1]?.trim() ?? lastLines(packaged.output, 3));
    log(`build: npm run package failed: ${packageFailure}; building with node esbuild.js --production and packaging that instead`);
    const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
    if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${lastLines(built.output, 20)}`);
  }
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-extension-'));
  fs.mkdirSync(path.join(staged, 'dist'));
  const bytes = { 'extension.js': 0, 'features.js': 0, 'gms.js': 0, 'chart.js': 0 };
  let minified = false;
  let featurePartBytes = 0;
  // dist/ is shared: when a development build replaced ours before the copy, build again (once).
  for (let attempt = 0; attempt < 2 && !minified; attempt++) {
    if (attempt > 0) await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
    featurePartBytes = 0;
    for (const name of distBundles()) {
      fs.copyFileSync(path.join(REPO_ROOT, 'dist', name), path.join(staged, 'dist', name));
      const size = fs.statSync(path.join(staged, 'dist', name)).size;
      if ((BUNDLES as readonly string[]).includes(name)) bytes[name as (typeof BUNDLES)[number]] = size;
      if (/^feature-[a-z]+\.js$/.test(name)) featurePartBytes += size;
    }
    // Minified output keeps the newlines of template literals: judge by the average line length.
    const eagerText = fs.readFileSync(path.join(staged, 'dist', 'extension.js'), 'utf8');
    minified = eagerText.length / eagerText.split('\n').length > 1000;
  }
  fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(staged, 'package.json'));
  fs.cpSync(path.join(REPO_ROOT, 'media'), path.join(staged, 'media'), { recursive: true });
  let vsixBytes: number | undefined;
  const vsix = vsixPath();
  if (packageFailure) {
    const fallback = await packageStaged(staged);
    vsixBytes = fallback.bytes;
    vsixProblem =
      fallback.bytes === undefined
        ? `npm run package failed (${packageFailure}); packaging the staged build failed too: ${fallback.problem}`
        : `packaged from the staged production build: npm run package failed (${packageFailure})`;
  } else if (fs.existsSync(vsix) && fs.statSync(vsix).mtimeMs >= before - 1000) {
    vsixBytes = fs.statSync(vsix).size;
  } else {
    vsixProblem = `no fresh ${path.basename(vsix)} after npm run package`;
  }
  return { staged, bytes, featurePartBytes, minified, vsixBytes, vsixProblem, durationMs: performance.now() - started };
}

/**
 * The same VSIX from the staged copy, when `npm run package` stops before vsce
 * (its type check fails on someone's unfinished file): same files, same
 * .vscodeignore; only the prepublish build, already done, is left out.
 */
async function packageStaged(staged: string): Promise<{ bytes?: number; problem?: string }> {
  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE', '.vscodeignore']) {
    if (fs.existsSync(path.join(REPO_ROOT, file))) fs.copyFileSync(path.join(REPO_ROOT, file), path.join(staged, file));
  }
  const manifestFile = path.join(staged, 'package.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as { scripts?: Record<string, string> };
  delete manifest.scripts?.['vscode:prepublish'];
  fs.writeFileSync(manifestFile, JSON.stringify(manifest, null, 2));
  const out = path.join(os.tmpdir(), `datahub-bench-${process.pid}.vsix`);
  const vsce = path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
  const result = await capture(vsce, ['package', '--no-dependencies', '--allow-missing-repository', '-o', out], { cwd: staged, timeoutMs: 120_000 });
  try {
    if (result.code !== 0 || !fs.existsSync(out)) return { problem: lastLines(result.output, 3) };
    return { bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(out, { force: true });
  }
}

/**
 * The mocha entry the host runner loads (out/test/integration/index.js), built
 * alone: the bench does not need, or wait for, every integration suite to compile.
 */
export async function buildHostEntry(): Promise<void> {
  await bundleForHost([path.join(REPO_ROOT, 'test', 'integration', 'index.ts')], {
    outfile: path.join(REPO_ROOT, 'out', 'test', 'integration', 'index.js'),
  });
}
