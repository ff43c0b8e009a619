// The DataHub Doctor's whole report against bare undici: collectReport (src/doctor/collect.ts, bundled
// and minified as it ships, over the client of dist/gms.js) versus the same requests with bare
// undici.request at the same concurrency. The request list is not written by hand: one report's
// requests as the sandbox recorded them (/__sandbox/requests) are sent again, the independent ones
// at once and each detail (a consumer group's, the failed topic's) after the list it comes from,
// with the same headers, each body JSON-parsed where it is JSON.
import { setMaxListeners } from 'node:events';
import * as path from 'node:path';
import type { RecordedRequest } from '../sandbox/api';
import type { GmsClient } from '../../src/gms/types';
import type { DoctorMemory } from '../../src/doctor/collect';
import { DEFAULT_USER_AGENT } from '../../src/gms/client';
import { createBareClient } from './bare';
import { REPO_ROOT } from './build';
import { shippedModule } from './alone';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import type { Spread } from './stats';
import { alternate, type BareRatioTimes } from './alternate';

export type DoctorModule = typeof import('../../src/doctor/collect') & typeof import('../../src/doctor/failedPages');

/** src/doctor/collect.ts and failedPages.ts as the extension ships them: bundled, minified, no keepNames. */
export function buildDoctorBundle(outDir: string): Promise<DoctorModule> {
  return shippedModule<DoctorModule>(path.join(outDir, 'doctor.js'), {
    stdin: {
      contents: "export { collectReport } from './src/doctor/collect';\nexport { readFailedPages } from './src/doctor/failedPages';\n",
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
  });
}

/** One GET of the report, and the GETs that wait for its answer (a list's details). */
export interface PlannedGet {
  path: string;
  query: Record<string, string>;
  /** Sent without the token, as the client reads /health (authentication.excludedPaths). */
  anonymous: boolean;
  after: PlannedGet[];
}

/**
 * The recorded requests as a plan: a request whose path is another's plus one segment
 * (`…/consumer-groups/{id}`, `…/topics/{name}`) waits for that one, a Kafka path or the queue's
 * registered consumers for the transport; every other goes at once.
 * Throws on anything the bare replay would not send the same way (a method, a header, a status).
 */
export function planFromRecorded(recorded: readonly RecordedRequest[]): PlannedGet[] {
  const expected = ['accept', 'authorization', 'connection', 'host', 'user-agent'];
  const anonymous = expected.filter((h) => h !== 'authorization');
  for (const r of recorded) {
    const names = Object.keys(r.headers).sort().join();
    const alike = names === expected.join() || (r.path === '/health' && names === anonymous.join());
    if (r.method !== 'GET' || r.status !== 200 || !alike || r.headers['user-agent'] !== DEFAULT_USER_AGENT)
      throw new Error(`the report sent a request the bare replay would not send alike: ${r.method} ${r.path} ${r.status} ${names}`);
  }
  const gets = recorded.map((r): PlannedGet => ({ path: r.path, query: r.query, anonymous: !('authorization' in r.headers), after: [] }));
  // Any client learns the transport before it may ask Kafka's admin paths or the queue's registered consumers
  // (a Postgres-queue GMS has no Kafka paths): those wait for it, as the report's do (src/doctor/collect.ts).
  const transport = gets.find((g) => g.path === '/openapi/operations/messaging/transport');
  const afterTransport = (g: PlannedGet) => g.path.startsWith('/openapi/operations/kafka/') || g.path === '/openapi/operations/messaging/consumers';
  const parentOf = (g: PlannedGet) =>
    gets.find((p) => g.path.startsWith(`${p.path}/`) && !g.path.slice(p.path.length + 1).includes('/')) ?? (afterTransport(g) ? transport : undefined);
  const top: PlannedGet[] = [];
  for (const g of gets) {
    const parent = parentOf(g);
    if (parent) parent.after.push(g);
    else top.push(g);
  }
  return top;
}

function countPlanned(plan: readonly PlannedGet[]): number {
  return plan.reduce((n, g) => n + 1 + countPlanned(g.after), 0);
}

export interface DoctorReportTimes extends BareRatioTimes {
  /** The report's lines, and what those not "ok" said (the state the report was timed in). */
  lines: number;
  summaries: string[];
}

/** Times the whole report (the client of dist/gms.js, the bundled collectReport) and its bare replay, alternating. */
export async function measureDoctorReport(
  gms: GmsModule,
  doctor: DoctorModule,
  sandbox: SandboxProcess,
  token: string,
  rounds = 15,
  perRound = 20,
  /** The lines a transport does not offer (Kafka's on the Postgres queue) are expected there. */
  notOfferedExpected = false,
): Promise<DoctorReportTimes> {
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'openapi' }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  // One memory for the connection, carried from report to report as the extension does.
  const memory: DoctorMemory = { lag: new Map() };
  const active = { connection: { name: 'bench', gmsUrl: sandbox.url }, client, hasToken: true };
  // The report's readings all listen to one signal: the Doctor's store raises its listener limit the same way (doctorStore.ts).
  const signal = new AbortController().signal;
  setMaxListeners(100, signal);
  const report = () => doctor.collectReport(active, memory, { signal });
  try {
    await sandbox.control('POST', '/requests/clear');
    const first = await report();
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    if (first.counts.unreadable > 0 || (first.counts.notOffered > 0 && !notOfferedExpected))
      throw new Error(`the report could not read everything: ${JSON.stringify(first.lines.map((l) => [l.id, l.verdict, l.summary]))}`);
    const plan = planFromRecorded(recorded);
    if (countPlanned(plan) !== recorded.length) throw new Error('the plan lost a recorded request');
    const send = (g: PlannedGet): Promise<unknown> => bare.get(g.path, g.query, g.anonymous).then(() => Promise.all(g.after.map(send)));
    const replay = async (): Promise<void> => {
      await Promise.all(plan.map(send));
    };
    const ours = async (): Promise<void> => {
      await report();
    };
    const t = await alternate(ours, replay, rounds, perRound);
    const summaries = first.lines.filter((l) => l.verdict !== 'ok').map((l) => `${l.title}: ${l.summary}`);
    return { ratio: t.ratio, client: t.ours, bare: t.theirs, rounds, perRound, requests: recorded.length, lines: first.lines.length, summaries };
  } finally {
    await client.close();
    await bare.close();
  }
}

export interface FirstPageTimes {
  /** Per round: median client call ÷ median bare call. */
  ratio: Spread;
  client: Spread;
  bare: Spread;
  calls: number;
  bytes: number;
}

/**
 * The report's largest answer alone: the first page of mcp-failed (100 failed proposals, each value JSON
 * text inside the JSON answer) through client.doctor.messages, which reads every proposal (its URN,
 * aspect and error), against the same GET with bare undici and one JSON.parse; sequential, alternating.
 */
export async function measureFirstPage(gms: GmsModule, url: string, token: string, rounds = 10, perRound = 20): Promise<FirstPageTimes> {
  const client = gms.createGmsClient({ gmsUrl: url, token, api: 'openapi' }) as GmsClient;
  const bare = createBareClient(url, token);
  const query = { partition: '0', offset: '0', count: '100', format: 'json' };
  const ours = () => client.doctor.messages('mcp-failed', { partition: 0, offset: 0, count: 100 });
  const page = '/openapi/operations/kafka/messages/mcp-failed';
  const theirs = () => bare.get(page, query);
  try {
    const answer = await fetch(`${url}${page}?${new URLSearchParams(query).toString()}`, { headers: { authorization: `Bearer ${token}` } });
    const bytes = Buffer.byteLength(await answer.text());
    const t = await alternate(ours, theirs, rounds, perRound);
    return { ratio: t.ratio, client: t.ours, bare: t.theirs, calls: rounds * perRound, bytes };
  } finally {
    await client.close();
    await bare.close();
  }
}
