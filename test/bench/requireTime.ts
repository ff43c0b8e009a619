// require() time of each bundle in plain Node: the eager dist/extension.js
// (with a stand-in 'vscode' module), the lazy dist/gms.js, and a plain bundle of
// undici + zod, which is what the eager bundle would carry without the split.
// One fresh process per sample, bundles interleaved so drift hits all alike.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { capture, REPO_ROOT } from './build';
import { spread, type Spread } from './stats';

const PROBE = path.join(__dirname, 'node', 'requireProbe.cjs');
const VSCODE_DTS = path.join(REPO_ROOT, 'node_modules', '@types', 'vscode', 'index.d.ts');

export interface RequireTimes {
  extension: Spread;
  gms: Spread;
  undiciZod: Spread;
  undiciZodBytes: number;
}

/** A minified bundle of all of undici and zod, as a naive eager import would load them. */
async function buildUndiciZod(dir: string): Promise<string> {
  const esbuild = await import('esbuild');
  const entry = path.join(dir, 'undici-zod-entry.js');
  fs.writeFileSync(entry, "module.exports = { undici: require('undici'), zod: require('zod') };\n");
  const outfile = path.join(dir, 'undici-zod.js');
  await esbuild.build({
    entryPoints: [entry],
    outfile,
    bundle: true,
    minify: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    nodePaths: [path.join(REPO_ROOT, 'node_modules')],
  });
  return outfile;
}

async function probe(file: string, stubVscode: boolean): Promise<number> {
  const args = [PROBE, file, ...(stubVscode ? ['--stub-vscode', VSCODE_DTS] : [])];
  const result = await capture(process.execPath, args, { cwd: path.dirname(file), timeoutMs: 60_000 });
  const m = /\{"ms":[^}]+\}/.exec(result.output);
  if (result.code !== 0 || !m) throw new Error(`require of ${path.basename(file)} failed:\n${result.output.trim()}`);
  return (JSON.parse(m[0]) as { ms: number }).ms;
}

export async function measureRequireTimes(distDir: string, samples: number): Promise<RequireTimes> {
  const undiciZod = await buildUndiciZod(distDir);
  const files = { extension: path.join(distDir, 'extension.js'), gms: path.join(distDir, 'gms.js'), undiciZod };
  const times: Record<keyof typeof files, number[]> = { extension: [], gms: [], undiciZod: [] };
  // One warm-up round: the first process also pays for reading the files from disk.
  for (let round = -1; round < samples; round++) {
    for (const key of Object.keys(files) as (keyof typeof files)[]) {
      const ms = await probe(files[key], key === 'extension');
      if (round >= 0) times[key].push(ms);
    }
  }
  return {
    extension: spread(times.extension),
    gms: spread(times.gms),
    undiciZod: spread(times.undiciZod),
    undiciZodBytes: fs.statSync(undiciZod).size,
  };
}
