// `npm start [-- --port 8080] [--vsix]`: the extension in a real VS Code in
// your browser, against a local DataHub sandbox, with nothing to set up.
//   1. builds the extension (node esbuild.js)
//   2. installs code-server into test/host/code-server when it is missing
//   3. starts the sandbox on 127.0.0.1 (a free port)
//   4. installs the built extension into a fresh code-server profile: the files
//      `vsce ls` would package (or, with --vsix, the packaged .vsix)
//   5. starts code-server with the connection "sandbox" in the user settings;
//      a demo-only companion extension (test/demo/tokenSeeder) hands its admin
//      token to the extension's public command datahub.setAccessToken once VS
//      Code is up (the product itself holds no demo code)
//   6. prints the URL to open. Ctrl-C stops everything.
// Port: --port N or DATAHUB_DEMO_PORT (default: a free one). Sandbox port:
// --sandbox-port N or DATAHUB_DEMO_SANDBOX_PORT.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { startSandbox } from '../sandbox/server';
import { REPO_ROOT, ensureCodeServer, installExtension, startCodeServer, writeUserSettings } from '../host/codeServer';
import { run } from '../host/processes';
import { hostEnv, makeRunDirs, type RunDirs } from '../host/runDirs';
import { vsixPath } from '../host/vsix';

const CONNECTION = 'sandbox';
const SEEDER_DIR = path.join(REPO_ROOT, 'test', 'demo', 'tokenSeeder');

/**
 * Installs the demo's token seeder next to the extension (a plain copy, and an
 * entry in extensions.json when the install wrote one: VS Code then loads only
 * what that list names).
 */
function installTokenSeeder(extensionsDir: string): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(SEEDER_DIR, 'package.json'), 'utf8')) as { publisher: string; name: string; version: string };
  const folder = `${manifest.publisher}.${manifest.name}-${manifest.version}`;
  const target = path.join(extensionsDir, folder);
  fs.cpSync(SEEDER_DIR, target, { recursive: true });
  const list = path.join(extensionsDir, 'extensions.json');
  if (!fs.existsSync(list)) return;
  const entries = JSON.parse(fs.readFileSync(list, 'utf8')) as unknown[];
  entries.push({
    identifier: { id: `${manifest.publisher}.${manifest.name}` },
    version: manifest.version,
    location: { $mid: 1, path: target, scheme: 'file' },
    relativeLocation: folder,
    metadata: { installedTimestamp: Date.now(), source: 'vsix' },
  });
  fs.writeFileSync(list, JSON.stringify(entries));
}

/** Copies the files the VSIX would hold into <extensions>/<publisher>.<name>-<version>, as an install does. */
function installBuiltFolder(dirs: RunDirs): void {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    publisher: string;
    name: string;
    version: string;
  };
  const files = execFileSync(path.join(REPO_ROOT, 'node_modules', '.bin', 'vsce'), ['ls', '--no-dependencies'], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  })
    .split('\n')
    .map((f) => f.trim())
    .filter(Boolean);
  const target = path.join(dirs.extensions, `${manifest.publisher}.${manifest.name}-${manifest.version}`);
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    fs.copyFileSync(path.join(REPO_ROOT, file), path.join(target, file));
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: process.env.DATAHUB_DEMO_PORT ?? '0' },
      'sandbox-port': { type: 'string', default: process.env.DATAHUB_DEMO_SANDBOX_PORT ?? '0' },
      vsix: { type: 'boolean', default: false },
    },
  });
  if (values.vsix) await run('npm', ['run', '--silent', 'package'], { cwd: REPO_ROOT });
  else await run(process.execPath, ['esbuild.js'], { cwd: REPO_ROOT });
  await ensureCodeServer();

  const dirs = makeRunDirs('datahub-demo');
  const sandbox = await startSandbox({ port: Number(values['sandbox-port']), quiet: true });
  // Something for Search Health to find: the demo drift (3 datasets missing from search, documents of
  // 2 datasets and a chart whose entity is gone) and a search-indexing consumer working off a backlog.
  for (const [route, body] of [
    ['/drift/preset', { name: 'demo' }],
    ['/lag', { consumer: 'mcl', events: 60_000, drainPerSecond: 500 }],
  ] as const) {
    const res = await fetch(`${sandbox.url}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`sandbox ${route}: ${res.status} ${await res.text()}`);
  }
  let server: Awaited<ReturnType<typeof startCodeServer>> | undefined;
  let stopping: Promise<void> | undefined;
  // Ctrl-C reaches npm, tsx and this process at once (and npm then sends SIGTERM):
  // every signal joins the same clean-up.
  const stop = (code: number): Promise<void> => {
    stopping ??= (async () => {
      console.log('\nStopping code-server and the sandbox…');
      await server?.stop();
      await sandbox.stop();
      dirs.remove();
      process.exit(code);
    })();
    return stopping;
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    writeUserSettings(dirs.userData, { 'datahub.connections': [{ name: CONNECTION, gmsUrl: sandbox.url }] });
    if (values.vsix) await installExtension(vsixPath(), dirs.extensions, dirs.userData);
    else installBuiltFolder(dirs);
    installTokenSeeder(dirs.extensions);
    server = await startCodeServer({
      userDataDir: dirs.userData,
      extensionsDir: dirs.extensions,
      port: Number(values.port),
      logFile: path.join(dirs.logs, 'code-server.log'),
      env: hostEnv(dirs, {
        // Read by test/demo/tokenSeeder once VS Code is up: the token goes to secret storage.
        DATAHUB_DEMO_CONNECTION: CONNECTION,
        DATAHUB_DEMO_TOKEN: SANDBOX_TOKENS.admin,
      }),
    });
  } catch (error) {
    console.error(`npm start: ${(error as Error).message}`);
    return stop(1);
  }
  void server.process.exited.then((code) => {
    if (stopping) return;
    console.error(`code-server stopped (exit ${code}); its log: ${path.join(dirs.logs, 'code-server.log')}`);
    void stop(1);
  });

  const url = `${server.url}/?folder=${encodeURIComponent(dirs.workspace)}`;
  console.log(`
DataHub sandbox   ${sandbox.url}  (connection "${CONNECTION}", admin token stored once VS Code is up)
Sample workspace  ${dirs.workspace}  (a copy of test/demo/workspace: files with URNs)

Open in your browser:

  ${url}

Then click the DataHub icon in the activity bar, or right-click a URN in a file.
Press Ctrl-C to stop.`);
}

void main().catch((error: Error) => {
  console.error(`npm start: ${error.message}`);
  process.exit(1);
});
