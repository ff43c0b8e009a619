// `npm run test:package`: the VSIX a user installs stays small and holds only
// what runs. Packages first when the .vsix is missing or older than the build.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from './codeServer';
import { listVsix, vsixPath, type VsixEntry } from './vsix';

/**
 * 500 KB for the code and manifest (about 440 KB of it used); the README's pictures add about
 * 390 KB (nine JPEGs of 36–65 KB, media/readme/, packaged so the extension's page shows them
 * offline): 900 KB. A new picture should stay under 65 KB (`npm run readme:images` crops it).
 */
const MAX_VSIX_BYTES = 900 * 1024;
/**
 * What activation loads: the eager bundle. The network stack (dist/gms.js) and the commands'
 * handlers, prompts, watches, panels and argument schemas with zod (dist/features.js) load on
 * first use. 380 KB before the commands moved out (activate() 14.6 ms median); about 118 KB
 * after, 115 KB once the Search Health and Doctor rows load on first draw (docs/performance.md);
 * 119.3 KB with the Entity Counts view, once the dry run's words left the task list's; 112.6 KB once
 * the DataHub Tasks rows load on first draw too.
 * 120 KB was the goal until the release after 0.2.0 added at activation the operations journal's recorder (every write
 * a command sends is recorded by the runner: 4.5 KB), the one inert Markdown builder the tree
 * tooltips are written with (3.3 KB), offered follow-ups, the Ingestion view and the Doctor on every
 * connection: 126.7 KB. 130 KB now; a feature's views and stores belong here, its commands and its
 * rows' code do not, and what a new view adds is paid for by moving something to first use.
 */
const MAX_EAGER_BYTES = 130 * 1024;

/**
 * The network stack, loaded on the first request: undici, one zod (zod/v4/mini; the classic API
 * beside it cost 69 KB, 594 KB in all) and the client. 537 KB with one zod; 566 KB with the ingestion
 * reads, the rollback and the journal's write markers (after 0.2.0); 580 KB leaves a margin.
 */
const MAX_GMS_BYTES = 580 * 1024;

function isStale(vsix: string): boolean {
  if (!fs.existsSync(vsix)) return true;
  const built = fs.statSync(vsix).mtimeMs;
  const bundles = fs.existsSync(path.join(REPO_ROOT, 'dist'))
    ? fs
        .readdirSync(path.join(REPO_ROOT, 'dist'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => `dist/${f}`)
    : [];
  return ['package.json', ...bundles, '.vscodeignore'].some((f) => {
    const file = path.join(REPO_ROOT, f);
    return fs.existsSync(file) && fs.statSync(file).mtimeMs > built;
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

describe('packaged extension (.vsix)', () => {
  // DATAHUB_VSIX checks another package as it is (e.g. to see this test fail on a bad one).
  const vsix = process.env.DATAHUB_VSIX ?? vsixPath();
  let entries: VsixEntry[] = [];
  let vsixBytes = 0;

  before(() => {
    if (!process.env.DATAHUB_VSIX && isStale(vsix)) execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
    entries = listVsix(vsix);
    vsixBytes = fs.statSync(vsix).size;
    console.log(`${path.basename(vsix)}: ${kb(vsixBytes)} (limit ${kb(MAX_VSIX_BYTES)}), ${entries.length} files`);
    for (const e of [...entries].sort((a, b) => b.size - a.size)) {
      console.log(`  ${kb(e.size).padStart(10)}  ${kb(e.compressedSize).padStart(10)} packed  ${e.name}`);
    }
  });

  it(`is at most ${kb(MAX_VSIX_BYTES)}`, () => {
    assert.ok(vsixBytes <= MAX_VSIX_BYTES, `${path.basename(vsix)} is ${kb(vsixBytes)}, over ${kb(MAX_VSIX_BYTES)}`);
  });

  it(`loads at most ${kb(MAX_EAGER_BYTES)} of JS at activation (dist/extension.js)`, () => {
    const eager = entries.find((e) => e.name === 'extension/dist/extension.js');
    assert.ok(eager, 'extension/dist/extension.js is missing from the VSIX');
    assert.ok(
      eager.size <= MAX_EAGER_BYTES,
      `dist/extension.js is ${kb(eager.size)}, over ${kb(MAX_EAGER_BYTES)}: keep the commands' code out of it (a feature's commands.ts, loaded through loadFeatures()) and undici, zod and the client too (import type + loadGms())`,
    );
  });

  it(`keeps the network bundle (dist/gms.js) at most ${kb(MAX_GMS_BYTES)}`, () => {
    const gms = entries.find((e) => e.name === 'extension/dist/gms.js');
    assert.ok(gms, 'extension/dist/gms.js is missing from the VSIX');
    assert.ok(gms.size <= MAX_GMS_BYTES, `dist/gms.js is ${kb(gms.size)}, over ${kb(MAX_GMS_BYTES)}: a second zod (import 'zod' rather than 'zod/v4/mini')?`);
  });

  it('holds the bundles, the manifest and the icon', () => {
    const names = new Set(entries.map((e) => e.name));
    for (const required of [
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/dist/features.js',
      'extension/dist/gms.js',
      'extension/media/icon.png',
    ]) {
      assert.ok(names.has(required), `${required} is missing from the VSIX`);
    }
    // Each feature's commands, loaded on its first command (src/features.ts names them).
    const features = [...fs.readFileSync(path.join(REPO_ROOT, 'src', 'features.ts'), 'utf8').matchAll(/require\('\.\/(feature-[a-z]+\.js)'\)/g)].map(
      (m) => m[1],
    );
    assert.ok(features.length >= 10, `src/features.ts names ${features.length} feature bundles`);
    const missing = features.filter((f) => !names.has(`extension/dist/${f}`));
    assert.deepEqual(missing, [], `missing from the VSIX: ${missing.join(', ')}`);
  });

  it('holds every picture its README names (relative, so the extension page shows them offline)', () => {
    const names = new Set(entries.map((e) => e.name));
    const readme = entries.find((e) => e.name.toLowerCase() === 'extension/readme.md');
    assert.ok(readme, 'the README is missing from the VSIX');
    const images = [
      ...readme
        .read()
        .toString('utf8')
        .matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g),
    ].map((m) => m[1]);
    assert.ok(images.length > 0, 'the packaged README names no picture');
    const absolute = images.filter((i) => /^[a-z]+:/i.test(i));
    assert.deepEqual(absolute, [], 'pictures rewritten to addresses: package with --no-rewrite-relative-links');
    const missing = images.filter((i) => !names.has(`extension/${i}`));
    assert.deepEqual(missing, [], `pictures the README names but the VSIX lacks (add them to .vscodeignore): ${missing.join(', ')}`);
  });

  it('holds no sources, tests, docs, source maps or node_modules', () => {
    const unwanted = entries
      .map((e) => e.name)
      .filter(
        (n) =>
          /\.(ts|tsx|map)$/.test(n) ||
          /(^|\/)node_modules\//.test(n) ||
          /^extension\/(src|test|out|docs|\.ci|\.vscode|\.cache)\//.test(n) ||
          /(^|\/)(tsconfig\.json|esbuild\.js|package-lock\.json|eslint\.config\.mjs|\.prettierrc\.json|\.prettierignore)$/.test(n),
      );
    assert.deepEqual(unwanted, [], `files that do not run were packaged: ${unwanted.join(', ')}`);
  });

  it('ships minified bundles without source map references', () => {
    for (const entry of entries.filter((e) => /^extension\/dist\/.*\.js$/.test(e.name))) {
      const text = entry.read().toString('utf8');
      // A development bundle averages a few dozen characters a line; a minified one thousands.
      const perLine = text.length / text.split('\n').length;
      assert.ok(perLine > 500, `${entry.name} averages ${perLine.toFixed(0)} characters a line: package with node esbuild.js --production`);
      assert.ok(!text.includes('//# sourceMappingURL='), `${entry.name} points at a source map`);
    }
  });
});
