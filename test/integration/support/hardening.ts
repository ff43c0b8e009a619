// Shared by the hardening-*.test.ts suites (not a suite itself): unhandled
// rejections seen in the extension host, notifications the extension shows,
// and the small hostile servers the suites point the extension at.
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { selfSignedCert as makeCert } from '../../fixtures/selfSignedCert';

export interface RejectionLog {
  readonly reasons: string[];
  dispose(): void;
}

/**
 * Records every unhandled promise rejection in the extension host from now on.
 * (The host only logs them; a test asserts the list stays empty.)
 */
export function recordUnhandledRejections(): RejectionLog {
  const reasons: string[] = [];
  const listener = (reason: unknown): void => {
    const text = reason instanceof Error ? (reason.stack ?? reason.message) : String(reason);
    // code-server's own workspace search spawns the ripgrep that its offline install leaves out
    // (test/host/install-code-server.sh); when that lands here is a matter of timing, and it is not ours.
    if (/@vscode\/ripgrep\/bin\/rg ENOENT/.test(text)) return;
    reasons.push(text);
  };
  process.on('unhandledRejection', listener);
  return { reasons, dispose: () => process.off('unhandledRejection', listener) };
}

export interface Notifications {
  readonly shown: Array<{ level: 'error' | 'warning' | 'info'; message: string; detail?: string }>;
  dispose(): void;
}

type Show = (message: string, ...rest: unknown[]) => Thenable<unknown>;

/**
 * Records the notifications shown from now on, and answers them at once (no
 * button picked). Suites run in the extension's own host, whose `vscode`
 * module object is the extension's too, so its calls come through here.
 */
export function captureNotifications(): Notifications {
  const shown: Notifications['shown'] = [];
  const win = vscode.window as unknown as Record<string, Show>;
  const originals: Array<[string, Show]> = [];
  for (const [name, level] of [
    ['showErrorMessage', 'error'],
    ['showWarningMessage', 'warning'],
    ['showInformationMessage', 'info'],
  ] as const) {
    originals.push([name, win[name]]);
    win[name] = (message: string, ...rest: unknown[]) => {
      const options = rest[0] as { detail?: unknown } | undefined;
      shown.push({ level, message, detail: typeof options?.detail === 'string' ? options.detail : undefined });
      return Promise.resolve(undefined);
    };
  }
  return {
    shown,
    dispose: () => {
      for (const [name, original] of originals) win[name] = original;
    },
  };
}

export interface LocalServer {
  url: string;
  /** Requests (or CONNECTs) seen, with their Authorization header. */
  seen: Array<{ method: string; url: string; authorization?: string }>;
  close(): Promise<void>;
}

function track(server: http.Server): Set<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return sockets;
}

async function listen(server: http.Server, sockets: Set<Socket>, scheme: 'http' | 'https', seen: LocalServer['seen']): Promise<LocalServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A proxy that answers every CONNECT with `answer` (or closes the connection). */
export async function refusingProxy(answer: '403' | 'close'): Promise<LocalServer> {
  const seen: LocalServer['seen'] = [];
  const server = http.createServer((req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '' });
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req: http.IncomingMessage, socket: Socket) => {
    seen.push({ method: 'CONNECT', url: req.url ?? '', authorization: req.headers.authorization });
    socket.on('error', () => undefined);
    if (answer === 'close') socket.destroy();
    else socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  });
  return listen(server, track(server), 'http', seen);
}

/** A certificate for 127.0.0.1 signed by nobody the extension knows; the file stays for a CA-file setting. */
export const selfSignedCert = () => makeCert({ keepFile: true });

/** An https GMS with that certificate: one index, and a record of what reached it. */
export async function tlsServer(pair: { key: string; cert: string }): Promise<LocalServer> {
  const seen: LocalServer['seen'] = [];
  const server = https.createServer({ key: pair.key, cert: pair.cert }, (req, res) => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization });
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ value: { indexSizes: [{ indexName: 'dataset_operationaspect_v1', sizeInMb: 1.5 }] } }));
  });
  return listen(server, track(server), 'https', seen);
}

/** Sets (or with undefined, removes) a user setting and waits until it reads back. */
export async function setUserSetting(section: string, key: string, value: unknown): Promise<void> {
  await vscode.workspace.getConfiguration(section).update(key, value, vscode.ConfigurationTarget.Global);
}

/** Every file under a folder, recursively (missing folder: none). */
export function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The text of these files, one after the other (a file that cannot be read adds nothing). */
export function readAll(files: string[]): string {
  return files
    .map((f) => {
      try {
        return fs.readFileSync(f, 'utf8');
      } catch {
        return '';
      }
    })
    .join('\n');
}
