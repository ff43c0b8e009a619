// What the client adds to a request: N sequential getIndexSizes and
// restoreIndices calls through createGmsClient versus the same requests with
// bare undici (bare.ts), against the same sandbox, interleaved in rounds (the
// order flips every round) so that drift on a shared machine hits both alike.
import { createGmsClient } from '../../src/gms/client';
import type { GmsClient } from '../../src/gms/types';
import { SAMPLE_URNS } from '../sandbox/data';
import { createBareClient, type BareClient } from './bare';
import { spread, type Spread } from './stats';

export interface OverheadTimes {
  /** Per round: client time / bare time for the round's N calls. */
  ratio: Spread;
  /** Per-call latency, ms. */
  client: Spread;
  bare: Spread;
  calls: number;
}

type Caller = () => Promise<unknown>;

async function timeCalls(call: Caller, n: number, perCall: number[]): Promise<number> {
  const began = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await call();
    perCall.push(performance.now() - t0);
  }
  return performance.now() - began;
}

async function compare(ours: Caller, bare: Caller, rounds: number, perRound: number): Promise<OverheadTimes> {
  // Warm-up: connections open, code compiled, on both paths.
  await timeCalls(ours, perRound, []);
  await timeCalls(bare, perRound, []);
  const ratios: number[] = [];
  const ourCalls: number[] = [];
  const bareCalls: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let oursMs: number;
    let bareMs: number;
    if (round % 2 === 0) {
      oursMs = await timeCalls(ours, perRound, ourCalls);
      bareMs = await timeCalls(bare, perRound, bareCalls);
    } else {
      bareMs = await timeCalls(bare, perRound, bareCalls);
      oursMs = await timeCalls(ours, perRound, ourCalls);
    }
    ratios.push(oursMs / bareMs);
  }
  return { ratio: spread(ratios), client: spread(ourCalls), bare: spread(bareCalls), calls: rounds * perRound };
}

export interface ClientOverhead {
  getIndexSizes: OverheadTimes;
  restoreIndices: OverheadTimes;
}

export async function measureClientOverhead(gmsUrl: string, token: string, rounds: number, perRound: number): Promise<ClientOverhead> {
  const client: GmsClient = createGmsClient({ gmsUrl, token });
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
    return { getIndexSizes, restoreIndices };
  } finally {
    await client.close();
    await bare.close();
  }
}
