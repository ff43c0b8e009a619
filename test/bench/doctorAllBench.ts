// `npm run bench:doctor-all`: the Doctor on five connections (src/doctor/collectAll.ts, three at a time)
// against the slowest of them alone. Five servers whose networks differ: five sandboxes, each in a process
// of its own, behind five local TCP relays (slowRelay.ts, one process) each holding every chunk for its own
// one-way delay (10, 20, 40, 80 and 160 ms), listed fastest first. The first run (the warm-up) starts them in
// that order; later runs start the one that took longest last time first, as the command does within a
// window. Each connection has its own client and token, kept between rounds (as the connection service
// keeps them). Target: all five ≤ 1.3 × the slowest alone. ROUNDS=<n> (default 7); TRACE=1 prints each run.
import * as path from 'node:path';
import { createGmsClient, type GmsClient } from '../../src/gms';
import { diagnoseConnections } from '../../src/doctor/collectAll';
import type { ActiveClient, Connection } from '../../src/platform/services';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { spawnGroup } from '../host/processes';
import { REPO_ROOT } from './build';
import { startSandboxProcess } from './sandboxProcess';

const DELAYS_MS = [10, 20, 40, 80, 160];
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const TARGET = 1.3;

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main(): Promise<void> {
  const sandboxes = await Promise.all(DELAYS_MS.map(() => startSandboxProcess([])));
  const relays = spawnGroup(
    process.execPath,
    ['--import', 'tsx', path.join(REPO_ROOT, 'test', 'bench', 'slowRelay.ts'), ...sandboxes.map((s, i) => `${new URL(s.url).port}:${DELAYS_MS[i]}`)],
    { cwd: REPO_ROOT },
  );
  let said = '';
  const ports = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the relays did not start: ${said}`)), 60_000);
    relays.child.stdout?.on('data', (b: Buffer) => {
      said += b.toString();
      const found = [...said.matchAll(/^relay (\d+) (\d+)$/gm)].map((m) => Number(m[2]));
      if (found.length === DELAYS_MS.length) {
        clearTimeout(timer);
        resolve(found);
      }
    });
  });
  const connections: Connection[] = ports.map((p, i) => ({ name: `c${DELAYS_MS[i]}ms`, gmsUrl: `http://127.0.0.1:${p}` }));
  const clients = new Map<string, GmsClient>();
  // As the command keeps it for a window: each connection's last time, so the slowest starts first.
  const lastMs = new Map<string, number>();
  const t = { zero: 0 };
  const opened: string[] = [];
  const open = (c: Connection): Promise<ActiveClient> => {
    if (process.env.TRACE) opened.push(`${c.name}@${(performance.now() - t.zero).toFixed(0)}`);
    let client = clients.get(c.name);
    if (!client) {
      client = createGmsClient({ gmsUrl: c.gmsUrl, token: SANDBOX_TOKENS.admin, timeoutMs: 30_000 });
      clients.set(c.name, client);
    }
    return Promise.resolve({ connection: c, client, hasToken: true });
  };
  const time = async (list: Connection[]) => {
    const t0 = performance.now();
    t.zero = t0;
    opened.length = 0;
    const rows = await diagnoseConnections(list, open, { signal: new AbortController().signal, lastMs });
    const ms = performance.now() - t0;
    const bad = rows.filter((r) => r.verdict !== 'ok' && r.verdict !== 'warning');
    if (bad.length) throw new Error(`not read: ${bad.map((r) => `${r.name} ${r.verdict} ${r.summary}`).join('; ')}`);
    if (process.env.TRACE && list.length > 1)
      console.log(`starts: ${opened.join(', ')}; all ${ms.toFixed(0)} ms; each ${[...lastMs.values()].map((v) => v.toFixed(0)).join(', ')}`);
    return ms;
  };
  try {
    // Warm: every client's transport probe and keep-alive connections, the wire layer's schemas.
    await time(connections);
    const alone = new Map<string, number[]>(connections.map((c) => [c.name, []]));
    const together: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const c of connections) alone.get(c.name)!.push(await time([c]));
      together.push(await time(connections));
    }
    const alones = connections.map((c) => ({ name: c.name, ms: median(alone.get(c.name)!) }));
    const slowest = alones.reduce((a, b) => (b.ms > a.ms ? b : a));
    const all = median(together);
    const ratio = all / slowest.ms;
    console.log(`Doctor alone (median of ${ROUNDS}): ${alones.map((a) => `${a.name} ${a.ms.toFixed(0)} ms`).join(', ')}`);
    console.log(`Doctor on all five, three at a time (median of ${ROUNDS}): ${all.toFixed(0)} ms`);
    console.log(`ratio to the slowest alone (${slowest.name}): ${ratio.toFixed(3)} (target ≤ ${TARGET}: ${ratio <= TARGET ? 'met' : 'NOT met'})`);
    if (ratio > TARGET) process.exitCode = 1;
  } finally {
    for (const c of clients.values()) await c.close();
    await relays.stop();
    for (const s of sandboxes) await s.stop();
  }
}

void main();
