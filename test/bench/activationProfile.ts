// Where activation time goes: a CPU profile taken in a fresh host around
// loading + activate() (bench.test.ts with DATAHUB_BENCH_PROFILE), summarised by
// self time: our bundle (per source file, through a source map of the same
// build), VS Code's extension host, Node, GC and idle.
import * as fs from 'node:fs';
import { SourceMap } from 'node:module';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './build';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface CpuProfile {
  nodes: { id: number; callFrame: CallFrame; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const MAX_SAMPLE_US = 1000;

export interface ProfileSummary {
  totalMs: number;
  samples: number;
  buckets: [string, number][];
  /** Self time in our bundle by source file. */
  ourFiles: [string, number][];
  /** The heaviest functions by self time. */
  top: [string, number][];
  /** Our bundle's functions by total time (their callees included). */
  ourTotal: [string, number][];
  /** The part of the profile summarised, when not all of it. */
  window?: string;
}

/** A stretch of the profile on its own clock (µs): bench.test.ts writes activate()'s beside the profile. */
export interface ProfileWindow {
  startUs: number;
  endUs: number;
}

/** The production build of dist/extension.js again, with a source map: same code, so positions match. */
async function sourceMapOf(bundle: string): Promise<SourceMap | undefined> {
  const esbuild = await import('esbuild');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-map-'));
  try {
    const outfile = path.join(dir, 'extension.js');
    // The eager bundle's own options (esbuild.js), with a source map.
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is CommonJS
    const { extensionBundles } = require(path.join(REPO_ROOT, 'esbuild.js')) as { extensionBundles(): Promise<{ extension: import('esbuild').BuildOptions }> };
    const { extension } = await extensionBundles();
    await esbuild.build({ ...extension, absWorkingDir: REPO_ROOT, outfile, minify: true, sourcemap: 'external', sourcesContent: false, logLevel: 'error' });
    const strip = (text: string): string => text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, '').trimEnd();
    // Sources changed since the measured build: positions would point at the wrong code.
    if (strip(fs.readFileSync(outfile, 'utf8')) !== strip(fs.readFileSync(bundle, 'utf8'))) return undefined;
    return new SourceMap(JSON.parse(fs.readFileSync(`${outfile}.map`, 'utf8')));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function bucketOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle (waiting)';
  if (functionName === '(program)') return 'V8 (compile, runtime)';
  if (functionName === 'dispatch' && url === '') return 'the profiler itself (inspector)';
  if (url.endsWith('/dist/extension.js')) return 'our eager bundle (dist/extension.js)';
  if (url.endsWith('/dist/gms.js')) return 'our lazy bundle (dist/gms.js)';
  if (url.endsWith('/dist/features.js')) return 'our lazy bundle (dist/features.js)';
  if (/\/dist\/feature-[a-z]+\.js$/.test(url)) return "a feature's own bundle (dist/feature-*.js)";
  if (url.startsWith('node:') || (url === '' && functionName !== '')) return 'Node.js';
  if (/\/extensions\/[^/]+\/(dist|out)\//.test(url)) return 'other extensions (built-in)';
  if (/\/vs\/|lib\/vscode|extensionHost/.test(url)) return "VS Code's extension host";
  return url ? `other: ${path.basename(url)}` : 'other';
}

export async function summariseProfile(profileFile: string, bundle: string, window?: ProfileWindow): Promise<ProfileSummary> {
  const profile = JSON.parse(fs.readFileSync(profileFile, 'utf8')) as CpuProfile;
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const selfUs = new Map<number, number>();
  // A sample lasts until the next one (as DevTools counts), but at most 1 ms: a longer gap means
  // the process was descheduled (a busy machine), not that this code ran all that time.
  let at = profile.startTime;
  const stamps = profile.timeDeltas.map((d) => (at += d));
  let samples = 0;
  profile.samples.forEach((id, i) => {
    if (window && (stamps[i] < window.startUs || stamps[i] > window.endUs)) return;
    samples++;
    const until = i + 1 < stamps.length ? stamps[i + 1] : profile.endTime;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.min(MAX_SAMPLE_US, Math.max(0, until - stamps[i])));
  });
  const map = await sourceMapOf(bundle);
  const ourWhere = (frame: CallFrame): string => {
    if (!map) return `${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    const entry = map.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number };
    const source = entry.originalSource ? path.relative(REPO_ROOT, entry.originalSource.replace(/^file:\/\//, '')) : 'unmapped';
    return `${source}:${(entry.originalLine ?? 0) + 1}`;
  };
  const buckets = new Map<string, number>();
  const files = new Map<string, number>();
  const functions = new Map<string, number>();
  const totals = new Map<string, number>();
  const add = (into: Map<string, number>, key: string, us: number): void => {
    into.set(key, (into.get(key) ?? 0) + us / 1000);
  };
  for (const [id, us] of selfUs) {
    const frame = frames.get(id);
    if (!frame) continue;
    const bucket = bucketOf(frame);
    add(buckets, bucket, us);
    let where = `${path.basename(frame.url) || '(native)'}:${frame.lineNumber + 1}`;
    if (bucket.startsWith('our eager') && map) {
      where = ourWhere(frame);
      add(files, where.replace(/:\d+$/, ''), us);
    }
    if (bucket !== 'idle (waiting)') add(functions, `${frame.functionName || '(anonymous)'} ${where}`, us);
    // Total time: each of our functions on this sample's stack, once per stack.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = frames.get(at);
      if (!f || !f.url.endsWith('/dist/extension.js')) continue;
      const key = `${f.functionName || '(anonymous)'} ${ourWhere(f)}`;
      if (!seen.has(key)) add(totals, key, us);
      seen.add(key);
    }
  }
  const sorted = (m: Map<string, number>): [string, number][] => [...m].sort((a, b) => b[1] - a[1]);
  return {
    totalMs: window ? (window.endUs - window.startUs) / 1000 : (profile.endTime - profile.startTime) / 1000,
    samples,
    buckets: sorted(buckets),
    ourFiles: sorted(files).slice(0, 12),
    top: sorted(functions).slice(0, 15),
    ourTotal: sorted(totals).slice(0, 25),
    window: window ? 'activate() alone' : undefined,
  };
}

export function describeProfile(s: ProfileSummary): string {
  const lines = [
    `Activation CPU profile (${s.window ?? 'loading dist/extension.js + activate()'}, one host, ${s.totalMs.toFixed(1)} ms, ${s.samples} samples;`,
    'each sample counted up to 1 ms; other extensions activating at the same time show up too):',
    '',
    'Self time by where the code lives:',
  ];
  for (const [name, ms] of s.buckets) lines.push(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  if (s.ourFiles.length) {
    lines.push('', 'Our eager bundle by source file:');
    for (const [name, ms] of s.ourFiles) lines.push(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  }
  lines.push('', 'Heaviest functions (self time):');
  for (const [name, ms] of s.top) lines.push(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  if (s.window && s.ourTotal.length) {
    lines.push('', 'Our functions by total time (callees included):');
    for (const [name, ms] of s.ourTotal) lines.push(`  ${ms.toFixed(1).padStart(8)} ms  ${name}`);
  }
  return lines.join('\n');
}
