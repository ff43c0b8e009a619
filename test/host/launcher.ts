// Stands in for the VS Code executable that @vscode/test-electron's runTests()
// launches: it turns --extensionDevelopmentPath/--extensionTestsPath into a
// code-server on 127.0.0.1 plus headless Chromium opening the workbench with
// those paths in its payload, prints the extension host's console, and exits
// with the suite's exit code. Started through ./launcher (a shell wrapper).
//
// Environment (set by runIntegration.ts):
//   DATAHUB_HOST_TIMEOUT_MS  whole-suite limit (default 300000)
//   DATAHUB_HOST_RUN_DIR     where to keep logs (default: a temp dir)
//   DATAHUB_HOST_PIDFILE     process groups started here are listed in it
//   DATAHUB_HOST_WORKSPACE_TRUST=1  keep Workspace Trust on (restricted-mode suites)
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { extensionHostLine, launchChromium } from './browser';
import { REPO_ROOT, startCodeServer, workbenchUrl, type CodeServer } from './codeServer';
import { tailOfHostLogs } from './hostLogs';

interface LaunchArgs {
  folder?: string;
  userDataDir?: string;
  extensionsDir?: string;
  extensionTestsPath?: string;
  extensionDevelopmentPath?: string;
}

/** Reads the desktop CLI arguments runTests() passes (`--name=value` or `--name value`). */
export function parseLaunchArgs(argv: string[]): LaunchArgs {
  const out: LaunchArgs = {};
  const keys: Record<string, keyof LaunchArgs> = {
    'user-data-dir': 'userDataDir',
    'extensions-dir': 'extensionsDir',
    extensionTestsPath: 'extensionTestsPath',
    extensionDevelopmentPath: 'extensionDevelopmentPath',
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      out.folder ??= arg;
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    const key = keys[name];
    if (!key) continue; // desktop-only switches (--no-sandbox, --skip-welcome ...) mean nothing here
    out[key] = eq === -1 ? argv[++i] : arg.slice(eq + 1);
  }
  return out;
}

async function main(): Promise<number> {
  const args = parseLaunchArgs(process.argv.slice(2));
  if (!args.extensionDevelopmentPath || !args.extensionTestsPath) {
    console.error('launcher: --extensionDevelopmentPath and --extensionTestsPath are required');
    return 2;
  }
  const timeoutMs = Number(process.env.DATAHUB_HOST_TIMEOUT_MS ?? 300_000);
  const runDir = process.env.DATAHUB_HOST_RUN_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-host-'));
  fs.mkdirSync(runDir, { recursive: true });
  const userDataDir = args.userDataDir ?? path.join(runDir, 'user-data');
  const extensionsDir = args.extensionsDir ?? path.join(runDir, 'extensions');
  const folder = path.resolve(args.folder ?? runDir);
  const hostLog = path.join(runDir, 'host.log');
  const pidFile = process.env.DATAHUB_HOST_PIDFILE;

  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  let cleaned = false;
  const cleanup = async (): Promise<void> => {
    if (cleaned) return;
    cleaned = true;
    await browser?.close().catch(() => undefined);
    await server?.stop();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanup().finally(() => process.exit(130)));
  }

  const log = fs.createWriteStream(hostLog, { flags: 'a' });
  try {
    server = await startCodeServer({
      userDataDir,
      extensionsDir,
      logFile: hostLog,
      pidFile,
      workspaceTrust: process.env.DATAHUB_HOST_WORKSPACE_TRUST === '1',
    });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });

    let finish: (code: number) => void = () => undefined;
    const finished = new Promise<number>((resolve) => (finish = resolve));
    // The workbench calls this when the suite's run() settles, with its exit code and its logs.
    await page.exposeFunction('codeAutomationExit', (code: number, logs?: { relativePath: string; contents: string }[]) => {
      for (const file of logs ?? []) {
        const target = path.join(runDir, 'workbench-logs', file.relativePath);
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, file.contents);
      }
      finish(Number(code) || 0);
    });
    // Console events need an async look at their arguments; a chain keeps their order.
    let printed = Promise.resolve();
    page.on('console', (message) => {
      printed = printed.then(async () => {
        const args = await Promise.all(message.args().map((a) => a.jsonValue().catch(() => String(a))));
        const text = extensionHostLine(args);
        if (text !== undefined) process.stdout.write(`${text}\n`);
        log.write(`[page ${message.type()}] ${message.text()}\n`);
      });
    });
    page.on('pageerror', (error) => log.write(`[page error] ${error.stack ?? error.message}\n`));
    page.on('crash', () => finish(3));

    const url = workbenchUrl(server, folder, {
      extensionDevelopmentPath: args.extensionDevelopmentPath,
      extensionTestsPath: args.extensionTestsPath,
    });
    log.write(`[launcher] opening ${url}\n`);
    await page.goto(url, { waitUntil: 'domcontentloaded', timeout: 60_000 });

    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
    const outcome = await Promise.race([finished, timedOut]);
    clearTimeout(timer);
    // The last console lines may trail the exit call by a moment.
    await new Promise((r) => setTimeout(r, 300));
    await Promise.race([printed, new Promise((r) => setTimeout(r, 2000))]);
    if (outcome === 'timeout') {
      console.error(`\nlauncher: the suite did not finish within ${Math.round(timeoutMs / 1000)} s; host log follows.`);
      const shot = path.join(REPO_ROOT, 'test-results', 'screenshots', 'integration-timeout.png');
      fs.mkdirSync(path.dirname(shot), { recursive: true });
      await page.screenshot({ path: shot }).catch(() => undefined);
      log.end();
      console.error(tailOfHostLogs(runDir, userDataDir));
      console.error(`launcher: screenshot of the workbench: ${shot}`);
      return 124;
    }
    return outcome;
  } catch (error) {
    console.error(`launcher: ${(error as Error).message}`);
    console.error(tailOfHostLogs(runDir, userDataDir));
    return 1;
  } finally {
    log.end();
    await cleanup();
  }
}

if (require.main === module) {
  void main().then((code) => process.exit(code));
}
