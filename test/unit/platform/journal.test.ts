// The journal's recorder without a host: a run's writes become one entry per connection with the
// run's asker, outcome and dry-run figures; a run without writes, none; a confirmed call keeps the
// outer asker (a person's when there is none); a write outside any run is `background`; writes sent
// after a run returned are gathered into one entry; a failing store never fails the run.
import { strict as assert } from 'node:assert';
import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeEach, describe, it } from 'node:test';
import type { SentWrite } from '../../../src/gms/types';
import { askerOf, journaled, journalFile, LATE_WRITES_MS, noteDryRun, recordWrite, startJournal } from '../../../src/platform/journal';
import type { JournalFilter } from '../../../src/shared/journal';
import { readJournalFile } from '../../../src/shared/journalRead';

const readJournal = async (filter: JournalFilter) => {
  const file = journalFile();
  return file ? readJournalFile(file, filter) : [];
};

const prod = { name: 'prod', gmsUrl: 'https://user:pw@gms.example.com/api/gms?x=1', environment: 'production' as const };
const dev = { name: 'dev', gmsUrl: 'http://127.0.0.1:8080' };
const write = (targets: string[], failed?: string): SentWrite => ({
  action: 'restoreIndices',
  targets,
  status: failed ? 500 : 200,
  ...(failed ? { failed } : {}),
});
const state = (error: unknown) =>
  error instanceof Error && error.message === 'cancelled' ? 'cancelled' : error instanceof Error && error.message === '403' ? 'forbidden' : 'server';

let dir = '';
let stop: { dispose(): void } | undefined;
const warnings: string[] = [];

describe('platform journal', () => {
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'journal-platform-'));
    warnings.length = 0;
    stop = startJournal(dir, { warn: (m: string) => warnings.push(m) });
  });
  afterEach(() => stop?.dispose());

  it('one entry per connection written to, with the asker, the outcome, the figures and the origin only', async () => {
    const since = Date.now();
    await journaled(
      'datahub.restoreUrnsInFile',
      askerOf('ui'),
      false,
      async () => {
        noteDryRun({ urns: 3, nested: { no: 1 } });
        recordWrite(prod.name, () => prod, write(['urn:li:a', 'urn:li:b']));
        recordWrite(prod.name, () => prod, write(['urn:li:c'], 'server'));
        recordWrite(dev.name, () => dev, write(['urn:li:d']));
        return { message: 'Restored 3 of 4.\nDetails follow.' };
      },
      state,
    );
    const entries = await readJournal({ since });
    assert.equal(entries.length, 2);
    const p = entries.find((e) => e.connection === 'prod');
    assert.ok(p);
    assert.deepEqual(
      { ...p, at: 0 },
      {
        at: 0,
        connection: 'prod',
        gmsOrigin: 'https://gms.example.com',
        environment: 'production',
        command: 'datahub.restoreUrnsInFile',
        askedBy: 'person',
        outcome: 'partial',
        summary: 'Restored 3 of 4. Details follow.',
        dryRun: { urns: 3 },
        sent: { requests: 2, targets: ['urn:li:a', 'urn:li:b', 'urn:li:c'] },
      },
    );
    assert.equal(entries.find((e) => e.connection === 'dev')?.outcome, 'done');
  });

  it('no writes, no entry; an error after writes: cancelled, refused or failed, and the error still thrown', async () => {
    const since = Date.now();
    assert.equal(await journaled('datahub.refreshIndexSizes', 'api', false, async () => 42, state), 42);
    for (const [message, outcome] of [
      ['cancelled', 'cancelled'],
      ['403', 'refused'],
      ['boom', 'failed'],
    ] as const) {
      await assert.rejects(
        journaled(
          'datahub.truncateTimeseriesAspect',
          'link',
          false,
          async () => {
            recordWrite(dev.name, () => dev, write(['dataset.operation']));
            throw new Error(message);
          },
          state,
        ),
        new RegExp(message),
      );
      assert.equal((await readJournal({ since, limit: 1 }))[0].outcome, outcome);
    }
    assert.equal((await readJournal({ since })).length, 3);
  });

  it('a confirmed call keeps the outer asker, a person without one; a write outside any run is background (once writes stop)', async () => {
    const since = Date.now();
    const inner = () =>
      journaled(
        'datahub.truncateTimeseriesAspect',
        'api',
        true,
        async () => {
          recordWrite(dev.name, () => dev, write(['dataset.operation']));
          return { message: 'started' };
        },
        state,
      );
    await journaled('datahub.planRetention', 'link', false, inner, state);
    await inner();
    recordWrite(dev.name, () => dev, write(['urn:li:x']));
    await new Promise((r) => setTimeout(r, LATE_WRITES_MS + 200));
    const entries = await readJournal({ since });
    assert.deepEqual(
      entries.map((e) => [e.command, e.askedBy]),
      [
        ['background', 'background'],
        ['datahub.truncateTimeseriesAspect', 'person'],
        ['datahub.truncateTimeseriesAspect', 'link'],
      ],
    );
  });

  it('writes sent after the run returned are one more entry once they stop', async () => {
    const since = Date.now();
    let later: Promise<void> | undefined;
    await journaled(
      'datahub.restoreIndicesByPattern',
      'api',
      false,
      async () => {
        recordWrite(dev.name, () => dev, write(['urn:li:%']));
        later = (async () => {
          await new Promise((r) => setTimeout(r, 10));
          recordWrite(dev.name, () => dev, write(['urn:li:%']));
          recordWrite(dev.name, () => dev, write(['urn:li:%']));
        })();
        return { message: 'started' };
      },
      state,
    );
    await later;
    assert.equal((await readJournal({ since })).length, 1);
    await new Promise((r) => setTimeout(r, LATE_WRITES_MS + 200));
    const entries = await readJournal({ since });
    assert.equal(entries.length, 2);
    assert.equal(entries[0].sent.requests, 2);
    assert.match(entries[0].summary, /^2 write\(s\) sent after the command returned/);
  });

  it('a store that cannot write: the run goes on, the failure is logged and said in the next message', async () => {
    stop?.dispose();
    const blocker = path.join(dir, 'file');
    await fs.writeFile(blocker, 'x');
    stop = startJournal(blocker, { warn: (m: string) => warnings.push(m) });
    const run = () =>
      journaled(
        'datahub.restoreIndices',
        'api',
        false,
        async () => {
          recordWrite(dev.name, () => dev, write(['urn:li:a']));
          return { message: 'Restored.' };
        },
        state,
      );
    assert.equal((await run()).message, 'Restored.');
    await journalFile()?.flush();
    assert.match(warnings.join('\n'), /could not record a write/);
    assert.match((await run()).message, /^Restored\. \(The operations journal could not record a write: /);
  });
});
