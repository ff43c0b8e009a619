// One esbuild setting for code that runs inside the extension host as a mocha
// suite: `vscode` and `mocha` come from the host, everything else is bundled.
import type { BuildOptions } from 'esbuild';

export async function bundleForHost(entryPoints: string[], output: Pick<BuildOptions, 'outdir' | 'outfile'>): Promise<void> {
  const esbuild = await import('esbuild');
  await esbuild.build({
    entryPoints,
    ...output,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    external: ['vscode', 'mocha'],
  });
}
