// What the client adds to a request: N sequential getIndexSizes and
// restoreIndices calls through createGmsClient of the shipped bundle (dist/gms.js)
// versus the same requests with bare undici (bare.ts), against the same sandbox. Calls alternate one by one
// (which goes first flips every round), and each round compares the medians of
// its calls, so that load from others on a shared machine hits both alike.
import type { GmsClient } from '../../src/gms/types';
import { SAMPLE_URNS } from '../sandbox/data';
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

async function compare(ours: Caller, bare: Caller, rounds: number, perRound: number): Promise<OverheadTimes> {
  // Warm-up: connections open, code compiled, on both paths.
  for (let i = 0; i < perRound; i++) {
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

export interface ClientOverhead {
  getIndexSizes: OverheadTimes;
  restoreIndices: OverheadTimes;
  steps: ClientSteps;
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

export async function measureClientOverhead(gms: GmsModule, gmsUrl: string, token: string, rounds: number, perRound: number): Promise<ClientOverhead> {
  const client: GmsClient = gms.createGmsClient({ gmsUrl, token });
  const bare: BareClient = createBareClient(gmsUrl, token);
  const urn = SAMPLE_URNS.ordersDataset;
  try {
    const getIndexSizes = await compare(
      () => client.getIndexSizes(),
      () => bare.post('getIndexSizes', {}),
      rounds,
      perRound,
    );
    const restoreIndices = await compare(
      () => client.restoreIndices({ urn }),
      () => bare.post('restoreIndices', { urn }),
      rounds,
      perRound,
    );
    const steps = await measureSteps(gms, gmsUrl, token, urn);
    return { getIndexSizes, restoreIndices, steps };
  } finally {
    await client.close();
    await bare.close();
  }
}
