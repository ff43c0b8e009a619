// Inspect URN against bare undici: one inspection (readFacts and the document, src/health/logic/
// inspectRead.ts and inspectDocument.ts, bundled and minified as they ship, over the client of
// dist/gms.js) versus the same requests with bare undici.request, all at once as the inspection sends
// them, each answer JSON-parsed. The requests are not written by hand: one inspection's requests as
// the sandbox recorded them (/__sandbox/requests) are sent again, with the same path, query and body.
import * as path from 'node:path';
import type { RecordedRequest } from '../sandbox/api';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { SAMPLE_URNS } from '../sandbox/data';
import type { GmsClient } from '../../src/gms/types';
import { createBareClient } from './bare';
import { REPO_ROOT } from './build';
import { runAlone, shippedModule } from './alone';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import type { Row } from './stats';
import { alternate, type BareRatioTimes } from './alternate';

type InspectModule = typeof import('../../src/health/logic/inspectRead') & typeof import('../../src/health/logic/inspectDocument');

function buildInspectBundle(outDir: string): Promise<InspectModule> {
  return shippedModule<InspectModule>(path.join(outDir, 'inspect.js'), {
    stdin: {
      contents: "export { readFacts } from './src/health/logic/inspectRead';\nexport { renderInspectDocument } from './src/health/logic/inspectDocument';\n",
      resolveDir: REPO_ROOT,
      loader: 'ts',
    },
  });
}

interface InspectTimes extends BareRatioTimes {
  verdict: string;
}

async function measureInspection(
  gms: GmsModule,
  inspect: InspectModule,
  sandbox: SandboxProcess,
  urn: string,
  rounds = 15,
  perRound = 40,
): Promise<InspectTimes> {
  const token = SANDBOX_TOKENS.admin;
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'openapi' }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  const signal = new AbortController().signal;
  const ours = async (): Promise<string> => {
    const report = await inspect.readFacts(client, 'bench', urn, signal);
    inspect.renderInspectDocument(report);
    return report.verdict;
  };
  try {
    await sandbox.control('POST', '/requests/clear');
    const verdict = await ours();
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    // A 404 with an empty body is an answer here (the consistency check scanned nothing); anything else would time a failure.
    for (const r of recorded) if (r.status !== 200 && r.status !== 404) throw new Error(`the inspection got ${r.status} for ${r.method} ${r.path}`);
    const replay = async (): Promise<void> => {
      await Promise.all(
        recorded.map((r) =>
          r.method === 'POST' ? bare.openapiPost(r.path.split('/elasticSearch/')[1], JSON.parse(r.rawBody)) : bare.getAnswer(r.path, r.query),
        ),
      );
    };
    const t = await alternate(ours, replay, rounds, perRound);
    return { ratio: t.ratio, client: t.ours, bare: t.theirs, rounds, perRound, requests: recorded.length, verdict };
  } finally {
    await client.close();
    await bare.close();
  }
}

export async function inspectRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const inspect = await buildInspectBundle(stagedDir);
  log('inspect URN: one inspection (the stale chart) vs the same requests with bare undici…');
  const r = await measureInspection(gms, inspect, sandbox, SAMPLE_URNS.lookerChart);
  return [
    {
      section: 'Inspect URN',
      label: `One inspection (${r.requests} requests at once: the v3 entity with system metadata, entity/raw, the consistency check, the timeline; the comparison and the document) ÷ the same requests with bare undici`,
      unit: 'x',
      value: r.ratio,
      target: { max: 1.2, text: '≤ 1.2' },
      note: `${r.rounds} rounds × ${r.perRound} inspections each way, alternating; per inspection median ${r.client.median.toFixed(2)} vs ${r.bare.median.toFixed(2)} ms; verdict ${r.verdict}; the requests one inspection sent (/__sandbox/requests)`,
    },
  ];
}

/** `npm run bench -- --only inspect`: the Inspect URN row alone on a quick production build. */
export function inspectOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'inspect', title: 'Inspect URN alone (--only inspect)', sandboxArgs: ['--quiet'], rows: inspectRows }, updateDocs);
}
