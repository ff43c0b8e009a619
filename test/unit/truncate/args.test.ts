// The truncation and task commands' argument schemas keep the messages the commands have always given.
import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseArgs } from '../../../src/shared/args';
import { taskArgs, truncateTimeseriesAspectArgs } from '../../../src/truncate/logic/args';

describe('truncate argument schemas', () => {
  it('truncateTimeseriesAspect: the cutoff, the flags and the options', () => {
    const parsed = parseArgs('cmd', truncateTimeseriesAspectArgs, { indexName: ' i ', endTimeMillis: 1, method: null, batchSize: 100 });
    assert.equal(parsed.indexName, 'i');
    assert.equal(parsed.batchSize, 100);
    const fails = (arg: unknown, message: RegExp) => assert.throws(() => parseArgs('cmd', truncateTimeseriesAspectArgs, arg), message);
    fails({}, /^Error: cmd: endTimeMillis must be a whole number of milliseconds since 1970-01-01 UTC\.$/);
    fails({ endTimeMillis: 1.5 }, /endTimeMillis must be a whole number/);
    fails({ endTimeMillis: 1, dryRun: 'no' }, /^Error: cmd: "dryRun" must be true or false\.$/);
    fails({ endTimeMillis: 1, method: 'both' }, /^Error: cmd: "method" must be one of 'auto', 'deleteByQuery', 'reindex'\.$/);
    fails({ endTimeMillis: 1, timeoutSeconds: 0 }, /^Error: cmd: "timeoutSeconds" must be a whole number from 1 to 86400\.$/);
    fails({ endTimeMillis: 1, entityType: '' }, /^Error: cmd: the argument object needs a non-empty string "entityType"\.$/);
  });

  it('the task commands: a task string', () => {
    assert.throws(() => parseArgs('cmd', taskArgs, {}), /^Error: cmd: a "task" string is required\.$/);
    assert.deepEqual(parseArgs('cmd', taskArgs, { task: 'n:1' }), { task: 'n:1' });
  });
});
