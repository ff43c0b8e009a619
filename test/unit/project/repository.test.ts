// The repository is self-contained: a clone anywhere runs its tests, so no
// source, test or script names a folder outside it (a fixture read from a
// machine-specific path passes here and fails everywhere else).
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SCANNED = ['src', 'test', 'media', '.ci', 'esbuild.js', 'package.json'];
/** Installed or generated trees, not the project's own files. */
const SKIPPED = new Set(['node_modules', 'code-server', 'fixtures']);
const TEXT = /\.(ts|js|mjs|cjs|json|sh|md)$|^run$/;
/** A quoted absolute path into a home, a mount or a shared work folder, or the reference folder by name. */
const OUTSIDE = /['"`](\/(?:work|home|root|Users|mnt|srv|data|shared)\/[^'"`\s]*)|\bshared\/reference\b/g;

function files(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return TEXT.test(path.basename(full)) ? [entry] : [];
  return fs
    .readdirSync(full)
    .filter((name) => !SKIPPED.has(name))
    .flatMap((name) => files(path.join(entry, name)));
}

describe('repository', () => {
  it('names no folder outside itself in its sources, tests and scripts', () => {
    const scanned = SCANNED.flatMap(files);
    assert.ok(scanned.length > 100, `only ${scanned.length} files scanned: is ROOT (${ROOT}) the repository?`);
    const found = scanned.flatMap((file) =>
      fs
        .readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(OUTSIDE)].map((m) => `${file}:${i + 1}: ${m[1] ?? m[0]}`)),
    );
    assert.deepEqual(found, [], `paths outside the repository (copy what a test needs into test/fixtures):\n${found.join('\n')}`);
  });
});
