// The DataHub Doctor rows of `npm run bench` and `--only doctor`, which measures them alone on a
// quick production build: the whole report ÷ the same requests with bare undici at the same
// concurrency, and a topic of 10,000 failed writes browsed in pages with flat memory (beside a
// naive reading that keeps every message whole).
import { SANDBOX_TOKENS } from '../sandbox/api';
import { runAlone } from './alone';
import { buildDoctorBundle, measureDoctorReport, measureFirstPage } from './doctorBench';
import { KEEP, measureFailedPaging, measureNaivePaging, PAGES_PER_CALL } from './doctorPaging';
import type { GmsModule } from './gmsBundle';
import type { SandboxProcess } from './sandboxProcess';
import { spread, type Row } from './stats';

/** Failed writes in mcp-failed while the report is timed, and for the paging rows. */
export const REPORT_FAILED = 200;
export const PAGED_FAILED = 10_000;

/** Adds failed proposals until mcp-failed holds `count`. */
async function failedUpTo(sandbox: SandboxProcess, count: number): Promise<void> {
  const now = ((await sandbox.control('GET', '/doctor')) as { failedMessages: number }).failedMessages;
  if (now > count) throw new Error(`mcp-failed already holds ${now} messages, more than ${count}`);
  if (now < count) await sandbox.control('POST', '/doctor/failed', { count: count - now });
}

export async function doctorRows(gms: GmsModule, stagedDir: string, sandbox: SandboxProcess, log: (line: string) => void): Promise<Row[]> {
  const doctor = await buildDoctorBundle(stagedDir);
  const token = SANDBOX_TOKENS.admin;
  try {
    await sandbox.control('POST', '/doctor', { states: ['consumerBehind'] });
    await failedUpTo(sandbox, REPORT_FAILED);
    log(`doctor report: the whole report vs the same requests with bare undici (MAE consumer behind, ${REPORT_FAILED} failed writes)…`);
    const r = await measureDoctorReport(gms, doctor, sandbox, token);
    const first = await measureFirstPage(gms, sandbox.url, token);
    await sandbox.control('POST', '/doctor', { state: 'green' });
    // The Postgres queue (pgQueue.ts): lag through the messaging endpoints, registered consumers, one partition stuck ahead.
    await sandbox.control('POST', '/messaging', { transport: 'pgqueue', stuckAhead: [{ consumer: 'mcl', partition: 1, aheadBy: 228 }] });
    log('doctor report on the Postgres queue: the whole report vs the same requests with bare undici (a partition stuck ahead)…');
    const q = await measureDoctorReport(gms, doctor, sandbox, token, 15, 20, true).finally(() => sandbox.control('POST', '/messaging', { transport: 'kafka' }));
    await failedUpTo(sandbox, PAGED_FAILED);
    log(`doctor paging: ${PAGED_FAILED.toLocaleString('en')} failed writes, ${PAGES_PER_CALL} pages of 100 per call, ${KEEP.toLocaleString('en')} kept…`);
    const p = await measureFailedPaging(gms, doctor, sandbox.url, token);
    const naive = await measureNaivePaging(gms, sandbox.url, token);
    if (p.seen !== PAGED_FAILED || naive.seen !== PAGED_FAILED) throw new Error(`the browse saw ${p.seen} messages, the naive reading ${naive.seen}`);
    const grew = (f: typeof p) => `+${(f.firstThousandMb - f.baseMb).toFixed(2)} MB after 1,000, +${(f.allMb - f.baseMb).toFixed(2)} MB after all`;
    return [
      {
        section: 'DataHub Doctor',
        label: `The whole report (${r.requests} GETs: health, search cluster, consumer groups and each group, mcp-failed, throttles, rate limits, maintenance, system info) ÷ the same requests with bare undici at the same concurrency`,
        unit: 'x',
        value: r.ratio,
        target: { max: 1.2, text: '≤ 1.2' },
        note: `${r.rounds} rounds × ${r.perRound} reports each way, alternating; per report median ${r.client.median.toFixed(2)} vs ${r.bare.median.toFixed(2)} ms; the requests one report sent (/__sandbox/requests), the details after their list; ${r.lines} lines, ${r.summaries.join('; ')}`,
      },
      {
        section: 'DataHub Doctor',
        label: `The whole report on the Postgres queue (${q.requests} GETs: the transport, lag through the messaging endpoints, the registered consumers of each topic, health, search cluster, the rest as above; no Kafka path) ÷ the same requests with bare undici`,
        unit: 'x',
        value: q.ratio,
        target: { max: 1.2, text: '≤ 1.2' },
        note: `${q.rounds} rounds × ${q.perRound} reports each way, alternating; per report median ${q.client.median.toFixed(2)} vs ${q.bare.median.toFixed(2)} ms; ${q.lines} lines, ${q.summaries.join('; ')}`,
      },
      {
        section: 'DataHub Doctor',
        label: `… of which its largest answer, the first page of mcp-failed (100 failed proposals, ${(first.bytes / 1024).toFixed(0)} KB): client.doctor.messages ÷ bare GET + JSON.parse`,
        unit: 'x',
        value: first.ratio,
        note: `${first.calls} sequential calls each way, alternating; per call median ${first.client.median.toFixed(2)} vs ${first.bare.median.toFixed(2)} ms (${((first.client.median - first.bare.median) * 1000).toFixed(0)} µs): each proposal's value is JSON text inside the answer, read again for its URN, aspect and error (the report reads this page for positions only)`,
      },
      {
        section: 'DataHub Doctor',
        label: `Browsing ${PAGED_FAILED.toLocaleString('en')} failed writes (readFailedPages, ${PAGES_PER_CALL} pages of 100 a call, ${KEEP.toLocaleString('en')} kept): live heap after all ÷ after the first ${KEEP.toLocaleString('en')}`,
        unit: 'x',
        value: spread([p.allMb / p.firstThousandMb]),
        target: { max: 1.1, text: '≤ 1.1 (flat)' },
        note: `${p.pages} pages in ${p.calls} calls, ${p.seen.toLocaleString('en')} messages seen, ${p.kept.toLocaleString('en')} kept; heap ${p.firstThousandMb.toFixed(2)} MB after 1,000, ${p.allMb.toFixed(2)} MB after all (${grew(p)}; peak ${p.peakMb.toFixed(2)}); ${(p.ms / p.pages).toFixed(2)} ms a page; a GC before each reading`,
      },
      {
        section: 'DataHub Doctor',
        label: `… the same pages read naively (every message kept whole): live heap after all ÷ after the first ${KEEP.toLocaleString('en')}`,
        unit: 'x',
        value: spread([naive.allMb / naive.firstThousandMb]),
        note: `heap ${naive.firstThousandMb.toFixed(2)} MB after 1,000, ${naive.allMb.toFixed(2)} MB after all (${grew(naive)}); ${(naive.ms / naive.pages).toFixed(2)} ms a page`,
      },
    ];
  } finally {
    await sandbox.control('POST', '/doctor', { state: 'green' });
  }
}

/** `npm run bench -- --only doctor`: the Doctor rows alone on a quick production build; the table goes to test-results/bench/doctor.md. */
export function doctorOnly(updateDocs: boolean): Promise<void> {
  return runAlone({ name: 'doctor', title: 'DataHub Doctor alone (--only doctor)', sandboxArgs: ['--quiet'], rows: doctorRows }, updateDocs);
}
