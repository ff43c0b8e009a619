// The index size chart the way a person uses it, in the packaged extension:
// open it from the Command Palette, fetch from its own Refresh button, read
// hostile index names as plain text, see trend lines and "grew most" badges
// from the history, follow the theme (dark, light, high contrast), and click a
// bar: the tree selects the index and the chart offers Truncate.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Frame } from 'playwright-core';
import { DAY_MS, emptyHistory, encodeHistory, recordFetch } from '../../../src/insights/logic/history';
import { startUiSession, type UiSession } from '../harness/session';
import { webviewWith } from '../harness/preview';

const EXTENSION_ID = 'datahub-index-ops.datahub-index-ops';
const CONNECTION = 'sandbox';
/** Names a hostile server could send; each must show up as text, never as markup. */
const HOSTILE = ['<img src=x onerror="document.title=\'pwned\'">', '<script>alert("x")</script>', 'quote"\'&amp;'];
/** [screenshot name, label in the theme picker, class VS Code puts on the webview's body] */
const THEMES: Array<[string, string, string]> = [
  ['dark', 'Dark Modern', 'vscode-dark'],
  ['light', 'Light Modern', 'vscode-light'],
  ['high-contrast', 'Dark High Contrast', 'vscode-high-contrast'],
];

/** 30 daily snapshots ending a day ago, growing at different rates towards today's sizes. */
function seededHistory(gmsUrl: string, indices: Array<{ indexName: string; sizeInMb: number }>): string {
  let history = emptyHistory();
  const now = Date.now();
  for (let day = 30; day >= 1; day--) {
    const t = now - day * DAY_MS;
    const sizes = indices.map((index, i) => ({ indexName: index.indexName, sizeMb: index.sizeInMb * (1 - [0.02, 0, 0.006, 0.03, 0.001][i % 5] * day) }));
    history = recordFetch(history, { connection: CONNECTION, gmsUrl, fetchedAt: t, indices: sizes }, t);
  }
  return encodeHistory(history);
}

describe('index size chart, in the browser', { timeout: 300_000 }, () => {
  let session: UiSession;
  let frame: Frame;

  /** The frame of the chart page. */
  const chartFrame = (): Promise<Frame> => webviewWith(session.workbench.page, '#root', 'chart');

  before(async () => {
    session = await startUiSession({
      prefix: 'chart',
      sandbox: {
        auth: { enabled: false },
        extraIndices: HOSTILE.map((indexName, i) => ({ indexName, entityName: 'hostile', aspectName: indexName, sizeInMb: 1500 * (i + 1) })),
      },
    });
    // History as if this connection had been fetched daily for a month (merged by the next fetch).
    const response = await fetch(`${session.sandbox.url}/operations?action=getIndexSizes`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const served = ((await response.json()) as { value: { indexSizes: Array<{ indexName: string; sizeInMb: number }> } }).value.indexSizes;
    const storage = path.join(session.dirs.userData, 'User', 'globalStorage', EXTENSION_ID);
    fs.mkdirSync(storage, { recursive: true });
    fs.writeFileSync(path.join(storage, 'index-size-history.json'), seededHistory(session.sandbox.url, served));
  });
  after(async () => {
    await session?.close();
  });

  it('opens from the Command Palette and fetches the sizes by itself', async () => {
    const wb = session.workbench;
    await wb.step('open', async () => {
      await wb.runCommand('DataHub: Show Index Size Chart');
      frame = await chartFrame();
      // Nothing was loaded (the DataHub view was never opened): the chart fetches on open, no click needed.
      await frame.locator('.bar-row').first().waitFor({ timeout: 30_000 });
      const heading = (await frame.locator('h1').textContent()) ?? '';
      assert.equal(heading, 'Index sizes · sandbox');
      assert.match((await frame.locator('.header .meta').textContent()) ?? '', /^13 indices · 42\.2 GB · fetched /);
      await frame
        .locator('button', { hasText: /^Refresh$/ })
        .first()
        .waitFor();
    });
  });

  it('lists entities largest first, with sizes, 30-day trend lines and three "grew most" badges', async () => {
    const wb = session.workbench;
    await wb.step('bars', async () => {
      const groups = await frame.locator('.group h2 .entity').allTextContents();
      assert.deepEqual(groups.slice(0, 3), ['dataset', 'dataprocessinstance', 'hostile']);
      // The trend appears once the seeded file is merged with the fetch.
      await frame.locator('svg.spark polyline').first().waitFor({ timeout: 15_000 });
      const first = frame.locator('.bar-row').first();
      assert.equal(await first.locator('.size').textContent(), '18.3 GB');
      assert.match(
        (await first.getAttribute('title')) ?? '',
        /^dataset_datasetprofileaspect_v1\n18,342\.113 MB \(18\.3 GB\)\n\d+(\.\d)?% of all timeseries indices\nSince previous fetch: /,
      );
      assert.ok((await frame.locator('svg.spark polyline').count()) >= 10);
      // Badges say what they mean: the growth and its window.
      const badges = await frame.locator('.badge').allTextContents();
      assert.equal(badges.length, 3, JSON.stringify(badges));
      for (const badge of badges) assert.match(badge, /^▲ \+[\d.]+ (?:B|kB|MB|GB|TB) in 7 days$/);
    });
  });

  it('draws the size warning threshold as a line, and a log scale keeps small indices visible', async () => {
    const wb = session.workbench;
    await wb.step('threshold-line', async () => {
      await frame.locator('.legend .threshold-key', { hasText: '10 GB warning threshold' }).waitFor({ timeout: 10_000 });
      const marks = frame.locator('.track .threshold');
      assert.equal(await marks.count(), await frame.locator('.bar-row').count(), 'one mark per row');
      // The marks line up into one vertical line.
      // Read again while the panel is still laying out after a fetch (a mark without a box reads -1).
      let xs = new Set<number>();
      for (const deadline = Date.now() + 10_000; Date.now() < deadline; await wb.page.waitForTimeout(250)) {
        xs = new Set<number>();
        for (let i = 0; i < Math.min(5, await marks.count()); i++) xs.add(Math.round((await marks.nth(i).boundingBox())?.x ?? -1));
        if (xs.size === 1 && !xs.has(-1)) break;
      }
      assert.ok(xs.size === 1 && !xs.has(-1), `marks at ${[...xs].join(', ')}`);
      assert.ok((await frame.locator('.fill.over').count()) >= 1, 'an index over the threshold is coloured');
      await wb.screenshot('01b-threshold-line');
    });
    await wb.step('log-scale', async () => {
      const smallest = frame.locator('.bar-row', { hasText: 'assertionrunevent' }).locator('.fill');
      const linear = (await smallest.boundingBox())?.width ?? 0;
      await frame.locator('button.scale').click();
      await frame.locator('button.scale[aria-pressed="true"]', { hasText: 'Log scale' }).waitFor({ timeout: 5_000 });
      const log = (await frame.locator('.bar-row', { hasText: 'assertionrunevent' }).locator('.fill').boundingBox())?.width ?? 0;
      assert.ok(log > linear * 3 && log > 10, `log scale bar ${log}px vs linear ${linear}px`);
      await wb.screenshot('01c-log-scale');
      await frame.locator('button.scale').click();
      await frame.locator('button.scale[aria-pressed="false"]').waitFor({ timeout: 5_000 });
    });
  });

  it('shows hostile index names as text: no element, no script of theirs', async () => {
    const check = await frame.evaluate((names) => {
      const texts = Array.from(document.querySelectorAll('.bar-row .index')).map((e) => e.textContent);
      // Only the elements the chart script creates; a name parsed as markup would add others.
      const allowed = new Set([
        'DIV',
        'SPAN',
        'BUTTON',
        'H1',
        'H2',
        'P',
        'SECTION',
        'OL',
        'LI',
        'HEADER',
        'TIME',
        'ASIDE',
        'DL',
        'DT',
        'DD',
        'svg',
        'polyline',
      ]);
      const root = document.getElementById('root');
      return {
        missing: names.filter((n) => !texts.includes(n)),
        foreign: Array.from(root?.querySelectorAll('*') ?? [])
          .filter((e) => !allowed.has(e.tagName))
          .map((e) => e.tagName),
        scripts: Array.from(document.querySelectorAll('script[src]')).map((e) => e.getAttribute('src') ?? ''),
        title: document.title,
      };
    }, HOSTILE);
    assert.deepEqual(check.missing, []);
    assert.deepEqual(check.foreign, []);
    assert.equal(check.scripts.length, 1);
    assert.match(check.scripts[0], /dist\/chart\.js/);
    assert.notEqual(check.title, 'pwned');
  });

  it('follows the editor theme: dark, light, high contrast', async () => {
    const wb = session.workbench;
    for (const [name, label, bodyClass] of THEMES) {
      await wb.step(`theme-${name}`, async () => {
        await wb.runCommand('Preferences: Color Theme');
        await wb.typeInQuickInput(label, { submit: false });
        await wb.pickQuickInputItem(label);
        await frame.waitForFunction((k) => document.body.classList.contains(k), bodyClass, { timeout: 20_000 });
        await wb.screenshot(`02-${name}`);
      });
    }
  });

  it('clicking a bar selects the index in the tree and offers Truncate', async () => {
    const wb = session.workbench;
    await wb.step('select', async () => {
      await wb.runCommand('Preferences: Color Theme');
      await wb.typeInQuickInput('Dark Modern', { submit: false });
      await wb.pickQuickInputItem('Dark Modern');
      await frame.locator('.bar-row', { hasText: HOSTILE[1] }).click();
      const details = frame.locator('.details');
      await details.locator('button', { hasText: 'Truncate Old Rows…' }).waitFor({ timeout: 10_000 });
      // Destructive: a secondary button, not the primary one.
      assert.equal(await details.locator('button.secondary', { hasText: 'Truncate Old Rows…' }).count(), 1);
      assert.match((await details.textContent()) ?? '', /3 GB · 3,000 MB · \d+(\.\d)?% of all/);
      // The details sit under the selected row and cover no other row.
      const pane = await details.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return { y: r.top, height: r.height };
      });
      const rowsBoxes = await frame
        .locator('.bar-row')
        .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom })));
      assert.ok(pane, 'details shown');
      const covered = rowsBoxes.filter((r) => r.bottom > pane.y + 1 && r.top < pane.y + pane.height - 1);
      assert.deepEqual(covered, [], 'no row under the details pane');
      await wb.page.locator('.part.sidebar .monaco-list-row.selected', { hasText: HOSTILE[1] }).waitFor({ timeout: 15_000 });
      // The selection follows in the tree; the keyboard stays in the chart (the webview's frame has focus).
      await wb.page.waitForFunction(() => document.activeElement?.tagName === 'IFRAME', undefined, { timeout: 5_000 });
      await wb.screenshot('03-selected');
    });
  });

  it("another deployment's index is shown under other indices, without Truncate", async () => {
    const wb = session.workbench;
    await wb.step('other-index', async () => {
      await frame.locator('.bar-row', { hasText: 't01_dataset_operationaspect_v1' }).click();
      const details = frame.locator('.details');
      await details.locator('.note', { hasText: /another deployment sharing the search cluster/ }).waitFor({ timeout: 10_000 });
      await details.locator('button', { hasText: 'Show in Tree' }).waitFor();
      assert.equal(await details.locator('button', { hasText: 'Truncate Old Rows…' }).count(), 0);
      await wb.screenshot('04-other-index-without-truncate');
    });
  });
});
