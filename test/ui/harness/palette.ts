import type { Page } from 'playwright-core';

/**
 * After a pick, the command palette hides before the command opens its own input in the same widget: text
 * typed in between goes to the closing palette and is lost (the command's input then opens empty). Waits
 * until the widget is hidden or no longer holds the palette's `>` text; a command that opens nothing is
 * not waited on past that.
 */
export async function waitForPaletteGone(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => {
        const input = document.querySelector<HTMLInputElement>('.quick-input-widget .quick-input-box input');
        return !input || input.offsetParent === null || !input.value.startsWith('>');
      },
      undefined,
      { timeout: 10_000, polling: 50 },
    )
    .catch(() => undefined);
}
