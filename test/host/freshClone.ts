// `npm run test:fresh [-- --keep]`: proves the README's two commands on a fresh
// machine. Clones the committed HEAD into a new temporary folder and runs, there,
// `npm ci`, `npm test` and a smoke run of `npm start` (the demo serves VS Code
// and the sandbox answers, then Ctrl-C stops it), with an empty npm cache and a
// PATH without ripgrep, Chromium and krb5-config. Reports the set-up time and
// the stage totals. --keep leaves the folder (it is kept anyway on a failure).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { SANDBOX_TOKENS } from '../sandbox/api';
import { REPO_ROOT } from './codeServer';
import { groupAlive, runCaptured, spawnGroup, type CapturedRun } from './processes';
import { countsOf } from './runAll';

/** What a fresh machine lacks (the Debian packages the project used to need). */
const HIDDEN_TOOLS = ['rg', 'chromium', 'chromium-browser', 'google-chrome', 'krb5-config'];
const START_TIMEOUT_MS = 10 * 60_000;

/**
 * One folder of links to every command on this PATH (first one wins), less the
 * hidden tools and less the PATH entries npm adds for the running script (this
 * repository's node_modules/.bin), so the clone sees a machine without them.
 */
function shadowPath(binDir: string): { path: string; kept: number } {
  fs.mkdirSync(binDir, { recursive: true });
  const seen = new Set<string>();
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir || !path.isAbsolute(dir) || dir.startsWith(REPO_ROOT) || dir.includes(`${path.sep}@npmcli${path.sep}run-script`)) continue;
    let names: string[];
    try {
      names = fs.readdirSync(dir);
    } catch {
      continue;
    }
    for (const name of names) {
      if (seen.has(name) || HIDDEN_TOOLS.includes(name)) continue;
      const full = path.join(dir, name);
      try {
        const stat = fs.statSync(full);
        if (!stat.isFile() || (stat.mode & 0o111) === 0) continue;
      } catch {
        continue; // a dangling link
      }
      seen.add(name);
      fs.symlinkSync(full, path.join(binDir, name));
    }
  }
  return { path: binDir, kept: seen.size };
}

/** This environment without npm's per-script variables, with the shadow PATH and an empty npm cache. */
function freshEnv(binDir: string, npmCache: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || ['INIT_CWD', 'NODE', 'CHROMIUM_PATH'].includes(key) || key.startsWith('DATAHUB_')) continue;
    env[key] = value;
  }
  return { ...env, PATH: binDir, npm_config_cache: npmCache, FORCE_COLOR: '0' };
}

function runStep(args: string[], cwd: string, env: NodeJS.ProcessEnv, logFile: string): Promise<CapturedRun> {
  console.log(`\n===== fresh: npm ${args.join(' ')}`);
  return runCaptured('npm', args, { cwd, env, logFile });
}

/** `npm start`: waits for the URL, checks the workbench and the sandbox answer, then stops it as Ctrl-C would. */
async function startSmoke(cwd: string, env: NodeJS.ProcessEnv, logFile: string): Promise<{ ok: boolean; detail: string; seconds: number }> {
  console.log('\n===== fresh: npm start (smoke)');
  const started = Date.now();
  const proc = spawnGroup('npm', ['start'], { cwd, env });
  let output = '';
  const urls = new Promise<{ workbench: string; sandbox: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      fs.appendFileSync(logFile, chunk);
      process.stdout.write(chunk);
      const workbench = /^\s*(http:\/\/127\.0\.0\.1:\d+\/\?folder=\S+)\s*$/m.exec(output)?.[1];
      const sandbox = /^DataHub sandbox\s+(http:\/\/127\.0\.0\.1:\d+)/m.exec(output)?.[1];
      if (workbench && sandbox) {
        clearTimeout(timer);
        resolve({ workbench, sandbox });
      }
    };
    proc.child.stdout?.on('data', onData);
    proc.child.stderr?.on('data', onData);
    void proc.exited.then((code) => reject(new Error(`npm start exited (${code}) before printing its URL`)));
  });
  try {
    const { workbench, sandbox } = await urls;
    const page = await fetch(workbench);
    const html = await page.text();
    if (page.status !== 200 || !html.includes('workbench')) throw new Error(`${workbench} answered ${page.status} without the workbench`);
    const sizes = await fetch(`${sandbox}/operations?action=getIndexSizes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${SANDBOX_TOKENS.admin}`, 'Content-Type': 'application/json' },
      body: '{}',
    });
    if (sizes.status !== 200) throw new Error(`the sandbox answered getIndexSizes with ${sizes.status}`);
    const seconds = (Date.now() - started) / 1000;
    // Ctrl-C reaches the whole foreground group: the same here.
    process.kill(-proc.pid, 'SIGINT');
    const deadline = Date.now() + 30_000;
    while (groupAlive(proc.pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const leftOver = groupAlive(proc.pid);
    const stillServing = await fetch(workbench).then(
      () => true,
      () => false,
    );
    if (leftOver || stillServing) throw new Error(`after Ctrl-C ${leftOver ? 'processes were left running' : 'the workbench still answered'}`);
    return { ok: true, detail: `workbench HTTP 200 and sandbox HTTP 200 after ${seconds.toFixed(0)} s; Ctrl-C stopped everything`, seconds };
  } catch (error) {
    return { ok: false, detail: (error as Error).message, seconds: (Date.now() - started) / 1000 };
  } finally {
    await proc.stop();
  }
}

function summaryOf(testOutput: string): string[] {
  // eslint-disable-next-line no-control-regex -- strips terminal colour codes
  const plain = testOutput.replace(/\x1b\[[0-9;]*m/g, '');
  const at = plain.lastIndexOf('===== summary');
  return at === -1
    ? []
    : plain
        .slice(at)
        .split('\n')
        .slice(1)
        .filter((l) => l.trim());
}

const seconds = (s: number): string => (s >= 120 ? `${(s / 60).toFixed(1)} min` : `${s.toFixed(0)} s`);

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { keep: { type: 'boolean', default: false } } });
  const started = Date.now();
  const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const dirty = execFileSync('git', ['status', '--porcelain'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-fresh-'));
  const clone = path.join(root, 'repo');
  const logFile = path.join(root, 'fresh.log');
  console.log(`fresh: cloning ${head.slice(0, 12)} into ${clone}`);
  if (dirty) console.log(`fresh: uncommitted changes in ${REPO_ROOT} are not part of this run`);
  execFileSync('git', ['clone', '--quiet', '--no-local', REPO_ROOT, clone], { stdio: 'inherit' });
  execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone, stdio: 'inherit' });

  const bin = shadowPath(path.join(root, 'bin'));
  const env = freshEnv(bin.path, path.join(root, 'npm-cache'));
  fs.mkdirSync(path.join(root, 'npm-cache'));
  console.log(`fresh: empty npm cache ${path.join(root, 'npm-cache')}; PATH ${bin.path} (${bin.kept} commands, none of ${HIDDEN_TOOLS.join(', ')})`);

  const install = await runStep(['ci'], clone, env, logFile);
  const test = install.code === 0 ? await runStep(['test'], clone, env, logFile) : undefined;
  const start = install.code === 0 ? await startSmoke(clone, env, logFile) : undefined;

  const codeServer = /\[code-server\] code-server \S+ installed in (\d+) s/.exec(test?.output ?? '')?.[1];
  const browser = /browser: unpacked Chromium \S+ from @sparticuz\/chromium in ([\d.]+) s/.exec(test?.output ?? '')?.[1];
  const setUp = install.seconds + Number(codeServer ?? 0) + Number(browser ?? 0);
  const totals = countsOf(test?.output ?? '');
  console.log(`\n===== fresh: summary (clone of ${head.slice(0, 12)}, Node ${process.version}, ${os.cpus().length} cores)`);
  console.log(
    `  set-up        ${seconds(setUp)}: npm ci ${seconds(install.seconds)}, code-server ${codeServer ?? '?'} s, browser unpacked ${browser ?? '?'} s`,
  );
  if (install.code !== 0) console.log(`  npm ci        FAILED (exit ${install.code})`);
  if (test) {
    console.log(`  npm test      ${test.code === 0 ? 'ok' : `FAILED (exit ${test.code})`} in ${seconds(test.seconds)}`);
    for (const line of summaryOf(test.output)) console.log(`    ${line.trim()}`);
  }
  if (start) console.log(`  npm start     ${start.ok ? 'ok' : 'FAILED'}: ${start.detail}`);
  const ok = install.code === 0 && test?.code === 0 && start?.ok === true;
  console.log(`  whole run     ${seconds((Date.now() - started) / 1000)}`);
  if (ok && !values.keep) fs.rmSync(root, { recursive: true, force: true });
  else console.log(`  kept          ${root} (log: ${logFile})`);
  // npm test's own totals, plus one check each for npm ci and the npm start smoke run.
  const passed = (totals.passed ?? 0) + (install.code === 0 ? 1 : 0) + (start?.ok ? 1 : 0);
  const failed = (totals.failed ?? (test && test.code !== 0 ? 1 : 0)) + (install.code === 0 ? 0 : 1) + (start && !start.ok ? 1 : 0);
  console.log(`\n${passed} passed, ${failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
  return ok ? 0 : 1;
}

void main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`fresh: ${error.stack ?? error.message}`);
    process.exit(1);
  },
);
