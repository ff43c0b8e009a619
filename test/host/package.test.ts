// `npm run test:package`: the VSIX a user installs stays small and holds only
// what runs. Packages first when the .vsix is missing or older than the build.
import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from './codeServer';
import { listVsix, vsixPath, type VsixEntry } from './vsix';

const MAX_VSIX_BYTES = 500 * 1024;

function isStale(vsix: string): boolean {
  if (!fs.existsSync(vsix)) return true;
  const built = fs.statSync(vsix).mtimeMs;
  return ['package.json', 'dist/extension.js', 'dist/gms.js', '.vscodeignore'].some((f) => {
    const file = path.join(REPO_ROOT, f);
    return fs.existsSync(file) && fs.statSync(file).mtimeMs > built;
  });
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;

describe('packaged extension (.vsix)', () => {
  const vsix = vsixPath();
  let entries: VsixEntry[] = [];
  let vsixBytes = 0;

  before(() => {
    if (isStale(vsix)) execFileSync('npm', ['run', 'package'], { cwd: REPO_ROOT, stdio: 'inherit' });
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

  it('holds the bundles, the manifest and the icon', () => {
    const names = new Set(entries.map((e) => e.name));
    for (const required of ['extension/package.json', 'extension/dist/extension.js', 'extension/dist/gms.js', 'extension/media/icon.png']) {
      assert.ok(names.has(required), `${required} is missing from the VSIX`);
    }
  });

  it('holds no sources, tests, source maps or node_modules', () => {
    const unwanted = entries
      .map((e) => e.name)
      .filter(
        (n) =>
          /\.(ts|tsx|map)$/.test(n) ||
          /(^|\/)node_modules\//.test(n) ||
          /^extension\/(src|test|out|\.ci|\.vscode|\.cache)\//.test(n) ||
          /(^|\/)(tsconfig\.json|esbuild\.js|package-lock\.json)$/.test(n),
      );
    assert.deepEqual(unwanted, [], `files that do not run were packaged: ${unwanted.join(', ')}`);
  });

  it('ships minified bundles', () => {
    for (const entry of entries.filter((e) => /^extension\/dist\/.*\.js$/.test(e.name))) {
      const lines = entry.read().toString('utf8').split('\n').length;
      assert.ok(lines < 50, `${entry.name} has ${lines} lines: package with node esbuild.js --production`);
    }
  });
});
