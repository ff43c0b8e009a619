// One UI-test session: a fresh sandbox, a fresh code-server with the packaged
// .vsix installed the way a user installs it, and headless Chromium showing
// the workbench on a throwaway copy of test/demo. Flows (test/ui/flows/*.ui.ts)
// start one in `before` and close it in `after`.
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { Sandbox, SandboxOptions } from '../../sandbox/api';
import { startSandbox } from '../../sandbox/server';
import { launchChromium } from '../../host/browser';
import { installExtension, startCodeServer, workbenchUrl, writeUserSettings, type CodeServer } from '../../host/codeServer';
import { tailOfHostLogs } from '../../host/hostLogs';
import { killGroupsInFile } from '../../host/processes';
import { hostEnv, makeRunDirs, type RunDirs } from '../../host/runDirs';
import { vsixPath } from '../../host/vsix';
import { Workbench } from './workbench';

export interface UiSessionOptions {
  /** Screenshot names start with this (e.g. "restore" -> restore-01-....png); empty for none. */
  prefix?: string;
  sandbox?: SandboxOptions;
  /**
   * The `datahub.connections` entries written to the user settings before VS
   * Code starts ({gmsUrl: 'sandbox'} is replaced by the sandbox URL). Default:
   * one connection "sandbox" to the run's sandbox ('sandbox/api/gms': behind its frontend path). [] for none.
   */
  connections?: Array<{ name: string; gmsUrl: string; environment?: string; readOnly?: boolean }>;
  /** More user settings. */
  settings?: Record<string, unknown>;
}

export interface UiSession {
  readonly workbench: Workbench;
  readonly sandbox: Sandbox;
  readonly dirs: RunDirs;
  readonly server: CodeServer;
  /** POST /__sandbox<route> with a JSON body (the sandbox's control endpoints); rejects unless it answers 200. */
  control(route: string, body: unknown): Promise<void>;
  close(): Promise<void>;
}

export async function startUiSession(options: UiSessionOptions = {}): Promise<UiSession> {
  const vsix = process.env.DATAHUB_UI_VSIX ?? vsixPath();
  if (!fs.existsSync(vsix)) throw new Error(`${vsix} is missing: run npm run test:ui (it packages first) or npm run package`);
  const dirs = makeRunDirs('datahub-ui');
  let sandbox: Sandbox | undefined;
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const close = async (): Promise<void> => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    killGroupsInFile(dirs.pidFile);
    await sandbox?.stop();
    if (!process.env.DATAHUB_UI_KEEP) dirs.remove();
  };
  try {
    sandbox = await startSandbox({ quiet: true, ...options.sandbox });
    const sandboxUrl = sandbox.url;
    const connections = (options.connections ?? [{ name: 'sandbox', gmsUrl: 'sandbox' }]).map((c) => ({
      ...c,
      // 'sandbox' is the run's sandbox; 'sandbox/api/gms' the same behind its frontend path.
      gmsUrl: c.gmsUrl === 'sandbox' || c.gmsUrl.startsWith('sandbox/') ? `${sandboxUrl}${c.gmsUrl.slice('sandbox'.length)}` : c.gmsUrl,
    }));
    writeUserSettings(dirs.userData, {
      'datahub.connections': connections,
      // VS Code opens a newly installed extension's walkthrough by itself, at a moment a busy machine makes
      // late: it took the focus from a quick pick a flow had open. Flows open it by its command.
      'workbench.welcomePage.walkthroughs.openOnInstall': false,
      ...options.settings,
    });
    await installExtension(vsix, dirs.extensions, dirs.userData);
    server = await startCodeServer({
      userDataDir: dirs.userData,
      extensionsDir: dirs.extensions,
      env: hostEnv(dirs, {}),
      logFile: path.join(dirs.logs, 'host.log'),
      // The test:ui runner's list, when there is one, so it can end a flow stopped half-way.
      pidFile: process.env.DATAHUB_HOST_PIDFILE ?? dirs.pidFile,
    });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    const pageLog = fs.createWriteStream(path.join(dirs.logs, 'page.log'));
    page.on('console', (m) => pageLog.write(`[${m.type()}] ${m.text()}\n`));
    page.on('pageerror', (e) => pageLog.write(`[pageerror] ${e.message}\n`));
    const workbench = new Workbench(page, options.prefix ?? '');
    await page.goto(workbenchUrl(server, dirs.workspace), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    await workbench.waitReady();
    // The extension host has scanned the installed .vsix: its commands are in the palette.
    await workbench.waitForViewContainer('DataHub');
    const control = async (route: string, body: unknown): Promise<void> => {
      const res = await fetch(`${sandboxUrl}/__sandbox${route}`, { method: 'POST', body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`sandbox ${route}: ${res.status} ${await res.text()}`);
    };
    const session: UiSession = { workbench, sandbox, dirs, server, control, close };
    return session;
  } catch (error) {
    const logs = tailOfHostLogs(dirs.logs, dirs.userData, 40);
    await close();
    throw new Error(`${(error as Error).message}\n${logs}`, { cause: error });
  }
}
