import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { uniqueTempPath, withApplyLock, writeFileAtomic } from '../../../src/shared/applyLock';

async function tempDir(t: { after: (fn: () => Promise<void>) => void }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'apply-lock-'));
  t.after(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

test('two applies of one plan at once: the second does not run and says why', async (t) => {
  const dir = await tempDir(t);
  let release!: () => void;
  const first = withApplyLock(dir, 'p1', 'this cleanup', () => new Promise<string>((r) => (release = () => r('first'))));
  await new Promise((r) => setTimeout(r, 20));
  const second = await withApplyLock(dir, 'p1', 'this cleanup', async () => 'second');
  assert.equal(second.ran, false);
  assert.match(second.ran ? '' : second.message, /Another apply of this cleanup is running in this window .*nothing was sent/);
  // Another plan is not held up.
  assert.deepEqual(await withApplyLock(dir, 'p2', 'another', async () => 2), { ran: true, value: 2 });
  release();
  assert.deepEqual(await first, { ran: true, value: 'first' });
  assert.deepEqual(await readdir(dir), []);
  assert.deepEqual(await withApplyLock(dir, 'p1', 'this cleanup', async () => 'again'), { ran: true, value: 'again' });
});

test('a lock held by a live process of another window is respected; one left by a dead process is taken over', async (t) => {
  const dir = await tempDir(t);
  // The parent of this process stands for another live window.
  await writeFile(path.join(dir, 'p.lock'), JSON.stringify({ pid: process.ppid, since: Date.now() }));
  const busy = await withApplyLock(dir, 'p', 'this plan', async () => 1);
  assert.equal(busy.ran, false);
  assert.match(busy.ran ? '' : busy.message, /in another VS Code window/);
  await writeFile(path.join(dir, 'p.lock'), JSON.stringify({ pid: 2 ** 22 + 12345, since: Date.now() }));
  assert.deepEqual(await withApplyLock(dir, 'p', 'this plan', async () => 1), { ran: true, value: 1 });
  // A lease past its day is taken over too, and an unreadable lock file.
  await writeFile(path.join(dir, 'p.lock'), JSON.stringify({ pid: process.ppid, since: Date.now() - 25 * 3_600_000 }));
  assert.equal((await withApplyLock(dir, 'p', 'this plan', async () => 1)).ran, true);
  await writeFile(path.join(dir, 'p.lock'), 'not json');
  assert.equal((await withApplyLock(dir, 'p', 'this plan', async () => 1)).ran, true);
});

test('the lock is released when the work throws', async (t) => {
  const dir = await tempDir(t);
  await assert.rejects(
    withApplyLock(dir, 'p', 'x', async () => Promise.reject(new Error('boom'))),
    /boom/,
  );
  assert.deepEqual(await readdir(dir), []);
});

test('temporary files are unique per writer and an atomic write leaves none behind', async (t) => {
  const dir = await tempDir(t);
  const file = path.join(dir, 'plan.urns');
  assert.notEqual(uniqueTempPath(file), uniqueTempPath(file));
  await Promise.all([writeFileAtomic(file, 'a\n'), writeFileAtomic(file, 'b\n')]);
  assert.match(await readFile(file, 'utf8'), /^[ab]\n$/);
  assert.deepEqual(await readdir(dir), ['plan.urns']);
});
