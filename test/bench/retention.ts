// Retention planning throughput: 50 indices dry-run with the planner's own code
// (src/retention/logic/dryRuns.ts, concurrency 2) against the sandbox at a 100 ms
// service time. Ideal: ceil(50 / 2) × 100 ms; the goal is at most 1.1 × that.
// Prints the measured ratio per trial; the exit code says whether the median held the goal.
// `npm run bench:retention [-- --indices 50 --service-ms 100 --trials 5]`
import { parseArgs } from 'node:util';
import { createGmsClient } from '../../src/gms';
import { checkCutoffs, resolveCutoffs } from '../../src/retention/logic/plan';
import { DRY_RUN_CONCURRENCY, startDryRuns } from '../../src/retention/logic/dryRuns';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { startSandboxProcess } from './sandboxProcess';
import { spread } from './stats';

const { values } = parseArgs({
  options: { indices: { type: 'string', default: '50' }, 'service-ms': { type: 'string', default: '100' }, trials: { type: 'string', default: '5' } },
});
const count = Number(values.indices);
const serviceMs = Number(values['service-ms']);
const trials = Number(values.trials);
const GOAL = 1.1;

async function main(): Promise<void> {
  // Named indices the server lists with entity and aspect, so each is a truncation target of its own.
  const extra = Array.from({ length: count }, (_, i) => ({
    indexName: `dataset_bench${i}aspect_v1`,
    entityName: 'dataset',
    aspectName: `bench${i}`,
    sizeInMb: 100 + i,
  }));
  // The sandbox in a process of its own: its work does not share the event loop being measured.
  const sandbox = await startSandboxProcess(['--quiet']);
  await sandbox.control('POST', '/indices', { indices: extra });
  const client = createGmsClient({ gmsUrl: sandbox.url, token: SANDBOX_TOKENS.admin });
  try {
    const listed = (await client.getIndexSizes()).indices;
    const cutoffs = checkCutoffs(
      extra.map((e) => ({ indexName: e.indexName, days: 90 })),
      'bench',
    );
    const targets = resolveCutoffs(listed, cutoffs, 'bench');
    // Warm the connections and the code path with the service time off, then set it.
    await startDryRuns(client, targets).done;
    await sandbox.control('POST', '/service-time', { ms: serviceMs });
    const ideal = Math.ceil(count / DRY_RUN_CONCURRENCY) * serviceMs;
    const ratios: number[] = [];
    for (let t = 0; t < trials; t++) {
      const t0 = performance.now();
      const results = await startDryRuns(client, targets).done;
      const ms = performance.now() - t0;
      const failed = results.filter((r) => r.status !== 'fulfilled').length;
      if (failed) throw new Error(`${failed} dry runs did not succeed`);
      ratios.push(ms / ideal);
      console.log(`trial ${t + 1}: ${count} indices in ${ms.toFixed(0)} ms (ideal ${ideal} ms): ratio ${(ms / ideal).toFixed(3)}`);
    }
    const s = spread(ratios);
    const worst = Math.max(...ratios);
    console.log(
      `retention planning: ${count} indices, concurrency ${DRY_RUN_CONCURRENCY}, service time ${serviceMs} ms: ratio median ${s.median.toFixed(3)}, worst ${worst.toFixed(3)} (goal ≤ ${GOAL})`,
    );
    // The median judges (a shared machine's hiccups reach single trials); the worst is printed too.
    process.exitCode = s.median <= GOAL ? 0 : 1;
  } finally {
    await client.close();
    await sandbox.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
