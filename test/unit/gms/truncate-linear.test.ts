// Parsers and matchers that see server text or typed filters run in linear time:
// adversarial input of many kilobytes finishes within a tight bound.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { parseTruncateResult } from '../../../src/gms/restli/truncate';
import { findDryRunSummary } from '../../../src/gms/restli/truncateSummary';
import { indexMatcher } from '../../../src/indices/logic/indices';
import type { IndexSize } from '../../../src/gms/types';

/** CPU time of this process (not wall time: other test stages on the same cores do not count against it). */
function timed<T>(run: () => T): { ms: number; value: T | undefined } {
  const cpu0 = process.cpuUsage();
  let value: T | undefined;
  try {
    value = run();
  } catch {
    value = undefined;
  }
  const used = process.cpuUsage(cpu0);
  return { ms: (used.user + used.system) / 1000, value };
}

const ws = (n: number): string => ' \t'.repeat(n / 2);

describe('truncation answers: linear parsing', () => {
  const adversarial: Record<string, string> = {
    'whitespace inside the parentheses, never closed': `Delete 1 out of 1 rows (${ws(16_000)}x`,
    'many unfinished summaries': `Delete 1 out of 1 rows (${ws(40)}`.repeat(400) + 'x',
    'whitespace runs between every word': `Delete${ws(4000)}1${ws(4000)}out${ws(4000)}of${ws(4000)}x`,
    '"delete" repeated': 'delete '.repeat(3000),
    'digits without end': `Delete ${'9'.repeat(16_000)} out of 1 rows (1%)`,
    'a megabyte of text': `${'Delete 1 out of 1 rows ( '.repeat(40_000)}`,
  };
  for (const [name, text] of Object.entries(adversarial)) {
    it(`${name} (${text.length.toLocaleString('en-US')} chars): under 500 ms`, () => {
      const { ms } = timed(() => parseTruncateResult(text));
      assert.ok(ms < 500, `${ms.toFixed(1)} ms`);
    });
  }

  it('still reads every real form: percent, fraction, locale comma, case, spaces', () => {
    assert.deepEqual(findDryRunSummary('Delete 120 out of 201 rows (59.70%).'), { toDelete: 120, total: 201, share: '59.70%' });
    assert.deepEqual(findDryRunSummary('delete  120\nout of 201 ROWS( 0.5970 )'), { toDelete: 120, total: 201, share: '0.5970' });
    assert.deepEqual(findDryRunSummary('Reindexing. Delete 3 out of 4 rows (75,00%)'), { toDelete: 3, total: 4, share: '75,00%' });
    assert.equal(findDryRunSummary('Delete 1 out of 2 rows'), undefined);
    assert.equal(findDryRunSummary(`Delete 1 out of 2 rows (${'1'.repeat(100)})`), undefined);
    const parsed = parseTruncateResult('Delete 120 out of 201 rows (59.70%). Method: delete  by\tquery');
    assert.deepEqual(parsed, {
      kind: 'dryRun',
      summary: 'Delete 120 out of 201 rows (59.70%). Method: delete  by\tquery',
      toDelete: 120,
      total: 201,
      percent: 59.7,
      method: 'deleteByQuery',
    });
  });
});

describe('the index filter: linear matching', () => {
  const index = (name: string): IndexSize => ({ indexName: name, entityName: name.slice(0, 10), aspectName: name.slice(10, 20), sizeMb: 1 }) as IndexSize;

  it('"a*a*a*b" against an 800-character name: under 500 ms', () => {
    const { ms, value } = timed(() => indexMatcher('a*a*a*b')(index('a'.repeat(800))));
    assert.equal(value, false);
    assert.ok(ms < 500, `${ms.toFixed(1)} ms`);
  });

  it('a 256-star filter against 1,000 long names: under 1 s', () => {
    const match = indexMatcher('*a'.repeat(128) + 'b');
    const names = Array.from({ length: 1000 }, (_, i) => index(`${'a'.repeat(800)}${i}`));
    const { ms } = timed(() => names.filter(match).length);
    assert.ok(ms < 1000, `${ms.toFixed(1)} ms`);
  });

  it('matches as before: parts in order, anywhere, case-insensitive', () => {
    const name = index('dataset_datasetprofileaspect_v1');
    assert.equal(indexMatcher('DATASET*profile')(name), true);
    assert.equal(indexMatcher('profile*dataset')(name), false, 'parts must come in order');
    assert.equal(indexMatcher('*v1')(name), true);
    assert.equal(indexMatcher('usage*')(name), false);
    assert.equal(indexMatcher('*')(name), true);
  });
});
