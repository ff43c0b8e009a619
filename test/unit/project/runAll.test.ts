import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { countsOf, failuresOf } from '../../host/runAll';

describe('npm test: what failed, repeated at the end', () => {
  it("takes node:test's failing-tests section without stack lines", () => {
    const output = [
      '✔ one (12ms)',
      '✖ two (30ms)',
      'ℹ tests 2',
      'ℹ pass 1',
      'ℹ fail 1',
      '',
      '✖ failing tests:',
      '',
      'test at test/ui/flows/restore.ui.ts:40:3',
      '✖ two (30ms)',
      '  AssertionError [ERR_ASSERTION]: the row says "restored"',
      '      at TestContext.<anonymous> (test/ui/flows/restore.ui.ts:52:12)',
    ].join('\n');
    assert.deepEqual(failuresOf(output), [
      'test at test/ui/flows/restore.ui.ts:40:3',
      '✖ two (30ms)',
      '  AssertionError [ERR_ASSERTION]: the row says "restored"',
    ]);
    assert.deepEqual(countsOf(output), { passed: 1, failed: 1, skipped: 0 });
  });

  it("takes mocha's failing section up to the suite's own total line", () => {
    const output = [
      '  12 passing (7s)',
      '  1 failing',
      '',
      '  1) restore',
      '       says which URN did nothing:',
      '     Error: expected 1, got 0',
      '      at Context.<anonymous> (out/test/restore.test.js:1:1)',
      '',
      '12 passed, 1 failed, 0 skipped',
      'Exit code:   1',
    ].join('\n');
    assert.deepEqual(failuresOf(output), ['  1) restore', '       says which URN did nothing:', '     Error: expected 1, got 0']);
  });

  it('caps a long section and says how much it left out', () => {
    const body = Array.from({ length: 100 }, (_, i) => `  Error line ${i}`);
    const picked = failuresOf(['✖ failing tests:', ...body, 'ℹ tests 3'].join('\n'));
    assert.equal(picked.length, 61);
    assert.equal(picked.at(-1), '… 40 more lines above');
  });
});
