// The journal on disk: appends queued and written in order, rotation by size within a bound, a read
// newest first across files with its filter and limit, a torn last line and a corrupt line skipped,
// and a failed append said through onError without throwing.
import { strict as assert } from 'node:assert';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describe, it } from 'node:test';
import type { JournalEntry } from '../../../src/shared/journal';
import { JournalFile } from '../../../src/shared/journalFile';
import { readJournalFile } from '../../../src/shared/journalRead';

const entry = (i: number, connection = 'prod'): JournalEntry => ({
  at: 1_000_000 + i,
  connection,
  gmsOrigin: 'http://127.0.0.1:8080',
  command: 'datahub.restoreIndices',
  askedBy: 'api',
  outcome: 'done',
  summary: `restore ${i} — ünïcode`,
  sent: { requests: 1, targets: [`urn:li:corpuser:u${i}`] },
});

async function tempDir(): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), 'journal-test-'));
}

describe('JournalFile', () => {
  it('reads back newest first, with the filter and the limit, across chunks', async () => {
    const dir = await tempDir();
    const file = new JournalFile(dir);
    for (let i = 0; i < 3000; i++) file.append(entry(i, i % 2 ? 'dev' : 'prod'));
    const all = await readJournalFile(file, { limit: 10_000 });
    assert.equal(all.length, 3000);
    assert.deepEqual(
      all.slice(0, 3).map((e) => e.at),
      [1_002_999, 1_002_998, 1_002_997],
    );
    assert.equal(all.at(-1)?.summary, 'restore 0 — ünïcode');
    const dev = await readJournalFile(file, { connection: 'dev', limit: 5 });
    assert.deepEqual(
      dev.map((e) => e.at),
      [1_002_999, 1_002_997, 1_002_995, 1_002_993, 1_002_991],
    );
    assert.equal((await readJournalFile(file, { since: 1_002_990 })).length, 10);
    assert.equal((await readJournalFile(file)).length, 1000, 'the default limit');
  });

  it('rotates by size and keeps at most `keep` old files', async () => {
    const dir = await tempDir();
    const file = new JournalFile(dir, { maxFileBytes: 4096, keep: 2 });
    for (let i = 0; i < 200; i++) {
      file.append(entry(i));
      if (i % 10 === 0) await file.flush();
    }
    await file.flush();
    const names = (await fs.readdir(dir)).sort();
    // The current file may have just been rotated away; never more than keep old files.
    assert.deepEqual(
      names.filter((n) => n !== 'journal.jsonl'),
      ['journal.1.jsonl', 'journal.2.jsonl'],
    );
    for (const name of names) assert.ok((await fs.stat(path.join(dir, name))).size < 4096 + 1024);
    const kept = await readJournalFile(file, { limit: 10_000 });
    assert.ok(kept.length > 0 && kept.length < 200);
    assert.equal(kept[0].at, 1_000_199, 'the newest kept');
    for (let i = 1; i < kept.length; i++) assert.equal(kept[i].at, kept[i - 1].at - 1, 'no gap across files');
  });

  it('skips a torn last line and a corrupt line, and an append after a torn line starts on its own line', async () => {
    const dir = await tempDir();
    const first = new JournalFile(dir);
    first.append(entry(1));
    first.append(entry(2));
    await first.flush();
    await fs.appendFile(first.fileOf(0), 'garbage line\n{"at":5,"conn');
    const reader = new JournalFile(dir);
    assert.deepEqual(
      (await readJournalFile(reader)).map((e) => e.at),
      [1_000_002, 1_000_001],
    );
    reader.append(entry(3));
    assert.deepEqual(
      (await readJournalFile(reader)).map((e) => e.at),
      [1_000_003, 1_000_002, 1_000_001],
    );
  });

  it('a failed append is said through onError and never throws', async () => {
    const dir = await tempDir();
    const blocker = path.join(dir, 'not-a-folder');
    await fs.writeFile(blocker, 'x');
    const errors: Error[] = [];
    const file = new JournalFile(path.join(blocker, 'journal'), { onError: (e) => errors.push(e) });
    file.append(entry(1));
    await file.flush();
    assert.equal(errors.length, 1);
    assert.ok(file.lastError);
    assert.deepEqual(await readJournalFile(file), []);
  });
});

describe('JournalFile bursts', () => {
  it('a burst appended at once is still rotated within the bound', async () => {
    const dir = await tempDir();
    const file = new JournalFile(dir, { maxFileBytes: 64 * 1024, keep: 3 });
    for (let i = 0; i < 5000; i++) file.append(entry(i));
    await file.flush();
    const names = await fs.readdir(dir);
    assert.ok(names.length <= 4, names.join(', '));
    for (const name of names) assert.ok((await fs.stat(path.join(dir, name))).size <= 64 * 1024 + 1024, name);
    const kept = await readJournalFile(file, { limit: 10_000 });
    assert.equal(kept[0].at, 1_004_999);
    await file.close();
  });
});
