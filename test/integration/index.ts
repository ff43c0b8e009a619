// The mocha entry the extension host loads (--extensionTestsPath): runs every
// compiled *.test.js under this file's folder and its subject folders (or in
// DATAHUB_TEST_SUITE_DIR, set by `npm run test:integration -- --suite <dir>`),
// bdd style (describe/it).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

/** Spec output, then one line a CI can read: "N passed, N failed[, N skipped]". */
class SpecWithSummary extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const { passes, failures, pending } = this.stats;
      // Printed after the spec epilogue, on a line of its own.
      setImmediate(() => console.log(`\n${passes} passed, ${failures} failed${pending ? `, ${pending} skipped` : ''}`));
    });
  }
}

/** Suite files or folders, comma-separated, e.g. "indices,restore/restore.test.ts", as .js names. */
const names = (list: string | undefined): string[] =>
  (list ?? '')
    .split(',')
    .map((p) => p.trim().replace(/\.ts$/, '.js').replace(/\/+$/, ''))
    .filter(Boolean);
/** DATAHUB_TEST_ONLY (`--only`): only these. */
const only = names(process.env.DATAHUB_TEST_ONLY);
/** DATAHUB_TEST_EXCEPT (`--except`): all but these (the other host of a run split in two). */
const except = names(process.env.DATAHUB_TEST_EXCEPT);

function selected(file: string, names = only): boolean {
  const name = file.split(path.sep).join('/');
  return names.length === 0 || names.some((p) => name === p || name.startsWith(`${p}/`));
}

export async function run(): Promise<void> {
  const dir = process.env.DATAHUB_TEST_SUITE_DIR || __dirname;
  const files = fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.test.js'))
    .filter((f) => selected(f) && !(except.length > 0 && selected(f, except)))
    .sort();
  if (files.length === 0) throw new Error(`no *.test.js files in ${dir}: build them first (node esbuild.js --tests)`);
  // A name that matches nothing (a suite moved or renamed) must not shrink the run unnoticed.
  const all = fs.readdirSync(dir, { recursive: true }).map(String);
  const unmatched = [...only, ...except].filter((p) => !all.some((f) => f.endsWith('.test.js') && selected(f, [p])));
  if (unmatched.length) throw new Error(`--only or --except names no suite file in ${dir}: ${unmatched.join(', ')}`);

  const mocha = new Mocha({
    ui: 'bdd',
    timeout: Number(process.env.DATAHUB_TEST_TIMEOUT_MS || 20_000),
    color: false,
    reporter: SpecWithSummary,
    grep: process.env.DATAHUB_TEST_GREP || undefined,
  });
  for (const f of files) mocha.addFile(path.join(dir, f));

  let ran = 0;
  const failures = await new Promise<number>((resolve) => {
    const runner = mocha.run(resolve);
    runner.on(Mocha.Runner.constants.EVENT_TEST_END, () => ran++);
  });
  // Let the summary line (setImmediate above) reach the console before the host exits.
  await new Promise((resolve) => setTimeout(resolve, 100));
  if (failures > 0) throw new Error(`${failures} integration test(s) failed`);
  // A run that tested nothing (a --grep matching no title) must not pass for a green one.
  if (ran === 0) throw new Error(`no test ran${process.env.DATAHUB_TEST_GREP ? ` (grep "${process.env.DATAHUB_TEST_GREP}")` : ''}`);
}
