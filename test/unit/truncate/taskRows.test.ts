import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isFinished, taskRowLabel } from '../../../src/truncate/logic/taskRows';

const target = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };

test('a task row leads with its cutoff date, then entity/aspect', () => {
  const at = new Date(2025, 0, 1, 0, 0).getTime();
  assert.equal(taskRowLabel({ task: 'n:1', target, cutoff: { endTimeMillis: at } }), 'up to 2025-01-01 · dashboard/dashboardusagestatistics');
  const later = new Date(2025, 2, 15, 13, 30).getTime();
  assert.notEqual(
    taskRowLabel({ task: 'n:1', target, cutoff: { endTimeMillis: at } }),
    taskRowLabel({ task: 'n:2', target, cutoff: { endTimeMillis: later } }),
  );
});

test('a task known only by its id says so', () => {
  assert.equal(taskRowLabel({ task: 'node-1:42' }), 'task node-1:42');
  assert.equal(taskRowLabel({ task: 'node-1:42', target }), 'dashboard/dashboardusagestatistics');
});

test('finished: completed or unknown to the server; running and failed status checks are not', () => {
  assert.equal(isFinished({ state: 'completed' }), true);
  assert.equal(isFinished({ state: 'notFound' }), true);
  for (const state of ['running', 'watching', 'error'] as const) assert.equal(isFinished({ state }), false, state);
});
