// The drift-check rows of `npm run bench` and `--only drift`, which measures them alone
// on a quick production build: 10,000 URNs through the check ÷ the same requests with
// bare undici at the same concurrency, and the peak heap of a 1,000- and a
// 100,000-document sample.
import { SANDBOX_TOKENS } from '../sandbox/api';
import { runAlone } from './alone';
import { buildHealthBundle, DRIFT_URNS, measureDriftCheck, sampleMemory } from './driftBench';
import type { GmsModule } from './gmsBundle';
import { spread, type Row } from './stats';

export async function driftRows(gms: GmsModule, stagedDir: string, url: string, log: (line: string) => void): Promise<Row[]> {
  const health = await buildHealthBundle(stagedDir);
  log(`drift check: ${DRIFT_URNS.toLocaleString('en')} URNs, our check vs bare undici, 10 rounds alternating…`);
  const t = await measureDriftCheck(gms, health, url, SANDBOX_TOKENS.admin);
  log('drift sample memory: 1,000 and 100,000 search documents…');
  const small = await sampleMemory(gms, health, url, SANDBOX_TOKENS.admin, 1_000);
  const large = await sampleMemory(gms, health, url, SANDBOX_TOKENS.admin, 100_000);
  return [
    {
      section: 'Search Health',
      label: `Drift check of ${DRIFT_URNS.toLocaleString('en')} URNs: our check ÷ the same requests with bare undici (4 in flight)`,
      unit: 'x',
      value: t.ratio,
      target: { max: 1.1, text: '≤ 1.1' },
      note: `${t.rounds} rounds alternating; per check median ${t.client.median.toFixed(0)} vs ${t.bare.median.toFixed(0)} ms; 200 GraphQL requests each (100 URNs per request)`,
    },
    {
      section: 'Search Health',
      label: 'Drift sample: peak live heap of 100,000 documents minus that of 1,000',
      unit: 'MB',
      value: spread([large.peakMb - small.peakMb]),
      target: { max: 2, text: '≤ 2 (flat)' },
      note: `peak live heap growth ${small.peakMb.toFixed(2)} MB for ${small.checked.toLocaleString('en')} documents (${(small.ms / 1000).toFixed(1)} s), ${large.peakMb.toFixed(2)} MB for ${large.checked.toLocaleString('en')} (${(large.ms / 1000).toFixed(1)} s); a GC before each reading, every 50 ms`,
    },
  ];
}

/** `npm run bench -- --only drift`: the drift rows alone on a quick production build; the table goes to test-results/bench/drift.md. */
export function driftOnly(updateDocs: boolean): Promise<void> {
  return runAlone(
    {
      name: 'drift',
      title: 'Drift check alone (--only drift)',
      sandboxArgs: ['--quiet', '--bench-rows', '100000'],
      rows: (gms, staged, sandbox, log) => driftRows(gms, staged, sandbox.url, log),
    },
    updateDocs,
  );
}
