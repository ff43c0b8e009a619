// Two ways of doing the same work timed against each other: a warm-up of both, then `rounds` rounds of
// `perRound` runs each way, the order alternating run by run; a round's ratio is its median ours ÷ its
// median theirs.
import { spread, type Spread } from './stats';

export interface Alternated {
  /** Per round: median ours ÷ median theirs. */
  ratio: Spread;
  /** Per run, ms. */
  ours: Spread;
  theirs: Spread;
}

/** What a "ours ÷ the same requests with bare undici" row reports. */
export interface BareRatioTimes {
  /** Per round: median ours ÷ median bare. */
  ratio: Spread;
  /** Per call, ms. */
  client: Spread;
  bare: Spread;
  rounds: number;
  perRound: number;
  /** Requests one call sends. */
  requests: number;
}

export async function alternate(ours: () => Promise<unknown>, theirs: () => Promise<unknown>, rounds: number, perRound: number): Promise<Alternated> {
  // Warm-up: connections open, code compiled, on both paths.
  for (let i = 0; i < perRound; i++) {
    await ours();
    await theirs();
  }
  const o: number[] = [];
  const b: number[] = [];
  const ratios: number[] = [];
  const time = async (run: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await run();
    into.push(performance.now() - t0);
  };
  for (let round = 0; round < rounds; round++) {
    const ro: number[] = [];
    const rb: number[] = [];
    for (let i = 0; i < perRound; i++) {
      if ((round + i) % 2 === 0) {
        await time(ours, ro);
        await time(theirs, rb);
      } else {
        await time(theirs, rb);
        await time(ours, ro);
      }
    }
    ratios.push(spread(ro).median / spread(rb).median);
    o.push(...ro);
    b.push(...rb);
  }
  return { ratio: spread(ratios), ours: spread(o), theirs: spread(b) };
}
