// `npm test`: lint, type check, unit tests, integration tests in a real VS Code,
// UI flows in the browser, and the VSIX check. A build stage first (code-server, the
// type check, the production bundles and the .vsix, then the test bundles), then four
// lanes side by side, so the lanes' waits (timers, polls, page loads) overlap each
// other's work on two cores. No stage after the build writes dist/ or out/: the
// in-host stages run with --no-build, the UI flows install the .vsix already made.
// Every stage runs even when an earlier one failed, so one run shows everything;
// the last line is the total: "N passed, N failed". CONTRIBUTING.md has the table.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './codeServer';
import { runCaptured, type GroupProcess } from './processes';
import { vsixPath } from './vsix';

interface Stage {
  name: string;
  args: string[];
  /** Hard limit for the stage (its own timeouts should fire first). */
  limitSeconds: number;
  env?: Record<string, string>;
}

/**
 * The suites whose code path differs by transport (index sizes, restores, truncation,
 * task status, the explain endpoints, connection pinning, faults on the wire): run
 * again against a Rest.li-only server. Every other suite drives logic above the client
 * (search, GraphQL, OpenAPI-only operations, prompts, views, the API gate) and runs once,
 * against the OpenAPI-only server.
 */
export const RESTLI_SUITES = [
  'connections/connections.test.ts',
  'indices/load.test.ts',
  'indices/tree.test.ts',
  'indices/tree-states.test.ts',
  'restore/restore.test.ts',
  'restore/honest.test.ts',
  'restore/faults.test.ts',
  'restore/urn-list.test.ts',
  'health/explain.test.ts',
  'health/inspect.test.ts',
  'truncate',
  'shared/faults.test.ts',
  'shared/smoke.test.ts',
];

/**
 * Side by side: code-server (on a clean clone, npm installs and three native modules compiled,
 * about 55 s) and the type check (vscode:prepublish runs `npm run check-types`, tsc on one core),
 * the production bundles and the .vsix, then the development bundles and the suites (out/) the
 * in-host stages load. One after the other they took 96 s.
 */
const BUILD: Stage[] = [
  { name: 'code-server', args: ['run', 'setup:code-server'], limitSeconds: 600 },
  { name: 'build', args: ['run', 'build:bundles'], limitSeconds: 600 },
];

/**
 * The in-host suites whose tests wait longest in real time (lag that drains, jobs that run
 * their course, phases of a reindex, a restore followed until search has it, hostile text in
 * every document): their own host, beside the first, so the two waits overlap. Chosen so that
 * the first lane (the unit tests, then the first host) and the second (this host, the
 * restricted and Rest.li hosts, then lint) end together: about 930 s and 900 s in a clean-clone
 * run on two cores. A new suite goes to the first host.
 */
export const SECOND_HOST_SUITES = ['health/search-health.test.ts', 'jobs', 'restore/search.test.ts', 'shared/hostile-links.test.ts'];

const LANES: Stage[][] = [
  [
    // About 8 min beside the three other lanes on two cores (1,170 tests); the limit leaves room for a loaded machine.
    { name: 'unit', args: ['run', 'test:unit'], limitSeconds: 1200 },
    // Every in-host suite against a server whose operations answer over OpenAPI only, on two
    // hosts: this one runs all but SECOND_HOST_SUITES.
    {
      name: 'integration-openapi',
      args: ['run', 'test:integration', '--', '--no-build', '--sandbox-api', 'openapi', '--except', SECOND_HOST_SUITES.join(','), '--timeout', '660'],
      limitSeconds: 720,
    },
  ],
  [
    {
      name: 'integration-openapi-2',
      args: ['run', 'test:integration', '--', '--no-build', '--sandbox-api', 'openapi', '--only', SECOND_HOST_SUITES.join(','), '--timeout', '660'],
      limitSeconds: 720,
    },
    // The same host with the workspace in restricted mode, for the suites that need it
    // (describe titles containing "untrusted workspace"; skipped when there are none).
    {
      name: 'untrusted',
      args: ['run', 'test:integration', '--', '--no-build', '--untrusted', '--grep', 'untrusted workspace'],
      limitSeconds: 600,
    },
    {
      name: 'integration-restli',
      args: ['run', 'test:integration', '--', '--no-build', '--sandbox-api', 'restli', '--only', RESTLI_SUITES.join(',')],
      limitSeconds: 720,
    },
    // ESLint (layering, promises) and Prettier's check (`npm run format` fixes the latter): last here,
    // when the UI lanes are done, so it does not crowd the unit tests at the start.
    { name: 'lint', args: ['run', 'lint'], limitSeconds: 600 },
  ],
  // The UI flows (a server with both transports, the .vsix the build made) in two parts side
  // by side: each flow starts its own code-server and browser.
  [
    { name: 'ui', args: ['run', 'test:ui', '--', '--no-package', '--shard', '1/2', '--timeout', '1440'], limitSeconds: 1500 },
    { name: 'package', args: ['run', 'test:package'], limitSeconds: 300, env: { DATAHUB_VSIX: vsixPath() } },
  ],
  [{ name: 'ui-2', args: ['run', 'test:ui', '--', '--no-package', '--shard', '2/2', '--timeout', '1440'], limitSeconds: 1500 }],
];

interface Outcome {
  name: string;
  code: number;
  passed?: number;
  failed?: number;
  skipped?: number;
  seconds: number;
  /** The runner's own account of what failed, for the end of the output. */
  failures: string[];
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

const FAILURE_LINES = 60;

/**
 * The failing tests and their first error lines, as the runners print them: node:test's
 * "✖ failing tests:" section, mocha's "N failing" section. Repeated at the end of the whole
 * run, so that the last screen of a long log names what failed.
 */
export function failuresOf(output: string): string[] {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const picked: string[] = [];
  let inside = false;
  for (const line of lines) {
    if (/^✖ failing tests:/.test(line) || /^\s*\d+ failing\s*$/.test(line)) inside = true;
    else if (inside && (/^[ℹ#] tests \d+/.test(line) || /^\d+ passed, \d+ failed/.test(line))) inside = false;
    else if (inside && line.trim() && !/^\s+at /.test(line)) picked.push(line.length > 300 ? `${line.slice(0, 300)}…` : line);
  }
  return picked.length > FAILURE_LINES ? [...picked.slice(0, FAILURE_LINES), `… ${picked.length - FAILURE_LINES} more lines above`] : picked;
}

function hasUntrustedSuite(): boolean {
  const dir = path.join(REPO_ROOT, 'test', 'integration');
  return fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .some((f) => f.endsWith('.test.ts') && fs.readFileSync(path.join(dir, f), 'utf8').includes('untrusted workspace'));
}

/** The stages running now, so Ctrl-C can end their process groups. */
const running = new Set<GroupProcess>();

async function runStage(stage: Stage, prefix?: string): Promise<Outcome> {
  console.log(`\n===== ${stage.name}: npm ${stage.args.join(' ')}`);
  let proc: GroupProcess | undefined;
  const { code, output, seconds } = await runCaptured('npm', stage.args, {
    cwd: REPO_ROOT,
    env: { ...process.env, FORCE_COLOR: '0', ...stage.env },
    limitSeconds: stage.limitSeconds,
    prefix,
    onStart: (p) => running.add((proc = p)),
  });
  if (proc) running.delete(proc);
  console.log(`===== ${stage.name}: ${code === 0 ? 'ok' : `exit ${code}`} in ${seconds.toFixed(0)} s`);
  return { name: stage.name, code, ...countsOf(output), seconds, failures: code === 0 ? [] : failuresOf(output) };
}

async function runLane(stages: Stage[], prefixed: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const stage of stages) outcomes.push(await runStage(stage, prefixed ? `[${stage.name}] ` : undefined));
  return outcomes;
}

async function main(): Promise<number> {
  const only = process.argv.slice(2);
  // A stage split in two (ui and ui-2) is asked for by its first part's name.
  const wanted = (s: Stage): boolean =>
    (only.length === 0 || only.includes(s.name) || only.includes(s.name.replace(/-2$/, ''))) && (s.name !== 'untrusted' || hasUntrustedSuite());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void Promise.all([...running].map((p) => p.stop())).finally(() => process.exit(130)));
  }
  const started = Date.now();
  // The build runs whenever a later stage needs what it makes (lint and unit alone do not).
  const needsBuild = only.length === 0 || only.some((n) => !['lint', 'unit'].includes(n));
  const outcomes: Outcome[] = [];
  const building = BUILD.filter((stage) => needsBuild || only.includes(stage.name));
  outcomes.push(...(await Promise.all(building.map((stage) => runStage(stage, building.length > 1 ? `[${stage.name}] ` : undefined)))));
  const lanes = LANES.map((lane) => lane.filter(wanted)).filter((lane) => lane.length > 0);
  const prefixed = lanes.length > 1;
  for (const laneOutcomes of await Promise.all(lanes.map((lane) => runLane(lane, prefixed)))) outcomes.push(...laneOutcomes);

  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const o of outcomes.filter((x) => x.failures.length > 0)) {
    console.log(`\n===== ${o.name}: what failed (the whole output is above)`);
    for (const line of o.failures) console.log(`  ${line}`);
  }
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
    console.log(`  ${o.name.padEnd(20)} ${(o.code === 0 ? 'ok' : 'FAILED').padEnd(7)} ${detail.padEnd(24)} ${o.seconds.toFixed(0)} s`);
  }
  console.log(`  ${'whole run'.padEnd(20)} ${''.padEnd(7)} ${''.padEnd(24)} ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  return outcomes.every((o) => o.code === 0) ? 0 : 1;
}

if (require.main === module) {
  void main().then((code) => process.exit(code));
}
