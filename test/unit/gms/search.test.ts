// The GraphQL client against the sandbox over real HTTP: the search-index check
// in its four states, entity search, the endpoint behind the frontend, and the
// failures a user must be able to act on.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, SEARCH_SAMPLES, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

let sandbox: Sandbox;
useSandbox((s) => (sandbox = s), { searchLagMs: 200 });

describe('checkSearchIndex', () => {
  it('reports an entity that is in the database and in search', async () => {
    const client = clientFor(sandbox.url);
    const status = await client.search.checkSearchIndex(SAMPLE_URNS.ordersDataset);
    assert.deepEqual(status, { urn: SAMPLE_URNS.ordersDataset, inDatabase: true, inSearch: true, removed: false });
    const sent = sandbox.requests.at(-1)!;
    assert.equal(sent.path, '/api/graphql');
    assert.equal(sent.method, 'POST');
    assert.equal(sent.headers.authorization, 'Bearer <redacted>');
    assert.equal(sent.tokenName, 'admin');
    const body = sent.body as { query: string; variables: { urn: string; input: { orFilters: unknown } }; operationName: string };
    assert.equal(body.operationName, 'checkSearchIndex');
    assert.equal(body.variables.urn, SAMPLE_URNS.ordersDataset);
    assert.deepEqual(body.variables.input.orFilters, [{ and: [{ field: 'urn', values: [SAMPLE_URNS.ordersDataset], condition: 'EQUAL' }] }]);
    await client.close();
  });

  it('reports an entity missing from search, which a restore brings back after the indexing lag', async () => {
    // A lag far longer than two loopback requests take on a busy machine (200 ms was not, under CI load), then
    // the document is looked for until it appears: the order is asserted, not the machine's speed.
    sandbox.setSearchLag(2_000);
    const client = clientFor(sandbox.url);
    const urn = SEARCH_SAMPLES.missingFromSearch;
    assert.deepEqual(await client.search.checkSearchIndex(urn), { urn, inDatabase: true, inSearch: false, removed: false });
    const restoredAt = Date.now();
    await client.restoreIndices({ urn });
    assert.equal((await client.search.checkSearchIndex(urn)).inSearch, false, 'not before the consumer caught up');
    let found = false;
    while (!found && Date.now() - restoredAt < 15_000) {
      await new Promise((r) => setTimeout(r, 100));
      found = (await client.search.checkSearchIndex(urn)).inSearch;
    }
    assert.ok(found, 'searchable once the consumer caught up');
    assert.ok(Date.now() - restoredAt >= 2_000, 'not before the lag');
    await client.close();
  });

  it('reports a soft-deleted entity as removed, and a restore does not make it searchable', async () => {
    const client = clientFor(sandbox.url);
    const urn = SEARCH_SAMPLES.softDeleted;
    assert.deepEqual(await client.search.checkSearchIndex(urn), { urn, inDatabase: true, inSearch: false, removed: true });
    await client.restoreIndices({ urn });
    await new Promise((r) => setTimeout(r, 250));
    assert.equal((await client.search.checkSearchIndex(urn)).inSearch, false);
    await client.close();
  });

  it('reports a URN that is nowhere (entity(urn:) alone would have echoed it)', async () => {
    const client = clientFor(sandbox.url);
    const urn = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.never_ingested,PROD)';
    assert.deepEqual(await client.search.checkSearchIndex(urn), { urn, inDatabase: false, inSearch: false, removed: false });
    await client.close();
  });

  it('never indexes when the consumer fails', async () => {
    sandbox.setSearchLag(null);
    const client = clientFor(sandbox.url);
    await client.restoreIndices({ urn: SEARCH_SAMPLES.missingFromSearch });
    await new Promise((r) => setTimeout(r, 250));
    assert.equal((await client.search.checkSearchIndex(SEARCH_SAMPLES.missingFromSearch)).inSearch, false);
    await client.close();
  });

  it('refuses a malformed URN before sending anything', async () => {
    const client = clientFor(sandbox.url);
    await rejectsWith(client.search.checkSearchIndex('urn:li:dataset:(a,'), 'invalidInput');
    assert.equal(sandbox.requests.length, 0);
    await client.close();
  });

  it('works through the frontend path /api/gms/api/graphql', async () => {
    const client = clientFor(sandbox.frontendUrl);
    assert.equal((await client.search.checkSearchIndex(SAMPLE_URNS.ordersDataset)).inSearch, true);
    assert.equal(sandbox.requests.at(-1)!.path, '/api/gms/api/graphql');
    await client.close();
  });
});

describe('findEntities', () => {
  it('finds a dataset by its table name, with type, name and platform', async () => {
    const client = clientFor(sandbox.url);
    const found = await client.search.findEntities('db.orders');
    assert.ok(found.length > 0 && found.length <= 10);
    assert.deepEqual(found[0], { urn: SAMPLE_URNS.ordersDataset, type: 'DATASET', name: 'db.orders', platform: 'hive' });
    const body = sandbox.requests.at(-1)!.body as { variables: { input: { query: string; count: number } } };
    assert.deepEqual(body.variables.input, { query: 'db.orders', start: 0, count: 10 });
    await client.close();
  });

  it('leaves out entities missing from search, and answers [] for blank text without a request', async () => {
    const client = clientFor(sandbox.url);
    const found = await client.search.findEntities('db_orders');
    assert.ok(!found.some((f) => f.urn === SEARCH_SAMPLES.missingFromSearch));
    sandbox.clearRequests();
    assert.deepEqual(await client.search.findEntities('   '), []);
    assert.equal(sandbox.requests.length, 0);
    await client.close();
  });

  it('can be cancelled', async () => {
    sandbox.setServiceTime(300);
    const client = clientFor(sandbox.url);
    const controller = new AbortController();
    const pending = client.search.findEntities('orders', controller.signal);
    setTimeout(() => controller.abort(), 20);
    await rejectsWith(pending, 'cancelled');
    await client.close();
  });
});

describe('GraphQL failures', () => {
  it('a refused token is a 401 that says to set a new token, and never shows it', async () => {
    const client = clientFor(sandbox.url, { token: 'not-a-real-token-42' });
    const error = await rejectsWith(client.search.checkSearchIndex(SAMPLE_URNS.ordersDataset), 'unauthorized');
    assert.match(error.message, /401 from http:\/\/127\.0\.0\.1:\d+: .*Set a new access token/);
    assert.ok(!error.message.includes('not-a-real-token-42'));
    await client.close();
  });

  it('a token without view rights gets the GraphQL "Unauthorized" entry as forbidden', async () => {
    const client = clientFor(sandbox.url, { token: SANDBOX_TOKENS.none });
    const error = await rejectsWith(client.search.findEntities('orders'), 'forbidden');
    assert.match(error.message, /Unauthorized.*lacks the privilege/);
    await client.close();
  });

  it('a server without GraphQL (404) says search is not available', async () => {
    sandbox.addFault({ action: 'graphql', fault: { kind: 'restliError', status: 404, message: "No root resource defined for path '/api/graphql'" } });
    const client = clientFor(sandbox.url);
    const error = await rejectsWith(client.search.findEntities('orders'), 'notFound', 'graphqlMissing');
    assert.match(error.message, /no GraphQL endpoint at http:\/\/127\.0\.0\.1:\d+\/api\/graphql/);
    await client.close();
  });

  it('an HTML page (the frontend root) is not taken for an answer', async () => {
    sandbox.addFault({ action: 'graphql', fault: { kind: 'html', status: 200 } });
    const client = clientFor(sandbox.url);
    await rejectsWith(client.search.checkSearchIndex(SAMPLE_URNS.ordersDataset), 'invalidResponse');
    await client.close();
  });

  it('a 500 says to check the GMS logs', async () => {
    sandbox.addFault({ action: 'graphql', fault: { kind: 'status', status: 500, body: '' } });
    const client = clientFor(sandbox.url);
    const error = await rejectsWith(client.search.checkSearchIndex(SAMPLE_URNS.ordersDataset), 'server');
    assert.match(error.message, /check the GMS logs/);
    await client.close();
  });
});
