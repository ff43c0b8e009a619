// The bundle split (esbuild.js): activation loads dist/extension.js only; the commands'
// code is in dist/features.js, which takes every module activation already loaded from
// the eager bundle instead of bundling a second copy (one command runner, one safe
// window, one of each store), and zod loads with the commands, never at activation.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Bundles {
  eager: Set<string>;
  extension: esbuild.BuildOptions;
  features: esbuild.BuildOptions;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is CommonJS
const { extensionBundles } = require(path.join(ROOT, 'esbuild.js')) as { extensionBundles(): Promise<Bundles> };

const inputsOf = (result: esbuild.BuildResult<{ metafile: true }>): string[] => Object.keys(Object.values(result.metafile.outputs)[0].inputs);

describe('bundle split: dist/extension.js at activation, dist/features.js on first use', () => {
  let bundles: Bundles;
  let eagerInputs: string[] = [];
  let lazyInputs: string[] = [];
  let lazyText = '';

  before(async () => {
    const cwd = process.cwd();
    process.chdir(ROOT); // esbuild.js names its entry points relative to the repository
    try {
      bundles = await extensionBundles();
      const build = (options: esbuild.BuildOptions) =>
        esbuild.build({ ...options, absWorkingDir: ROOT, write: false, metafile: true, minify: true, sourcemap: false, logLevel: 'silent' });
      const [eager, lazy] = await Promise.all([build(bundles.extension), build(bundles.features)]);
      eagerInputs = inputsOf(eager);
      lazyInputs = inputsOf(lazy);
      lazyText = lazy.outputFiles[0].text;
    } finally {
      process.chdir(cwd);
    }
  });

  it('bundles no module of the eager bundle a second time in the lazy one', () => {
    const twice = lazyInputs.filter((f) => f.startsWith('src/') && bundles.eager.has(f));
    assert.deepEqual(twice, [], `in both bundles: ${twice.join(', ')}`);
    assert.ok(lazyText.includes('__eagerModules'), 'the lazy bundle takes the eager modules from dist/extension.js');
  });

  it('puts every platform module activation needs in the eager bundle only', () => {
    for (const shared of ['src/platform/commandRunner.ts', 'src/platform/apiEntries.ts', 'src/platform/lazyCommands.ts', 'src/platform/safeWindow.ts']) {
      assert.ok(eagerInputs.includes(shared), `${shared} is loaded at activation`);
      assert.ok(!lazyInputs.includes(shared), `${shared} has a second copy in dist/features.js`);
    }
  });

  it('keeps zod and every command handler out of activation', () => {
    const zod = eagerInputs.filter((f) => f.includes('node_modules/zod/'));
    assert.deepEqual(zod, [], 'zod is loaded at activation');
    const handlers = eagerInputs.filter((f) => /^src\/[^/]+\/commands\.ts$/.test(f) || /\/logic\/args\.ts$/.test(f));
    assert.deepEqual(handlers, [], `command code loaded at activation: ${handlers.join(', ')}`);
    for (const feature of ['connections', 'indices', 'restore', 'jobs', 'health', 'truncate', 'insights', 'retention']) {
      assert.ok(lazyInputs.includes(`src/${feature}/commands.ts`), `src/${feature}/commands.ts is in dist/features.js`);
    }
  });
});
