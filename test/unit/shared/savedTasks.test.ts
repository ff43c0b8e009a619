// State kept between sessions: the size history file (an unusable one is kept
// aside, not overwritten) and the truncation tasks being watched (per connection,
// read back defensively).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { encodeHistory, emptyHistory, historyFileProblem } from '../../../src/insights/logic/history';
import { MAX_SAVED_TASKS, readSavedTasks, tasksToSave } from '../../../src/truncate/logic/savedTasks';
import type { TaskRecord } from '../../../src/truncate/logic/truncateText';

describe('the size history file', () => {
  it('names what is wrong with a damaged, foreign or other-version file; a good one passes', () => {
    assert.equal(historyFileProblem(encodeHistory(emptyHistory())), undefined);
    assert.equal(historyFileProblem('{"version":1,"connections":['), 'not valid JSON');
    assert.equal(historyFileProblem(''), 'not valid JSON');
    assert.equal(historyFileProblem('[1,2]'), 'not an index size history');
    assert.match(historyFileProblem('{"version":2,"connections":[]}') ?? '', /^version 2, this extension reads version 1$/);
  });
});

describe('watched truncation tasks across a reload', () => {
  const record = (task: string, state: TaskRecord['state'], connectionName?: string, startedAt = 1): TaskRecord => ({
    task,
    state,
    connectionName,
    startedAt,
    startedHere: true,
    target: { entityType: 'dataset', aspect: 'datasetProfile' },
    cutoff: { endTimeMillis: 5, label: '90 days' },
  });

  it('keeps unfinished tasks per connection, newest first, and drops finished ones', () => {
    const saved = tasksToSave([
      record('a:1', 'watching', 'prod', 1),
      record('a:2', 'running', 'prod', 2),
      record('a:3', 'completed', 'prod', 3),
      record('b:1', 'notFound', 'dev'),
      record('c:1', 'watching', undefined),
      record('d:1', 'running', 'dev'),
    ]);
    assert.deepEqual(Object.keys(saved).sort(), ['dev', 'prod']);
    assert.deepEqual(
      saved.prod.map((t) => t.task),
      ['a:2', 'a:1'],
    );
    assert.deepEqual(
      saved.dev.map((t) => t.task),
      ['d:1'],
    );
  });

  it('reads back only well-formed tasks of connections that still exist', () => {
    const raw = {
      prod: [
        { task: 'a:1', startedAt: 7, startedHere: true, target: { entityType: 'x', aspect: 'y' } },
        { task: 'not a task' },
        { task: '' },
        'junk',
        { task: 'a:2', target: 5 },
      ],
      gone: [{ task: 'g:1' }],
      dev: 'junk',
    };
    const back = readSavedTasks(raw, (name) => name !== 'gone');
    assert.deepEqual(
      back.map((t) => [t.connectionName, t.task, t.target?.aspect]),
      [
        ['prod', 'a:1', 'y'],
        ['prod', 'a:2', undefined],
      ],
    );
    assert.deepEqual(
      readSavedTasks(undefined, () => true),
      [],
    );
    assert.deepEqual(
      readSavedTasks([1, 2], () => true),
      [],
    );
    const many = { prod: Array.from({ length: 100 }, (_, i) => ({ task: `n:${i + 1}` })) };
    assert.equal(readSavedTasks(many, () => true).length, MAX_SAVED_TASKS);
  });

  it('a saved list survives its own round trip through JSON (global state)', () => {
    const saved = tasksToSave([record('a:1', 'watching', 'prod', 9)]);
    const back = readSavedTasks(JSON.parse(JSON.stringify(saved)), () => true);
    assert.deepEqual(back, [
      {
        connectionName: 'prod',
        task: 'a:1',
        startedAt: 9,
        startedHere: true,
        target: { entityType: 'dataset', aspect: 'datasetProfile' },
        cutoff: { endTimeMillis: 5, label: '90 days' },
      },
    ]);
  });
});
