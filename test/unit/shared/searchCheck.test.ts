// What the search check says and does: verdicts, the DataHub UI link, the wait
// after a restore (schedule, budget, cancel) and search-as-you-type against the
// sandbox (debounce, stale requests cancelled and counted).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { entityPageUrl, verdictMessage, verdictOf, waitMessage, waitSchedule, waitUntilSearchable } from '../../../src/shared/searchCheck';
import { LiveSearch, wantsSearch, type LiveSearchResult } from '../../../src/shared/liveSearch';
import { SAMPLE_URNS, SEARCH_SAMPLES, type Sandbox } from '../../sandbox';
import { clientFor, useSandbox } from '../helpers';

let sandbox: Sandbox;
useSandbox((s) => (sandbox = s), { searchLagMs: 300 });

const URN = 'urn:li:dataset:(urn:li:dataPlatform:hive,db.orders,PROD)';

describe('verdicts', () => {
  it('names each of the four states and what to do', () => {
    const s = (inDatabase: boolean, inSearch: boolean, removed = false) => ({ urn: URN, inDatabase, inSearch, removed });
    assert.equal(verdictOf(s(true, true)), 'searchable');
    assert.equal(verdictOf(s(true, false)), 'missingFromSearch');
    assert.equal(verdictOf(s(true, false, true)), 'softDeleted');
    assert.equal(verdictOf(s(false, false)), 'nowhere');
    assert.match(verdictMessage(s(true, false), 'X'), /^X is in the database but missing from the search index\. Restore Indices/);
    assert.match(verdictMessage(s(true, false, true), 'X'), /soft-deleted.*search hides it on purpose.*will not bring it back/);
    assert.match(verdictMessage(s(false, false), 'X'), /nothing to restore/);
  });
});

describe('entityPageUrl', () => {
  it('builds the page the DataHub UI uses, URN fully encoded', () => {
    assert.equal(
      entityPageUrl('https://datahub.example.com/', URN),
      'https://datahub.example.com/dataset/urn%3Ali%3Adataset%3A%28urn%3Ali%3AdataPlatform%3Ahive%2Cdb.orders%2CPROD%29',
    );
    assert.equal(
      entityPageUrl('https://h', 'urn:li:dataJob:(urn:li:dataFlow:(airflow,etl,prod),load)'),
      'https://h/tasks/urn%3Ali%3AdataJob%3A%28urn%3Ali%3AdataFlow%3A%28airflow%2Cetl%2Cprod%29%2Cload%29',
    );
    assert.equal(entityPageUrl('https://h', 'urn:li:corpuser:jdoe'), 'https://h/user/urn%3Ali%3Acorpuser%3Ajdoe');
    assert.equal(entityPageUrl('https://h', 'urn:li:somethingNew:x'), undefined);
  });
});

describe('waiting until searchable', () => {
  it('backs off 1, 2, 4, 8 s… and ends exactly at the budget', () => {
    assert.deepEqual(waitSchedule(30_000, 1000), [1000, 2000, 4000, 8000, 15000]);
    assert.equal(
      waitSchedule(30_000).reduce((a, b) => a + b, 0),
      30_000,
    );
  });

  it('reports the time at which a check first found it, and gives up at the budget with the next step', async () => {
    let clock = 0;
    const sleep = async (ms: number) => void (clock += ms);
    const found = await waitUntilSearchable(async () => clock >= 3000, { now: () => clock, sleep });
    assert.deepEqual(found, { searchable: true, elapsedMs: 3000, checks: 2 });
    assert.equal(waitMessage('db.orders', found), 'db.orders is now searchable after 3.0 s.');
    clock = 0;
    const never = await waitUntilSearchable(async () => false, { now: () => clock, sleep });
    assert.deepEqual(never, { searchable: false, elapsedMs: 30_000, checks: 5 });
    assert.match(waitMessage('db.orders', never), /still not in search after 30 s: the search indexing consumer may be lagging or failing; check the GMS logs/);
  });

  it('a failing check counts as "not yet"; cancelling stops the wait', async () => {
    let calls = 0;
    const outcome = await waitUntilSearchable(async () => (++calls === 1 ? Promise.reject(new Error('503')) : true), { firstDelayMs: 1, budgetMs: 100 });
    assert.equal(outcome.searchable, true);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(waitUntilSearchable(async () => false, { signal: controller.signal, firstDelayMs: 1000 }));
  });

  it('against the sandbox: a restored entity is found once the indexing consumer caught up', async () => {
    const client = clientFor(sandbox.url);
    // The sandbox's lag (300 ms) runs from the restore, so it is measured from before the restore is sent:
    // a busy machine can spend most of it on the restore's own round trip.
    const sentAt = Date.now();
    await client.restoreIndices({ urn: SEARCH_SAMPLES.missingFromSearch });
    let foundAt = 0;
    const outcome = await waitUntilSearchable(
      async (s) => {
        const inSearch = (await client.search.checkSearchIndex(SEARCH_SAMPLES.missingFromSearch, s)).inSearch;
        if (inSearch && !foundAt) foundAt = Date.now();
        return inSearch;
      },
      { firstDelayMs: 100, budgetMs: 10_000 },
    );
    assert.equal(outcome.searchable, true);
    assert.ok(foundAt - sentAt >= 300, `found ${foundAt - sentAt} ms after the restore was sent, before the consumer's lag`);
    assert.ok(outcome.checks >= 1 && outcome.elapsedMs <= 10_000);
    await client.close();
  });
});

describe('search as you type', () => {
  it('only searches text that is not a URN or a link', () => {
    assert.equal(wantsSearch('orders'), true);
    assert.equal(wantsSearch(URN), false);
    assert.equal(wantsSearch('urn%3Ali%3Acorpuser%3Ajdoe'), false);
    assert.equal(wantsSearch('https://datahub/dataset/x'), false);
    assert.equal(wantsSearch(' o '), false);
  });

  it('sends one request for a burst of keys, cancels the stale one when typing resumes, and lists the table', async () => {
    sandbox.setServiceTime(150);
    const client = clientFor(sandbox.url);
    const results: LiveSearchResult[] = [];
    let done: () => void = () => undefined;
    const finished = new Promise<void>((r) => (done = r));
    const live = new LiveSearch({
      find: (text, signal) => client.search.findEntities(text, signal),
      unavailable: () => undefined,
      onResult: (r) => {
        results.push(r);
        if (r.kind === 'results') done();
      },
      debounceMs: 50,
    });
    for (const prefix of ['db', 'db.', 'db.o', 'db.or']) live.update(prefix);
    // "db.or" is in flight once the server has it (a fixed pause is not enough on a busy machine:
    // a request cancelled before it reaches the server is never seen there).
    for (const deadline = Date.now() + 10_000; sandbox.inService === 0;) {
      assert.ok(Date.now() < deadline, 'the first search reached the server');
      await new Promise((r) => setTimeout(r, 5));
    }
    live.update('db.orders');
    await finished;
    live.dispose();
    assert.deepEqual(live.stats, { sent: 2, cancelled: 1, completed: 1 });
    const last = results.at(-1);
    assert.ok(last?.kind === 'results');
    assert.equal(last.text, 'db.orders');
    assert.equal(last.entities[0].urn, SAMPLE_URNS.ordersDataset);
    assert.equal(sandbox.requests.filter((r) => r.action === 'graphql').length, 2);
    await client.close();
  });

  it('goes quiet with one hint when search is not available', async () => {
    sandbox.addFault({ action: 'graphql', fault: { kind: 'status', status: 404, body: '' } });
    const client = clientFor(sandbox.url);
    const results: LiveSearchResult[] = [];
    const live = new LiveSearch({
      find: (text, signal) => client.search.findEntities(text, signal),
      unavailable: (e) => ((e as { kind?: string }).kind === 'notFound' ? 'no search here' : undefined),
      onResult: (r) => results.push(r),
      debounceMs: 1,
    });
    live.update('orders');
    // Until the hint is there (a fixed pause is too short on a busy machine), then one more burst of keys.
    for (const deadline = Date.now() + 10_000; results.at(-1)?.kind !== 'unavailable';) {
      assert.ok(Date.now() < deadline, 'the hint came');
      await new Promise((r) => setTimeout(r, 10));
    }
    live.update('orders2');
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(results.at(-1), { kind: 'unavailable', hint: 'no search here' });
    assert.equal(live.stats.sent, 1, 'no request after the hint');
    live.dispose();
    await client.close();
  });
});
