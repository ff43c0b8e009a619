// Headless Chromium from the @sparticuz/chromium package, driven by playwright-core
// (Playwright cannot download its browsers here, and nothing is installed system-wide).
// The package holds Chromium brotli-compressed, with a font and the libraries it
// links against (NSS, expat); it is unpacked once into
// node_modules/.cache/datahub-chromium/<version>. CHROMIUM_PATH=<file> runs
// another Chromium instead (e.g. Debian's /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { format } from 'node:util';
import { chromium, type Browser } from 'playwright-core';

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

export interface BrowserBinary {
  executablePath: string;
  /** Environment the browser needs on top of this process's (libraries, fonts). */
  env: Record<string, string>;
}

/** node_modules/@sparticuz/chromium (its exports map hides package.json: go up from build/cjs/index.cjs). */
const sparticuzDir = (): string => path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..', '..');

/**
 * The package unpacks into os.tmpdir() and adds NSS and expat only on Amazon
 * Linux 2023; a child process with TMPDIR pointing at a staging folder and that
 * runtime named gets everything into a folder of our own, which then moves into
 * place in one rename (so a half-unpacked browser is never used).
 */
function unpackSparticuz(target: string): void {
  const staging = `${target}.unpacking-${process.pid}`;
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging, { recursive: true });
  try {
    execFileSync(process.execPath, ['-e', 'require(process.argv[1]).executablePath().then((p) => process.stdout.write(p))', sparticuzDir()], {
      env: { ...process.env, TMPDIR: staging, AWS_LAMBDA_JS_RUNTIME: 'nodejs20.x' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    fs.renameSync(staging, target);
  } catch (error) {
    fs.rmSync(staging, { recursive: true, force: true });
    // Another run may have finished the same unpacking first.
    if (!fs.existsSync(path.join(target, 'chromium'))) throw error;
  }
}

/** The browser to run: CHROMIUM_PATH, or the one from @sparticuz/chromium (unpacked on first use). */
export function browserBinary(): BrowserBinary {
  const override = process.env.CHROMIUM_PATH;
  if (override) {
    if (!fs.existsSync(override)) throw new Error(`CHROMIUM_PATH=${override}: no such file. Unset it to use the browser from @sparticuz/chromium.`);
    return { executablePath: override, env: {} };
  }
  const packageDir = sparticuzDir();
  const { version } = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const dir = path.join(packageDir, '..', '..', '.cache', 'datahub-chromium', version);
  if (!fs.existsSync(path.join(dir, 'chromium'))) {
    const started = Date.now();
    unpackSparticuz(dir);
    console.log(`browser: unpacked Chromium ${version} from @sparticuz/chromium in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const libs = path.join(dir, 'al2023', 'lib');
  return {
    executablePath: path.join(dir, 'chromium'),
    env: {
      LD_LIBRARY_PATH: [libs, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: writeFontConfig(dir),
    },
  };
}

/**
 * Fonts: the package's Open Sans, so text renders on a machine with no fonts at
 * all, then the machine's own fonts and aliases when it has them (a monospace
 * editor font); fontconfig skips what is missing.
 */
function writeFontConfig(dir: string): string {
  const file = path.join(dir, 'fonts.conf');
  const staged = `${file}.${process.pid}`;
  const dirs = [path.join(dir, 'fonts', 'fonts'), '/usr/share/fonts', '/usr/local/share/fonts'];
  fs.writeFileSync(
    staged,
    [
      '<?xml version="1.0"?>',
      '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
      '<fontconfig>',
      ...dirs.map((d) => `  <dir>${d}</dir>`),
      '  <include ignore_missing="yes">/etc/fonts/conf.d</include>',
      `  <cachedir>${path.join(dir, 'fontconfig-cache')}</cachedir>`,
      '</fontconfig>',
      '',
    ].join('\n'),
  );
  fs.renameSync(staged, file); // whole, even while another run reads it
  return file;
}

export async function launchChromium(): Promise<Browser> {
  const binary = browserBinary();
  // Playwright starts the browser in its own process group and ends it on close().
  return chromium.launch({
    executablePath: binary.executablePath,
    env: { ...process.env, ...binary.env },
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
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
