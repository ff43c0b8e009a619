// Bundles the extension. Two runtime bundles, so activation stays cheap:
//   dist/extension.js  loaded at activation (vscode API glue, tree, commands, the commands' argument schemas in zod/v4/mini)
//   dist/gms.js        the network stack (undici + zod), required on first use
// and one script per webview (dist/chart.js, dist/retention.js).
// Type-checking is separate (`npm run check-types`).
const esbuild = require('esbuild');
const path = require('path');
const fs = require('fs');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const withTests = process.argv.includes('--tests');

/** Keeps `require('./gms.js')` as a runtime require of the sibling bundle. */
const lazyGms = {
  name: 'lazy-gms',
  setup(build) {
    build.onResolve({ filter: /^\.\/gms\.js$/ }, (args) => ({ path: args.path, external: true }));
  },
};

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

async function main() {
  const contexts = [
    await esbuild.context({
      ...common,
      entryPoints: ['src/extension.ts'],
      outfile: 'dist/extension.js',
      external: ['vscode'],
      plugins: [sharedVscode, ...common.plugins],
    }),
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
