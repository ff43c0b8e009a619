// A unit test is found from the file it tests: every file under test/unit is named
// <srcBaseName>.test.ts, or <srcBaseName>-<aspect>.test.ts when one source file has
// several suites, where <srcBaseName> is the name of a .ts file under src/ (any folder).
// The suites that test no single source file are listed in CROSS_CUTTING, each with why.
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, it } from 'node:test';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const UNIT = path.join('test', 'unit');
const SUFFIX = '.test.ts';

/** Unit test files (paths under test/unit, '/' separated) that test no single src file, and why. */
const CROSS_CUTTING: Record<string, string> = {
  'api/resultMessages.test.ts': "the result type of every typed API method, declared across every feature's table.ts",
  'project/architecture.test.ts': "dependency-cruiser's layer rules over src/, media/ and esbuild.js (test/arch/draw.ts)",
  'project/bundles.test.ts': 'the split of the built bundles into the eager and the lazy one (esbuild metafiles)',
  'project/commandMentions.test.ts': 'how many src files name each command (test/arch/commandMentions.ts)',
  'project/docs.test.ts': 'the README and docs/ against package.json, the typed API and the bench figures',
  'project/repository.test.ts': "the repository's own rules: no outside paths, no file too long",
  'project/runAll.test.ts': 'the summary npm test prints (test/host/runAll.ts)',
  'project/shard.test.ts': 'how a split UI run shares the flows (test/ui/harness/shard.ts)',
  'project/testNames.test.ts': 'this naming rule itself',
};

function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(rel, keep);
    return keep(entry.name) ? [rel] : [];
  });
}

/** The src file base name a unit test file is named after: before ".test.ts", then before the first "-". */
function testedBaseName(testFile: string): string {
  return path.basename(testFile, SUFFIX).split('-')[0] ?? '';
}

/** The unit test files (relative to test/unit) named after no src file and not listed as cross-cutting. */
function misnamed(testFiles: readonly string[], srcBaseNames: ReadonlySet<string>, allowed: readonly string[]): string[] {
  return testFiles.filter((file) => !allowed.includes(file) && !srcBaseNames.has(testedBaseName(file)));
}

describe('unit test names', () => {
  const srcBaseNames = new Set(filesUnder('src', (name) => name.endsWith('.ts') && !name.endsWith('.d.ts')).map((file) => path.basename(file, '.ts')));
  const testFiles = filesUnder(UNIT, (name) => name.endsWith(SUFFIX)).map((file) => path.relative(UNIT, file).split(path.sep).join('/'));

  it('every unit test file is named after the src file it tests, or listed as cross-cutting with a reason', () => {
    assert.ok(
      srcBaseNames.size > 100 && testFiles.length > 50,
      `only ${srcBaseNames.size} src and ${testFiles.length} test files found: is ROOT (${ROOT}) the repository?`,
    );
    const wrong = misnamed(testFiles, srcBaseNames, Object.keys(CROSS_CUTTING));
    assert.deepEqual(
      wrong,
      [],
      `unit test files named after no file under src/ (name each <srcBaseName>.test.ts or <srcBaseName>-<aspect>.test.ts):\n${wrong.join('\n')}`,
    );
  });

  it('lists as cross-cutting only files that exist and are named after no src file', () => {
    const stale = Object.keys(CROSS_CUTTING).filter((file) => !testFiles.includes(file) || srcBaseNames.has(testedBaseName(file)));
    assert.deepEqual(stale, [], `cross-cutting entries that are missing or match a src file (remove them):\n${stale.join('\n')}`);
  });

  it('takes the name before the aspect, and refuses a kebab name or a name of no src file', () => {
    const src = new Set(['searchCheck', 'client']);
    assert.equal(testedBaseName('shared/searchCheck-sandbox.test.ts'), 'searchCheck');
    assert.deepEqual(
      misnamed(['shared/searchCheck.test.ts', 'gms/client-fuzz.test.ts', 'shared/search-check.test.ts', 'gms/fuzz.test.ts', 'project/x.test.ts'], src, [
        'project/x.test.ts',
      ]),
      ['shared/search-check.test.ts', 'gms/fuzz.test.ts'],
    );
  });
});
