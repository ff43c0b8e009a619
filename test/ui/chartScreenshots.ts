// UI flow of the index size chart in a real VS Code (code-server + headless
// Chromium): open it from the Command Palette, fetch from inside the chart,
// check hostile index names render as text, click a bar (tree reveal + Truncate
// offer), and take screenshots in dark, light and high-contrast themes.
//   npm run test:ui:chart        screenshots land in test-results/screenshots/chart-*.png
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, Frame, Page } from 'playwright-core';
import { launchChromium } from '../host/browser';
import { REPO_ROOT, ensureCodeServer, startCodeServer, workbenchUrl, writeUserSettings, type CodeServer } from '../host/codeServer';
import { killGroupsInFile, run, sleep } from '../host/processes';
import { hostEnv, makeRunDirs } from '../host/runDirs';
import { startSandbox } from '../sandbox/server';
import { DAY_MS, emptyHistory, encodeHistory, recordFetch } from '../../src/model/history';

const SHOTS = path.join(REPO_ROOT, 'test-results', 'screenshots');
const EXTENSION_ID = 'datahub-index-ops.datahub-index-ops';
const CONNECTION = 'sandbox';
/** Names a hostile server could send; each must show up as plain text. */
const HOSTILE = ['<img src=x onerror="document.title=\'pwned\'">', '<script>alert("x")</script>', "quote\"'&amp;"];

/** [file suffix, label in the theme picker, class VS Code puts on the webview's body] */
const THEMES: Array<[string, string, string]> = [
  ['dark', 'Dark Modern', 'vscode-dark'],
  ['light', 'Light Modern', 'vscode-light'],
  ['high-contrast', 'Dark High Contrast', 'vscode-high-contrast'],
];

/** 30 days of daily sizes ending at today's sizes, growing at different rates, so trends and badges show. */
function seededHistory(gmsUrl: string, indices: Array<{ indexName: string; sizeMb: number }>): string {
  let history = emptyHistory();
  const now = Date.now();
  for (let day = 30; day >= 1; day--) {
    const t = now - day * DAY_MS;
    const sizes = indices.map((index, i) => {
      const rate = [0.02, 0, 0.006, 0.03, 0.001][i % 5];
      return { indexName: index.indexName, sizeMb: Math.max(0, index.sizeMb * (1 - rate * day)) };
    });
    history = recordFetch(history, { connection: CONNECTION, gmsUrl, fetchedAt: t, indices: sizes }, t);
  }
  return encodeHistory(history);
}

async function runCommand(page: Page, title: string): Promise<void> {
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 15_000 });
  await input.fill(`>${title}`);
  // Exactly this command, not the first fuzzy match ("Browse Color Themes in Marketplace").
  const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
  const row = page.locator('.quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: exact }) });
  await row.first().click({ timeout: 15_000 });
}

/** The frame holding the chart page (a webview is an iframe inside an iframe). */
async function chartFrame(page: Page): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const frame of page.frames()) {
      if (await frame.$('#root').catch(() => null)) return frame;
    }
    await sleep(250);
  }
  throw new Error('the chart webview did not load');
}

/** Picks a theme the way a user does (Preferences: Color Theme), then waits for the chart to follow. */
async function setTheme(page: Page, frame: Frame, label: string, bodyClass: string): Promise<void> {
  await runCommand(page, 'Preferences: Color Theme');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible', timeout: 15_000 }).catch(async (error: Error) => {
    await page.screenshot({ path: path.join(SHOTS, 'chart-failure.png') });
    throw error;
  });
  await input.fill(label);
  await page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().waitFor({ timeout: 15_000 });
  await page.keyboard.press('Enter');
  await frame.waitForFunction((k) => document.body.classList.contains(k), bodyClass, { timeout: 20_000 });
  await sleep(500); // let the workbench repaint around the webview
}

async function main(): Promise<void> {
  await run(process.execPath, ['esbuild.js'], { cwd: REPO_ROOT });
  await ensureCodeServer();
  fs.mkdirSync(SHOTS, { recursive: true });
  const dirs = makeRunDirs('datahub-ui-chart');
  const sandbox = await startSandbox({
    quiet: true,
    auth: { enabled: false },
    extraIndices: HOSTILE.map((indexName, i) => ({ indexName, entityName: 'hostile', aspectName: indexName, sizeInMb: 1500 * (i + 1) })),
  });
  let server: CodeServer | undefined;
  let browser: Browser | undefined;
  const failures: string[] = [];
  try {
    // What getIndexSizes serves now, to seed a history that ends there.
    const response = await fetch(`${sandbox.url}/operations?action=getIndexSizes`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    const served = ((await response.json()) as { value: { indexSizes: Array<{ indexName: string; sizeInMb: number }> } }).value.indexSizes;
    const storage = path.join(dirs.userData, 'User', 'globalStorage', EXTENSION_ID);
    fs.mkdirSync(storage, { recursive: true });
    fs.writeFileSync(path.join(storage, 'index-size-history.json'), seededHistory(sandbox.url, served.map((i) => ({ indexName: i.indexName, sizeMb: i.sizeInMb }))));
    writeUserSettings(dirs.userData, {
      'datahub.connections': [{ name: CONNECTION, gmsUrl: sandbox.url }],
      'workbench.sideBar.location': 'left',
    });

    server = await startCodeServer({
      userDataDir: dirs.userData,
      extensionsDir: dirs.extensions,
      logFile: path.join(dirs.logs, 'host.log'),
      pidFile: dirs.pidFile,
      env: hostEnv(dirs, {}),
    });
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('pageerror', (e) => fs.appendFileSync(path.join(dirs.logs, 'page.log'), `${e.stack ?? e.message}\n`));
    await page.goto(workbenchUrl(server, dirs.workspace, { extensionDevelopmentPath: REPO_ROOT }), { waitUntil: 'domcontentloaded' });
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    // Contributions appear once the remote extension host has scanned the extension.
    await page.locator('.activitybar .action-item a[aria-label^="DataHub"]').first().waitFor({ timeout: 60_000 }).catch(async (error: Error) => {
      await page.screenshot({ path: path.join(SHOTS, 'chart-failure.png') });
      throw error;
    });

    await runCommand(page, 'DataHub: Show Index Size Chart').catch(async (error: Error) => {
      await page.screenshot({ path: path.join(SHOTS, 'chart-failure.png') });
      throw error;
    });
    const frame = await chartFrame(page);
    // Fetch from inside the chart when it has nothing yet (the tree may have fetched already).
    const refresh = frame.locator('button', { hasText: 'Refresh' }).first();
    await refresh.waitFor({ timeout: 20_000 });
    if (await frame.locator('.empty').count()) await refresh.click();
    await frame.locator('.bar-row').first().waitFor({ timeout: 30_000 });

    // Hostile names: present as text, never as elements; no script of theirs ran.
    const check = await frame.evaluate((names) => {
      const texts = Array.from(document.querySelectorAll('.bar-row .index')).map((e) => e.textContent);
      // Only the elements the chart script creates; a name parsed as markup would add others.
      const allowed = new Set(['DIV', 'SPAN', 'BUTTON', 'H1', 'H2', 'P', 'SECTION', 'OL', 'LI', 'HEADER', 'TIME', 'ASIDE', 'DL', 'DT', 'DD', 'svg', 'polyline']);
      const root = document.getElementById('root');
      const foreign = Array.from(root?.querySelectorAll('*') ?? []).filter((e) => !allowed.has(e.tagName)).map((e) => e.tagName);
      return {
        missing: names.filter((n) => !texts.includes(n)),
        foreign,
        scripts: Array.from(document.querySelectorAll('script[src]')).map((e) => e.getAttribute('src') ?? ''),
        title: document.title,
      };
    }, HOSTILE);
    if (check.missing.length) failures.push(`hostile names not shown as text: ${JSON.stringify(check.missing)}`);
    if (check.foreign.length) failures.push(`unexpected elements in the chart: ${check.foreign.join(', ')}`);
    if (check.scripts.length !== 1 || !check.scripts[0].includes('dist/chart.js')) failures.push(`scripts loaded: ${JSON.stringify(check.scripts)}`);
    if (check.title === 'pwned') failures.push('a hostile name ran script');
    const sparks = await frame.locator('svg.spark polyline').count();
    const badges = await frame.locator('.badge').count();
    if (sparks === 0) failures.push('no trend lines drawn from the seeded history');
    if (badges !== 3) failures.push(`${badges} "grew most" badges (expected 3)`);
    console.log(`chart: ${await frame.locator('.bar-row').count()} bars, ${sparks} trend lines, ${badges} badges`);

    for (const [name, label, bodyClass] of THEMES) {
      await setTheme(page, frame, label, bodyClass);
      await page.screenshot({ path: path.join(SHOTS, `chart-${name}.png`) });
    }
    await setTheme(page, frame, THEMES[0][1], THEMES[0][2]);

    // Click the bar of a hostile-named index: the tree reveals it, the chart offers Truncate.
    await frame.locator('.bar-row', { hasText: HOSTILE[1] }).click();
    await frame.locator('.details button', { hasText: 'Truncate Entries…' }).waitFor({ timeout: 10_000 });
    const selectedRow = page.locator('.monaco-list-row.selected', { hasText: HOSTILE[1] });
    await selectedRow.waitFor({ timeout: 15_000 }).catch(() => failures.push('the tree did not select the clicked index'));
    await page.screenshot({ path: path.join(SHOTS, 'chart-selected-dark.png') });
    assert.ok(fs.existsSync(path.join(SHOTS, 'chart-dark.png')));
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    killGroupsInFile(dirs.pidFile);
    await sandbox.stop();
  }
  if (failures.length) {
    console.error(`chart UI: ${failures.length} problem(s):\n  ${failures.join('\n  ')}\nlogs in ${dirs.logs}`);
    process.exitCode = 1;
  } else {
    console.log(`chart UI: passed; screenshots in ${SHOTS}`);
    dirs.remove();
  }
}

main().catch((error: Error) => {
  console.error(`chart UI: ${error.stack ?? error.message}`);
  process.exitCode = 1;
});
