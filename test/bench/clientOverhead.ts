// What the client adds to a request: N sequential getIndexSizes and
// restoreIndices calls through createGmsClient of the shipped bundle (dist/gms.js),
// over Rest.li (api: 'restli') and over OpenAPI (api: 'openapi'), versus the same
// requests with bare undici (bare.ts), against the same sandbox; and a list restore of
// 1,000 URNs over OpenAPI (restoreUrns, 100 URNs per POST) versus the same POSTs, bare
// and with exact attribution (restoreChunkExactly: GraphQL entityExists beside each POST);
// and, for 10,000 URNs, the two ways to name every empty URN exactly: entityExists beside
// POSTs of 100, or POSTs whose batchSize 1 gives one result per URN.
// Calls alternate one by one (which goes first flips every round), and each round
// compares the medians of its calls, so that load from others on a shared machine hits both alike.
import type { GmsClient } from '../../src/gms/types';
import { SAMPLE_URNS } from '../sandbox/data';
import { restoreChunkExactly } from '../../src/restore/logic/urnList';
import { existsQuery, existsVariables } from '../../src/gms/graphql/driftQueries';
import { createBareClient, type BareClient } from './bare';
import type { GmsModule } from './gmsBundle';
import { spread, type Spread } from './stats';

export interface OverheadTimes {
  /** Per round: median client call / median bare call. */
  ratio: Spread;
  /** Per-call latency, ms. */
  client: Spread;
  bare: Spread;
  /** Calls each way. */
  calls: number;
}

type Caller = () => Promise<unknown>;

async function timed(call: Caller, into: number[]): Promise<void> {
  const t0 = performance.now();
  await call();
  into.push(performance.now() - t0);
}

/**
 * Warm-up calls each way before the timed rounds (at least): connections open, and V8 has optimised
 * both paths. The client's check of the answer (zod, then normalising) runs unoptimised for its
 * first hundred or so calls; over 25 warm-up calls the getIndexSizes row read 1.04 to 1.10 in its
 * first rounds and about 1.00 after 200. The rows measure the transport's overhead per call, not V8's
 * warm-up; the CPU of one cold read is its own row ("the client's steps").
 */
const WARM_UP_CALLS = 200;

async function compare(ours: Caller, bare: Caller, rounds: number, perRound: number, warmUp = WARM_UP_CALLS): Promise<OverheadTimes> {
  for (let i = 0; i < Math.max(perRound, warmUp); i++) {
    await ours();
    await bare();
  }
  const ratios: number[] = [];
  const ourCalls: number[] = [];
  const bareCalls: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const o: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < perRound; i++) {
      if (round % 2 === 0) {
        await timed(ours, o);
        await timed(bare, b);
      } else {
        await timed(bare, b);
        await timed(ours, o);
      }
    }
    ratios.push(spread(o).median / spread(b).median);
    ourCalls.push(...o);
    bareCalls.push(...b);
  }
  return { ratio: spread(ratios), client: spread(ourCalls), bare: spread(bareCalls), calls: rounds * perRound };
}

/** CPU time of the client's own steps on the real answers, µs per call (10 batches of 2000). */
export interface ClientSteps {
  bareJsonParse: { getIndexSizes: Spread; restoreIndices: Spread };
  decodeAndParse: { getIndexSizes: Spread; restoreIndices: Spread };
  restoreBody: Spread;
  answerBytes: { getIndexSizes: number; restoreIndices: number };
}

export interface TransportOverhead {
  getIndexSizes: OverheadTimes;
  restoreIndices: OverheadTimes;
}

export interface UrnListOverhead {
  /** Per restore of `urns` URNs (`requests` POSTs of at most `chunk`). */
  times: OverheadTimes;
  urns: number;
  chunk: number;
  requests: number;
  /** Rows the sandbox reported restored by one run (the client's result). */
  rowsMigrated: number;
  /** The same list with every URN that restored nothing named (entityExists beside each POST) ÷ the same requests with bare undici. */
  exact: OverheadTimes;
  /** The same ÷ the POSTs alone with bare undici (what naming the empty URNs costs on top, in the sandbox). */
  exactVsPosts: OverheadTimes;
  /** 10,000 URNs, every empty URN named: median ms of three runs each way. */
  tenThousand: { besideMs: number; batchOfOneMs: number; urns: number; empty: number };
}

export interface ClientOverhead {
  restli: TransportOverhead;
  openapi: TransportOverhead;
  urnList: UrnListOverhead;
  steps: ClientSteps;
}

/** DataHub's default batch size of the POST restoreIndices (EntityServiceImpl): the chunk a list restore sends per request. */
export const URN_LIST_CHUNK = 100;
/** URNs of a list restore; the sandbox's bench rows (--bench-rows) hold them. */
export const URN_LIST_SIZE = 1000;

export function benchUrns(n: number): string[] {
  return Array.from({ length: n }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:bench,t${i},PROD)`);
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function perCallUs(fn: () => unknown): Spread {
  const batches: number[] = [];
  for (let b = 0; b < 10; b++) {
    const t0 = performance.now();
    for (let i = 0; i < 2000; i++) fn();
    batches.push(((performance.now() - t0) * 1000) / 2000);
  }
  return spread(batches);
}

async function measureSteps(gms: GmsModule, gmsUrl: string, token: string, urn: string): Promise<ClientSteps> {
  const { decodeEnvelope, parseIndexSizes, parseRestoreResult, restoreBody } = gms;
  const text = async (action: string, body: unknown): Promise<string> => {
    const response = await fetch(`${gmsUrl}/operations?action=${action}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    return response.text();
  };
  const sizes = await text('getIndexSizes', {});
  const restore = await text('restoreIndices', { urn });
  return {
    bareJsonParse: { getIndexSizes: perCallUs(() => JSON.parse(sizes)), restoreIndices: perCallUs(() => JSON.parse(restore)) },
    decodeAndParse: {
      getIndexSizes: perCallUs(() => parseIndexSizes(decodeEnvelope('getIndexSizes', sizes))),
      restoreIndices: perCallUs(() => parseRestoreResult(decodeEnvelope('restoreIndices', restore))),
    },
    restoreBody: perCallUs(() => restoreBody({ urn })),
    answerBytes: { getIndexSizes: Buffer.byteLength(sizes), restoreIndices: Buffer.byteLength(restore) },
  };
}

/**
 * 10,000 URNs (one in a hundred in no table, hidden among URNs of its own type): each empty
 * URN named (a) by entityExists beside POSTs of 100, (b) by POSTs of 100 with batchSize 1,
 * whose answer then has one result per URN (a URN with rows is its batch's lastUrn).
 * Both must name exactly the same URNs; the times are the median of three runs each.
 */
async function compareAttributionWays(client: GmsClient): Promise<UrnListOverhead['tenThousand']> {
  const urns = benchUrns(9900);
  const empty = Array.from({ length: 100 }, (_, i) => `urn:li:dataset:(urn:li:dataPlatform:bench,never_loaded_${i},PROD)`);
  for (const [i, urn] of empty.entries()) urns.splice(i * 100 + 37, 0, urn);
  const lists = chunks(urns, URN_LIST_CHUNK);
  const beside = async (): Promise<string[]> => {
    const named: string[] = [];
    for (const list of lists) named.push(...(await restoreChunkExactly(client, list)).nothing.map((n) => n.urn));
    return named;
  };
  const batchOfOne = async (): Promise<string[]> => {
    const named: string[] = [];
    for (const list of lists) {
      const answer = await client.restoreUrns({ urns: list, batchSize: 1 });
      const sent = new Set(answer.batches.filter((b) => b.rowsMigrated > 0 && b.lastUrn).map((b) => b.lastUrn));
      named.push(...list.filter((u) => !sent.has(u)));
    }
    return named;
  };
  const times = async (run: () => Promise<string[]>): Promise<{ ms: number; named: string[] }> => {
    const ms: number[] = [];
    let named: string[] = [];
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      named = await run();
      ms.push(performance.now() - t0);
    }
    return { ms: spread(ms).median, named };
  };
  const a = await times(beside);
  const b = await times(batchOfOne);
  const same = (x: string[]) => JSON.stringify([...x].sort()) === JSON.stringify([...empty].sort());
  if (!same(a.named) || !same(b.named)) throw new Error('the two ways did not name the same empty URNs');
  return { besideMs: a.ms, batchOfOneMs: b.ms, urns: urns.length, empty: empty.length };
}

export async function measureClientOverhead(gms: GmsModule, gmsUrl: string, token: string, rounds: number, perRound: number): Promise<ClientOverhead> {
  // Each transport pinned: 'auto' (the default) would send both comparisons over OpenAPI where the sandbox serves both.
  const restliClient: GmsClient = gms.createGmsClient({ gmsUrl, token, api: 'restli' });
  const openapiClient: GmsClient = gms.createGmsClient({ gmsUrl, token, api: 'openapi' });
  const bare: BareClient = createBareClient(gmsUrl, token);
  const urn = SAMPLE_URNS.ordersDataset;
  try {
    const restli: TransportOverhead = {
      getIndexSizes: await compare(
        () => restliClient.getIndexSizes(),
        () => bare.post('getIndexSizes', {}),
        rounds,
        perRound,
      ),
      restoreIndices: await compare(
        () => restliClient.restoreIndices({ urn }),
        () => bare.post('restoreIndices', { urn }),
        rounds,
        perRound,
      ),
    };
    const openapi: TransportOverhead = {
      getIndexSizes: await compare(
        () => openapiClient.getIndexSizes(),
        () => bare.openapiGet('getIndexSizes'),
        rounds,
        perRound,
      ),
      restoreIndices: await compare(
        () => openapiClient.restoreIndices({ urn }),
        () => bare.openapiGet('restoreIndices', [['urn', urn]]),
        rounds,
        perRound,
      ),
    };
    const lists = chunks(benchUrns(URN_LIST_SIZE), URN_LIST_CHUNK);
    const probe = await openapiClient.restoreUrns({ urns: lists[0] });
    if (probe.rowsMigrated === 0) throw new Error('the sandbox restored nothing for the bench URNs: start it with --bench-rows 1000 or more');
    let rowsMigrated = 0;
    const clientRestore = async (): Promise<void> => {
      rowsMigrated = 0;
      for (const urns of lists) rowsMigrated += (await openapiClient.restoreUrns({ urns })).rowsMigrated;
    };
    const bareRestore = async (): Promise<void> => {
      for (const urns of lists) await bare.openapiPost('restoreIndices', urns);
    };
    const listRounds = Math.max(2, Math.round(rounds / 2));
    const times = await compare(clientRestore, bareRestore, listRounds, Math.max(2, Math.round(perRound / 5)), 20);
    const exactRestore = async (): Promise<void> => {
      for (const urns of lists) {
        const chunk = await restoreChunkExactly(openapiClient, urns);
        if (chunk.nothing.length > 0 || chunk.requests !== 1)
          throw new Error(`exact attribution misread the bench URNs: ${JSON.stringify(chunk.nothing.slice(0, 3))}`);
      }
    };
    // The same requests with bare undici: each POST with its existence question beside it, the answer read and JSON-parsed.
    const bareExact = async (): Promise<void> => {
      for (const urns of lists) {
        await Promise.all([
          bare.openapiPost('restoreIndices', urns),
          bare.graphqlPost({ query: existsQuery(urns.length), variables: existsVariables(urns), operationName: 'entitiesExist' }),
        ]);
      }
    };
    const exact = await compare(exactRestore, bareExact, listRounds, Math.max(2, Math.round(perRound / 5)), 20);
    const exactVsPosts = await compare(exactRestore, bareRestore, listRounds, Math.max(2, Math.round(perRound / 5)), 20);
    const tenThousand = await compareAttributionWays(openapiClient);
    const urnList: UrnListOverhead = {
      times,
      urns: URN_LIST_SIZE,
      chunk: URN_LIST_CHUNK,
      requests: lists.length,
      rowsMigrated,
      exact,
      exactVsPosts,
      tenThousand,
    };
    const steps = await measureSteps(gms, gmsUrl, token, urn);
    return { restli, openapi, urnList, steps };
  } finally {
    await restliClient.close();
    await openapiClient.close();
    await bare.close();
  }
}
