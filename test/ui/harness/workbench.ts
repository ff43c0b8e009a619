// Drives the VS Code workbench in the page the way a person does: keyboard,
// command palette, quick input, clicks and context menus. Selectors are VS
// Code 1.100's DOM classes; each helper waits for what it acts on.
import { waitForPaletteGone } from './palette';
import * as fs from 'node:fs';
import { textPoint } from './editorText';
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { REPO_ROOT } from '../../host/codeServer';
import { escapeRegExp, exactly } from './text';

export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'test-results', 'screenshots');

export class Workbench {
  constructor(
    readonly page: Page,
    private readonly prefix: string,
  ) {
    // This flow's pictures from an earlier run would pass for new ones; a flow without a prefix
    // owns only its failure pictures (numbered names belong to the flows that have one).
    const mine = prefix ? (f: string) => f.startsWith(`${prefix}-`) : (f: string) => f.startsWith('FAILED-');
    if (fs.existsSync(SCREENSHOT_DIR)) {
      for (const f of fs.readdirSync(SCREENSHOT_DIR)) if (f.endsWith('.png') && mine(f)) fs.rmSync(path.join(SCREENSHOT_DIR, f));
    }
  }

  /** The workbench is laid out and the extension host has started. */
  async waitReady(): Promise<void> {
    await this.page.locator('.monaco-workbench .part.activitybar').waitFor({ timeout: 90_000 });
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout: 30_000 });
    // The explorer shows the workspace once the remote connection is up.
    await this.page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  }

  /** An extension's contributions are in: its view container shows in the activity bar. */
  async waitForViewContainer(title: string, timeout = 60_000): Promise<void> {
    await this.page.locator(`.part.activitybar .action-item a[aria-label^="${title}"]`).first().waitFor({ timeout });
  }

  /**
   * Saves test-results/screenshots/<prefix>-<name>.png and returns its path.
   * First parks the mouse on the empty title bar (no hover tooltips in the
   * picture, unless keepMouse) and lets toasts finish fading in.
   */
  async screenshot(name: string, options: { keepMouse?: boolean } = {}): Promise<string> {
    if (!options.keepMouse) {
      const size = this.page.viewportSize();
      if (size) await this.page.mouse.move(size.width - 250, 12);
    }
    await this.page.waitForTimeout(400);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const file = path.join(SCREENSHOT_DIR, `${this.prefix ? `${this.prefix}-` : ''}${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** Runs a step; on failure saves FAILED-<name>.png before rethrowing. */
  async step<T>(name: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (error) {
      await this.screenshot(`FAILED-${name}`).catch(() => undefined);
      throw error;
    }
  }

  // ----- quick input (command palette, input boxes, quick picks)

  get quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  get quickInputBox(): Locator {
    return this.quickInput.locator('.quick-input-box input');
  }

  quickInputRow(label: string | RegExp): Locator {
    const text = typeof label === 'string' ? exactly(label) : label;
    return this.quickInput.locator('.monaco-list-row').filter({ has: this.page.locator('.label-name', { hasText: text }) });
  }

  /** Opens the command palette, types the command's title and picks it (as "Category: Title"). */
  async runCommand(title: string): Promise<void> {
    // Twice at most: a page that takes focus while it settles (a walkthrough, a webview) closes the palette
    // under the typing; the second try is made once the palette has been seen closed.
    // The palette can close between opening and typing too (a notification or view taking focus): the typing
    // is inside the retry, with a short wait, so a closed palette is opened again rather than waited on.
    for (let attempt = 1; ; attempt++) {
      await this.openCommandPalette();
      try {
        await this.quickInputBox.fill('>', { timeout: 5_000 });
        await this.quickInputBox.pressSequentially(title);
        await this.pickQuickInputItem(title);
        await waitForPaletteGone(this.page);
        return;
      } catch (error) {
        if (attempt === 2 || (await this.quickInputBox.isVisible())) throw error;
      }
    }
  }

  /**
   * F1, again if the palette does not show: a key pressed while a page (a walkthrough, a webview) is still
   * taking focus can be lost. The last try uses the other binding.
   */
  async openCommandPalette(): Promise<void> {
    for (const [i, key] of ['F1', 'F1', 'Control+Shift+P'].entries()) {
      await this.page.keyboard.press(key);
      const last = i === 2;
      const shown = await this.quickInputBox
        .waitFor({ state: 'visible', timeout: last ? 30_000 : 8_000 })
        .then(() => true)
        .catch((e: unknown) => {
          if (last) throw e;
          return false;
        });
      if (shown) return;
    }
  }

  /** Types into the open input box or quick pick (like a person, key by key) and presses Enter. */
  async typeInQuickInput(text: string, options: { submit?: boolean; title?: string | RegExp } = {}): Promise<void> {
    await this.quickInputBox.waitFor({ state: 'visible' });
    if (options.title) await this.quickInput.locator('.quick-input-title', { hasText: options.title }).waitFor();
    await this.quickInputBox.fill('');
    await this.quickInputBox.pressSequentially(text);
    if (options.submit ?? true) await this.quickInputBox.press('Enter');
  }

  /** Clicks an item of the open quick pick, by its label, once the list has settled. */
  async pickQuickInputItem(label: string | RegExp): Promise<void> {
    const row = this.quickInputRow(label).first();
    await row.waitFor({ timeout: 15_000 });
    // Park the pointer: a hover card of the row under it (from the previous pick) can cover the target row.
    await this.page.mouse.move(1, 1);
    await this.page
      .locator('.context-view .monaco-hover:visible, .context-view .hover-row:visible')
      .first()
      .waitFor({ state: 'hidden', timeout: 3_000 })
      .catch(() => undefined);
    await this.waitUntilStill(row);
    await row.click();
  }

  /**
   * Waits until an element stops moving. A list re-rendered after typing can
   * shift rows between finding one and clicking it: a click then lands on its
   * neighbour.
   */
  async waitUntilStill(target: Locator, timeout = 5_000): Promise<void> {
    const deadline = Date.now() + timeout;
    let previous = JSON.stringify(await target.boundingBox());
    while (Date.now() < deadline) {
      // Long enough for a round trip to the extension host, which may change the items.
      await this.page.waitForTimeout(300);
      const now = JSON.stringify(await target.boundingBox());
      if (now === previous && now !== 'null') return;
      previous = now;
    }
  }

  async quickInputTitle(): Promise<string> {
    return (await this.quickInput.locator('.quick-input-title').textContent()) ?? '';
  }

  async waitQuickInputClosed(): Promise<void> {
    await this.quickInput.waitFor({ state: 'hidden', timeout: 15_000 });
  }

  // ----- notifications

  /** Waits for a notification toast whose message matches; returns its full text. */
  async waitForNotification(text: string | RegExp, timeout = 20_000): Promise<string> {
    const message = this.page.locator('.notification-list-item-message', { hasText: text }).first();
    await message.waitFor({ timeout });
    return (await message.textContent()) ?? '';
  }

  /** Waits until no toast's message matches (e.g. a finished progress notification closing). */
  async waitForNotificationGone(text: string | RegExp, timeout = 10_000): Promise<void> {
    await this.page.locator('.notifications-toasts .notification-list-item-message', { hasText: text }).first().waitFor({ state: 'detached', timeout });
  }

  /** Every notification message currently shown (toasts). */
  async notificationTexts(): Promise<string[]> {
    return this.page.locator('.notifications-toasts .notification-list-item-message').allTextContents();
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  // ----- views

  /** Clicks a view container in the activity bar (e.g. "DataHub"). */
  async openViewContainer(title: string): Promise<void> {
    await this.waitForViewContainer(title, 20_000);
    const item = this.page.locator(`.part.activitybar .action-item a[aria-label^="${title}"]`).first();
    const pane = this.page.locator('.part.sidebar .composite.title', { hasText: new RegExp(title, 'i') });
    if (!(await pane.isVisible())) await item.click();
    await pane.waitFor({ timeout: 20_000 });
  }

  /** The rows of a tree view in the side bar, by the view's name (its pane header). */
  viewPane(name: string): Locator {
    return this.page.locator('.part.sidebar .pane', { has: this.page.locator('.pane-header', { hasText: name }) });
  }

  treeRows(viewName: string): Locator {
    return this.viewPane(viewName).locator('.pane-body .monaco-list-row');
  }

  /** A row by its name: the whole label, or the name after the size ("18.3 GB  datasetprofile"). */
  treeRow(viewName: string, label: string | RegExp): Locator {
    const text = typeof label === 'string' ? new RegExp(`^\\s*(?:\\S+ \\S+  )?${escapeRegExp(label)}\\s*$`) : label;
    return this.treeRows(viewName).filter({ has: this.page.locator('.label-name', { hasText: text }) });
  }

  /** Clicks an action in a view's title bar (hovering first, as they show on hover). */
  async clickViewAction(viewName: string, label: string): Promise<void> {
    const pane = this.viewPane(viewName);
    await pane.locator('.pane-header').hover();
    await pane.locator(`.pane-header .actions a.action-label[aria-label^="${label}"]`).first().click();
  }

  /** [label, description] of each visible row of a tree view. */
  async treeItems(viewName: string): Promise<Array<{ label: string; name: string; description: string }>> {
    // One snapshot in the page, in the rows' order: read row by row (label, then description, a round trip each),
    // a refresh in between let a row's label pair with another row's description.
    const rows = await this.treeRows(viewName).evaluateAll((els) =>
      els
        .map((el) => ({
          index: Number(el.getAttribute('data-index') ?? 0),
          label: (el.querySelector('.label-name')?.textContent ?? '').trim(),
          description: (el.querySelector('.label-description')?.textContent ?? '').trim(),
        }))
        .sort((a, b) => a.index - b.index),
    );
    // Index rows lead with the size, two spaces before the name.
    return rows.map(({ label, description }) => ({ label, name: label.split('  ').at(-1) ?? label, description }));
  }

  // ----- editors

  /** Opens a file at the top of the workspace by clicking it in the Explorer, as a user does (Quick Open lists files through ripgrep, which the host may lack). */
  async openFile(name: string): Promise<void> {
    await this.openViewContainer('Explorer');
    const row = this.page
      .locator('.part.sidebar .explorer-folders-view .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: exactly(name) }) })
      .first();
    // A file written a moment ago may reach the Explorer late (its watcher, on a busy machine): refresh it once.
    await row.waitFor({ timeout: 10_000 }).catch(() => this.runCommand('Refresh Explorer').then(() => this.openViewContainer('Explorer')));
    await row.waitFor({ timeout: 15_000 });
    await row.click();
    await this.page.locator(`.tabs-container .tab[aria-label^="${name}"]`).first().waitFor({ timeout: 15_000 });
    await this.page.locator('.editor-instance .monaco-editor .view-lines .view-line').first().waitFor({ timeout: 15_000 });
  }

  /** The rendered line of the active editor that contains `text`. */
  editorLine(text: string): Locator {
    return this.page.locator('.editor-instance .monaco-editor .view-lines .view-line', { hasText: text }).first();
  }

  /** Where the middle character of `text` is drawn on screen (editorText.ts). */
  async editorTextPoint(text: string): Promise<{ x: number; y: number }> {
    return textPoint(this.page, this.editorLine(text), text);
  }

  /** Right-clicks `text` in the active editor (the cursor first: the extension's items follow a context key on it) and picks an item. */
  async editorContextMenu(text: string, item: string, beforePick?: () => Promise<void>, alsoShown: readonly string[] = []): Promise<void> {
    // Every entry the flow looks at is waited for: each hangs on a context key that may lag the cursor.
    await this.openEditorContextMenu(text, (shown) => [item, ...alsoShown].every((wanted) => shown.includes(wanted)));
    const action = this.page.locator('.context-view .monaco-menu .action-item .action-label', { hasText: exactly(item) }).first();
    await action.waitFor({ timeout: 10_000 });
    if (beforePick) await beforePick();
    await action.click();
  }

  /** Right-clicks at the text; with `until`, reopens (a context key may lag the cursor under load) until its items pass, 10 s at most. */
  async openEditorContextMenu(text: string, until?: (items: string[]) => boolean): Promise<{ x: number; y: number }> {
    const { x, y } = await this.editorTextPoint(text);
    for (const deadline = Date.now() + 10_000; ; await this.page.keyboard.press('Escape')) {
      await this.page.mouse.click(x, y);
      await this.page.waitForTimeout(300);
      await this.page.mouse.click(x, y, { button: 'right' });
      await this.page.locator('.context-view .monaco-menu').first().waitFor({ timeout: 10_000 });
      if (!until || until(await this.contextMenuItems()) || Date.now() > deadline) return { x, y };
    }
  }

  /** The labels of the context menu on screen. */
  async contextMenuItems(): Promise<string[]> {
    const labels = this.page.locator('.context-view .monaco-menu .action-item .action-label:visible');
    return (await labels.allTextContents()).map((t) => t.trim()).filter(Boolean);
  }
}
