// The operations journal's cost (src/platform/journal.ts, bundled and minified as it ships, over the
// client of dist/gms.js): the bulk restore at concurrency 4 and one restore, each run inside a command
// run's journal scope with the client's onWrite recording every write, against the same work with a
// client that records nothing, alternating in one run (alternate.ts); and reading the last 1,000 entries
// of a journal of 100,000 (src/shared/journalFile.ts, newest first from the ends of the files).
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_TOKENS } from '../sandbox/api';
import type { GmsClient } from '../../src/gms/types';
import type { JournalEntry } from '../../src/shared/journal';
import { REPO_ROOT } from './build';
import { runAlone, shippedModule } from './alone';
import { alternate } from './alternate';
import { BENCH_URN_LIKE } from './bulkRestore';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import { spread, type Row } from './stats';

type JournalModule = typeof import('../../src/platform/journal') &
  typeof import('../../src/shared/journalFile') &
  typeof import('../../src/shared/journalRead') &
  typeof import('../../src/restore/logic/restorePlan');

function buildJournalBundle(outDir: string): Promise<JournalModule> {
  const contents = [
    "export { journaled, recordWrite, startJournal, journalFile } from './src/platform/journal';",
    "export { JournalFile } from './src/shared/journalFile';",
    "export { readJournalFile } from './src/shared/journalRead';",
    "export { patternPageRequest, runRestorePlan } from './src/restore/logic/restorePlan';",
  ].join('\n');
  return shippedModule<JournalModule>(path.join(outDir, 'journal.js'), { stdin: { contents, resolveDir: REPO_ROOT, loader: 'ts' } });
}

const CONNECTION = { name: 'bench', gmsUrl: 'http://127.0.0.1', environment: 'production' as const };

function entry(i: number): JournalEntry {
  return {
    at: 1_800_000_000_000 + i,
    connection: i % 3 ? 'prod' : 'staging',
    gmsOrigin: 'https://datahub.example.com',
    environment: 'production',
    command: 'datahub.restoreIndicesByPattern',
    askedBy: 'person',
    outcome: 'done',
    summary: `Restored 1,000 rows of urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${i},PROD)% in 2 pages (run ${i}).`,
    dryRun: { toDelete: 1000, total: 5000 },
    sent: { requests: 2, targets: [`urn:li:dataset:(urn:li:dataPlatform:hive,db.table_${i},PROD)`] },
  };
}

export async function journalRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const j = await buildJournalBundle(stagedDir);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-journal-bench-'));
  const token = SANDBOX_TOKENS.admin;
  const stop = j.startJournal(dir, { warn: (m: string) => log(`journal: ${m}`) });
  // Rest.li, as the bulk restore row is measured; one client records every write into the journal, the other nothing.
  const recording = gms.createGmsClient({
    gmsUrl: sandbox.url,
    token,
    api: 'restli',
    onWrite: (w) => j.recordWrite(CONNECTION.name, () => CONNECTION, w),
  }) as GmsClient;
  const plain = gms.createGmsClient({ gmsUrl: sandbox.url, token, api: 'restli' }) as GmsClient;
  const page = (start: number) => j.patternPageRequest({ urnLike: BENCH_URN_LIKE, batchSize: 1000 }, start);
  const bulk = (client: GmsClient) =>
    j.runRestorePlan({ start: 0, batchSize: 1000, all: true, concurrency: 4, restorePage: (start) => client.restoreIndices(page(start)) });
  const errorState = () => 'other';
  try {
    const serviceTimeMs = 50;
    await sandbox.control('POST', '/service-time', { ms: serviceTimeMs });
    log(`journal: bulk restore of 100,000 rows, concurrency 4, ${serviceTimeMs} ms a page, journaled vs not, alternating (about 40 s)…`);
    const bulkRounds = 5;
    const bulkPer = 2;
    const b = await alternate(
      () => j.journaled('datahub.restoreIndicesByPattern', 'api', false, () => bulk(recording), errorState),
      () => bulk(plain),
      bulkRounds,
      bulkPer,
    );
    await sandbox.control('POST', '/service-time', { ms: 0 });

    log('journal: one restore, journaled vs not…');
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:bench,t1,PROD)';
    const oneRounds = 15;
    const onePer = 40;
    const one = await alternate(
      () => j.journaled('datahub.restoreIndices', 'api', false, () => recording.restoreIndices({ urn }), errorState),
      () => plain.restoreIndices({ urn }),
      oneRounds,
      onePer,
    );
    await j.journalFile()?.flush();

    log('journal: 100,000 entries written, the last 1,000 read…');
    const readDir = path.join(dir, 'read');
    const big = new j.JournalFile(readDir);
    for (let i = 0; i < 100_000; i++) big.append(entry(i));
    await big.flush();
    const files = fs.readdirSync(readDir);
    const totalMb = files.reduce((n, f) => n + fs.statSync(path.join(readDir, f)).size, 0) / 1e6;
    const fresh = new j.JournalFile(readDir);
    const reads: number[] = [];
    let got = 0;
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      got = (await j.readJournalFile(fresh, { limit: 1000 })).length;
      reads.push(performance.now() - t0);
    }
    const filtered: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      await j.readJournalFile(fresh, { limit: 1000, connection: 'staging' });
      filtered.push(performance.now() - t0);
    }
    if (got !== 1000) throw new Error(`read ${got} entries, not 1,000`);
    const added = one.ours.median - one.theirs.median;
    return [
      {
        section: 'Operations journal',
        label: 'Bulk restore: 100,000 rows, batchSize 1000, 50 ms a page, concurrency 4, every write journaled ÷ the same run not journaled',
        unit: 'x',
        value: b.ratio,
        target: { max: 1.02, text: '≤ 1.02' },
        note: `${bulkRounds} rounds × ${bulkPer} runs each way, alternating; per run median ${b.ours.median.toFixed(0)} vs ${b.theirs.median.toFixed(0)} ms; one entry per run`,
      },
      {
        section: 'Operations journal',
        label: 'One restore (one URN, 0 ms service time), journaled: time added per restore',
        unit: 'ms',
        value: spread([added]),
        target: { max: 1, text: '≤ 1 ms' },
        note: `${oneRounds} rounds × ${onePer} restores each way, alternating; median ${one.ours.median.toFixed(3)} vs ${one.theirs.median.toFixed(3)} ms (ratio ${one.ratio.median.toFixed(3)}); the entry appended by the journal's one writer, off the restore's path`,
      },
      {
        section: 'Operations journal',
        label: 'Read the last 1,000 entries of a journal of 100,000 (newest first)',
        unit: 'ms',
        value: spread(reads),
        target: { max: 100, text: '≤ 100 ms' },
        note: `${files.length} files, ${totalMb.toFixed(1)} MB in all; one connection's last 1,000 (a third of the entries) median ${spread(filtered).median.toFixed(1)} ms`,
      },
    ];
  } finally {
    stop.dispose();
    await recording.close();
    await plain.close();
    await sandbox.control('POST', '/service-time', { ms: 0 });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** `npm run bench -- --only journal`: the journal's rows alone on a quick production build. */
export function journalOnly(updateDocs: boolean): Promise<void> {
  return runAlone(
    { name: 'journal', title: 'Operations journal alone (--only journal)', sandboxArgs: ['--quiet', '--bench-rows', '100000'], rows: journalRows },
    updateDocs,
  );
}
