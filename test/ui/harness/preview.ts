// Webviews (an iframe in an iframe): the Markdown preview of a generated document (Explain Search,
// Inspect URN), found by its first heading, and our own pages (the size chart, the retention
// planner), found by an element only they have.
import type { Frame, Page } from 'playwright-core';

/** The Markdown preview's frame whose first heading matches `headline` (waits up to 30 s). */
export async function previewWith(page: Page, headline: RegExp): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const f of page.frames()) {
      const h1 = await f.$('h1').catch(() => null);
      if (h1 && headline.test((await h1.textContent().catch(() => '')) ?? '')) return f;
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no Markdown preview says ${headline}`);
}

/** The webview frame holding an element that matches `selector` (waits up to 30 s); `what` names it in the error. */
export async function webviewWith(page: Page, selector: string, what: string): Promise<Frame> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    for (const f of page.frames()) if (await f.$(selector).catch(() => null)) return f;
    await page.waitForTimeout(250);
  }
  throw new Error(`the ${what} webview did not load`);
}
