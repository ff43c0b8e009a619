// Bundles the extension. The runtime bundles, so activation stays cheap:
//   dist/extension.js    loaded at activation: the views and their stores, the status bar, hovers and
//                        context keys, and a forwarder for every command (src/platform/lazyCommands.ts)
//   dist/features.js     required on a feature's first command (src/platform/loadFeatures.ts): what
//                        more than one feature's commands use (zod, shared logic), each module
//                        evaluated on first use, and a loader for each feature's own bundle
//   dist/feature-<name>.js  that feature's commands: handlers, prompts, watches, panels and argument
//                        schemas (src/<name>/commands.ts and what only it uses), on its first command
//   dist/gms.js          the network stack (undici + zod), required on first use
// and one script per webview (dist/chart.js, dist/retention.js).
// Type-checking is separate (`npm run check-types`).
const esbuild = require('esbuild');
const path = require('path');
const fs = require('fs');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests');

/** Keeps `require('./gms.js')` and `require('./features.js')` as runtime requires of the sibling bundles. */
const lazyGms = {
  name: 'lazy-gms',
  setup(build) {
    build.onResolve({ filter: /^\.\/(gms|features|extension|feature-[a-z]+)\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

/** The source file an import names, as esbuild would find it (.ts, or a folder's index.ts). */
function sourceOf(resolveDir, spec) {
  const base = path.resolve(resolveDir, spec);
  for (const candidate of [base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return path.relative(__dirname, candidate).split(path.sep).join('/');
  }
  return undefined;
}

/**
 * One copy of each of `modules` (src/ paths): a bundle that imports one of them gets, in its
 * place, `module.exports = <take(position)>`, its position in the sorted list of their paths,
 * instead of bundling a second copy.
 */
const shareModules = (namespace, modules, take) => ({
  name: `share-${namespace}-modules`,
  setup(build) {
    const keys = [...modules].sort();
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      if (args.namespace !== 'file') return undefined;
      const source = sourceOf(args.resolveDir, args.path);
      return source && modules.has(source) ? { path: source, namespace } : undefined;
    });
    build.onLoad({ filter: /.*/, namespace }, (args) => ({ contents: `module.exports = ${take(keys.indexOf(args.path))}; // ${args.path}`, loader: 'js' }));
  },
});

/**
 * One copy of every module activation loads. The eager bundle exports each of its src/ modules
 * (`__eagerModules`); the lazy bundles take those from it, so the command runner's API entries,
 * the safe window's recorder and every store are the same objects for all.
 */
const shareEagerModules = (eager) => shareModules('eager', eager, (at) => `require('./extension.js').__eagerModules[${at}]`);

/**
 * One copy of every module more than one feature's commands use: a feature's bundle takes those
 * from dist/features.js (`__lazyModules`, each a function that evaluates the module on first use).
 */
const shareLazyModules = (shared) => shareModules('lazy', shared, (at) => `require('./features.js').__lazyModules[${at}]()`);

/** The lazy entry (dist/features.js): src/features.ts (a loader a feature), and each shared module, evaluated on first use. */
function lazyEntry(shared) {
  const list = [...shared].sort();
  const parts = list.map((m) => `  () => require('./${m}'),`).join('\n');
  return `export * from './src/features';\nexport const __lazyModules = [\n${parts}\n];\n`;
}

/** The features whose commands load on first use: the names src/features.ts exports. */
function lazyFeatures() {
  return [...fs.readFileSync(path.join(__dirname, 'src', 'features.ts'), 'utf8').matchAll(/^export const (\w+) = /gm)].map((m) => m[1]);
}

/** The eager entry: src/extension.ts, and each of its src/ modules by path for the lazy bundle. */
function eagerEntry(modules) {
  const list = [...modules].sort();
  const imports = list.map((m, i) => `import * as m${i} from './${m}';`).join('\n');
  // By position in the sorted list (shareEagerModules looks them up the same way): shorter than paths.
  return `export * from './src/extension';\n${imports}\nexport const __eagerModules = [${list.map((_, i) => `m${i}`).join(', ')}];\n`;
}

/**
 * One `require('vscode')` for the whole eager bundle. With only `external`, every
 * module that imports it gets its own `__toESM(require('vscode'))`, a copy of the
 * ~200 API names each; going through one module that re-exports it makes one copy.
 */
const sharedVscode = {
  name: 'shared-vscode',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'shared-vscode' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'shared-vscode' },
    );
    build.onLoad({ filter: /.*/, namespace: 'shared-vscode' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/** Prints errors in the `$esbuild-watch` problem-matcher format. */
const problemMatcher = {
  name: 'problem-matcher',
  setup(build) {
    build.onStart(() => console.log('[watch] build started'));
    build.onEnd((result) => {
      for (const { text, location } of result.errors) {
        console.error(`✘ [ERROR] ${text}`);
        if (location) console.error(`    ${location.file}:${location.line}:${location.column}:`);
      }
      console.log('[watch] build finished');
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: production,
  sourcemap: !production,
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [lazyGms, problemMatcher],
};

/** Every suite file under test/integration, in its subject folders too (the UI flows run under tsx). */
function testEntries() {
  const dir = 'test/integration';
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

/** The src/ modules activation loads: what src/extension.ts imports, followed through every import. */
async function eagerModules() {
  const probe = await esbuild.build({
    ...common,
    minify: false,
    sourcemap: false,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    external: ['vscode'],
    plugins: [lazyGms],
    write: false,
    metafile: true,
  });
  return new Set(Object.keys(probe.metafile.inputs).filter((f) => f.startsWith('src/')));
}

/** The options of the extension's bundles (also read by the bundle-split test). */
async function extensionBundles() {
  const eager = await eagerModules();
  const featureOptions = (name, plugins) => ({
    ...common,
    entryPoints: [`src/${name}/commands.ts`],
    outfile: `dist/feature-${name}.js`,
    external: ['vscode'],
    plugins: [...plugins, shareEagerModules(eager), sharedVscode, ...common.plugins],
  });
  // What each feature's commands load (activation's modules aside): a src module two of them load is shared.
  const names = lazyFeatures();
  const users = new Map();
  for (const name of names) {
    const probe = await esbuild.build({
      ...featureOptions(name, []),
      plugins: [shareEagerModules(eager), sharedVscode, lazyGms],
      minify: false,
      sourcemap: false,
      write: false,
      metafile: true,
    });
    for (const input of Object.keys(probe.metafile.inputs)) {
      // Another namespace (the eager modules, vscode), or a package: zod comes through src/shared/zod.ts.
      if (!input.startsWith('src/')) continue;
      users.set(input, (users.get(input) ?? 0) + 1);
    }
  }
  const shared = new Set([...users].filter(([, n]) => n > 1).map(([input]) => input));
  return {
    eager,
    shared,
    extension: {
      ...common,
      stdin: { contents: eagerEntry(eager), resolveDir: __dirname, sourcefile: 'eager-entry.ts', loader: 'ts' },
      outfile: 'dist/extension.js',
      external: ['vscode'],
      plugins: [sharedVscode, ...common.plugins],
    },
    features: {
      ...common,
      stdin: { contents: lazyEntry(shared), resolveDir: __dirname, sourcefile: 'lazy-entry.ts', loader: 'ts' },
      outfile: 'dist/features.js',
      external: ['vscode'],
      plugins: [shareEagerModules(eager), sharedVscode, ...common.plugins],
    },
    parts: Object.fromEntries(names.map((name) => [name, featureOptions(name, [shareLazyModules(shared)])])),
  };
}

async function main() {
  const bundles = await extensionBundles();
  const contexts = [
    await esbuild.context(bundles.extension),
    await esbuild.context(bundles.features),
    ...(await Promise.all(Object.values(bundles.parts).map((options) => esbuild.context(options)))),
    await esbuild.context({
      ...common,
      entryPoints: ['src/gms/index.ts'],
      outfile: 'dist/gms.js',
    }),
  ];
  // The webviews' scripts: media/<name>/main.ts -> dist/<name>.js (the size chart, the retention planner).
  for (const name of ['chart', 'retention']) {
    if (!fs.existsSync(`media/${name}/main.ts`)) continue;
    contexts.push(
      await esbuild.context({
        ...common,
        platform: 'browser',
        format: 'iife',
        target: 'es2022',
        entryPoints: [`media/${name}/main.ts`],
        outfile: `dist/${name}.js`,
        plugins: [problemMatcher],
      }),
    );
  }
  if (withTests) {
    // A suite moved or deleted must not keep running from an earlier build's output.
    fs.rmSync(path.join('out', 'test', 'integration'), { recursive: true, force: true });
    const entries = testEntries();
    if (entries.length) {
      contexts.push(
        await esbuild.context({
          ...common,
          sourcemap: true,
          entryPoints: entries,
          outdir: 'out',
          outbase: '.',
          external: ['vscode', 'mocha', 'playwright-core', 'chromium-bidi*'],
        }),
      );
    }
  }
  if (watch) {
    await Promise.all(contexts.map((c) => c.watch()));
  } else {
    await Promise.all(contexts.map((c) => c.rebuild()));
    await Promise.all(contexts.map((c) => c.dispose()));
  }
}

module.exports = { extensionBundles };

if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
