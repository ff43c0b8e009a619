// Entity counts against bare undici: one reading of every entity type (readEntityCounts,
// src/entities/logic/counts.ts, bundled and minified as it ships, over the client of dist/gms.js; the
// server's cache skipped, so each reading is counted) versus the same request with bare undici.request,
// the answer JSON-parsed. The request is not written by hand: the one the reading sent, as the sandbox
// recorded it (/__sandbox/requests), is sent again with the same path and query.
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

type CountsModule = typeof import('../../src/entities/logic/counts');

function buildCountsBundle(outDir: string): Promise<CountsModule> {
  return shippedModule<CountsModule>(path.join(outDir, 'counts.js'), {
    stdin: { contents: "export { readEntityCounts } from './src/entities/logic/counts';\n", resolveDir: REPO_ROOT, loader: 'ts' },
  });
}

export async function countsRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const counts = await buildCountsBundle(stagedDir);
  log('entity counts: every type, the cache skipped, vs the same request with bare undici…');
  const token = SANDBOX_TOKENS.admin;
  const client = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'openapi' }) as GmsClient;
  const bare = createBareClient(sandbox.url, token);
  const rounds = 15;
  const perRound = 40;
  try {
    await sandbox.control('POST', '/requests/clear');
    const first = await counts.readEntityCounts(client, { refresh: true });
    const recorded = (await sandbox.control('GET', '/requests')) as RecordedRequest[];
    if (recorded.length !== 1 || recorded[0].status !== 200) throw new Error(`one reading sent ${recorded.map((r) => `${r.path} ${r.status}`).join(', ')}`);
    const [r] = recorded;
    const t = await alternate(
      () => counts.readEntityCounts(client, { refresh: true }),
      () => bare.getAnswer(r.path, r.query),
      rounds,
      perRound,
    );
    return [
      {
        section: 'Entity counts',
        label: `One reading of every entity type (${first.types.length} types, GET /openapi/v1/entities/counts, the cache skipped; parsed and totalled) ÷ the same request with bare undici`,
        unit: 'x',
        value: t.ratio,
        target: { max: 1.1, text: '≤ 1.1' },
        note: `${rounds} rounds × ${perRound} readings each way, alternating; per reading median ${t.ours.median.toFixed(2)} vs ${t.theirs.median.toFixed(2)} ms; the request one reading sent (/__sandbox/requests)`,
      },
    ];
  } finally {
    await client.close();
    await bare.close();
  }
}

/** `npm run bench -- --only counts`: the entity counts row alone on a quick production build. */
export function countsOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'counts', title: 'Entity counts alone (--only counts)', sandboxArgs: ['--quiet'], rows: countsRows }, updateDocs);
}
