// `npm run test:integration [-- --suite <dir>] [--grep <text>] [--only <files>] [--except <files>] [--timeout <s>] [--extension <dir>] [--untrusted] [--no-build]`
// (--extension: run that copy of the extension instead of the repo, e.g. a staged production build)
// Runs a mocha suite inside a real VS Code extension host through
// @vscode/test-electron's runTests(). Offline by default: the "VS Code
// executable" is ./launcher (code-server + headless Chromium). With
// DATAHUB_TEST_HOST=desktop, runTests() downloads and runs VS Code desktop.
//
// Every run gets a fresh sandbox (DATAHUB_SANDBOX_URL), HOME, workspace copy
// of test/demo/workspace (DATAHUB_TEST_WORKSPACE), user-data and extensions dirs.
// --untrusted (or DATAHUB_TEST_UNTRUSTED=1) opens the workspace in restricted
// mode (Workspace Trust on, never trusted), for the untrusted-workspace suite.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { runTests } from '@vscode/test-electron';
import { startSandbox } from '../sandbox/server';
import { REPO_ROOT, UNTRUSTED_USER_SETTINGS, ensureCodeServer, writeUserSettings } from './codeServer';
import { bundleForHost } from './bundleForHost';
import { tailOfHostLogs } from './hostLogs';
import { killGroupsInFile, run } from './processes';
import { hostEnv, makeRunDirs } from './runDirs';

const SEEDED_CONNECTION = 'in-settings-at-activation';
const OLD_TLS_SWITCH = 'datahub.tls.rejectUnauthorized';

const DEFAULT_SUITE = 'test/integration';
const LAUNCHER = path.join(REPO_ROOT, 'test', 'host', 'launcher');

/** Bundles a suite folder other than the default one with the same settings as esbuild.js --tests. */
async function buildExtraSuite(suiteDir: string): Promise<string> {
  const outDir = path.join(REPO_ROOT, 'out', suiteDir);
  const entries = fs.readdirSync(path.join(REPO_ROOT, suiteDir)).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'));
  if (entries.length === 0) return outDir;
  await bundleForHost(
    entries.map((f) => path.join(REPO_ROOT, suiteDir, f)),
    { outdir: outDir },
  );
  return outDir;
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      suite: { type: 'string', default: DEFAULT_SUITE },
      grep: { type: 'string' },
      timeout: { type: 'string', default: process.env.DATAHUB_TEST_HOST_TIMEOUT ?? '600' },
      'no-build': { type: 'boolean', default: false },
      extension: { type: 'string' },
      untrusted: { type: 'boolean', default: process.env.DATAHUB_TEST_UNTRUSTED === '1' },
      // Which operations transports the sandbox serves: both (default), or only one, so every suite
      // is shown to work over OpenAPI alone and over Rest.li alone.
      'sandbox-api': { type: 'string', default: 'both' },
      // Only these suite files or folders (comma-separated, relative to the suite folder,
      // e.g. "indices,restore/restore.test.ts"); every file of the suite when absent.
      only: { type: 'string' },
      // Every file of the suite but these (same form as --only): the other half of a run split
      // between two hosts (npm test does, see runAll.ts).
      except: { type: 'string' },
    },
  });
  const sandboxApi = values['sandbox-api'];
  if (sandboxApi !== 'both' && sandboxApi !== 'openapi' && sandboxApi !== 'restli') {
    throw new Error(`--sandbox-api: expected both, openapi or restli, got ${sandboxApi}`);
  }
  const untrusted = values.untrusted === true;
  const suite = path.relative(REPO_ROOT, path.resolve(REPO_ROOT, values.suite!)) || '.';
  const timeoutMs = Number(values.timeout) * 1000;
  const desktop = process.env.DATAHUB_TEST_HOST === 'desktop';
  const started = Date.now();

  if (!values['no-build']) await run(process.execPath, ['esbuild.js', '--tests'], { cwd: REPO_ROOT });
  // A folder of compiled *.test.js is run as it is; a folder of sources is bundled to out/<dir>.
  const suiteHasSources = fs.readdirSync(path.join(REPO_ROOT, suite)).some((f) => f.endsWith('.ts'));
  let suiteOut = suiteHasSources ? path.join(REPO_ROOT, 'out', suite) : path.join(REPO_ROOT, suite);
  if (suiteHasSources && suite !== DEFAULT_SUITE) suiteOut = await buildExtraSuite(suite);
  const entry = path.join(REPO_ROOT, 'out', DEFAULT_SUITE, 'index.js');
  if (!desktop) await ensureCodeServer();

  const dirs = makeRunDirs('datahub-it');
  const sandbox = await startSandbox({ quiet: true, api: sandboxApi });
  // Restricted mode starts with a connection in the user settings, so a suite can
  // check that activation sends nothing even with a connection (and then a token) ready.
  // Otherwise it starts as a user who upgraded: the old global TLS switch is still in settings.json
  // (no longer read; moved to the connections once, with a notice). VS Code reads it at start, so the
  // migration's test needs no write to settings.json that a busy machine's settings watcher may miss.
  writeUserSettings(
    dirs.userData,
    untrusted ? { ...UNTRUSTED_USER_SETTINGS, 'datahub.connections': [{ name: SEEDED_CONNECTION, gmsUrl: sandbox.url }] } : { [OLD_TLS_SWITCH]: false },
  );
  console.log(
    `integration: suite ${suite}${untrusted ? ' (untrusted workspace)' : ''}, sandbox ${sandbox.url} (operations over ${sandboxApi === 'both' ? 'Rest.li and OpenAPI' : sandboxApi === 'openapi' ? 'OpenAPI only' : 'Rest.li only'}), run dir ${dirs.root}`,
  );

  // The launcher handles the timeout itself; this is the net under it.
  const watchdog = setTimeout(() => {
    console.error(`\nintegration: no result ${Math.round(timeoutMs / 1000) + 60} s after the start; ending the host.`);
    killGroupsInFile(dirs.pidFile);
    console.error(tailOfHostLogs(dirs.logs, dirs.userData));
    process.exit(124);
  }, timeoutMs + 60_000);

  let code: number;
  try {
    code = await runTests({
      ...(desktop ? { version: process.env.DATAHUB_VSCODE_VERSION ?? '1.100.3' } : { vscodeExecutablePath: LAUNCHER }),
      extensionDevelopmentPath: values.extension ? path.resolve(values.extension) : REPO_ROOT,
      extensionTestsPath: entry,
      launchArgs: [dirs.workspace, `--user-data-dir=${dirs.userData}`, `--extensions-dir=${dirs.extensions}`, ...(desktop ? ['--disable-extensions'] : [])],
      extensionTestsEnv: hostEnv(dirs, {
        DATAHUB_SANDBOX_URL: sandbox.url,
        DATAHUB_SANDBOX_API: sandboxApi,
        DATAHUB_TEST_WORKSPACE: dirs.workspace,
        DATAHUB_TEST_SUITE_DIR: suiteOut,
        DATAHUB_TEST_GREP: values.grep ?? '',
        DATAHUB_TEST_ONLY: values.only ?? '',
        DATAHUB_TEST_EXCEPT: values.except ?? '',
        DATAHUB_HOST_TIMEOUT_MS: String(timeoutMs),
        DATAHUB_HOST_RUN_DIR: dirs.logs,
        DATAHUB_HOST_PIDFILE: dirs.pidFile,
        DATAHUB_HOST_WORKSPACE_TRUST: untrusted ? '1' : '0',
        ...(untrusted ? { DATAHUB_TEST_SEEDED_CONNECTION: SEEDED_CONNECTION } : {}),
      }),
    });
  } catch (error) {
    const failure = error as { code?: number; message?: string };
    code = typeof failure.code === 'number' && failure.code !== 0 ? failure.code : 1;
    if (code !== 1 && code !== 124) console.error(`integration: ${failure.message ?? String(error)}`);
  } finally {
    clearTimeout(watchdog);
    killGroupsInFile(dirs.pidFile);
    await sandbox.stop();
  }
  console.log(`integration: finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit ${code})`);
  if (code === 0) dirs.remove();
  else console.log(`integration: logs kept in ${dirs.logs}`);
  return code;
}

void main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`integration: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
