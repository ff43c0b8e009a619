// The pure parsers over the reference fixtures and the shapes each DataHub version sends.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { deriveEntityAspect, isGmsError, parseIndexSizes, parseRestoreResult, parseTruncateResult, type GmsErrorKind } from '../../../src/gms';
import { fixtureText, type FixtureName } from '../../fixtures';

function fixture(name: FixtureName): { value: unknown } {
  return JSON.parse(fixtureText(name)) as { value: unknown };
}

function throwsKind(fn: () => unknown, kind: GmsErrorKind, code?: string): void {
  assert.throws(fn, (e: unknown) => {
    assert.ok(isGmsError(e), `expected a GmsError, got ${String(e)}`);
    assert.equal(e.kind, kind);
    if (code) assert.equal(e.code, code);
    return true;
  });
}

describe('parseIndexSizes', () => {
  it('reads the newer fixture as current decimal MB', () => {
    const { indices } = parseIndexSizes(fixture('index-sizes.newer.json').value);
    assert.equal(indices.length, 7);
    assert.deepEqual(indices[0], {
      indexName: 'dataset_datasetprofileaspect_v1',
      entityName: 'dataset',
      aspectName: 'datasetprofile',
      sizeMb: 18342.113,
      sizeSource: 'current',
      named: true,
    });
    assert.ok(indices.every((i) => i.sizeSource === 'current'));
    assert.equal(indices.find((i) => i.aspectName === 'assertionrunevent')?.sizeMb, 0.000208);
  });

  it('reads a lone legacy sizeMb as kilobytes', () => {
    const { indices } = parseIndexSizes(fixture('index-sizes.legacy.json').value);
    assert.deepEqual(
      indices.map((i) => [i.indexName, i.sizeMb, i.sizeSource]),
      [
        ['dataset_datasetprofileaspect_v1', 1.532771, 'legacy'],
        ['dataset_datasetusagestatisticsaspect_v1', 0.000208, 'legacy'],
        ['chart_chartusagestatisticsaspect_v1', 0.000208, 'legacy'],
      ],
    );
  });

  it('reads the seed string form: an array, and an object, inside a string', () => {
    const fromArray = parseIndexSizes(fixture('index-sizes.seed-string.json').value);
    assert.deepEqual(
      fromArray.indices.map((i) => [i.entityName, i.aspectName, i.sizeMb]),
      [
        ['dataset', 'datasetusagestatistics', 0.000208],
        ['dataset', 'operation', 0.0145],
      ],
    );
    const fromObject = parseIndexSizes(JSON.stringify({ indexSizes: [{ indexName: 'dataset_operationaspect_v1', sizeInMb: 3.5 }] }));
    assert.deepEqual(fromObject.indices, [
      // Derived for display only: the server did not name it, so it is not truncatable.
      { indexName: 'dataset_operationaspect_v1', entityName: 'dataset', aspectName: 'operation', sizeMb: 3.5, sizeSource: 'current', named: false },
    ]);
  });

  it('marks an index named only when the server sent both names (a foreign index of an unprefixed server has none)', () => {
    const { indices } = parseIndexSizes({
      indexSizes: [
        { indexName: 'dataset_operationaspect_v1', entityName: 'dataset', aspectName: 'operation', sizeInMb: 1 },
        { indexName: 't01_dataset_operationaspect_v1', sizeInMb: 2 },
        { indexName: 'dataset_profileaspect_v1', entityName: 'dataset', sizeInMb: 3 },
      ],
    });
    assert.deepEqual(
      indices.map((i) => [i.indexName, i.named]),
      [
        ['dataset_operationaspect_v1', true],
        ['t01_dataset_operationaspect_v1', false],
        ['dataset_profileaspect_v1', false],
      ],
    );
  });

  it('prefers sizeInMb over sizeMb, and marks overflowed or non-finite sizes unknown', () => {
    const { indices } = parseIndexSizes({
      indexSizes: [
        { indexName: 'a_bxaspect_v1', sizeInMb: 2.5, sizeMb: 2500 },
        { indexName: 'a_cxaspect_v1', sizeMb: -1294967.296 },
        { indexName: 'a_dxaspect_v1', sizeInMb: 'NaN' },
        { indexName: 'a_exaspect_v1', sizeMb: 'Infinity' },
        { indexName: 'a_fxaspect_v1' },
        { indexName: 'a_gxaspect_v1', sizeInMb: null, sizeMb: 4000 },
      ],
    });
    assert.deepEqual(
      indices.map((i) => [i.sizeMb, i.sizeSource]),
      [
        [2.5, 'current'],
        [null, 'unknown'],
        [null, 'unknown'],
        [null, 'unknown'],
        [null, 'unknown'],
        [4, 'legacy'],
      ],
    );
  });

  it('derives entity and aspect from a prefixed index name, lowercased', () => {
    assert.deepEqual(deriveEntityAspect('prod_dataset_operationaspect_v1'), { entityName: 'dataset', aspectName: 'operation' });
    assert.deepEqual(deriveEntityAspect('my_long_prefix_dataJob_dataProcessInstanceRunEventaspect_v1'), {
      entityName: 'datajob',
      aspectName: 'dataprocessinstancerunevent',
    });
    assert.equal(deriveEntityAspect('graph_service_v1'), undefined);
    const { indices } = parseIndexSizes({
      indexSizes: [
        { indexName: 'prod_dataset_operationaspect_v1', sizeInMb: 1 },
        { indexName: 'something_else', sizeInMb: 1 },
        { indexName: 'x_y_zaspect_v1', entityName: 'Chart', aspectName: 'ChartUsageStatistics', sizeInMb: 1 },
      ],
    });
    assert.deepEqual(
      indices.map((i) => [i.entityName, i.aspectName]),
      [
        ['dataset', 'operation'],
        ['unknown', 'something_else'],
        ['chart', 'chartusagestatistics'],
      ],
    );
  });

  it('refuses shapes that are not index sizes with invalidResponse', () => {
    throwsKind(() => parseIndexSizes('not json'), 'invalidResponse');
    throwsKind(() => parseIndexSizes({ indexSizes: 'nope' }), 'invalidResponse');
    throwsKind(() => parseIndexSizes({ indexSizes: [{ sizeInMb: 1 }] }), 'invalidResponse');
    throwsKind(() => parseIndexSizes(null), 'invalidResponse');
    throwsKind(() => parseIndexSizes(42), 'invalidResponse');
  });
});

describe('parseRestoreResult', () => {
  it('reads the legacy fixture (curly result)', () => {
    const value = fixture('restore.legacy.json').value as string;
    const r = parseRestoreResult(value);
    assert.equal(r.raw, value);
    assert.equal(r.rowsMigrated, 10);
    assert.equal(r.ignored, 0);
    assert.equal(r.args.urnLike, 'urn:li:dataset:%');
    assert.equal(r.args.urn, 'null');
    assert.equal(r.batches.length, 1);
    assert.equal(r.batches[0].timings.sendMessageMs, 40);
    assert.equal(r.batches[0].timings.timeSqlQueryMs, 12);
    assert.equal(r.batches[0].lastUrn, undefined);
  });

  it('reads the newer fixture (Lombok result with a URN value)', () => {
    const value = fixture('restore.newer.json').value as string;
    const r = parseRestoreResult(value);
    assert.equal(r.args.urn, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)');
    assert.equal(r.args.aspectNames, '[]');
    assert.equal(r.args.lastUrn, '');
    assert.equal(r.rowsMigrated, 7);
    assert.equal(r.ignored, 1);
    assert.equal(r.batches[0].lastUrn, 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)');
    assert.equal(r.batches[0].lastAspect, 'status');
    assert.equal(r.batches[0].fields.defaultAspectsCreated, '0');
  });

  it('sums several batches joined by newlines and keeps unknown fields', () => {
    const raw =
      '{args=RestoreIndicesArgs(start=0, batchSize=2, urn=null, urnLike=urn:li:dataset:%), result=' +
      'RestoreIndicesResult(ignored=1, rowsMigrated=2, futureField=a=b, lastUrn=urn:li:dataset:(urn:li:dataPlatform:hive,a,PROD), lastAspect=status)\n' +
      'RestoreIndicesResult(ignored=0, rowsMigrated=1, lastUrn=urn:li:dataJob:(urn:li:dataFlow:(airflow,x,prod),y), lastAspect=ownership)}';
    const r = parseRestoreResult(raw);
    assert.equal(r.batches.length, 2);
    assert.equal(r.rowsMigrated, 3);
    assert.equal(r.ignored, 1);
    assert.equal(r.batches[0].fields.futureField, 'a=b');
    assert.equal(r.batches[1].lastUrn, 'urn:li:dataJob:(urn:li:dataFlow:(airflow,x,prod),y)');
  });

  it('reads an unbalanced urnLike pattern without losing the result', () => {
    const raw =
      '{args=RestoreIndicesArgs(start=0, urnLike=urn:li:dataset:(urn:li:dataPlatform:hive,%, urnBasedPagination=false), ' +
      'result=RestoreIndicesResult(ignored=0, rowsMigrated=4, lastUrn=urn:li:dataset:(urn:li:dataPlatform:hive,z,PROD), lastAspect=status)}';
    const r = parseRestoreResult(raw);
    assert.equal(r.args.urnLike, 'urn:li:dataset:(urn:li:dataPlatform:hive,%');
    assert.equal(r.args.urnBasedPagination, 'false');
    assert.equal(r.rowsMigrated, 4);
    assert.equal(r.batches[0].lastUrn, 'urn:li:dataset:(urn:li:dataPlatform:hive,z,PROD)');
  });

  it('accepts the result before the args (HashMap order) and an empty result', () => {
    const r = parseRestoreResult('{result=RestoreIndicesResult{ignored=0, rowsMigrated=5}, args=RestoreIndicesArgs(start=10)}');
    assert.equal(r.rowsMigrated, 5);
    assert.equal(r.args.start, '10');
    const nothing = parseRestoreResult('{args=RestoreIndicesArgs(start=0, urn=urn:li:corpuser:x), result=}');
    assert.deepEqual([nothing.batches, nothing.rowsMigrated, nothing.args.urn], [[], 0, 'urn:li:corpuser:x']);
    const empty = parseRestoreResult('');
    assert.deepEqual(empty, { args: {}, batches: [], rowsMigrated: 0, ignored: 0, raw: '' });
  });

  it('refuses a non-string or unrecognisable value with invalidResponse', () => {
    throwsKind(() => parseRestoreResult({ rowsMigrated: 1 }), 'invalidResponse');
    throwsKind(() => parseRestoreResult('<html>oops</html>'), 'invalidResponse');
  });
});

describe('parseTruncateResult', () => {
  it('reads a reindex dry run', () => {
    const text =
      'Delete 120 out of 201 rows (59.70%). Reindexing the aspect without the deleted records. This was a dry run. Run with dryRun = false to execute.';
    assert.deepEqual(parseTruncateResult(text), { kind: 'dryRun', summary: text, toDelete: 120, total: 201, percent: 59.7, method: 'reindex' });
  });

  it('reads a delete-by-query dry run, NaN%, a locale comma and the old fraction form', () => {
    const dbq = parseTruncateResult(
      'Delete 3 out of 201 rows (1.49%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    );
    assert.deepEqual([dbq.kind, dbq.kind === 'dryRun' && dbq.method, dbq.kind === 'dryRun' && dbq.percent], ['dryRun', 'deleteByQuery', 1.49]);
    const nan = parseTruncateResult(
      'Delete 0 out of 0 rows (NaN%). Issuing a delete by query request. This was a dry run. Run with dryRun = false to execute.',
    );
    assert.equal(nan.kind === 'dryRun' && nan.percent, null);
    const comma = parseTruncateResult('Delete 1 out of 4 rows (25,00%). Issuing a delete by query request. This was a dry run.');
    assert.equal(comma.kind === 'dryRun' && comma.percent, 25);
    const fraction = parseTruncateResult('Delete 120 out of 201 rows (0.5970). This was a dry run. Run with dryRun = false to execute.');
    assert.deepEqual(fraction, {
      kind: 'dryRun',
      summary: 'Delete 120 out of 201 rows (0.5970). This was a dry run. Run with dryRun = false to execute.',
      toDelete: 120,
      total: 201,
      percent: 59.7,
      method: 'unknown',
    });
  });

  it('computes the share from the counts, never from the bracket (an older server printed the fraction before the %)', () => {
    const old = parseTruncateResult(
      'Delete 120 out of 201 rows (0.60%). Reindexing the aspect without the deleted records. This was a dry run. Run with dryRun = false to execute.',
    );
    assert.equal(old.kind === 'dryRun' && old.percent, 59.7);
    const lying = parseTruncateResult('Delete 1 out of 4 rows (99.00%). Issuing a delete by query request. This was a dry run.');
    assert.equal(lying.kind === 'dryRun' && lying.percent, 25);
  });

  it("reads an older server's synchronous reindex answer as already completed", () => {
    assert.deepEqual(parseTruncateResult('Reindex dashboard dashboardUsageStatistics index'), {
      kind: 'completed',
      summary: 'Reindex dashboard dashboardUsageStatistics index',
    });
  });

  it('reads a task id for a real run', () => {
    assert.deepEqual(parseTruncateResult('qhxGdzytQS-pQek8CwBCZg:54654'), { kind: 'task', task: 'qhxGdzytQS-pQek8CwBCZg:54654' });
  });

  it('turns the force-flag complaint (a 200) into badRequest conflictingForceFlags', () => {
    throwsKind(() => parseTruncateResult('please only set forceReindex OR forceDeleteByQuery flags'), 'badRequest', 'conflictingForceFlags');
  });

  it('refuses anything else with invalidResponse', () => {
    throwsKind(() => parseTruncateResult('Done.'), 'invalidResponse');
    throwsKind(() => parseTruncateResult(12), 'invalidResponse');
  });
});
