import { test } from 'node:test';
import assert from 'node:assert/strict';
import { groupRowDescription, NO_SIZE, rowLabel, thresholdReason } from '../../../src/indices/logic/treeLabels';

test('a row leads with the size, then the name', () => {
  assert.equal(rowLabel(18342.113, 'datasetprofile'), '18.3 GB  datasetprofile');
  assert.equal(rowLabel(0.000208, 'assertionrunevent'), '208 B  assertionrunevent');
  assert.equal(rowLabel(640.5, 'operation'), '641 MB  operation');
});

test('an unknown size is a short dash, so the name still fits a narrow side bar', () => {
  assert.equal(rowLabel(null, 'chartprofile'), `${NO_SIZE}  chartprofile`);
  assert.equal(rowLabel(undefined, 'x'), `${NO_SIZE}  x`);
  assert.equal(rowLabel(Number.NaN, 'x'), `${NO_SIZE}  x`);
});

test('the name is the end of the label, whatever the size', () => {
  for (const size of [0, 1, 999.9, 1e6, null]) assert.ok(rowLabel(size, 'dataset').endsWith('  dataset'));
});

test('a group row describes its count, and missing sizes', () => {
  assert.equal(groupRowDescription(1, 0), '1 index');
  assert.equal(groupRowDescription(3, 0), '3 indices');
  assert.equal(groupRowDescription(2, 1), '2 indices · 1 unknown');
});

test('the warning says the threshold value and the setting', () => {
  assert.equal(thresholdReason(5), 'over the 5 GB warning threshold (datahub.sizeWarningThresholdGb)');
  assert.equal(thresholdReason(2.5), 'over the 2.5 GB warning threshold (datahub.sizeWarningThresholdGb)');
  assert.equal(thresholdReason(1 / 3), 'over the 0.33 GB warning threshold (datahub.sizeWarningThresholdGb)');
});
