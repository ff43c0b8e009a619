// Where a text is drawn in the active editor, for the flows that click or right-click it.
import type { Locator, Page } from 'playwright-core';

/**
 * Where the middle character of `text` is drawn on screen. Monaco splits a long token into several
 * spans, so this measures the character itself.
 */
export async function textPoint(page: Page, line: Locator, text: string): Promise<{ x: number; y: number }> {
  await line.waitFor({ timeout: 15_000 });
  const measure = () =>
    line.evaluate((element, wanted) => {
      // No named helpers in here: tsx would wrap them in a function the page does not have.
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const nodes: Text[] = [];
      for (let n = walker.nextNode(); n; n = walker.nextNode()) nodes.push(n as Text);
      const full = nodes.map((n) => n.data.replace(/\u00a0/g, ' ')).join('');
      let target = full.indexOf(wanted) + Math.floor(wanted.length / 2);
      for (const node of nodes) {
        if (target < node.data.length) {
          const range = document.createRange();
          range.setStart(node, target);
          range.setEnd(node, target + 1);
          const rect = range.getBoundingClientRect();
          return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
        }
        target -= node.data.length;
      }
      return undefined;
    }, text);
  // Right after opening, the editor may still be laying out (zero-size boxes): measure until stable.
  const deadline = Date.now() + 10_000;
  for (;;) {
    const point = await measure();
    if (!point) throw new Error(`"${text}" is not in the active editor`);
    const editor = await page.locator('.editor-instance .monaco-editor').first().boundingBox();
    const inside = editor && point.x > editor.x && point.y > editor.y && point.x < editor.x + editor.width && point.y < editor.y + editor.height;
    if (inside) return point;
    if (Date.now() > deadline) throw new Error(`"${text}" is not visible in the active editor`);
    await page.waitForTimeout(200);
  }
}
