// `npm run lint`: the code rules (typescript-eslint with type information, for the
// promise rules). The layering of src/ (which folder may import which, no circles)
// is declared and checked by dependency-cruiser: .dependency-cruiser.cjs.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // One zod: the classic API next to zod/v4/mini would put a second copy into dist/gms.js (69 KB minified).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'zod', message: "Import * as z from 'zod/v4/mini', as every other schema does." }] }],
    },
  },
  {
    // The commands' zod comes through one door (src/shared/zod.ts): one copy in the lazy bundles, cut to what they use.
    files: ['src/**/*.ts'],
    ignores: ['src/gms/**', 'src/shared/zod.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'zod', message: "Import * as z from 'zod/v4/mini', as every other schema does." },
            { name: 'zod/v4/mini', allowTypeImports: true, message: "Outside src/gms, import * as z from src/shared/zod.ts (the commands' one copy of zod)." },
          ],
        },
      ],
    },
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
  {
    // Webview scripts run in the browser, bundled on their own (which src/ files they
    // may import is a dependency-cruiser rule).
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
          ],
        },
      ],
    },
  },
);
