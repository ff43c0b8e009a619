// What the parts of `npm run bench` that run alone share (--only drift, --only doctor): a quick
// production build, the client of dist/gms.js staged, a sandbox in its own process, the rows printed
// and written to test-results/bench/<name>.md; and the bundling of a src/ module as the extension ships it.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import { capture, REPO_ROOT } from './build';
import { loadGmsBundle, type GmsModule } from './gmsBundle';
import { startSandboxProcess, type SandboxProcess } from './sandboxProcess';
import { describeMachine, machine, markdownTable, textTable, type Row } from './stats';

/** A module of src/ as the extension ships it (bundled, minified, no keepNames), required from `outfile`. */
export async function shippedModule<T>(outfile: string, entry: Pick<BuildOptions, 'entryPoints' | 'stdin'>): Promise<T> {
  await build({ ...entry, bundle: true, minify: true, platform: 'node', format: 'cjs', target: 'node20', outfile, logLevel: 'silent' });
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle just built
  return require(outfile) as T;
}

export interface AlonePart {
  /** The file name under test-results/bench/ and the staging directory's name. */
  name: string;
  /** For the table's header, e.g. "Drift check alone (--only drift)". */
  title: string;
  sandboxArgs: string[];
  rows(gms: GmsModule, staged: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]>;
}

/** `npm run bench -- --only <name>`: one part's rows alone on a quick production build. */
export async function runAlone(part: AlonePart, updateDocs: boolean): Promise<void> {
  if (updateDocs) throw new Error('--update-docs rewrites the whole table: run the whole bench (npm run bench -- --no-host --update-docs)');
  const when = new Date();
  const log = (line: string): void => console.error(`bench: ${line}`);
  log(describeMachine(machine(), when));
  const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
  if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${built.output}`);
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), `datahub-bench-${part.name}-`));
  fs.copyFileSync(path.join(REPO_ROOT, 'dist', 'gms.js'), path.join(staged, 'gms.js'));
  const sandbox = await startSandboxProcess(part.sandboxArgs);
  try {
    const rows = await part.rows(loadGmsBundle(staged), staged, sandbox, log);
    const header = `Machine: ${describeMachine(machine(), when)}. ${part.title}.`;
    console.log(`\n${header}\n\n${textTable(rows)}\n`);
    const outDir = path.join(REPO_ROOT, 'test-results', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, `${part.name}.md`), `${header}\n\n${markdownTable(rows)}\n`);
    log(`wrote test-results/bench/${part.name}.md`);
  } finally {
    await sandbox.stop();
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
