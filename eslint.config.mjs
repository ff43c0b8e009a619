// `npm run lint`. typescript-eslint with type information (for the promise rules),
// and the layering of src/ as import rules, so the arrows stay one way:
//   gms <- model <- ui <- features <- extension.ts
// Relative imports are matched by how many `../` reach src/ from the file's folder,
// so `../truncate` means src/truncate from src/restore/ but src/model/truncate from
// src/model/restore/: one config block per layer and depth.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Feature folders: src/<feature>/ (vscode glue) beside src/model/<feature>/ (logic). */
const FEATURES = ['connections', 'indices', 'restore', 'truncate', 'insights', 'retention'];
/** Deepest folder level under src/ the layer rules cover (src/model/restore/x/y.ts is 3). */
const MAX_DEPTH = 5;

/** A regex for exactly `depth` leading `../`: from a file `depth` folders below src/, the rest names a src/ entry. */
const up = (depth) => `^(?:\\.\\./){${depth}}`;
/** The files exactly `depth` folders below src/ inside `folder` (depth 1 is src/<folder>/*.ts). */
const filesAt = (folder, depth) => [`src/${folder}/${'*/'.repeat(depth - 1)}*.ts`];

const vscodeFree = (layer) => ({
  name: 'vscode',
  message: `src/${layer} runs without VS Code (unit tests, the lazily loaded gms bundle): keep vscode calls in src/ui or a feature folder.`,
});

/** Everything under src/: test code never ships. */
const noTestCode = (depth) => ({
  regex: `${up(depth + 1)}test(?:/|$)`,
  message: 'src/ never imports test/ code: test seams go through the typed test API (src/api).',
});

/** The restrictions for a file `depth` folders below src/ in `folder`. */
function layerRules(folder, depth) {
  const patterns = [noTestCode(depth)];
  const paths = [];
  const toSrc = up(depth);
  if (folder === 'gms') {
    paths.push(vscodeFree('gms'));
    patterns.push({
      regex: `${toSrc}(?!\\.\\./)(?!gms(?:/|$))`,
      message: 'src/gms is the wire layer at the bottom: it imports only src/gms (no model, ui, api, feature folders or extension).',
    });
  } else if (folder === 'model') {
    paths.push(vscodeFree('model'), {
      name: 'undici',
      message: 'HTTP belongs to src/gms (its own lazily loaded bundle); src/model takes parsed values.',
    });
    patterns.push({
      regex: `${toSrc}(?!\\.\\./)(?!(?:gms|model)(?:/|$))(?!api/commandIds$)`,
      message:
        'src/model imports only src/gms, src/model and the command ids (src/api/commandIds.ts: no vscode, usable from every layer); no ui, api, feature folders or extension.',
    });
  } else if (folder === 'ui') {
    patterns.push({
      regex: `${toSrc}(?:${[...FEATURES, 'extension'].join('|')})(?:/|$)`,
      message: 'src/ui holds shared helpers below the features: it never imports a feature folder or extension.ts.',
    });
  } else if (FEATURES.includes(folder)) {
    const others = FEATURES.filter((f) => f !== folder);
    patterns.push(
      {
        regex: `${toSrc}(?:${others.join('|')})/(?!index$)`,
        message: "A feature imports another feature only through its index: '../<feature>', not a file inside it.",
      },
      { regex: `${toSrc}extension$`, message: 'extension.ts only wires the features; nothing imports it.' },
    );
  }
  return { patterns, paths };
}

function layerConfigs() {
  const configs = [{ files: ['src/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [noTestCode(0)] }] } }];
  const folders = ['gms', 'model', 'ui', 'api', ...FEATURES];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    // Folders with no layer rule of their own (src/api, any new one) get the test/ rule alone.
    configs.push({ files: [`src/*/${'*/'.repeat(depth - 1)}*.ts`], rules: { 'no-restricted-imports': ['error', { patterns: [noTestCode(depth)] }] } });
    for (const folder of folders) {
      const { patterns, paths } = layerRules(folder, depth);
      configs.push({ files: filesAt(folder, depth), rules: { 'no-restricted-imports': ['error', { paths, patterns }] } });
    }
  }
  return configs;
}

export default defineConfig(
  {
    ignores: ['dist/', 'out/', 'node_modules/', 'test/host/code-server/', 'test/host/.cache/', 'test-results/', '.vscode-test/', '**/*.vsix'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      // Each file is checked with the tsconfig.json nearest to it: the root one (Node),
      // media/tsconfig.json (the webview) or test/ui/tsconfig.json (the browser flows).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': [
        'error',
        // node:test's describe/it return promises the runner itself awaits.
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['describe', 'it', 'test', 'suite', 'before', 'after', 'beforeEach', 'afterEach'] },
          ],
        },
      ],
      '@typescript-eslint/no-misused-promises': 'error',
      // `let x; const uses = () => x; x = make(uses)`: a closure reads it before its one assignment.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      // `_`-prefixed names are unused on purpose (tsc's noUnusedParameters agrees).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.ts', 'test/**/*.ts', 'esbuild.js'],
    languageOptions: { globals: globals.node },
  },
  {
    // Plain JavaScript: no type information, CommonJS where it says so.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...layerConfigs(),
  {
    // Webview scripts run in the browser, bundled on their own.
    files: ['media/**/*.ts'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.)',
              message: 'Webview code runs in the browser: no vscode, Node or npm modules; talk to the extension through postMessage.',
            },
            {
              // src/model is vscode-free by the rules above (the message protocol lives there).
              regex: '^(?:\\.\\./)+src/(?!model/)',
              message: 'Webview code shares only src/model with the extension (e.g. src/model/insights/chartProtocol.ts).',
            },
          ],
        },
      ],
    },
  },
);
