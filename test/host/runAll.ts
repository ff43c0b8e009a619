// `npm test`: lint, type check, unit tests, integration tests in a real VS Code,
// UI flows in the browser, and the VSIX check, one after the other. Every
// stage runs even when an earlier one failed, so one run shows everything;
// the last line is the total: "N passed, N failed".
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';
import { runCaptured, type GroupProcess } from './processes';

interface Stage {
  name: string;
  args: string[];
  /** Hard limit for the stage (its own timeouts should fire first). */
  limitSeconds: number;
}

const STAGES: Stage[] = [
  // ESLint (layering, promises) and Prettier's check: `npm run format` fixes the latter.
  { name: 'lint', args: ['run', 'lint'], limitSeconds: 600 },
  { name: 'check-types', args: ['run', 'check-types'], limitSeconds: 600 },
  { name: 'unit', args: ['run', 'test:unit'], limitSeconds: 600 },
  // Every in-host suite twice: against a server whose operations answer over OpenAPI only, and
  // against one with Rest.li only (the UI flows below use a server with both).
  { name: 'integration-openapi', args: ['run', 'test:integration', '--', '--sandbox-api', 'openapi'], limitSeconds: 720 },
  { name: 'integration-restli', args: ['run', 'test:integration', '--', '--sandbox-api', 'restli'], limitSeconds: 720 },
  // The same host with the workspace in restricted mode, for the suites that need it
  // (describe titles containing "untrusted workspace"; skipped when there are none).
  {
    name: 'untrusted',
    args: ['run', 'test:integration', '--', '--untrusted', '--grep', 'untrusted workspace'],
    limitSeconds: 600,
  },
  { name: 'ui', args: ['run', 'test:ui'], limitSeconds: 900 },
  { name: 'package', args: ['run', 'test:package'], limitSeconds: 300 },
];

interface Outcome {
  name: string;
  code: number;
  passed?: number;
  failed?: number;
  skipped?: number;
  seconds: number;
}

// The runners' own closing lines: node:test ("ℹ pass 12" / "# pass 12") and the
// mocha entry of the integration suite ("12 passed, 0 failed").
const last = (text: string, re: RegExp): number | undefined => {
  const all = [...text.matchAll(re)];
  return all.length ? Number(all[all.length - 1][1]) : undefined;
};

export function countsOf(output: string): { passed?: number; failed?: number; skipped?: number } {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes
  const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
  const summary = [...plain.matchAll(/^(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$/gm)].pop();
  if (summary) return { passed: Number(summary[1]), failed: Number(summary[2]), skipped: Number(summary[3] ?? 0) };
  const passed = last(plain, /^[ℹ#] pass (\d+)\s*$/gm);
  const failed = last(plain, /^[ℹ#] fail (\d+)\s*$/gm);
  const skipped = (last(plain, /^[ℹ#] skipped (\d+)\s*$/gm) ?? 0) + (last(plain, /^[ℹ#] todo (\d+)\s*$/gm) ?? 0);
  return passed === undefined && failed === undefined ? {} : { passed: passed ?? 0, failed: failed ?? 0, skipped };
}

function hasUntrustedSuite(): boolean {
  const dir = path.join(REPO_ROOT, 'test', 'integration');
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .some((f) => f.endsWith('.test.ts') && fs.readFileSync(path.join(dir, f), 'utf8').includes('untrusted workspace'));
}

/** The stage running now, so Ctrl-C can end its whole process group. */
let current: GroupProcess | undefined;

async function runStage(stage: Stage): Promise<Outcome> {
  console.log(`\n===== ${stage.name}: npm ${stage.args.join(' ')}`);
  const { code, output, seconds } = await runCaptured('npm', stage.args, {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: '0' },
    limitSeconds: stage.limitSeconds,
    onStart: (proc) => (current = proc),
  });
  return { name: stage.name, code, ...countsOf(output), seconds };
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  const stages = (only.length ? STAGES.filter((s) => only.includes(s.name)) : STAGES).filter((s) => s.name !== 'untrusted' || hasUntrustedSuite());
  const outcomes: Outcome[] = [];
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void current?.stop().finally(() => process.exit(130)));
  }
  for (const stage of stages) outcomes.push(await runStage(stage));

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  console.log('\n===== summary');
  for (const o of outcomes) {
    const counted = o.passed !== undefined;
    // A stage that failed without a failing test (type errors, a crash, a timeout) counts as one failure.
    const stageFailed = (o.failed ?? 0) + (o.code !== 0 && !(o.failed ?? 0) ? 1 : 0);
    if (counted) passed += o.passed ?? 0;
    else if (o.code === 0) passed += 1;
    failed += stageFailed;
    skipped += o.skipped ?? 0;
    const detail = counted ? `${o.passed} passed, ${o.failed} failed` : o.code === 0 ? 'ok' : `exit ${o.code}`;
    console.log(`  ${o.name.padEnd(12)} ${(o.code === 0 ? 'ok' : 'FAILED').padEnd(7)} ${detail.padEnd(24)} ${o.seconds.toFixed(0)} s`);
  }
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

if (require.main === module) {
  void main().then((code) => process.exit(code));
}
