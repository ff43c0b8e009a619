// Search as you type in the URN prompts, against the sandbox: how long after the
// last key the result list is there (goal: one round trip + 300 ms), and how many
// stale requests are cancelled when typing resumes while a search is in flight.
// `npm run bench:search [-- --trials 20 --service-ms 150]`
import { parseArgs } from 'node:util';
import { createGmsClient } from '../../src/gms';
import { LIVE_SEARCH_DEBOUNCE_MS, LiveSearch, type LiveSearchResult } from '../../src/shared/liveSearch';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { SAMPLE_URNS } from '../sandbox/data';
import { startSandbox } from '../sandbox/server';
import { spread } from './stats';

const { values } = parseArgs({ options: { trials: { type: 'string', default: '20' }, 'service-ms': { type: 'string', default: '150' } } });
const trials = Number(values.trials);
const serviceMs = Number(values['service-ms']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keys as typed: "db", a pause longer than the debounce (a search starts), then ".orders" at 80 ms a key. */
const SCRIPT: Array<[text: string, gapAfterMs: number]> = [
  ['d', 80],
  ['db', LIVE_SEARCH_DEBOUNCE_MS + 70],
  ['db.', 80],
  ['db.o', 80],
  ['db.or', 80],
  ['db.ord', 80],
  ['db.orde', 80],
  ['db.order', 80],
  ['db.orders', 0],
];

async function main(): Promise<void> {
  const sandbox = await startSandbox({ serviceTimeMs: serviceMs });
  const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.admin });
  try {
    // One round trip of the search request, warm connection.
    await client.search.findEntities('orders');
    const trips: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await client.search.findEntities('db.orders');
      trips.push(performance.now() - t0);
    }
    const roundTrip = spread(trips).median;

    const afterLastKey: number[] = [];
    let sent = 0;
    let cancelled = 0;
    let wrong = 0;
    for (let t = 0; t < trials; t++) {
      let lastKeyAt = 0;
      let resolveDone: (r: Extract<LiveSearchResult, { kind: 'results' }>) => void = () => undefined;
      const done = new Promise<Extract<LiveSearchResult, { kind: 'results' }>>((r) => (resolveDone = r));
      const live = new LiveSearch({
        find: (text, signal) => client.search.findEntities(text, signal),
        unavailable: () => undefined,
        onResult: (r) => {
          if (r.kind === 'results' && r.text === 'db.orders') resolveDone(r);
        },
      });
      for (const [text, gap] of SCRIPT) {
        live.update(text);
        lastKeyAt = performance.now();
        if (gap > 0) await sleep(gap);
      }
      const result = await done;
      afterLastKey.push(performance.now() - lastKeyAt);
      if (result.entities[0]?.urn !== SAMPLE_URNS.ordersDataset) wrong++;
      sent += live.stats.sent;
      cancelled += live.stats.cancelled;
      live.dispose();
    }
    const s = spread(afterLastKey);
    const goal = roundTrip + 300;
    console.log(`search as you type (sandbox service time ${serviceMs} ms, debounce ${LIVE_SEARCH_DEBOUNCE_MS} ms, ${trials} trials)`);
    console.log(`  one round trip (median of 10):      ${roundTrip.toFixed(1)} ms`);
    console.log(
      `  list after the last key: median ${s.median.toFixed(1)} ms, max ${s.max.toFixed(1)} ms (goal <= ${goal.toFixed(0)} ms: median ${s.median <= goal ? 'met' : 'MISSED'}, max ${s.max <= goal ? 'met' : 'over'})`,
    );
    console.log(`  requests sent ${sent}, stale requests cancelled ${cancelled} (${(cancelled / trials).toFixed(1)} per trial), wrong first result ${wrong}`);
    if (s.median > goal || wrong > 0) process.exitCode = 1;
  } finally {
    await client.close();
    await sandbox.stop();
  }
}

void main();
