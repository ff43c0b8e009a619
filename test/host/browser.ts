// Headless Debian Chromium driven by playwright-core (Playwright cannot download
// its own browsers here). Flags keep it from calling home.
import * as fs from 'node:fs';
import { format } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-default-apps',
  '--disable-extensions',
  '--disable-dev-shm-usage',
  '--disable-crash-reporter',
];

export async function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH)`);
  }
  // Playwright starts the browser in its own process group and ends it on close().
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, timeout: 60_000 });
}

/** Workbench log lines that are not the extension host's (kept in host.log only). */
const WORKBENCH_NOISE = [
  /^Resolv(ing|ed) connection token/,
  /^Creating a socket/,
  /^Updating additional builtin extensions cache/,
  /^\[Service Worker\]/,
  /^ChatSessionStore/,
  /127\.0\.0\.1:9\b/, // the closed gallery port
  /^Started local extension host/,
  /^\[driver\]/,
  /^Creation of workbench contribution/,
];

/**
 * In a test run the workbench logs the extension host's console through its
 * log service, which prints `"%c INFO", "color: #33f", <first arg>, ...args`.
 * Returns the text of such a line (formatted like console.log would), or
 * undefined for anything else (browser warnings, the workbench's own lines).
 */
export function extensionHostLine(args: unknown[]): string | undefined {
  const [label, style, first, ...rest] = args;
  if (typeof label !== 'string' || !/^%c\s*(INFO|WARN|ERR|DEBUG|TRACE)\s*$/.test(label)) return undefined;
  if (typeof style !== 'string' || !style.startsWith('color:')) return undefined;
  const text = format(first, ...rest);
  if (WORKBENCH_NOISE.some((re) => re.test(text))) return undefined;
  return text;
}
