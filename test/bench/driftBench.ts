// The drift check against bare undici: 10,000 URNs through the extension's check
// (checkUrns of src/health/logic/check.ts, bundled and minified as it ships, over the
// client of dist/gms.js: 100 URNs per request, entityExists aliases and a search filter on
// `urn`, 4 requests in flight) versus the same GraphQL requests with bare undici.request at
// the same concurrency. And its memory: the peak heap of a sample of 1,000 and of 100,000
// search documents (scrollAcrossEntities pages, the database asked about each), which stays
// flat because pages are dropped once counted and each group keeps at most 1,000 URNs.
import * as path from 'node:path';
import { Agent, request } from 'undici';
import { DEFAULT_TIMEOUT_MS, DEFAULT_USER_AGENT } from '../../src/gms/client';
import { DRIFT_BATCH, existsQuery, existsVariables, MEMBERSHIP_QUERY, membershipVariables } from '../../src/gms/graphql/driftQueries';
import type { GmsClient } from '../../src/gms/types';
import { REPO_ROOT } from './build';
import type { GmsModule } from './gmsBundle';
import { shippedModule } from './alone';
import { spread, type Spread } from './stats';

export const DRIFT_URNS = 10_000;
const CONCURRENCY = 4;
const benchUrn = (i: number) => `urn:li:dataset:(urn:li:dataPlatform:bench,t${i},PROD)`;
type HealthModule = typeof import('../../src/health/logic/check');

/** src/health/logic/check.ts as the extension ships it: bundled, minified, no keepNames. */
export function buildHealthBundle(outDir: string): Promise<HealthModule> {
  return shippedModule<HealthModule>(path.join(outDir, 'health-check.js'), { entryPoints: [path.join(REPO_ROOT, 'src', 'health', 'logic', 'check.ts')] });
}

/** The same requests with bare undici: for each 100 URNs the existence aliases and the search filter, 4 at a time. */
function bareDrift(url: string, token: string): (urns: string[]) => Promise<number> {
  const agent = new Agent({ headersTimeout: DEFAULT_TIMEOUT_MS, bodyTimeout: DEFAULT_TIMEOUT_MS, connect: { timeout: DEFAULT_TIMEOUT_MS } });
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json',
    'x-restli-protocol-version': '2.0.0',
    'user-agent': DEFAULT_USER_AGENT,
    authorization: `Bearer ${token}`,
  };
  const post = async (query: string, variables: Record<string, unknown>, operationName: string): Promise<Record<string, unknown>> => {
    const response = await request(`${url}/api/graphql`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ query, variables, operationName }),
      dispatcher: agent,
    });
    const text = await response.body.text();
    if (response.statusCode !== 200) throw new Error(`graphql answered ${response.statusCode}`);
    return (JSON.parse(text) as { data: Record<string, unknown> }).data;
  };
  return async (urns) => {
    let both = 0;
    let next = 0;
    const worker = async () => {
      while (next * DRIFT_BATCH < urns.length) {
        const batch = urns.slice(next * DRIFT_BATCH, ++next * DRIFT_BATCH);
        const [exists, found] = await Promise.all([
          post(existsQuery(batch.length), existsVariables(batch), 'entitiesExist'),
          post(MEMBERSHIP_QUERY, membershipVariables(batch), 'inSearchIndex'),
        ]);
        const hits = new Set(
          ((found.searchAcrossEntities as { searchResults: Array<{ entity: { urn: string } }> }).searchResults ?? []).map((h) => h.entity.urn),
        );
        batch.forEach((u, i) => (both += exists[`e${i}`] === true && hits.has(u) ? 1 : 0));
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    return both;
  };
}

export interface DriftTimes {
  /** Per round: our check ÷ bare requests. */
  ratio: Spread;
  client: Spread;
  bare: Spread;
  rounds: number;
}

export async function measureDriftCheck(gms: GmsModule, health: HealthModule, url: string, token: string, rounds = 10): Promise<DriftTimes> {
  const urns = Array.from({ length: DRIFT_URNS }, (_, i) => benchUrn(i));
  const client = gms.createGmsClient({ gmsUrl: url, token, api: 'openapi' }) as GmsClient;
  const bare = bareDrift(url, token);
  const ours = async () => {
    const report = await health.checkUrns(client, urns);
    if (report.tally.counts.both !== urns.length) throw new Error(`expected ${urns.length} in both, got ${JSON.stringify(report.tally.counts)}`);
  };
  const theirs = async () => {
    const both = await bare(urns);
    if (both !== urns.length) throw new Error(`bare: expected ${urns.length} in both, got ${both}`);
  };
  try {
    await ours();
    await theirs();
    const o: number[] = [];
    const b: number[] = [];
    const ratios: number[] = [];
    for (let round = 0; round < rounds; round++) {
      const time = async (run: () => Promise<void>, into: number[]) => {
        const t0 = performance.now();
        await run();
        into.push(performance.now() - t0);
      };
      if (round % 2 === 0) {
        await time(ours, o);
        await time(theirs, b);
      } else {
        await time(theirs, b);
        await time(ours, o);
      }
      ratios.push(o[round] / b[round]);
    }
    return { ratio: spread(ratios), client: spread(o), bare: spread(b), rounds };
  } finally {
    await client.close();
  }
}

/** Peak live heap growth (MB: a GC before each reading, every 50 ms) while sampling this many search documents of the bench platform. */
export async function sampleMemory(
  gms: GmsModule,
  health: HealthModule,
  url: string,
  token: string,
  documents: number,
): Promise<{ peakMb: number; checked: number; ms: number }> {
  const gc = (globalThis as { gc?: () => void }).gc;
  const client = gms.createGmsClient({ gmsUrl: url, token, api: 'openapi' }) as GmsClient;
  try {
    // Live heap, not garbage waiting for the next scavenge: a GC before each reading.
    const live = (): number => {
      gc?.();
      return process.memoryUsage().heapUsed;
    };
    const base = live();
    let peak = base;
    const timer = setInterval(() => (peak = Math.max(peak, live())), 50);
    const t0 = performance.now();
    const scope = { kind: 'urnLike' as const, urnLike: 'urn:li:dataset:(urn:li:dataPlatform:bench,%', entityType: 'dataset' };
    const report = await health.checkScope(client, scope, { sampleLimit: documents });
    const ms = performance.now() - t0;
    clearInterval(timer);
    peak = Math.max(peak, live());
    void report;
    return { peakMb: (peak - base) / 1e6, checked: report.sample?.checked ?? 0, ms };
  } finally {
    await client.close();
  }
}
