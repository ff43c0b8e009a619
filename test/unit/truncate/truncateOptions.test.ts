// The advanced options: typed text and program arguments get the same limits
// as the client, and the collapsed entry says what is set.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { formatOptions, optionsFromArgs, parseBatchSize, parseTimeoutSeconds } from '../../../src/truncate/logic/truncateOptions';

describe('advanced truncate options', () => {
  it('reads typed numbers; empty means the server default', () => {
    assert.deepEqual(parseBatchSize(' 5,000 '), { ok: true, value: 5000 });
    assert.deepEqual(parseBatchSize(''), { ok: true, value: undefined });
    assert.deepEqual(parseTimeoutSeconds('600'), { ok: true, value: 600 });
  });
  it('refuses zero, fractions, words and values past the limits', () => {
    for (const bad of ['0', '1.5', 'lots', '-3', '10001']) {
      const r = parseBatchSize(bad);
      assert.ok(!r.ok, bad);
      assert.match(r.ok ? '' : r.message, /Batch size must be/);
    }
    assert.ok(!parseTimeoutSeconds('86401').ok);
  });
  it('describes the collapsed entry', () => {
    assert.equal(formatOptions({ method: 'auto' }), 'auto · default batch size · default timeout');
    assert.equal(formatOptions({ method: 'reindex', batchSize: 2000, timeoutSeconds: 90 }), 'force reindex · batch size 2,000 · timeout 90 s');
  });
  it("checks a program's argument object", () => {
    assert.deepEqual(optionsFromArgs({ method: 'deleteByQuery', batchSize: 100 }, 'cmd'), { method: 'deleteByQuery', batchSize: 100 });
    assert.deepEqual(optionsFromArgs({}, 'cmd'), { method: 'auto' });
    assert.throws(() => optionsFromArgs({ method: 'both' }, 'cmd'), /cmd: "method" must be one of 'auto', 'deleteByQuery', 'reindex'/);
    assert.throws(() => optionsFromArgs({ batchSize: '10' }, 'cmd'), /"batchSize" must be a whole number/);
    assert.throws(() => optionsFromArgs({ timeoutSeconds: 0 }, 'cmd'), /"timeoutSeconds"/);
  });
});
