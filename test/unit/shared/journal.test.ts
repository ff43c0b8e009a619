// The journal's entries: outcomes from results and errors, the one-line summary, a line parsed strictly
// (torn or corrupt lines are skipped), the filter, and the Markdown with every stored string inert.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { journalLine, keptFigures, outcomeOfError, outcomeOfResult, summaryOf, type JournalEntry } from '../../../src/shared/journal';
import { journalMarkdown, matchesFilter, parseJournalLine } from '../../../src/shared/journalRead';

const entry = (over: Partial<JournalEntry> = {}): JournalEntry => ({
  at: Date.UTC(2026, 11, 3, 10),
  connection: 'prod',
  gmsOrigin: 'https://gms.example.com',
  environment: 'production',
  command: 'datahub.truncateTimeseriesAspect',
  askedBy: 'person',
  outcome: 'done',
  summary: 'Truncation started: task n:1.',
  sent: { requests: 1, targets: ['dataset.operation'] },
  ...over,
});

describe('journal outcomes', () => {
  it('done, partial (notDone, failures, cancelled, some writes failed), failed (every write failed)', () => {
    assert.equal(outcomeOfResult({ message: 'ok' }, { requests: 2, failed: 0 }), 'done');
    assert.equal(outcomeOfResult({ message: 'ok', notDone: ['a'] }, { requests: 2, failed: 0 }), 'partial');
    assert.equal(outcomeOfResult({ message: 'ok', notDone: { reason: 'stoppedWaiting' } }, { requests: 1, failed: 0 }), 'partial');
    assert.equal(outcomeOfResult({ message: 'ok', failures: 3 }, { requests: 2, failed: 0 }), 'partial');
    assert.equal(outcomeOfResult({ message: 'ok', failed: [] }, { requests: 2, failed: 0 }), 'done');
    assert.equal(outcomeOfResult({ message: 'ok', cancelled: true }, { requests: 2, failed: 0 }), 'partial');
    assert.equal(outcomeOfResult({ message: 'ok' }, { requests: 2, failed: 1 }), 'partial');
    assert.equal(outcomeOfResult({ message: 'ok' }, { requests: 2, failed: 2 }), 'failed');
  });

  it('an error: cancelled, refused (401, 403, read-only), else failed', () => {
    assert.equal(outcomeOfError('cancelled'), 'cancelled');
    assert.equal(outcomeOfError('unauthorized'), 'refused');
    assert.equal(outcomeOfError('forbidden'), 'refused');
    assert.equal(outcomeOfError('server'), 'failed');
  });

  it('the summary is one bounded line', () => {
    assert.equal(summaryOf({ message: 'a\nb\r\n  c' }), 'a b c');
    assert.equal(summaryOf('x'.repeat(1000)).length, 400);
    assert.equal(summaryOf({}), '(no message)');
  });

  it('dry-run figures keep numbers, booleans and short strings only', () => {
    assert.deepEqual(keptFigures({ rows: 10, wouldDelete: true, note: 'a\nb', nested: { x: 1 }, 'bad key': 1 }), { rows: 10, wouldDelete: true, note: 'a b' });
    assert.equal(keptFigures({ nested: [] }), undefined);
  });
});

describe('journal lines', () => {
  it('round-trips an entry; a torn line, a corrupt line or a wrong shape is skipped', () => {
    const line = journalLine(entry({ dryRun: { rows: 5 } }));
    assert.ok(line.endsWith('\n') && !line.slice(0, -1).includes('\n'));
    assert.deepEqual(parseJournalLine(line.trimEnd()), entry({ dryRun: { rows: 5 } }));
    assert.equal(parseJournalLine(line.slice(0, 40)), undefined);
    assert.equal(parseJournalLine('not json'), undefined);
    assert.equal(parseJournalLine(JSON.stringify({ ...entry(), outcome: 'maybe' })), undefined);
    assert.equal(parseJournalLine(JSON.stringify({ ...entry(), sent: { requests: 1, targets: [1] } })), undefined);
  });

  it('filters by time and connection', () => {
    const e = entry();
    assert.ok(matchesFilter(e, {}));
    assert.ok(matchesFilter(e, { since: e.at, connection: 'prod' }));
    assert.ok(!matchesFilter(e, { since: e.at + 1 }));
    assert.ok(!matchesFilter(e, { connection: 'dev' }));
  });
});

describe('journal Markdown', () => {
  it('keeps stored text inert: no live link, HTML, table break or heading', () => {
    const hostile = entry({
      connection: 'p|<b>x</b>',
      summary: 'see https://evil.example/x and <img src=x> | [a](javascript:x)\n# heading',
      sent: { requests: 1, targets: ['urn:li:x`|<script>'] },
    });
    const md = journalMarkdown([hostile], 'All connections').text;
    const row = md.split('\n').find((l) => l.startsWith('| 2026'));
    assert.ok(row);
    assert.equal(row.split(/(?<!\\)\|/).length, 10, 'the row keeps its 8 cells');
    assert.doesNotMatch(md, /(?<!\\)<(b|img)|(?<!`)https:\/\/evil/);
    assert.doesNotMatch(md, /\n# heading/);
    assert.match(md, /\*\*done\*\*/);
  });

  it('says when nothing was recorded', () => {
    assert.match(journalMarkdown([], 'prod, last hour').text, /Nothing recorded/);
  });
});
