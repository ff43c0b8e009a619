// Entity counts over real HTTP against the sandbox: the counts endpoint's answer read into one reading, a
// server without it answering through search facets with the same figures (and by platform), and the
// growth between two readings kept the way the index size history is.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';
import { countsMessage, growthOf, historyRecord, readEntityCounts, typesBySize } from '../../../src/entities/logic/counts';
import { emptyHistory, recordFetch } from '../../../src/insights/logic/history';
import { FACETS_QUERY, facetReading, facetVariables, parseFacets } from '../../../src/gms/graphql/entityFacets';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { searchLagMs: 0 });

async function withClient<T>(run: (client: ReturnType<typeof clientFor>) => Promise<T>, token: string = SANDBOX_TOKENS.admin): Promise<T> {
  const client = clientFor(sandbox.url, { token });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

const pick = (r: { types: Array<{ entityType: string; platform?: string }> }, type: string, platform?: string) =>
  r.types.find((t) => t.entityType === type && t.platform === platform);

describe('entity counts', () => {
  it('the endpoint and the facets of an older server give the same figures, by type and by platform', async () => {
    sandbox.setVersion('newer');
    const endpoint = await withClient((c) => readEntityCounts(c, {}));
    const endpointByPlatform = await withClient((c) => readEntityCounts(c, { groupBy: 'platform' }));
    sandbox.setVersion('legacy');
    const facets = await withClient((c) => readEntityCounts(c, {}));
    const facetsByPlatform = await withClient((c) => readEntityCounts(c, { groupBy: 'platform' }));
    sandbox.setVersion('newer');
    assert.equal(endpoint.source, 'countsApi');
    assert.equal(facets.source, 'search');
    const nonZero = (r: typeof endpoint) => r.types.filter((t) => t.active + t.softDeleted > 0);
    assert.deepEqual(nonZero(facets), nonZero(endpoint));
    assert.deepEqual(facets.totals, endpoint.totals);
    assert.deepEqual(facetsByPlatform.types, endpointByPlatform.types);
    assert.deepEqual(pick(facetsByPlatform, 'dataset', 'snowflake'), { entityType: 'dataset', platform: 'snowflake', active: 88_000, softDeleted: 500 });
    assert.deepEqual(
      typesBySize(endpoint.types)
        .slice(0, 3)
        .map((t) => t.entityType),
      ['dataset', 'dataprocessinstance', 'chart'],
    );
  });

  it('a 403 names the privilege; a type the server does not know is said plainly', async () => {
    const denied = await rejectsWith(
      withClient((c) => readEntityCounts(c, {}), SANDBOX_TOKENS.reader),
      'forbidden',
    );
    assert.match(denied.message, /GET_COUNTS_PRIVILEGE/);
    const unknown = await rejectsWith(
      withClient((c) => readEntityCounts(c, { types: ['nosuchtype'] })),
      'badRequest',
    );
    assert.match(unknown.message, /does not know/);
    await rejectsWith(
      withClient((c) => readEntityCounts(c, { types: ['no such'] })),
      'invalidInput',
    );
  });

  it('growth: the change since the reading before and per day; none for a first reading', () => {
    const at = Date.UTC(2026, 10, 1);
    const reading = (t: number, dpi: number) => ({
      source: 'countsApi' as const,
      computedAt: t,
      cacheHit: false,
      types: [
        { entityType: 'dataset', active: 10, softDeleted: 1 },
        { entityType: 'dataprocessinstance', active: dpi, softDeleted: 0 },
      ],
      totals: { active: 10 + dpi, softDeleted: 1 },
    });
    const first = reading(at, 1000);
    let history = recordFetch(emptyHistory(), historyRecord('prod', 'http://gms', first), at);
    assert.equal(growthOf(history.connections.get('prod'), first), undefined);
    const second = reading(at + 2 * 86_400_000, 3000);
    history = recordFetch(history, historyRecord('prod', 'http://gms', second), second.computedAt);
    const growth = growthOf(history.connections.get('prod'), second);
    assert.deepEqual(growth, {
      since: at,
      types: [
        { entityType: 'dataset', change: 0, perDay: 0 },
        { entityType: 'dataprocessinstance', change: 2000, perDay: 1000 },
      ],
      total: { change: 2000, perDay: 1000 },
    });
    // Ten seconds later: the change, no rate a day (the chart's and the export's rule).
    const third = reading(second.computedAt + 10_000, 3500);
    history = recordFetch(history, historyRecord('prod', 'http://gms', third), third.computedAt);
    assert.deepEqual(growthOf(history.connections.get('prod'), third)?.total, { change: 500, perDay: null });
  });

  it('facets: server text is data; the nested facet answers pairs only; bad counts are left out', () => {
    const parsed = parseFacets(
      {
        aggregateAcrossEntities: {
          facets: [
            {
              field: '_entityType␞platform',
              aggregations: [
                { value: 'DATASET', count: 3 },
                { value: 'DATASET␞urn:li:dataPlatform:hive', count: 2 },
                { value: 'dataset␞urn:li:dataPlatform:hive', count: 1 },
                { value: 'chart␞urn:li:dataPlatform:looker', count: -1 },
                { value: 'chart␞urn:li:dataPlatform:looker', count: 'x' },
              ],
            },
          ],
        },
      },
      true,
    );
    assert.ok(parsed.ok);
    assert.deepEqual([...parsed.value], [['dataset␞hive', 3]]);
    assert.equal(parseFacets({}, false).ok, false);
    // The answer of the field asked, not another one's.
    assert.equal(parseFacets({ searchAcrossEntities: { facets: [] } }, false).ok, false);
  });

  it('facets are asked through aggregateAcrossEntities with an AggregateAcrossEntitiesInput of its own fields only', () => {
    // search.graphql: aggregateAcrossEntities(input: AggregateAcrossEntitiesInput!): AggregateResults { facets };
    // SearchAcrossEntitiesInput has no facets, AggregateAcrossEntitiesInput no start or count.
    const declared = new Set(['types', 'query', 'facets', 'orFilters', 'viewUrn', 'searchFlags']);
    assert.match(FACETS_QUERY, /\(\$input: AggregateAcrossEntitiesInput!\)\s*\{\s*aggregateAcrossEntities\(input: \$input\) \{ facets \{/);
    assert.doesNotMatch(FACETS_QUERY, /searchAcrossEntities|total/);
    for (const [query, deleted] of [
      [{}, false],
      [{ groupBy: 'platform' }, true],
    ] as const) {
      const input = facetVariables(query, deleted).input as Record<string, unknown>;
      assert.deepEqual(
        Object.keys(input).filter((k) => !declared.has(k)),
        [],
      );
      assert.deepEqual(input.facets, [query.groupBy === 'platform' ? '_entityType␞platform' : '_entityType']);
    }
    assert.deepEqual(facetVariables({}, true).input, {
      query: '*',
      facets: ['_entityType'],
      searchFlags: { includeSoftDeleted: true },
      orFilters: [{ and: [{ field: 'removed', values: ['true'] }] }],
    });
  });

  it('facets: a named type search has no document of is said, with what to check; a type it has is not', () => {
    const active = new Map([['dataset', 5]]);
    const soft = new Map([['chart', 2]]);
    const reading = facetReading(active, soft, { types: ['dataset', 'chart', 'dataJob', 'nosuchtype'] }, 1000);
    assert.deepEqual(reading.noneInSearch, ['datajob', 'nosuchtype']);
    assert.deepEqual(
      reading.types.map((t) => [t.entityType, t.active, t.softDeleted]),
      [
        ['chart', 0, 2],
        ['datajob', 0, 0],
        ['dataset', 5, 0],
        ['nosuchtype', 0, 0],
      ],
    );
    assert.match(
      countsMessage('old', reading),
      /from search facets .*\. Search has no document of "datajob", "nosuchtype": a type this server does not know, or one with nothing indexed \(search cannot tell which\); check the name\.$/,
    );
    assert.equal(facetReading(active, soft, {}, 1000).noneInSearch, undefined, 'nothing named: nothing to say');
    assert.equal(facetReading(active, soft, { types: ['dataset'] }, 1000).noneInSearch, undefined);
  });
});
