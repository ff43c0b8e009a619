// `npm run test:ui [-- --no-package] [--shard k/n] [flow name filter]` (DATAHUB_UI_VSIX=<file>: test that .vsix as it is)
// Packages the extension (npm run package), makes sure code-server is
// installed, then runs every test/ui/flows/*.ui.ts with node's test runner,
// one at a time (each starts its own code-server and browser). Screenshots go
// to test-results/screenshots/.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT, ensureCodeServer } from '../../host/codeServer';
import { killGroupsInFile, run, spawnGroup } from '../../host/processes';
import { vsixPath } from '../../host/vsix';
import { shardOf } from './shard';
import { SCREENSHOT_DIR } from './workbench';

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'no-package': { type: 'boolean', default: false },
      timeout: { type: 'string', default: process.env.DATAHUB_UI_TIMEOUT ?? '600' },
      // k/n: the k-th of n parts of the flows (npm test runs two side by side), see shardOf.
      shard: { type: 'string' },
    },
  });
  const started = Date.now();
  // DATAHUB_UI_VSIX: test that package as it is (no packaging here).
  const vsix = process.env.DATAHUB_UI_VSIX ?? vsixPath();
  if (!values['no-package'] && !process.env.DATAHUB_UI_VSIX) await run('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT });
  if (!fs.existsSync(vsix)) {
    console.error(`ui: ${vsix} is missing: run without --no-package (or npm run package)`);
    return 1;
  }
  await ensureCodeServer();

  const flowsDir = path.join(REPO_ROOT, 'test', 'ui', 'flows');
  const matching = fs
    .readdirSync(flowsDir)
    .filter((f) => f.endsWith('.ui.ts'))
    .filter((f) => positionals.length === 0 || positionals.some((p) => f.includes(p)))
    .sort()
    .map((f) => path.join(flowsDir, f));
  const flows = values.shard === undefined ? matching : shardOf(matching, values.shard);
  if (values.shard !== undefined) console.log(`ui: part ${values.shard}: ${flows.map((f) => path.basename(f, '.ui.ts')).join(', ')}`);
  if (flows.length === 0) {
    console.error('ui: no flows match');
    return 1;
  }
  // Each flow removes its own old pictures when it starts (see Workbench).
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });

  // Each flow's code-server runs in a process group of its own: they are listed
  // here so that a run stopped half-way leaves nothing behind.
  const pidFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-ui-run-')), 'pids');
  fs.writeFileSync(pidFile, '');
  const tests = spawnGroup(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=spec', ...flows], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATAHUB_UI_VSIX: vsix, DATAHUB_HOST_PIDFILE: pidFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = (): void => void tests.stop();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const limitMs = Number(values.timeout) * 1000;
  const timer = setTimeout(() => {
    console.error(`\nui: the flows did not finish within ${values.timeout} s; stopping them.`);
    void tests.stop();
  }, limitMs);
  const code = await tests.exited;
  clearTimeout(timer);
  killGroupsInFile(pidFile);
  fs.rmSync(path.dirname(pidFile), { recursive: true, force: true });
  console.log(`ui: finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code}); screenshots in ${path.relative(REPO_ROOT, SCREENSHOT_DIR)}/`);
  return code;
}

void main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`ui: ${error.message}`);
    process.exit(1);
  },
);
