// The sandbox's entity counts over real HTTP (entityCounts.ts): EntityCountsController.java's two reads
// (the privilege, the hour's cache and skipCache, types, includeTotal, groupBy=platform, the 500 of an
// unknown type), a server without them, and the same figures as search facets on _entityType.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { answer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

const get = async (path: string, token: string = SANDBOX_TOKENS.admin) =>
  answer(await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${token}` } }));
const control = (path: string, body: unknown) => fetch(`${sb.url}/__sandbox${path}`, { method: 'POST', body: JSON.stringify(body) });
const gql = async (query: string, input: Record<string, unknown>) => {
  const response = await fetch(`${sb.url}/api/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables: { input } }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};
type Facets = Array<{ field: string; aggregations: Array<{ value: string; count: number }> }>;
/** aggregateAcrossEntities (search.graphql: AggregateAcrossEntitiesInput, AggregateResults {facets}). */
const facets = async (input: Record<string, unknown>): Promise<Facets> => {
  const { body } = await gql(
    'query f($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field aggregations { value count } } } }',
    input,
  );
  return (body as { data: { aggregateAcrossEntities: { facets: Facets } } }).data.aggregateAcrossEntities.facets;
};

describe('sandbox: entity counts', () => {
  it('counts: the totals with includeTotal, types lower-cased; the hour cache until skipCache', async () => {
    sb.reset();
    const a = await get('/openapi/v1/entities/counts?types=Chart&types=dataset&includeTotal=true');
    assert.equal(a.status, 200);
    const body = a.json as { counts: Array<Record<string, unknown>>; activeTotal: number; softDeletedTotal: number; totalCount: number; cacheHit: boolean };
    assert.deepEqual(
      body.counts.map((c) => [c.entityType, c.keyAspect, c.activeCount, c.softDeletedCount, c.totalCount]),
      [
        ['chart', 'chartKey', 4_000, 12, 4_012],
        ['dataset', 'datasetKey', 238_000, 2_000, 240_000],
      ],
    );
    assert.deepEqual([body.activeTotal, body.softDeletedTotal, body.totalCount, body.cacheHit], [242_000, 2_012, 244_012, false]);
    const plain = (await get('/openapi/v1/entities/counts?types=chart')).json as { counts: Array<Record<string, unknown>>; activeTotal?: number };
    assert.equal(plain.activeTotal, undefined);
    assert.equal(plain.counts[0].totalCount, undefined);
    await control('/entityCounts', { entityType: 'chart', active: 5 });
    const cached = (await get('/openapi/v1/entities/counts?types=chart')).json as { counts: Array<{ activeCount: number }>; cacheHit: boolean };
    assert.deepEqual([cached.counts[0].activeCount, cached.cacheHit], [4_000, true]);
    const fresh = (await get('/openapi/v1/entities/counts?types=chart&skipCache=true')).json as { counts: Array<{ activeCount: number }>; cacheHit: boolean };
    assert.deepEqual([fresh.counts[0].activeCount, fresh.cacheHit], [4_005, false]);
    const one = (await get('/openapi/v1/entities/DataSet/count?skipCache=true')).json as Record<string, unknown>;
    assert.deepEqual([one.entityType, one.activeCount, one.softDeletedCount], ['dataset', 238_000, 2_000]);
  });

  it('groupBy=platform: rows per platform, types without one left out; errors as DataHub answers them', async () => {
    sb.reset();
    const grouped = (await get('/openapi/v1/entities/counts?groupBy=PLATFORM')).json as { counts: Array<{ entityType: string; platform: string }> };
    assert.deepEqual(
      grouped.counts.map((c) => `${c.entityType}/${c.platform}`),
      ['chart/looker', 'dataprocessinstance/airflow', 'dataprocessinstance/spark', 'dataset/hive', 'dataset/snowflake'],
    );
    assert.deepEqual((await get('/openapi/v1/entities/counts', SANDBOX_TOKENS.reader)).json, { error: 'User is unauthorized to get entity counts.' });
    const unknown = await get('/openapi/v1/entities/counts?types=nosuch');
    assert.deepEqual([unknown.status, unknown.json], [500, { error: 'Internal server error occurred' }]);
    assert.equal((await get('/openapi/v1/entities/counts?groupBy=owner')).status, 500);
    assert.equal((await get('/openapi/v1/entities/nosuch/count')).status, 500);
    sb.setVersion('legacy');
    assert.equal((await get('/openapi/v1/entities/counts')).status, 404);
    sb.setVersion('newer');
  });

  it('search facets: active by default, soft-deleted with includeSoftDeleted and removed=true, nested by platform', async () => {
    sb.reset();
    const active = await facets({ query: '*', facets: ['_entityType'] });
    assert.deepEqual(
      active[0].aggregations.find((a) => a.value === 'dataset'),
      { value: 'dataset', count: 238_000 },
    );
    const removed = { searchFlags: { includeSoftDeleted: true }, orFilters: [{ and: [{ field: 'removed', values: ['true'] }] }] };
    const soft = await facets({ query: '*', facets: ['_entityType'], ...removed });
    assert.deepEqual(soft[0].aggregations, [
      { value: 'chart', count: 12 },
      { value: 'dataset', count: 2_000 },
    ]);
    const hidden = await facets({ query: '*', facets: ['_entityType'], orFilters: removed.orFilters });
    assert.deepEqual(hidden[0].aggregations, [], 'without includeSoftDeleted search leaves them out');
    const nested = await facets({ query: '*', facets: ['_entityType␞platform'] });
    assert.ok(nested[0].aggregations.some((a) => a.value === 'dataset␞urn:li:dataPlatform:hive' && a.count === 150_000));
  });

  it('facets in a searchAcrossEntities input: refused as graphql-java refuses a field SearchAcrossEntitiesInput lacks (200, a ValidationError, no data)', async () => {
    const { status, body } = await gql(
      'query f($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total facets { field aggregations { value count } } } }',
      { query: '*', start: 0, count: 0, facets: ['_entityType'] },
    );
    assert.equal(status, 200);
    assert.deepEqual(body, {
      errors: [
        {
          message: "The variables input contains a field name 'facets' that is not defined for input object type 'SearchAcrossEntitiesInput' ",
          extensions: { classification: 'ValidationError' },
        },
      ],
      extensions: {},
    });
    // start and count are SearchAcrossEntitiesInput's, not AggregateAcrossEntitiesInput's.
    const { body: extra } = await gql('query f($input: AggregateAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field } } }', {
      query: '*',
      count: 0,
      facets: ['_entityType'],
    });
    assert.match(String((extra.errors as Array<{ message: string }>)[0].message), /field name 'count' .* 'AggregateAcrossEntitiesInput'/);
    assert.equal(extra.data, undefined);
  });
});
