// The sandbox's GraphQL endpoint over raw HTTP, as GMS's GraphQLController
// answers: method, body and auth failures, the answer shape, and the control
// endpoints that set the indexing lag and drop an entity from search.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, SEARCH_SAMPLES, type Sandbox } from '..';
import { useSandbox } from '../../unit/helpers';

let sandbox: Sandbox;
useSandbox((s) => (sandbox = s));

const CHECK = 'query q($urn: String!) { entityExists(urn: $urn) entity(urn: $urn) { urn type ... on Dataset { status { removed } } } }';

async function post(path: string, body: string, token: string | null = SANDBOX_TOKENS.admin, method = 'POST') {
  const response = await fetch(`${sandbox.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: method === 'GET' ? undefined : body,
  });
  return { status: response.status, text: await response.text() };
}

describe('sandbox /api/graphql', () => {
  it('answers {data, extensions} with status 200; entity(urn:) echoes a URN that does not exist', async () => {
    const nowhere = 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)';
    const r = await post('/api/graphql', JSON.stringify({ query: CHECK, variables: { urn: nowhere } }));
    assert.equal(r.status, 200);
    assert.deepEqual(JSON.parse(r.text), {
      data: { entityExists: false, entity: { urn: nowhere, type: 'DATASET', status: { removed: false } } },
      extensions: {},
    });
  });

  it('refuses GET (405), unparseable JSON and a body without "query" (bare 400)', async () => {
    assert.equal((await post('/api/graphql', '', SANDBOX_TOKENS.admin, 'GET')).status, 405);
    assert.deepEqual(await post('/api/graphql', '{"query": '), { status: 400, text: '' });
    assert.deepEqual(await post('/api/graphql', '{"variables": {}}'), { status: 400, text: '' });
  });

  it('an unknown token is the auth filter 401; through the frontend without a token, a bare 401', async () => {
    const body = JSON.stringify({ query: CHECK, variables: { urn: SAMPLE_URNS.ordersDataset } });
    const unknown = await post('/api/graphql', body, 'wrong-token');
    assert.equal(unknown.status, 401);
    assert.match(unknown.text, /Unauthorized to perform this action/);
    assert.deepEqual(await post('/api/gms/api/graphql', body, null), { status: 401, text: '' });
    assert.equal((await post('/api/gms/api/graphql', body)).status, 200);
  });

  it('a token without view rights gets 200 with an "Unauthorized" errors entry beside null data', async () => {
    const r = await post('/api/graphql', JSON.stringify({ query: CHECK, variables: { urn: SAMPLE_URNS.ordersDataset } }), SANDBOX_TOKENS.none);
    assert.equal(r.status, 200);
    const answer = JSON.parse(r.text) as { errors: Array<{ message: string; extensions: { code: number } }>; data: { entityExists: null } };
    assert.equal(answer.data.entityExists, null);
    assert.match(answer.errors[0].message, /^Unauthorized to perform this action\. Please contact your DataHub administrator\.$/);
    assert.equal(answer.errors[0].extensions.code, 403);
  });

  it("validates input variables against DataHub's input types, nested ones too, before anything runs", async () => {
    const ask = async (query: string, variables: Record<string, unknown>) => {
      const r = await fetch(`${sandbox.url}/api/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return { status: r.status, body: (await r.json()) as { data?: unknown; errors?: Array<{ message: string; extensions: { classification: string } }> } };
    };
    const search = 'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total } }';
    const ok = await ask(search, { input: { query: '*', start: 0, count: 1, orFilters: [{ and: [{ field: 'urn', values: ['x'], negated: false }] }] } });
    assert.equal(ok.body.errors, undefined);
    const nested = await ask(search, { input: { query: '*', orFilters: [{ and: [{ field: 'urn', values: ['x'], not: true }] }] } });
    assert.equal(nested.status, 200);
    assert.equal(nested.body.data, undefined);
    assert.deepEqual(nested.body.errors, [
      {
        message: "The variables input contains a field name 'not' that is not defined for input object type 'FacetFilterInput' ",
        extensions: { classification: 'ValidationError' },
      },
    ]);
    const flags = await ask('query s($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { total } }', {
      input: { query: '*', searchFlags: { includeSoftDeleted: true, deleted: true } },
    });
    assert.match(flags.body.errors?.[0].message ?? '', /'deleted' that is not defined for input object type 'SearchFlags'/);
    // A variable of another input type than the argument's.
    const mismatch = await ask('query s($input: SearchAcrossEntitiesInput!) { aggregateAcrossEntities(input: $input) { facets { field } } }', {
      input: { query: '*' },
    });
    assert.match(mismatch.body.errors?.[0].message ?? '', /^Validation error \(VariableTypeMismatch@\[aggregateAcrossEntities\]\)/);
    assert.equal(mismatch.body.errors?.[0].extensions.classification, 'ValidationError');
  });

  it('control endpoints: lag, never, drop, state', async () => {
    const control = (path: string, body?: unknown) =>
      fetch(`${sandbox.url}/__sandbox${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        body: body === undefined ? undefined : JSON.stringify(body),
      }).then((r) => r.json());
    assert.deepEqual(await control(`/search?urn=${encodeURIComponent(SEARCH_SAMPLES.softDeleted)}`), { inDatabase: true, inSearch: false, removed: true });
    await control('/search/drop', { urn: SAMPLE_URNS.piiTag });
    assert.deepEqual(await control(`/search?urn=${encodeURIComponent(SAMPLE_URNS.piiTag)}`), { inDatabase: true, inSearch: false, removed: false });
    await control('/search-lag', { ms: 0 });
    const restore = await post('/operations?action=restoreIndices', JSON.stringify({ urnLike: 'urn:li:tag:pi%' }));
    assert.equal(restore.status, 200);
    assert.equal(sandbox.inSearch(SAMPLE_URNS.piiTag), true, 'a urnLike restore indexes the missing entities it matched');
    await control('/search-lag', { ms: null });
    await post('/operations?action=restoreIndices', JSON.stringify({ urn: SEARCH_SAMPLES.missingFromSearch }));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(sandbox.inSearch(SEARCH_SAMPLES.missingFromSearch), false);
  });
});
