import { test } from 'node:test';
import assert from 'node:assert/strict';
import { outsideRun, type SavedPages } from '../../../src/restore/logic/savedRunCheck';

const run: SavedPages = {
  batchSize: 100,
  firstStart: 1000,
  nextStart: 3000,
  doneAfterNext: [3100, 3300],
  incompletePages: [{ start: 1200, read: 40 }],
  maxRows: 5000,
};

test('a saved run whose pages all lie inside it is used as it is', () => {
  assert.equal(outsideRun(run), undefined);
});

test('a page or resume point outside the run itself is named', () => {
  assert.equal(outsideRun({ ...run, doneAfterNext: [2900] }), 'a page done at start=2900');
  assert.equal(outsideRun({ ...run, doneAfterNext: [6000] }), 'a page done at start=6000', 'past firstStart + maxRows');
  assert.equal(outsideRun({ ...run, incompletePages: [{ start: 900, read: 1 }] }), 'an incomplete page at start=900');
  assert.equal(outsideRun({ ...run, nextStart: 500 }), 'its resume point start=500');
  assert.equal(outsideRun({ ...run, batchSize: 0 }), 'its batch size 0');
});
