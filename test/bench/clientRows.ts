// The client-overhead rows of `npm run bench` (both transports against bare undici, the
// URN-list restore, the CPU of the client's steps), and `--only client`, which measures
// them alone on a quick production build.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { capture, REPO_ROOT } from './build';
import { measureClientOverhead, URN_LIST_SIZE, type OverheadTimes } from './clientOverhead';
import { loadGmsBundle, type GmsModule } from './gmsBundle';
import { startSandboxProcess } from './sandboxProcess';
import { describeMachine, machine, markdownTable, spread, textTable, type Row } from './stats';

const ROUNDS = 12;
const PER_ROUND = 25;

/** The client-overhead rows: both transports against bare undici, the URN-list restore, the CPU of the client's steps. */
export async function clientOverheadRows(gms: GmsModule, url: string, log: (line: string) => void): Promise<Row[]> {
  log(`client overhead: Rest.li and OpenAPI, ${ROUNDS} rounds × ${PER_ROUND} calls each way; a ${URN_LIST_SIZE.toLocaleString('en')}-URN list restore…`);
  const overhead = await measureClientOverhead(gms, url, SANDBOX_TOKENS.admin, ROUNDS, PER_ROUND);
  const perCall = (o: OverheadTimes): string =>
    `per call median ${(o.client.median * 1000).toFixed(0)} vs ${(o.bare.median * 1000).toFixed(0)} µs (${((o.client.median - o.bare.median) * 1000).toFixed(0)} µs)`;
  const rows: Row[] = [];
  for (const [transport, name, bareForm] of [
    ['restli', 'Rest.li', 'POST ?action='],
    ['openapi', 'OpenAPI', 'GET'],
  ] as const) {
    for (const action of ['getIndexSizes', 'restoreIndices'] as const) {
      const o = overhead[transport][action];
      rows.push({
        section: 'Client overhead',
        label: `${name} ${action}: our client (dist/gms.js) ÷ bare undici.request`,
        unit: 'x',
        value: o.ratio,
        target: { max: 1.05, text: '≤ 1.05' },
        note: `${ROUNDS} rounds × ${PER_ROUND} sequential calls each way after 200 warm-up calls each way (bare: ${bareForm}, same headers, JSON.parse), alternating; ${perCall(o)}`,
      });
    }
  }
  const list = overhead.urnList;
  rows.push({
    section: 'Client overhead',
    label: `OpenAPI restoreUrns: ${list.urns.toLocaleString('en')} URNs in POSTs of ${list.chunk}: our client ÷ bare undici.request`,
    unit: 'x',
    value: list.times.ratio,
    target: { max: 1.05, text: '≤ 1.05' },
    note: `${list.times.calls} restores of ${list.requests} sequential POSTs each way, alternating; per restore median ${list.times.client.median.toFixed(2)} vs ${list.times.bare.median.toFixed(2)} ms; ${list.rowsMigrated} rows restored per run`,
  });
  rows.push({
    section: 'Client overhead',
    label: `OpenAPI list restore of ${list.urns.toLocaleString('en')} URNs with every empty URN named (restoreChunkExactly) ÷ the same POSTs (restore and entityExists beside it) with bare undici`,
    unit: 'x',
    value: list.exact.ratio,
    target: { max: 1.1, text: '≤ 1.1' },
    note: `${list.exact.calls} restores each way, alternating; per restore median ${list.exact.client.median.toFixed(2)} vs ${list.exact.bare.median.toFixed(2)} ms`,
  });
  rows.push({
    section: 'Client overhead',
    label: `The same ÷ the restore POSTs alone with bare undici (what naming every empty URN costs on top)`,
    unit: 'x',
    value: list.exactVsPosts.ratio,
    note: `per restore median ${list.exactVsPosts.client.median.toFixed(2)} vs ${list.exactVsPosts.bare.median.toFixed(2)} ms; the sandbox answers both on one thread, and charges 100 existence checks about half a restore of 100 URNs`,
  });
  const ten = list.tenThousand;
  rows.push({
    section: 'Client overhead',
    label: `${ten.urns.toLocaleString('en')} URNs (${ten.empty} empty, hidden among their type), every empty one named: entityExists beside POSTs of 100 ÷ POSTs with batchSize 1`,
    unit: 'x',
    value: spread([ten.besideMs / ten.batchOfOneMs]),
    note: `median of 3 runs: ${ten.besideMs.toFixed(0)} vs ${ten.batchOfOneMs.toFixed(0)} ms here; the sandbox does not charge a batch its own database query, DataHub does (one per batch: 100× the queries with batchSize 1)`,
  });
  const st = overhead.steps;
  rows.push(
    {
      section: 'Client overhead',
      label: `getIndexSizes: decodeEnvelope + parseIndexSizes (${st.answerBytes.getIndexSizes} B answer)`,
      unit: 'µs',
      value: st.decodeAndParse.getIndexSizes,
      note: `CPU per call; a bare JSON.parse takes ${st.bareJsonParse.getIndexSizes.median.toFixed(1)} µs`,
    },
    {
      section: 'Client overhead',
      label: `restoreIndices: decodeEnvelope + parseRestoreResult (${st.answerBytes.restoreIndices} B answer)`,
      unit: 'µs',
      value: st.decodeAndParse.restoreIndices,
      note: `CPU per call; a bare JSON.parse takes ${st.bareJsonParse.restoreIndices.median.toFixed(1)} µs`,
    },
    { section: 'Client overhead', label: 'restoreIndices: restoreBody (input validation)', unit: 'µs', value: st.restoreBody, note: 'CPU per call' },
  );
  return rows;
}

/**
 * `npm run bench -- --only client`: the client-overhead rows alone, in seconds rather than
 * minutes: dist/gms.js from `node esbuild.js --production` (no type check, no VSIX, no hosts).
 * Its table goes to test-results/bench/client.md; --update-docs is refused, since the
 * marked table in docs/performance.md holds every row.
 */
export async function clientOnly(updateDocs: boolean): Promise<void> {
  if (updateDocs) throw new Error('--update-docs rewrites the whole table: run the whole bench (npm run bench -- --no-host --update-docs)');
  const when = new Date();
  const began = performance.now();
  const log = (line: string): void => console.error(`bench: ${line}`);
  log(describeMachine(machine(), when));
  const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
  if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${built.output}`);
  // A copy, so a rebuild of dist/ by someone else mid-run cannot change what is timed.
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-client-'));
  fs.copyFileSync(path.join(REPO_ROOT, 'dist', 'gms.js'), path.join(staged, 'gms.js'));
  const sandbox = await startSandboxProcess(['--quiet', '--bench-rows', '100000']);
  try {
    const rows = await clientOverheadRows(loadGmsBundle(staged), sandbox.url, log);
    const header = `Machine: ${describeMachine(machine(), when)}. Client overhead alone (--only client) ${((performance.now() - began) / 1000).toFixed(0)} s.`;
    console.log(`\n${header}\n\n${textTable(rows)}\n`);
    const outDir = path.join(REPO_ROOT, 'test-results', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'client.md'), `${header}\n\n${markdownTable(rows)}\n`);
    log('wrote test-results/bench/client.md');
  } finally {
    await sandbox.stop();
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
