// Starts the project's pinned code-server (see install-code-server.sh) on
// 127.0.0.1 with a throwaway profile, for the integration host, the UI tests
// and the demo. Nothing it does reaches beyond this machine.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { run, spawnGroup, type GroupProcess } from './processes';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CODE_SERVER_DIR = path.join(REPO_ROOT, 'test', 'host', 'code-server', 'node_modules', 'code-server');
export const CODE_SERVER_ENTRY = path.join(CODE_SERVER_DIR, 'out', 'node', 'entry.js');
const INSTALL_SCRIPT = path.join(REPO_ROOT, 'test', 'host', 'install-code-server.sh');

/** Points the marketplace at a closed local port, so code-server never looks up a public gallery. */
export const OFFLINE_GALLERY = JSON.stringify({ serviceUrl: 'http://127.0.0.1:9/' });

/** User settings for a quiet, deterministic workbench (no welcome page, tips, updates or telemetry). */
export const QUIET_USER_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'chat.commandCenter.enabled': false,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'window.restoreWindows': 'none',
};

/** User settings that open the test workspace in restricted mode, without asking. */
export const UNTRUSTED_USER_SETTINGS: Record<string, unknown> = {
  'security.workspace.trust.enabled': true,
  'security.workspace.trust.startupPrompt': 'never',
  'security.workspace.trust.emptyWindow': false,
  'security.workspace.trust.untrustedFiles': 'open',
};

/** Installs code-server when it is missing or another version (a no-op otherwise). */
export async function ensureCodeServer(): Promise<void> {
  await run('bash', [INSTALL_SCRIPT], { cwd: REPO_ROOT });
}

/** Writes User/settings.json in a user-data dir: the quiet defaults plus `extra`. */
export function writeUserSettings(userDataDir: string, extra: Record<string, unknown> = {}): string {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ ...QUIET_USER_SETTINGS, ...extra }, null, 2));
  return file;
}

/** Installs a .vsix (or a marketplace id) the way a user would, into `extensionsDir`. */
export async function installExtension(vsixOrId: string, extensionsDir: string, userDataDir: string): Promise<void> {
  await run(process.execPath, [CODE_SERVER_ENTRY, '--install-extension', vsixOrId, '--extensions-dir', extensionsDir, '--user-data-dir', userDataDir], {
    env: { ...process.env, EXTENSIONS_GALLERY: OFFLINE_GALLERY },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

export interface CodeServerOptions {
  userDataDir: string;
  extensionsDir: string;
  /** 0 (default): an ephemeral port, read back from code-server's own output. */
  port?: number;
  /** Extra environment for code-server and so for the extension host. */
  env?: NodeJS.ProcessEnv;
  /** Everything code-server prints goes here too. */
  logFile?: string;
  /** The process group id is appended here, for an outer watchdog. */
  pidFile?: string;
  /** Echo code-server's output to this process's stderr as it comes. */
  echo?: boolean;
  /** Keep Workspace Trust on (default off: --disable-workspace-trust), for restricted-mode tests. */
  workspaceTrust?: boolean;
  startTimeoutMs?: number;
}

export interface CodeServer {
  readonly url: string;
  readonly port: number;
  readonly process: GroupProcess;
  /** The last lines code-server printed. */
  recentOutput(): string;
  stop(): Promise<void>;
}

export async function startCodeServer(options: CodeServerOptions): Promise<CodeServer> {
  if (!fs.existsSync(CODE_SERVER_ENTRY)) {
    throw new Error(`code-server is not installed in ${CODE_SERVER_DIR}: run bash test/host/install-code-server.sh`);
  }
  fs.mkdirSync(options.userDataDir, { recursive: true });
  fs.mkdirSync(options.extensionsDir, { recursive: true });
  const args = [
    CODE_SERVER_ENTRY,
    '--auth',
    'none',
    '--bind-addr',
    `127.0.0.1:${options.port ?? 0}`,
    // A config file of its own, so the user's ~/.config/code-server is never read or written.
    '--config',
    path.join(options.userDataDir, 'code-server.yaml'),
    '--user-data-dir',
    options.userDataDir,
    '--extensions-dir',
    options.extensionsDir,
    '--disable-telemetry',
    '--disable-update-check',
    ...(options.workspaceTrust ? [] : ['--disable-workspace-trust']),
    '--disable-getting-started-override',
  ];
  const proc = spawnGroup(process.execPath, args, {
    env: { ...process.env, ...options.env, EXTENSIONS_GALLERY: OFFLINE_GALLERY },
    pidFile: options.pidFile,
  });
  const lines: string[] = [];
  const logStream = options.logFile ? fs.createWriteStream(options.logFile, { flags: 'a' }) : undefined;
  let listening: ((port: number) => void) | undefined;
  const portSeen = new Promise<number>((resolve) => (listening = resolve));
  const onData = (chunk: Buffer): void => {
    const text = chunk.toString();
    logStream?.write(text);
    if (options.echo) process.stderr.write(text);
    for (const line of text.split('\n')) {
      if (!line) continue;
      lines.push(line);
      if (lines.length > 400) lines.shift();
      const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(line);
      if (m && listening) listening(Number(m[1]));
    }
  };
  proc.child.stdout?.on('data', onData);
  proc.child.stderr?.on('data', onData);

  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let timer: NodeJS.Timeout | undefined;
  const port = await Promise.race([
    portSeen,
    proc.exited.then((code) => Promise.reject(new Error(`code-server exited (${code}) before listening`))),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`code-server did not listen within ${timeoutMs / 1000} s`)), timeoutMs);
    }),
  ])
    .catch(async (error: Error) => {
      await proc.stop();
      throw new Error(`${error.message}\n${lines.slice(-40).join('\n')}`);
    })
    .finally(() => clearTimeout(timer));

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    process: proc,
    recentOutput: () => lines.join('\n'),
    stop: async () => {
      await proc.stop();
      logStream?.end();
    },
  };
}

/**
 * The workbench URL that opens `folder` and, when given, runs an extension in
 * development mode and its test suite (the same as the desktop's
 * --extensionDevelopmentPath/--extensionTestsPath).
 */
export function workbenchUrl(
  server: { url: string; port: number },
  folder: string,
  dev?: { extensionDevelopmentPath: string; extensionTestsPath?: string },
): string {
  const params = new URLSearchParams({ folder });
  if (dev) {
    const remote = (p: string): string => `vscode-remote://127.0.0.1:${server.port}${path.resolve(p)}`;
    const payload: [string, string][] = [['extensionDevelopmentPath', remote(dev.extensionDevelopmentPath)]];
    if (dev.extensionTestsPath) payload.push(['extensionTestsPath', remote(dev.extensionTestsPath)]);
    params.set('payload', JSON.stringify(payload));
  }
  return `${server.url}/?${params.toString()}`;
}
