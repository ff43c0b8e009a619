// What to print when a run in code-server goes wrong: the tail of code-server's
// own output and of the extension host's log files in the user-data dir.
import * as fs from 'node:fs';
import * as path from 'node:path';

function filesUnder(dir: string, match: (name: string) => boolean, found: string[] = []): string[] {
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return found;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) filesUnder(full, match, found);
    else if (match(entry.name)) found.push(full);
  }
  return found;
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(unreadable)';
  }
}

/** A readable digest of the host's logs (last lines of each), for failures and timeouts. */
export function tailOfHostLogs(runDir: string, userDataDir: string, lines = 60): string {
  const files = [
    path.join(runDir, 'host.log'),
    ...filesUnder(path.join(userDataDir, 'logs'), (n) => /exthost|remoteagent|extension/i.test(n) && n.endsWith('.log')),
    ...filesUnder(path.join(runDir, 'workbench-logs'), (n) => /exthost|window|renderer/i.test(n)),
  ].filter((f) => fs.existsSync(f));
  return files.map((f) => `----- ${f} (last ${lines} lines)\n${tail(f, lines)}`).join('\n');
}
