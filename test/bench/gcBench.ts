// DataHub's GC read against bare undici, and a large GC report summarised. readGc (src/gc/logic/read.ts, bundled
// and minified as it ships, over the client of dist/gms.js) on a default install with its last 10 runs (every
// night at the deletion limit, the entity counts read for the findings) versus the same requests with bare
// undici.request at the same concurrency (the GraphQL query of the source with its runs and the counts at once),
// the answers JSON-parsed. The requests are not written by hand: the ones a read sent, as the sandbox recorded them
// (/__sandbox/requests), are sent again. Then figuresOf (src/gc/logic/figures.ts, shipped likewise) on a 5 MB
// structured report (sample URNs per type, as DataHub's LossyLists hold them): its time, and the heap's growth
// during the call (heapUsed after it, before any collection, minus heapUsed after a GC before it).
import * as path from 'node:path';
import type { RecordedRequest } from '../sandbox/api';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { GC_SOURCE_URN } from '../sandbox/ingestion';
import { gcReportJson, structuredGcReport } from '../sandbox/gcSeed';
import type { GmsClient } from '../../src/gms/types';
import { createBareClient } from './bare';
import { REPO_ROOT } from './build';
import { runAlone, shippedModule } from './alone';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import { spread, type Row } from './stats';
import { alternate } from './alternate';

type GcModule = typeof import('../../src/gc/logic/read') & typeof import('../../src/gc/logic/figures');

function buildBundle(outDir: string): Promise<GcModule> {
  const contents = "export { readGc } from './src/gc/logic/read';\nexport { figuresOf } from './src/gc/logic/figures';";
  return shippedModule<GcModule>(path.join(outDir, 'gc.js'), { stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' } });
}

const MB = 1024 * 1024;
const H = 3_600_000;

/** A structured report of about `bytes`: a night at the deletion limit whose sample URNs fill it. */
export function largeReport(bytes: number): string {
  const types = ['dataset', 'dataProcessInstance', 'chart', 'dashboard', 'dataJob'];
  const make = (per: number) =>
    gcReportJson({
      hardDeleted: { dataset: 21_000, dataProcessInstance: 4_001 },
      keptForAge: 3_200,
      deletionLimitReached: true,
      samples: Object.fromEntries(
        types.map((t) => [
          t,
          Array.from({ length: per }, (_, i) => `urn:li:${t}:(urn:li:dataPlatform:hive,warehouse.table_${String(i).padStart(7, '0')},PROD)`),
        ]),
      ),
      failures: [{ title: 'Failed to delete entity', message: 'x', context: ['urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD)'] }],
    });
  // A first guess at the URNs per type, then scaled to the size asked.
  const guess = 1000;
  return make(Math.ceil((guess * bytes) / make(guess).length) + 1);
}

const gc = (globalThis as { gc?: () => void }).gc;

export async function gcRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const mod = await buildBundle(stagedDir);
  log("DataHub's GC: the read with its last 10 runs vs the same requests with bare undici; a 5 MB report summarised…");
  const token = SANDBOX_TOKENS.admin;
  await sandbox.control('POST', '/gc', { scenario: 'defaultInstall' });
  // Three nights more than the scenario's seven: the last 10 runs, each with its report.
  const night = (k: number) => ({
    sourceUrn: GC_SOURCE_URN,
    id: `bench-gc-night-${k}`,
    requestedAgoMs: (k * 24 + 6) * H,
    status: 'SUCCESS',
    durationMs: 118 * 60_000,
    structuredReport: structuredGcReport(gcReportJson({ hardDeleted: { dataset: 21_000, dataProcessInstance: 4_001 }, deletionLimitReached: true })),
  });
  await sandbox.control('POST', '/ingestion', { runs: [7, 8, 9].map(night) });
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  const rounds = 15;
  const perRound = 20;
  try {
    await sandbox.control('POST', '/requests/clear');
    const read = () => mod.readGc(client, 'bench', 10, Date.now());
    const first = await read();
    const ids = first.findings.map((f) => f.id).sort();
    if (first.runs.length !== 10 || ids.join() !== 'deletionLimitReached,runRecordsUnbounded')
      throw new Error(`the read had ${first.runs.length} runs and findings ${ids.join(', ')}`);
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    if (recorded.some((r) => r.status !== 200)) throw new Error(`the read sent ${recorded.map((r) => `${r.path} ${r.status}`).join(', ')}`);
    const posts = recorded.filter((r) => r.method === 'POST' && r.path === '/api/graphql');
    const gets = recorded.filter((r) => r.method === 'GET');
    if (posts.length !== 1 || gets.length !== 1) throw new Error(`the read sent ${recorded.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    const bodies = posts.map((r) => r.body as { query: string; variables: Record<string, unknown>; operationName: string });
    const replay = async () => {
      await Promise.all([bare.graphqlPost(bodies[0]), bare.get(gets[0].path, gets[0].query)]);
    };
    const t = await alternate(read, replay, rounds, perRound);
    // The same two requests through our client, nothing summarised: what the client costs, apart from the reading.
    const requestsOnly = () => Promise.all([client.ingestion.sourceWithRunReports(GC_SOURCE_URN, 10), client.entities.fromEndpoint({})]);
    const c = await alternate(requestsOnly, replay, rounds, perRound);

    // The 5 MB report: time over runs, the heap's growth during one call each.
    const report = largeReport(5 * MB);
    const times: number[] = [];
    const growth: number[] = [];
    for (let i = 0; i < 12; i++) {
      gc?.();
      const before = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      const summary = mod.figuresOf(report);
      times.push(performance.now() - t0);
      growth.push((process.memoryUsage().heapUsed - before) / MB);
      if (summary.figures.hardDeleted !== 25_001 || summary.limitsReached.length !== 1) throw new Error('the large report was not summarised');
    }
    // The first call warms the code up; the rest are the figure.
    times.shift();
    growth.shift();
    const heapNote = gc ? 'after a GC before each call' : 'no GC available (run with node --expose-gc): an upper bound';
    return [
      {
        section: "DataHub's GC",
        label: `Reading the GC with its last 10 runs (${recorded.length} requests at once: the GraphQL query of the source with its runs, the entity counts; reports summarised, findings) ÷ the same requests with bare undici`,
        unit: 'x',
        value: t.ratio,
        target: { max: 1.2, text: '≤ 1.2' },
        note: `${rounds} rounds × ${perRound} reads each way, alternating; per read median ${t.ours.median.toFixed(2)} vs ${t.theirs.median.toFixed(2)} ms; the requests one read sent (/__sandbox/requests)`,
      },
      {
        section: "DataHub's GC",
        label: '… the same two requests through our client, nothing summarised ÷ bare undici',
        unit: 'x',
        value: c.ratio,
        note: `per read median ${c.ours.median.toFixed(2)} vs ${c.theirs.median.toFixed(2)} ms: the rest of the row above is the reading (10 reports parsed and summarised, the stages, the schedule, the findings)`,
      },
      {
        section: "DataHub's GC",
        label: `A ${(report.length / MB).toFixed(1)} MB structured report summarised (figuresOf: figures, limits, failure titles)`,
        unit: 'ms',
        value: spread(times),
        target: { max: 200, text: '≤ 200 ms' },
        note: `${times.length} calls after a warm-up; the report scanned, not parsed into objects`,
      },
      {
        section: "DataHub's GC",
        label: '… the heap’s growth during one such call',
        unit: 'MB',
        value: spread(growth),
        target: { max: 20, text: '≤ 20 MB' },
        note: `heapUsed right after the call − before it, ${heapNote}`,
      },
    ];
  } finally {
    await sandbox.control('POST', '/reset');
    await client.close();
    await bare.close();
  }
}

/** `npm run bench -- --only gc`: the GC rows alone on a quick production build. */
export function gcOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'gc', title: "DataHub's GC alone (--only gc)", sandboxArgs: ['--quiet'], rows: gcRows }, updateDocs);
}
