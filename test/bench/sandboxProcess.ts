// The sandbox in a process of its own, so its work does not run on the event
// loop whose client timings are being measured. Control endpoints over HTTP.
import * as path from 'node:path';
import { CONTROL_PREFIX } from '../sandbox/api';
import { spawnGroup, type GroupProcess } from '../host/processes';

const REPO_ROOT = path.resolve(__dirname, '..', '..');
const TSX_LOADER = path.join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs');

export interface SandboxProcess {
  url: string;
  control(method: 'GET' | 'POST', route: string, body?: unknown): Promise<unknown>;
  stop(): Promise<void>;
}

export async function startSandboxProcess(args: string[], startTimeoutMs = 60_000): Promise<SandboxProcess> {
  const proc: GroupProcess = spawnGroup(
    process.execPath,
    ['--import', `file://${TSX_LOADER}`, path.join(REPO_ROOT, 'test', 'sandbox', 'cli.ts'), '--port', '0', ...args],
    { cwd: REPO_ROOT },
  );
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start within ${startTimeoutMs / 1000} s:\n${output}`)), startTimeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /GMS direct:\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    proc.child.stdout?.on('data', onData);
    proc.child.stderr?.on('data', onData);
    void proc.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited (${code}) before listening:\n${output}`));
    });
  }).catch(async (error: unknown) => {
    await proc.stop();
    throw error;
  });
  // Keep draining its output so the pipe never fills.
  proc.child.stdout?.resume();
  proc.child.stderr?.resume();

  return {
    url,
    async control(method, route, body) {
      const response = await fetch(`${url}${CONTROL_PREFIX}${route}`, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`sandbox ${method} ${route}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    stop: () => proc.stop(),
  };
}
