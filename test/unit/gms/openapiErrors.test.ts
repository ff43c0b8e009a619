// Every error kind of the OpenAPI exchange over real HTTP, in the same kinds and
// words as Rest.li: the auth filter's 401, the plain-text and empty 403s with the
// privilege (and whether Manage System Operations stands in), the 404 of a server
// without OpenAPI, the unknown task's 500, Spring's refusals, and transport failures.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { GmsClient, GmsClientOptions } from '../../../src/gms';
import { SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { api: 'openapi' });

async function withClient<T>(run: (client: GmsClient) => Promise<T>, options: Partial<GmsClientOptions> = {}, url = sandbox.url): Promise<T> {
  const client = clientFor(url, { api: 'openapi', ...options });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

/** Every OpenAPI operation, with an input the client accepts. */
const EVERY: Array<[string, (c: GmsClient) => Promise<unknown>]> = [
  ['getIndexSizes', (c) => c.getIndexSizes()],
  ['restoreIndices', (c) => c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser })],
  ['restoreUrns', (c) => c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser] })],
  ['getEsTaskStatus', (c) => c.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:1')],
  ['explainSearchQuery', (c) => c.explainSearchQuery({ urn: SAMPLE_URNS.jdoeUser })],
  ['explainSearchQueryDiff', (c) => c.explainSearchQueryDiff({ urnA: SAMPLE_URNS.jdoeUser, urnB: SAMPLE_URNS.datahubUser })],
  ['getRawDocuments', (c) => c.getRawDocuments([SAMPLE_URNS.jdoeUser])],
];

describe('401 unauthorized: the auth filter, before Spring', () => {
  it('for an unknown, an expired and a missing token, directly and through the frontend, as over Rest.li', async () => {
    sandbox.setAuth({ expired: ['reader'] });
    const cases: Array<[string, Partial<GmsClientOptions>]> = [
      [sandbox.url, { token: 'not-a-real-token' }],
      [sandbox.url, { token: SANDBOX_TOKENS.reader }],
      [sandbox.url, { token: undefined }],
      [sandbox.frontendUrl, { token: undefined }],
    ];
    for (const [url, options] of cases) {
      for (const [, call] of EVERY) {
        const e = await withClient((c) => rejectsWith(call(c), 'unauthorized'), options, url);
        assert.equal(e.message, `401 from ${sandbox.url}: the token was refused (or is missing/expired). Set a new access token.`);
      }
    }
    assert.deepEqual(sandbox.restoreCounts(), {});
  });
});

describe('403 forbidden names the privilege, with or without Manage System Operations', () => {
  const MSO = ", or on newer DataHub versions 'Manage System Operations'";
  const expected: Record<string, string> = {
    getIndexSizes: `reading index sizes needs the 'Get Timeseries index sizes API' privilege (GET_TIMESERIES_INDEX_SIZES_PRIVILEGE)${MSO}`,
    restoreIndices: `restoring indices needs the 'Restore Indices API' privilege (RESTORE_INDICES_PRIVILEGE)${MSO}`,
    restoreUrns: `restoring the indices of a list of URNs needs the 'Restore Indices API' privilege (RESTORE_INDICES_PRIVILEGE)${MSO}`,
    // getTaskStatus checks isAPIAuthorized: its own privilege only.
    getEsTaskStatus: `reading a task's status needs the 'Get ES task status API' privilege (GET_ES_TASK_STATUS_PRIVILEGE);`,
    explainSearchQuery: `explaining a search query needs the 'Explain ElasticSearch Query API' privilege (ES_EXPLAIN_QUERY_PRIVILEGE)${MSO}`,
    explainSearchQueryDiff: `comparing two search explanations needs the 'Explain ElasticSearch Query API' privilege (ES_EXPLAIN_QUERY_PRIVILEGE)${MSO}`,
    getRawDocuments: `reading search documents needs the 'Manage System Operations' privilege (MANAGE_SYSTEM_OPERATIONS_PRIVILEGE);`,
  };

  it('for every operation the token lacks; the plain-text bodies kept as the server message', async () => {
    for (const [action, call] of EVERY) {
      const e = await withClient((c) => rejectsWith(call(c), 'forbidden'), { token: SANDBOX_TOKENS.none });
      assert.equal(e.status, 403);
      assert.equal(e.action, action);
      assert.ok(e.message.startsWith(`403 from ${sandbox.url}: ${expected[action]}`), e.message);
      assert.ok(e.message.endsWith("ask a DataHub admin to grant it to the token's user."), e.message);
      const text = action === 'getIndexSizes' ? 'get timeseries index sizes' : action === 'getEsTaskStatus' ? 'get ElasticSearch task status' : undefined;
      assert.equal(e.serverMessage, text && `urn:li:corpuser:none is not authorized to ${text}`, action);
    }
    assert.deepEqual(sandbox.restoreCounts(), {});
  });

  it('a token with restore but not Manage System Operations may restore, not read raw documents', async () => {
    await withClient((c) => c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser] }), { token: SANDBOX_TOKENS.restorer });
    await withClient((c) => rejectsWith(c.getRawDocuments([SAMPLE_URNS.jdoeUser]), 'forbidden'), { token: SANDBOX_TOKENS.restorer });
  });
});

describe('404: no OpenAPI operations on this server', () => {
  it('a Rest.li-only server: notFound openapiMissing for every operation, pointing at Rest.li where it can', async () => {
    sandbox.setApi('restli');
    for (const [action, call] of EVERY) {
      const e = await withClient((c) => rejectsWith(call(c), 'notFound', 'openapiMissing'));
      assert.equal(e.status, 404);
      assert.ok(e.message.includes(`no OpenAPI operation at ${sandbox.url}/openapi/operations/elasticSearch/`), e.message);
      const shared = ['getIndexSizes', 'restoreIndices', 'getEsTaskStatus'].includes(action);
      assert.equal(e.message.includes('the Rest.li operations can do this'), shared, e.message);
    }
  });
});

describe('the unknown task', () => {
  it('is a 500 over OpenAPI and the same notFound taskNotFound as over Rest.li', async () => {
    const e = await withClient((c) => rejectsWith(c.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:007'), 'notFound', 'taskNotFound'));
    assert.equal(e.status, 500);
    assert.equal(e.serverMessage, 'Could not get task status for qhxGdzytQS-pQek8CwBCZg:7');
    assert.ok(e.message.startsWith('Could not get task status for qhxGdzytQS-pQek8CwBCZg:007: the search engine does not know this task.'), e.message);
  });
});

describe("the server's and Spring's refusals", () => {
  it('an entity name the registry does not know: server, with the hint', async () => {
    const e = await withClient((c) => rejectsWith(c.explainSearchQuery({ urn: SAMPLE_URNS.jdoeUser, entityName: 'nosuch' }), 'server'));
    assert.equal(e.status, 500);
    assert.equal(e.serverMessage, undefined, "Spring's error JSON carries no message");
    assert.match(e.message, /the server failed explaining a search query; check that the entity name is one DataHub knows/);
  });

  it('a 400 with a text body shows it; one with Spring error JSON says there are no details', async () => {
    sandbox.addFault({
      fault: { kind: 'status', status: 400, body: 'Task ID should be in the form nodeId:taskId (got x)' },
      action: 'getTaskStatus',
      times: 1,
    });
    const e1 = await withClient((c) => rejectsWith(c.getEsTaskStatus('n:1'), 'badRequest'));
    assert.equal(e1.message, `400 from ${sandbox.url}: the server refused getEsTaskStatus: Task ID should be in the form nodeId:taskId (got x)`);
    const spring = JSON.stringify({ timestamp: 't', status: 400, error: 'Bad Request', path: '/openapi/operations/elasticSearch/restoreIndices' });
    sandbox.addFault({ fault: { kind: 'status', status: 400, body: spring }, action: 'restoreIndices', times: 1 });
    const e2 = await withClient((c) => rejectsWith(c.restoreIndices({ urnLike: 'urn:li:corpuser:%' }), 'badRequest'));
    assert.ok(e2.message.endsWith('the server refused restoreIndices: no details (see the log)'), e2.message);
  });

  it('_stats refused by the search engine: the same explanation as over Rest.li', async () => {
    sandbox.addFault({
      fault: { kind: 'status', status: 500, body: '{"error":"Elasticsearch exception [reason=_stats not allowed]"}' },
      action: 'getIndexSizes',
      times: 1,
    });
    const e = await withClient((c) => rejectsWith(c.getIndexSizes(), 'server'));
    assert.match(e.message, /refused the index statistics request \(_stats/);
  });
});

describe('answers that are not what DataHub sends', () => {
  it('invalidResponse for an HTML 200, a cut-short body, a wrong shape; tooLarge over the cap; redirect', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 200, body: '<html>app</html>', contentType: 'text/html' }, action: 'getIndexSizes', times: 1 });
    const html = await withClient((c) => rejectsWith(c.getIndexSizes(), 'invalidResponse'), {}, sandbox.url);
    assert.match(html.message, /an HTML page instead of JSON; the URL may point at the frontend/);
    sandbox.addFault({ fault: { kind: 'truncated' }, action: 'getTaskStatus', times: 1 });
    await withClient((c) => rejectsWith(c.getEsTaskStatus('n:1'), 'invalidResponse'));
    sandbox.addFault({ fault: { kind: 'status', status: 200, body: '{"value":"[]"}' }, action: 'restoreIndices', times: 1 });
    const shape = await withClient((c) => rejectsWith(c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser] }), 'invalidResponse'));
    assert.match(shape.message, /not a list of batch results/);
    sandbox.addFault({ fault: { kind: 'status', status: 200, body: '[{"rowsMigrated":-1,"ignored":0}]' }, action: 'restoreIndices', times: 1 });
    await withClient((c) => rejectsWith(c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'invalidResponse'));
    sandbox.addFault({
      fault: { kind: 'status', status: 200, body: '<!doctype html><p>x</p>', contentType: 'text/html' },
      action: 'explainSearchQueryDiff',
      times: 1,
    });
    await withClient((c) => rejectsWith(c.explainSearchQueryDiff({ urnA: SAMPLE_URNS.jdoeUser, urnB: SAMPLE_URNS.datahubUser }), 'invalidResponse'));
    sandbox.addFault({ fault: { kind: 'oversized', bytes: 5000 }, action: 'entity/raw', times: 3 });
    await withClient((c) => rejectsWith(c.getRawDocuments([SAMPLE_URNS.jdoeUser]), 'tooLarge'), { maxResponseBytes: 1000 });
    sandbox.addFault({ fault: { kind: 'redirect', status: 302, location: 'https://login.example/sso' }, action: 'explainSearchQuery', times: 1 });
    const r = await withClient((c) => rejectsWith(c.explainSearchQuery({ urn: SAMPLE_URNS.jdoeUser }), 'redirect'));
    assert.equal(r.location, 'https://login.example/sso');
  });

  it('a token echoed in an error body never reaches the message, the server message or the log body', async () => {
    sandbox.addFault({ fault: { kind: 'status', status: 500, body: `bad token ${SANDBOX_TOKENS.admin}` }, action: 'restoreIndices', times: 1 });
    const e = await withClient((c) => rejectsWith(c.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server'));
    assert.equal(e.serverMessage, 'bad token <redacted>');
    assert.ok(!e.body?.includes(SANDBOX_TOKENS.admin));
  });

  it('timeout: a read that does not answer in time', async () => {
    sandbox.addFault({ fault: { kind: 'latency', ms: 1500 }, action: 'getTaskStatus' });
    await withClient((c) => rejectsWith(c.getEsTaskStatus('n:1'), 'timeout'), { timeoutMs: 300, retries: 0 });
  });
});

describe('input refused before anything is sent', () => {
  it('invalidInput for each request shape, and no request on the wire', async () => {
    sandbox.clearRequests();
    const cases: Array<[Promise<unknown>, string]> = [];
    await withClient(async (c) => {
      cases.push(
        [c.restoreIndices({}), 'urn'],
        [c.restoreUrns({ urns: [] }), 'urns'],
        [c.restoreUrns({ urns: ['not a urn'] }), 'urns[0]'],
        [c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser], aspectNames: ['no spaces'] }), 'aspectNames[0]'],
        [c.restoreUrns({ urns: [SAMPLE_URNS.jdoeUser], batchSize: 0 }), 'batchSize'],
        [c.getEsTaskStatus('node:0'), 'task'],
        [c.explainSearchQuery({ urn: 'not-a-urn' }), 'urn'],
        [c.explainSearchQuery({ urn: SAMPLE_URNS.jdoeUser, query: '' }), 'query'],
        [c.explainSearchQueryDiff({ urnA: SAMPLE_URNS.jdoeUser, urnB: '' }), 'urnB'],
        [c.getRawDocuments(Array.from({ length: 10_001 }, (_, i) => `urn:li:corpuser:u${i}`)), 'urns'],
      );
      for (const [call, field] of cases) assert.equal((await rejectsWith(call, 'invalidInput')).field, field);
    });
    assert.equal(sandbox.requests.length, 0);
  });

  it('an api option the client does not know is refused when the client is made', () => {
    assert.throws(() => clientFor(sandbox.url, { api: 'grpc' as never }), /api: expected 'auto', 'openapi' or 'restli', got "grpc"/);
  });
});
