// `npm run bench -- --only activation [--host-runs N] [--profile]`: the activation rows alone
// (fresh VS Code hosts on a staged production build, and optionally one profiled host), printed
// and written to test-results/bench/activation.md. The whole bench gives the same rows among the others.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { buildHostEntry, capture, distBundles, REPO_ROOT } from './build';
import { describeProfile, summariseProfile, type ProfileWindow } from './activationProfile';
import { measureHosts, profileActivation } from './hostActivation';
import { hostRows } from './hostRows';
import { describeMachine, machine, markdownTable, textTable } from './stats';

export async function activationOnly(hostRuns: number, profile: boolean): Promise<void> {
  const when = new Date();
  const log = (line: string): void => console.error(`bench: ${line}`);
  log(describeMachine(machine(), when));
  const built = await capture(process.execPath, ['esbuild.js', '--production'], { timeoutMs: 120_000 });
  if (built.code !== 0) throw new Error(`node esbuild.js --production failed:\n${built.output}`);
  const staged = fs.mkdtempSync(path.join(os.tmpdir(), 'datahub-bench-activation-'));
  try {
    fs.mkdirSync(path.join(staged, 'dist'));
    for (const name of distBundles()) fs.copyFileSync(path.join(REPO_ROOT, 'dist', name), path.join(staged, 'dist', name));
    fs.copyFileSync(path.join(REPO_ROOT, 'package.json'), path.join(staged, 'package.json'));
    fs.cpSync(path.join(REPO_ROOT, 'media'), path.join(staged, 'media'), { recursive: true });
    const eagerBytes = fs.statSync(path.join(staged, 'dist', 'extension.js')).size;
    await buildHostEntry();
    log(`activation: ${hostRuns} fresh VS Code hosts…`);
    const hosts = await measureHosts(hostRuns, staged, eagerBytes, log);
    let profileText = '';
    if (profile) {
      const profileFile = path.join(REPO_ROOT, 'test-results', 'bench', 'activation.cpuprofile');
      fs.mkdirSync(path.dirname(profileFile), { recursive: true });
      if (await profileActivation(staged, profileFile)) {
        const bundle = path.join(staged, 'dist', 'extension.js');
        profileText = describeProfile(await summariseProfile(profileFile, bundle));
        const windowFile = `${profileFile}.activate.json`;
        if (fs.existsSync(windowFile)) {
          const window = JSON.parse(fs.readFileSync(windowFile, 'utf8')) as ProfileWindow;
          profileText += `\n\n${describeProfile(await summariseProfile(profileFile, bundle, window))}`;
        }
      } else {
        profileText = 'Activation profile: the profiled host gave no profile.';
      }
    }
    const rows = hostRows(hosts).activation;
    const header = `Machine: ${describeMachine(machine(), when)}. Activation alone (--only activation), eager bundle ${(eagerBytes / 1024).toFixed(1)} KB.`;
    const problems = hosts.problems.length ? `\nHost attempts without figures: ${hosts.problems.join('; ')}` : '';
    console.log(`\n${header}\n\n${textTable(rows)}${problems}\n${profileText ? `\n${profileText}\n` : ''}`);
    const outDir = path.join(REPO_ROOT, 'test-results', 'bench');
    fs.mkdirSync(outDir, { recursive: true });
    fs.writeFileSync(path.join(outDir, 'activation.md'), `${header}\n\n${markdownTable(rows)}${problems}\n${profileText ? `\n${profileText}\n` : ''}`);
    log('wrote test-results/bench/activation.md');
  } finally {
    fs.rmSync(staged, { recursive: true, force: true });
  }
}
