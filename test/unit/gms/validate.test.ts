// Input validation: what is refused before any request, and the bodies that are sent.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isGmsError, restoreBody, truncateBody, validateTask } from '../../../src/gms';
import { validateUrnList } from '../../../src/gms/validate';

function refused(fn: () => unknown, field: string, code?: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isGmsError(e), String(e));
    assert.equal(e.kind, 'invalidInput');
    assert.equal(e.field, field);
    assert.ok(e.message.startsWith(`${field}: `), e.message);
    if (code) assert.equal(e.code, code);
    return true;
  });
}

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';

describe('restore validation', () => {
  it('sends only the fields given', () => {
    assert.deepEqual(restoreBody({ urn: URN }), { urn: URN });
    assert.deepEqual(restoreBody({ urnLike: 'urn:li:dataset:%', aspect: 'status', start: 20, batchSize: 10 }), {
      urnLike: 'urn:li:dataset:%',
      aspect: 'status',
      start: 20,
      batchSize: 10,
    });
  });

  it('refuses a whole-database restore and urn with urnLike', () => {
    refused(() => restoreBody({}), 'urn', 'wholeDatabaseRestore');
    refused(() => restoreBody({ aspect: 'status' }), 'urn', 'wholeDatabaseRestore');
    refused(() => restoreBody({ urn: URN, urnLike: 'urn:li:dataset:%' }), 'urnLike');
  });

  it('refuses bad URNs, patterns, aspects and numbers, naming the field', () => {
    refused(() => restoreBody({ urn: 'urn:li:dataset:(a,' }), 'urn');
    refused(() => restoreBody({ urn: 'dataset:x' }), 'urn');
    refused(() => restoreBody({ urn: `urn:li:corpuser:${'x'.repeat(600)}` }), 'urn');
    refused(() => restoreBody({ urnLike: '' }), 'urnLike');
    refused(() => restoreBody({ urnLike: ' urn:li:%' }), 'urnLike');
    refused(() => restoreBody({ urn: URN, aspect: '' }), 'aspect');
    refused(() => restoreBody({ urn: URN, aspect: 'status; drop' }), 'aspect');
    refused(() => restoreBody({ urn: URN, start: -1 }), 'start');
    refused(() => restoreBody({ urn: URN, start: 1.5 }), 'start');
    refused(() => restoreBody({ urn: URN, batchSize: 0 }), 'batchSize');
    refused(() => restoreBody({ urn: URN, batchSize: 10001 }), 'batchSize');
    refused(() => restoreBody({ urn: URN, batchSize: Number.NaN }), 'batchSize');
  });
});

describe('URN list validation', () => {
  it('keeps the URNs as given, in order, duplicates too', () => {
    const list = [URN, 'urn:li:corpuser:jdoe', URN];
    assert.deepEqual(validateUrnList(list, 'urns', 'restoreUrns'), list);
    assert.deepEqual(validateUrnList([], 'urns'), []);
  });

  it('names the item refused, with the reason validateUrn gives', () => {
    refused(() => validateUrnList([URN, URN, 'urn:li:dataset:(a,'], 'urns', 'restoreUrns'), 'urns[2]');
    refused(() => validateUrnList([URN, 42], 'urns'), 'urns[1]');
    refused(() => validateUrnList([' urn:li:tag:a'], 'aspects'), 'aspects[0]');
    assert.throws(
      () => validateUrnList([URN, 'urn:li:tag:a\nb'], 'urns'),
      (e: unknown) => isGmsError(e) && e.message === 'urns[1]: the URN contains a line break or tab',
    );
  });
});

describe('truncate validation', () => {
  const now = Date.UTC(2025, 0, 1);
  const base = { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis: now - 1000 };

  it('always sends dryRun, true by default, and at most one force flag as true', () => {
    assert.deepEqual(truncateBody(base, now), { ...base, dryRun: true });
    assert.deepEqual(truncateBody({ ...base, dryRun: false, method: 'auto' }, now), { ...base, dryRun: false });
    assert.deepEqual(truncateBody({ ...base, method: 'reindex' }, now), { ...base, dryRun: true, forceReindex: true });
    assert.deepEqual(truncateBody({ ...base, method: 'deleteByQuery', batchSize: 500, timeoutSeconds: 60 }, now), {
      ...base,
      dryRun: true,
      forceDeleteByQuery: true,
      batchSize: 500,
      timeoutSeconds: 60,
    });
  });

  it('refuses a future or non-integer end time, bad names and unknown methods', () => {
    refused(() => truncateBody({ ...base, endTimeMillis: now + 60_000 }, now), 'endTimeMillis');
    refused(() => truncateBody({ ...base, endTimeMillis: 0 }, now), 'endTimeMillis');
    refused(() => truncateBody({ ...base, endTimeMillis: 1.5 }, now), 'endTimeMillis');
    refused(() => truncateBody({ ...base, entityType: '' }, now), 'entityType');
    refused(() => truncateBody({ ...base, aspect: 'dataset profile' }, now), 'aspect');
    refused(() => truncateBody({ ...base, method: 'both' as never }, now), 'method');
    refused(() => truncateBody({ ...base, batchSize: 0 }, now), 'batchSize');
  });
});

describe('task validation', () => {
  it('accepts nodeId:number only', () => {
    assert.equal(validateTask('qhxGdzytQS-pQek8CwBCZg:54654'), 'qhxGdzytQS-pQek8CwBCZg:54654');
    for (const bad of ['', 'abc', 'abc:', ':12', 'a:b', 'a:12:3', 'a b:1', 'a:1 ']) refused(() => validateTask(bad), 'task');
  });
});
