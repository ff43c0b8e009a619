// Fresh, throwaway folders for one run of VS Code: profile, extensions, HOME
// and a workspace copied from test/demo/workspace, so no run sees another's state.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';

export const DEMO_DIR = path.join(REPO_ROOT, 'test', 'demo', 'workspace');

export interface RunDirs {
  root: string;
  /** HOME for code-server and the extension host (~/.datahubenv tests). */
  home: string;
  /** The folder VS Code opens: a copy of test/demo/workspace. */
  workspace: string;
  userData: string;
  extensions: string;
  /** Logs of this run. */
  logs: string;
  /** Process groups started for this run, one pid a line (see processes.ts). */
  pidFile: string;
  remove(): void;
}

export function makeRunDirs(prefix: string): RunDirs {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  const dirs = {
    root,
    home: path.join(root, 'home'),
    workspace: path.join(root, 'workspace'),
    userData: path.join(root, 'user-data'),
    extensions: path.join(root, 'extensions'),
    logs: path.join(root, 'logs'),
    pidFile: path.join(root, 'pids'),
  };
  for (const dir of [dirs.home, dirs.userData, dirs.extensions, dirs.logs]) fs.mkdirSync(dir, { recursive: true });
  fs.cpSync(DEMO_DIR, dirs.workspace, { recursive: true });
  fs.writeFileSync(dirs.pidFile, '');
  return { ...dirs, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}

/** The environment a VS Code run gets: its own HOME, nothing of the caller's DataHub CLI setup. */
export function hostEnv(dirs: RunDirs, extra: Record<string, string>): Record<string, string | undefined> {
  return {
    HOME: dirs.home,
    XDG_CONFIG_HOME: path.join(dirs.home, '.config'),
    XDG_DATA_HOME: path.join(dirs.home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(dirs.home, '.cache'),
    // The DataHub CLI's variables would leak the developer's own server into the tests.
    DATAHUB_GMS_URL: undefined,
    DATAHUB_GMS_TOKEN: undefined,
    DATAHUB_GMS_HOST: undefined,
    DATAHUB_GMS_PORT: undefined,
    DATAHUB_GMS_PROTOCOL: undefined,
    ...extra,
  };
}
