// Child processes that never outlive the run: each one is started in its own
// process group (detached) and ended by signalling the whole group, because
// code-server forks file watchers and the extension host.
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import * as fs from 'node:fs';

export interface GroupProcess {
  readonly child: ChildProcess;
  readonly pid: number;
  /** Resolves with the exit code (or 128 + signal number style 1) once the leader exits. */
  readonly exited: Promise<number>;
  /** SIGTERM to the group, SIGKILL after `graceMs`; resolves when the leader is gone. */
  stop(graceMs?: number): Promise<void>;
}

/** Kills a whole process group; a group that is already gone is fine. */
export function killGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left in that group.
  }
}

/** True while any process of the group is alive. */
export function groupAlive(pid: number): boolean {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Spawns `command` as the leader of a new process group. When `pidFile` is
 * given, the group id is appended to it so an outer watchdog can end the
 * group even if this process dies first.
 */
export function spawnGroup(command: string, args: string[], options: SpawnOptions & { pidFile?: string } = {}): GroupProcess {
  const { pidFile, ...spawnOptions } = options;
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...spawnOptions, detached: true });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  const pid = child.pid;
  if (pidFile) fs.appendFileSync(pidFile, `${pid}\n`);
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.once('error', () => resolve(1));
  });
  const stop = async (graceMs = 3000): Promise<void> => {
    killGroup(pid, 'SIGTERM');
    const deadline = Date.now() + graceMs;
    while (groupAlive(pid) && Date.now() < deadline) await sleep(100);
    if (groupAlive(pid)) killGroup(pid, 'SIGKILL');
    await Promise.race([exited, sleep(1000)]);
  };
  return { child, pid, exited, stop };
}

/** Ends every group listed in a pid file (one pid a line), e.g. after a launcher died. */
export function killGroupsInFile(pidFile: string): void {
  let text: string;
  try {
    text = fs.readFileSync(pidFile, 'utf8');
  } catch {
    return;
  }
  for (const line of text.split('\n')) {
    const pid = Number(line.trim());
    if (Number.isInteger(pid) && pid > 1) {
      killGroup(pid, 'SIGKILL');
    }
  }
}

export interface CapturedRun {
  code: number;
  /** Everything it printed, stdout and stderr interleaved. */
  output: string;
  seconds: number;
}

/**
 * Runs a command in its own process group, echoing its output here as it comes
 * (and to `logFile`) and keeping it. `onStart` gets the group, to stop it on a
 * signal; after `limitSeconds` the group is stopped.
 */
export async function runCaptured(
  command: string,
  args: string[],
  options: SpawnOptions & { logFile?: string; limitSeconds?: number; onStart?: (proc: GroupProcess) => void; prefix?: string } = {},
): Promise<CapturedRun> {
  const { logFile, limitSeconds, onStart, prefix, ...spawnOptions } = options;
  const started = Date.now();
  const proc = spawnGroup(command, args, spawnOptions);
  onStart?.(proc);
  let output = '';
  // With a prefix (runs side by side), whole lines only, each marked with it.
  const partial = new Map<NodeJS.WriteStream, string>();
  const echo = (text: string, to: NodeJS.WriteStream): void => {
    if (prefix === undefined) return void to.write(text);
    const lines = ((partial.get(to) ?? '') + text).split('\n');
    partial.set(to, lines.pop() ?? '');
    if (lines.length) to.write(lines.map((l) => `${prefix}${l}\n`).join(''));
  };
  const keep = (chunk: string, to: NodeJS.WriteStream): void => {
    output += chunk;
    if (logFile) fs.appendFileSync(logFile, chunk);
    echo(chunk, to);
  };
  // Decoded as UTF-8 across chunk boundaries (✔ and the like are several bytes).
  proc.child.stdout?.setEncoding('utf8').on('data', (c: string) => keep(c, process.stdout));
  proc.child.stderr?.setEncoding('utf8').on('data', (c: string) => keep(c, process.stderr));
  const timer =
    limitSeconds === undefined
      ? undefined
      : setTimeout(() => {
          console.error(`\n${command} ${args.join(' ')}: still running after ${limitSeconds} s; stopping it.`);
          void proc.stop();
        }, limitSeconds * 1000);
  const code = await proc.exited;
  clearTimeout(timer);
  for (const [to, rest] of partial) if (rest) to.write(`${prefix ?? ''}${rest}\n`);
  return { code, output, seconds: (Date.now() - started) / 1000 };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(command: string, args: string[], options: SpawnOptions = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', ...options });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`));
    });
  });
}
