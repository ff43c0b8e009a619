// The OpenAPI answer parsers and error words without a server: shapes older and
// newer DataHub versions send, hostile bodies, and the messages of error bodies.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import {
  isGmsError,
  openapiHttpError,
  openapiMessageOf,
  parseExplainDiff,
  parseExplanation,
  parseOpenapiIndexSizes,
  parseOpenapiRestore,
  parseOpenapiTaskStatus,
  parseRawDocuments,
  type GmsErrorKind,
} from '../../../src/gms';

const ORIGIN = 'http://gms:8080';

function throwsKind(run: () => unknown, kind: GmsErrorKind, reason?: RegExp): void {
  assert.throws(run, (e: unknown) => isGmsError(e) && e.kind === kind && (reason === undefined || reason.test(e.message)));
}

describe('index sizes', () => {
  it('sizeMb is MB as sent; names absent (org.json drops nulls) are derived for display but not "named"', () => {
    const json = {
      sizes: [
        { indexName: 'dataset_operationaspect_v1', sizeMb: 1.5 },
        { indexName: 'x', entityName: 'chart', aspectName: 'y', sizeMb: 'NaN' },
      ],
    };
    const { indices } = parseOpenapiIndexSizes(json, '');
    assert.deepEqual(indices[0], {
      indexName: 'dataset_operationaspect_v1',
      entityName: 'dataset',
      aspectName: 'operation',
      sizeMb: 1.5,
      sizeSource: 'current',
      named: false,
    });
    assert.deepEqual([indices[1].sizeMb, indices[1].sizeSource, indices[1].named], [null, 'unknown', true]);
    throwsKind(() => parseOpenapiIndexSizes({ indexSizes: [] }, ''), 'invalidResponse', /unexpected index sizes shape at sizes/);
  });
});

describe('restore results', () => {
  it('the oldest result class (no lastUrn, no defaultAspectsCreated) and unknown fields are fine; "__proto__" stays a field', () => {
    const json = JSON.parse('[{"ignored":1,"rowsMigrated":2,"timeSqlQueryMs":3,"aspectCheckMs":4,"extra":{"a":1},"__proto__":"x","lastUrn":null}]');
    const r = parseOpenapiRestore('restoreIndices', json, 'raw', { urn: 'u' });
    assert.deepEqual([r.rowsMigrated, r.ignored, r.args, r.raw], [2, 1, { urn: 'u' }, 'raw']);
    const [b] = r.batches;
    assert.deepEqual(b.timings, { timeSqlQueryMs: 3, aspectCheckMs: 4 });
    assert.equal(b.fields.extra, '{"a":1}');
    assert.equal(b.fields.lastUrn, 'null');
    assert.equal(b.lastUrn, undefined);
    assert.equal(Object.getPrototypeOf(b.fields), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(b.fields, '__proto__')?.value, 'x');
  });

  it('not a list, or counts that are not whole non-negative numbers: invalidResponse', () => {
    throwsKind(() => parseOpenapiRestore('restoreUrns', { value: [] }, '', {}), 'invalidResponse', /not a list of batch results/);
    throwsKind(() => parseOpenapiRestore('restoreIndices', [{ rowsMigrated: 1.5, ignored: 0 }], '', {}), 'invalidResponse', /at 0/);
    throwsKind(() => parseOpenapiRestore('restoreIndices', [{ rowsMigrated: '1', ignored: 0 }], '', {}), 'invalidResponse');
  });
});

describe('task status', () => {
  it('real JSON; the task asked for when the server leaves taskId out', () => {
    const s = parseOpenapiTaskStatus({ completed: true, status: { deleted: 3 }, runTimeNanos: 9 }, '', 'n:1');
    assert.deepEqual(s, { completed: true, task: 'n:1', status: { deleted: 3 }, runTimeNanos: 9 });
    throwsKind(() => parseOpenapiTaskStatus('{"completed":true}', '', 'n:1'), 'invalidResponse');
  });
});

describe('explanations', () => {
  const leaf = { match: true, value: 1, description: 'weight' };
  it('nested details become nodes; a NaN written as text is a number', () => {
    const e = parseExplanation(
      'explainSearchQuery',
      { index: 'i', id: 'd', exists: true, match: true, explanation: { ...leaf, value: 'NaN', details: [leaf] }, fragment: false },
      '',
    );
    assert.ok(Number.isNaN(e.explanation?.value));
    assert.deepEqual(e.explanation?.details, [{ ...leaf, details: [] }]);
  });

  it('a tree nested deeper than any real one is refused, not walked', () => {
    let node: Record<string, unknown> = { ...leaf };
    for (let i = 0; i < 5000; i++) node = { ...leaf, details: [node] };
    throwsKind(
      () => parseExplanation('explainSearchQuery', { index: 'i', id: 'd', exists: true, match: true, explanation: node }, ''),
      'invalidResponse',
      /nested deeper/,
    );
  });

  it('the diff is text; an HTML page is not', () => {
    assert.equal(parseExplainDiff('--- actual\n+++ expected\n', 'text/plain', ORIGIN), '--- actual\n+++ expected\n');
    throwsKind(() => parseExplainDiff('<html></html>', 'text/html', ORIGIN), 'invalidResponse', /try http:\/\/gms:8080\/api\/gms/);
  });
});

describe('raw documents', () => {
  it('found in the order asked, missing named, a key spelt otherwise still reported', () => {
    const r = parseRawDocuments({ 'urn:li:b': { n: 2 }, 'urn:li:a': { n: 1 }, 'urn:li:A': { n: 3 } }, '', ['urn:li:a', 'urn:li:b', 'urn:li:c']);
    assert.deepEqual(
      r.found.map((f) => f.urn),
      ['urn:li:a', 'urn:li:b', 'urn:li:A'],
    );
    assert.deepEqual(r.missing, ['urn:li:c']);
    throwsKind(() => parseRawDocuments({ 'urn:li:a': 'text' }, '', ['urn:li:a']), 'invalidResponse');
  });
});

describe('error bodies', () => {
  it('the server message: plain text, GMS {"error"}, never Spring\'s reason phrase or an HTML page', () => {
    assert.equal(
      openapiMessageOf('urn:li:corpuser:x is not authorized to get timeseries index sizes', 'application/json'),
      'urn:li:corpuser:x is not authorized to get timeseries index sizes',
    );
    assert.equal(openapiMessageOf('{"error":"Invalid urn"}'), 'Invalid urn');
    assert.equal(openapiMessageOf('{"timestamp":"t","status":400,"error":"Bad Request","path":"/x"}'), undefined);
    assert.equal(openapiMessageOf('<html><body>Error</body></html>', 'text/html'), undefined);
    assert.equal(openapiMessageOf(''), undefined);
    assert.equal(openapiMessageOf('first line\n\tat com.linkedin.Foo'), 'first line');
  });

  it('a 404 through the frontend root hints at /api/gms; 502 and 429 as over Rest.li', () => {
    const base = { action: 'getIndexSizes' as const, url: `${ORIGIN}/openapi/operations/elasticSearch/getIndexSizes`, origin: ORIGIN, baseUrl: ORIGIN };
    const e404 = openapiHttpError({ ...base, status: 404, contentType: 'text/html', body: '<html>not found</html>' });
    assert.deepEqual([e404.kind, e404.code], ['notFound', 'openapiMissing']);
    assert.match(e404.message, /or the URL points at the frontend; try http:\/\/gms:8080\/api\/gms; the Rest\.li operations can do this/);
    assert.equal(openapiHttpError({ ...base, status: 502, body: '' }).kind, 'server');
    assert.match(openapiHttpError({ ...base, status: 429, body: '' }).message, /too many requests/);
  });
});
