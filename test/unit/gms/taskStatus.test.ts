// parseTaskStatus on real and damaged task answers.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isGmsError, parseTaskStatus, type GmsErrorKind } from '../../../src/gms';

function throwsKind(fn: () => unknown, kind: GmsErrorKind, code?: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isGmsError(e), `expected a GmsError, got ${String(e)}`);
    assert.equal(e.kind, kind);
    if (code) assert.equal(e.code, code);
    return true;
  });
}
describe('parseTaskStatus', () => {
  it('reads a running task', () => {
    const value =
      '{"completed":false,"taskId":"qhxGdzytQS-pQek8CwBCZg:54654","runTimeNanos":1179458,"status":{"total":5000,"updated":0,"created":0,"deleted":1200,"batches":2,"version_conflicts":0,"noops":0}}';
    assert.deepEqual(parseTaskStatus(value), {
      completed: false,
      task: 'qhxGdzytQS-pQek8CwBCZg:54654',
      runTimeNanos: 1179458,
      status: { total: 5000, updated: 0, created: 0, deleted: 1200, batches: 2, version_conflicts: 0, noops: 0 },
    });
  });

  it('accepts a status printed as a string and a task id printed as an object', () => {
    const s = parseTaskStatus(JSON.stringify({ completed: true, taskId: { nodeId: 'n1', id: 7 }, status: '{"deleted":3}' }));
    assert.deepEqual(s, { completed: true, task: 'n1:7', status: { deleted: 3 } });
    const t = parseTaskStatus(JSON.stringify({ completed: true }), 'n2:9');
    assert.deepEqual(t, { completed: true, task: 'n2:9', status: {} });
  });

  it('turns "Could not get task status" into notFound taskNotFound', () => {
    throwsKind(() => parseTaskStatus('{"error":"Could not get task status for qhxGdzytQS-pQek8CwBCZg:54654"}'), 'notFound', 'taskNotFound');
    // The server's own words first, then what to do.
    assert.throws(
      () => parseTaskStatus('{"error":"Could not get task status for qhxGdzytQS-pQek8CwBCZg:54654"}'),
      /^GmsError: Could not get task status for qhxGdzytQS-pQek8CwBCZg:54654: .* Refresh the index sizes/,
    );
  });

  it('refuses non-JSON and wrong shapes with invalidResponse', () => {
    throwsKind(() => parseTaskStatus('oops'), 'invalidResponse');
    throwsKind(() => parseTaskStatus('{"completed":"yes"}'), 'invalidResponse');
    throwsKind(() => parseTaskStatus({ completed: true }), 'invalidResponse');
  });
});
