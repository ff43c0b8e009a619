// The bundle split (esbuild.js): activation loads dist/extension.js only; a feature's
// commands are in dist/feature-<name>.js, and what more than one feature uses (zod among it)
// in dist/features.js, loaded with the first of them. Each module is in one bundle only: the
// lazy ones take every module activation loaded from the eager bundle (one command runner,
// one safe window, one of each store), and a feature takes the shared ones from
// dist/features.js; zod loads with the commands, never at activation.
import * as assert from 'node:assert/strict';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import * as esbuild from 'esbuild';

const ROOT = path.resolve(__dirname, '..', '..', '..');

interface Bundles {
  eager: Set<string>;
  shared: Set<string>;
  extension: esbuild.BuildOptions;
  features: esbuild.BuildOptions;
  parts: Record<string, esbuild.BuildOptions>;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the build script is CommonJS
const { extensionBundles } = require(path.join(ROOT, 'esbuild.js')) as { extensionBundles(): Promise<Bundles> };

const inputsOf = (result: esbuild.BuildResult<{ metafile: true }>): string[] => Object.keys(Object.values(result.metafile.outputs)[0].inputs);

describe('bundle split: dist/extension.js at activation, dist/features.js and a feature’s own bundle on first use', () => {
  let bundles: Bundles;
  let eagerInputs: string[] = [];
  let lazyInputs: string[] = [];
  let lazyText = '';
  const partInputs = new Map<string, string[]>();
  const partTexts = new Map<string, string>();

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
      for (const [name, options] of Object.entries(bundles.parts)) {
        const part = await build(options);
        partInputs.set(name, inputsOf(part));
        partTexts.set(name, part.outputFiles[0].text);
      }
    } finally {
      process.chdir(cwd);
    }
  });

  it('bundles no module of the eager bundle a second time in the lazy ones', () => {
    const twice = lazyInputs.filter((f) => f.startsWith('src/') && bundles.eager.has(f));
    assert.deepEqual(twice, [], `in both bundles: ${twice.join(', ')}`);
    assert.ok(lazyText.includes('__eagerModules'), 'the lazy bundle takes the eager modules from dist/extension.js');
    for (const [name, inputs] of partInputs) {
      const again = inputs.filter((f) => f.startsWith('src/') && bundles.eager.has(f));
      assert.deepEqual(again, [], `in dist/extension.js and dist/feature-${name}.js: ${again.join(', ')}`);
    }
  });

  it('has a bundle of its own for every feature, and each module in one lazy bundle only', () => {
    assert.deepEqual([...partInputs.keys()].sort(), [
      'connections',
      'doctor',
      'entities',
      'gc',
      'health',
      'indices',
      'ingestion',
      'insights',
      'jobs',
      'restore',
      'retention',
      'truncate',
    ]);
    assert.ok(bundles.shared.size > 10, `${bundles.shared.size} shared modules`);
    const seen = new Map<string, string>();
    for (const file of lazyInputs.filter((f) => f.startsWith('src/') || f.startsWith('node_modules/'))) seen.set(file, 'features');
    for (const [name, inputs] of partInputs) {
      assert.ok(inputs.includes(`src/${name}/commands.ts`), `src/${name}/commands.ts is in dist/feature-${name}.js`);
      for (const file of inputs.filter((f) => f.startsWith('src/') || f.startsWith('node_modules/'))) {
        assert.equal(
          seen.get(file),
          undefined,
          `${file} is in dist/feature-${name}.js and in dist/${seen.get(file) === 'features' ? '' : 'feature-'}${seen.get(file)}.js`,
        );
        seen.set(file, name);
      }
      if (inputs.some((f) => f.startsWith('lazy:')))
        assert.match(
          partTexts.get(name) ?? '',
          /require\(["']\.\/features\.js["']\)\.__lazyModules/,
          `dist/feature-${name}.js takes the shared modules from dist/features.js`,
        );
    }
  });

  it('loads zod once for the commands, in dist/features.js, and no package in a feature’s own bundle', () => {
    assert.ok(
      lazyInputs.some((f) => f.startsWith('node_modules/zod/v4/mini/')),
      'zod is in dist/features.js',
    );
    const locales = lazyInputs.filter((f) => f.startsWith('node_modules/zod/v4/locales/') && !/\/(en|index)\.js$/.test(f));
    assert.deepEqual(locales, [], "zod's other locales are bundled: a namespace import of zod rather than src/shared/zod.ts?");
    for (const [name, inputs] of partInputs) {
      const packages = inputs.filter((f) => f.startsWith('node_modules/'));
      assert.deepEqual(
        packages,
        [],
        `dist/feature-${name}.js bundles a package of its own (import zod through src/shared/zod.ts): ${packages.slice(0, 3).join(', ')}`,
      );
    }
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
    assert.ok(lazyInputs.includes('src/features.ts'), 'dist/features.js holds the loader of each feature');
    assert.ok(!lazyInputs.some((f) => /^src\/[^/]+\/commands\.ts$/.test(f)), "a feature's commands.ts is in dist/features.js, not in its own bundle");
  });
});
