// The ingestion listing against bare undici: 500 runs of 50 sources read and judged (readIngestion,
// src/ingestion/logic/read.ts, bundled and minified as it ships, over the client of dist/gms.js) versus the same
// GraphQL requests with bare undici.request, the answers JSON-parsed. The requests are not written by hand: the
// ones a listing sent, as the sandbox recorded them (/__sandbox/requests), are sent again, at once as the listing
// sends them (the SYSTEM sources beside the listing's page).
import * as path from 'node:path';
import type { RecordedRequest } from '../sandbox/api';
import { SANDBOX_TOKENS } from '../sandbox/api';
import type { GmsClient } from '../../src/gms/types';
import { createBareClient } from './bare';
import { REPO_ROOT } from './build';
import { runAlone, shippedModule } from './alone';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import type { Row } from './stats';
import { alternate } from './alternate';

type IngestionModule = typeof import('../../src/ingestion/logic/read');

function buildBundle(outDir: string): Promise<IngestionModule> {
  const contents = "export { readIngestion } from './src/ingestion/logic/read';";
  return shippedModule<IngestionModule>(path.join(outDir, 'ingestion.js'), { stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' } });
}

export async function ingestionRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const ingestion = await buildBundle(stagedDir);
  log('ingestion runs: 500 runs of 50 sources, vs the same requests with bare undici…');
  const token = SANDBOX_TOKENS.admin;
  await sandbox.control('POST', '/ingestion', { bulk: { sources: 50, runsPerSource: 10, replace: true } });
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  const rounds = 15;
  const perRound = 20;
  try {
    await sandbox.control('POST', '/requests/clear');
    const read = () => ingestion.readIngestion(client.ingestion, 'bench', { hours: 24 }, Date.now());
    const first = await read();
    if (first.sources.length !== 50 || first.runs.length !== 500)
      throw new Error(`the listing read ${first.sources.length} sources and ${first.runs.length} runs`);
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    if (recorded.some((r) => r.status !== 200)) throw new Error(`the listing sent ${recorded.map((r) => `${r.path} ${r.status}`).join(', ')}`);
    const bodies = recorded.map((r) => r.body as { query: string; variables: Record<string, unknown>; operationName: string });
    const t = await alternate(read, () => Promise.all(bodies.map((b) => bare.graphqlPost(b))), rounds, perRound);
    return [
      {
        section: 'Ingestion',
        label: `Listing 500 runs of 50 sources (${recorded.length} GraphQL requests, parsed, each run judged, the findings) ÷ the same requests with bare undici`,
        unit: 'x',
        value: t.ratio,
        target: { max: 1.2, text: '≤ 1.2' },
        note: `${rounds} rounds × ${perRound} listings each way, alternating; per listing median ${t.ours.median.toFixed(2)} vs ${t.theirs.median.toFixed(2)} ms; the requests one listing sent (/__sandbox/requests)`,
      },
    ];
  } finally {
    await sandbox.control('POST', '/reset');
    await client.close();
    await bare.close();
  }
}

/** `npm run bench -- --only ingestion`: the ingestion row alone on a quick production build. */
export function ingestionOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'ingestion', title: 'Ingestion listing alone (--only ingestion)', sandboxArgs: ['--quiet'], rows: ingestionRows }, updateDocs);
}
