// One apply of a plan at a time, in this window and across windows (each VS Code window has its own
// extension host): a lock file created exclusively beside the plan, holding who took it and when, removed
// when the apply ends. A lock whose process is gone (a crashed window) or older than its lease is taken
// over. Files a plan writes get unique names, so two writers never share a temporary file. Node's fs only.
import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';

/** A lock older than this is taken over even when its process seems alive (a pid reused by another process). */
const LEASE_MS = 24 * 60 * 60_000;

export interface LockHolder {
  pid: number;
  /** Epoch ms the lock was taken. */
  since: number;
  /** True when this process holds it (another apply in this window). */
  thisWindow: boolean;
}

export type Locked<R> = { ran: true; value: R } | { ran: false; holder: LockHolder; message: string };

/** In this process: plan ids being applied (a lock file alone would be enough; this answers without I/O). */
const held = new Set<string>();

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<LockHolder | undefined> {
  try {
    const v = JSON.parse(await fs.readFile(file, 'utf8')) as { pid?: unknown; since?: unknown };
    if (typeof v.pid !== 'number' || typeof v.since !== 'number') return undefined;
    return { pid: v.pid, since: v.since, thisWindow: v.pid === process.pid };
  } catch {
    return undefined;
  }
}

function busyMessage(what: string, holder: LockHolder): string {
  const where = holder.thisWindow ? 'in this window' : 'in another VS Code window';
  return `Another apply of ${what} is running ${where} (since ${new Date(holder.since).toISOString()}); nothing was sent. Wait for it to end, or cancel it, then apply again.`;
}

/**
 * Runs `work` holding the lock of plan `id` in `dir`, or does not run it and says who holds the lock.
 * `what` names the plan in the message ("this entity cleanup").
 */
export async function withApplyLock<R>(dir: string, id: string, what: string, work: () => Promise<R>, now = Date.now): Promise<Locked<R>> {
  const key = path.join(dir, `${id}.lock`);
  if (held.has(key)) {
    const holder = (await readHolder(key)) ?? { pid: process.pid, since: now(), thisWindow: true };
    return { ran: false, holder, message: busyMessage(what, holder) };
  }
  held.add(key);
  try {
    await fs.mkdir(dir, { recursive: true });
    for (let attempt = 0; ; attempt++) {
      try {
        await fs.writeFile(key, JSON.stringify({ pid: process.pid, since: now() }), { flag: 'wx' });
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = await readHolder(key);
        const stale = !holder || (!holder.thisWindow && !alive(holder.pid)) || now() - holder.since > LEASE_MS || holder.thisWindow;
        // thisWindow without `held`: left by an apply of this process that could not remove it; taken over.
        if (!stale || attempt > 0) {
          const h = holder ?? { pid: 0, since: now(), thisWindow: false };
          return { ran: false, holder: h, message: busyMessage(what, h) };
        }
        await fs.rm(key, { force: true });
      }
    }
    try {
      return { ran: true, value: await work() };
    } finally {
      await fs.rm(key, { force: true }).catch(() => undefined);
    }
  } finally {
    held.delete(key);
  }
}

/** A temporary name beside `file` that no other writer (window, apply) uses: `<file>.<pid>.<random>.tmp`. */
export function uniqueTempPath(file: string): string {
  return `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
}

/** Writes `text` to `file` through a unique temporary file and a rename, so a reader never sees half of it. */
export async function writeFileAtomic(file: string, text: string): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const tmp = uniqueTempPath(file);
  try {
    await fs.writeFile(tmp, text, 'utf8');
    await fs.rename(tmp, file);
  } catch (error) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    throw error;
  }
}
