// The restore commands' argument schemas keep the messages the commands have always given.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { restoreIndicesAsJobArgs } from '../../../src/jobs/logic/args';
import { parseArgs } from '../../../src/shared/args';
import { restoreIndicesArgs, restoreIndicesByPatternArgs, restoreIndicesChangedBetweenArgs, restoreUrnAtCursorArgs } from '../../../src/restore/logic/args';

const fails = (schema: Parameters<typeof parseArgs>[1], arg: unknown, message: RegExp) => assert.throws(() => parseArgs('cmd', schema, arg), message);

describe('restore argument schemas', () => {
  it('restoreIndices: a URN string, flags that are true or false', () => {
    assert.deepEqual(parseArgs('cmd', restoreIndicesArgs, { urn: ' urn:li:corpuser:a ', aspect: ' ', verify: true }), {
      urn: 'urn:li:corpuser:a',
      aspect: undefined,
      verify: true,
    });
    fails(restoreIndicesArgs, {}, /cmd: the argument object needs a non-empty string "urn"\./);
    fails(restoreIndicesArgs, { urn: 'u', verify: 'yes' }, /cmd: "verify" must be true or false\./);
  });

  it('restoreIndicesByPattern: the paging defaults and limits, or { resume: true }', () => {
    const parsed = parseArgs('cmd', restoreIndicesByPatternArgs, { urnLike: 'urn:li:dataset:%' });
    assert.equal('resume' in parsed, false);
    assert.deepEqual({ start: (parsed as { start: number }).start, batchSize: (parsed as { batchSize: number }).batchSize }, { start: 0, batchSize: 10 });
    assert.deepEqual(parseArgs('cmd', restoreIndicesByPatternArgs, { resume: true }), { resume: true });
    fails(restoreIndicesByPatternArgs, {}, /cmd: the argument object needs a non-empty string "urnLike"\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', batchSize: 0 }, /cmd: `batchSize` must be a whole number from 1 to 10000\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', start: -1 }, /cmd: `start` must be a whole number, 0 or more\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', concurrency: 5 }, /cmd: "concurrency" must be a whole number from 1 to 4\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', all: 1 }, /cmd: "all" must be true or false\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', skip: [1, -1] }, /cmd: "skip" must be a list of page starts/);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', pages: [] }, /cmd: "pages" must be a non-empty list of page starts/);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', limit: 0 }, /cmd: "limit" must be a whole number of rows, 1 or more\./);
    fails(restoreIndicesByPatternArgs, { urnLike: 'u', gePitEpochMs: 'x' }, /cmd: "gePitEpochMs" must be epoch milliseconds \(.*\), got "x"\./);
  });

  it('restoreIndicesChangedBetween: every URN and 100 rows a request unless told', () => {
    const parsed = parseArgs('cmd', restoreIndicesChangedBetweenArgs, { gePitEpochMs: 1 });
    assert.equal(parsed.urnLike, 'urn:li:%');
    assert.equal(parsed.batchSize, 100);
  });

  it('restoreIndicesAsJob: the format, whole numbers and flags', () => {
    fails(restoreIndicesAsJobArgs, { urnLike: 'u' }, /cmd: "format" must be one of 'kubernetes', 'docker', 'args'\./);
    fails(restoreIndicesAsJobArgs, { format: 'args', numThreads: 1.5 }, /cmd: "numThreads" must be a whole number, got 1\.5\./);
    fails(restoreIndicesAsJobArgs, { format: 'args', clean: 'yes' }, /cmd: "clean" must be true or false\./);
    assert.equal(parseArgs('cmd', restoreIndicesAsJobArgs, { format: 'docker', batchSize: null }).batchSize, null);
  });

  it('restoreUrnAtCursor: positions and ranges name the place that is wrong', () => {
    fails(restoreUrnAtCursorArgs, { urns: 'u' }, /cmd: "urns" must be a list of URN strings\./);
    fails(restoreUrnAtCursorArgs, { urns: [1] }, /cmd: every URN must be a string\./);
    fails(
      restoreUrnAtCursorArgs,
      {
        positions: [
          { line: 0, character: 0 },
          { line: -1, character: 0 },
        ],
      },
      /cmd: positions\[1\] must be \{line, character\}/,
    );
    fails(restoreUrnAtCursorArgs, { ranges: [{ start: { line: 0, character: 0 }, end: {} }] }, /cmd: ranges\[0\]\.end must be \{line, character\}/);
    fails(restoreUrnAtCursorArgs, { uri: 3 }, /cmd: "uri" must be a URI string\./);
  });
});
