// The Markdown preview of a generated document (Explain Search, Inspect URN): a webview, an
// iframe in an iframe; found by its first heading.
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
