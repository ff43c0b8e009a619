// Search drift over real HTTP: the control endpoints, the demo preset as GraphQL sees it
// (searchAcrossEntities, scrollAcrossEntities, aliased entityExists), restores under MCL consumer lag.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, type Sandbox } from '..';
import { DEMO_ORPHANS } from '../drift';
import { callAction, control, graphql } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

const DEMO_MISSING = [
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.accounts_raw,PROD)',
  'urn:li:dataset:(urn:li:dataPlatform:hive,analytics.campaigns,PROD)',
  SAMPLE_URNS.ordersUnderscoreDataset,
];
const SCROLL =
  'query s($input: ScrollAcrossEntitiesInput!) { scrollAcrossEntities(input: $input) { nextScrollId count total searchResults { entity { urn type } } } }';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface ScrollAnswer {
  nextScrollId: string | null;
  count: number;
  total: number;
  searchResults: Array<{ entity: { urn: string; type: string } }>;
}

async function scroll(input: Record<string, unknown>): Promise<ScrollAnswer> {
  const a = await graphql(sb.url, SCROLL, { input });
  assert.equal(a.status, 200);
  return (a.json as { data: { scrollAcrossEntities: ScrollAnswer } }).data.scrollAcrossEntities;
}

async function scrollAll(input: Record<string, unknown>): Promise<string[]> {
  const urns: string[] = [];
  let scrollId: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const page: ScrollAnswer = await scroll({ ...input, scrollId });
    urns.push(...page.searchResults.map((r) => r.entity.urn));
    scrollId = page.nextScrollId;
    if (scrollId === null) break;
  }
  return urns;
}

const drift = async () => (await control(sb.url, '/drift')) as { missing: string[]; orphans: string[] };

describe('drift control', () => {
  it('GET /drift: by default db_orders is missing and there are no orphans; the demo preset sets exact sets', async () => {
    assert.deepEqual(await drift(), { missing: [SAMPLE_URNS.ordersUnderscoreDataset], orphans: [] });
    assert.deepEqual(await control(sb.url, '/drift/preset', { name: 'demo' }), { missing: DEMO_MISSING, orphans: [...DEMO_ORPHANS].sort() });
    sb.reset();
    assert.deepEqual(await drift(), { missing: [SAMPLE_URNS.ordersUnderscoreDataset], orphans: [] }, 'reset restores the seeded drift');
  });

  it('POST /drift adds (or replaces with replace: true); it refuses a missing URN without rows and an orphan that is no URN or has rows', async () => {
    await control(sb.url, '/drift', { missing: [SAMPLE_URNS.piiTag], orphans: ['urn:li:tag:ghost'] });
    assert.deepEqual(await drift(), { missing: [SAMPLE_URNS.ordersUnderscoreDataset, SAMPLE_URNS.piiTag], orphans: ['urn:li:tag:ghost'] });
    await control(sb.url, '/drift', { orphans: ['urn:li:tag:other'], replace: true });
    assert.deepEqual(await drift(), { missing: [], orphans: ['urn:li:tag:other'] });
    const refuse = async (body: unknown) => {
      const r = await fetch(`${sb.url}/__sandbox/drift`, { method: 'POST', body: JSON.stringify(body) });
      return { status: r.status, message: ((await r.json()) as { error: string }).error };
    };
    const { status, message } = await refuse({ missing: ['urn:li:tag:nowhere'] });
    assert.equal(status, 400);
    assert.match(message, /must have rows in the database.*urn:li:tag:nowhere/);
    assert.equal((await refuse({ orphans: ['not-a-urn'] })).status, 400);
    assert.equal((await refuse({ orphans: [SAMPLE_URNS.piiTag] })).status, 400);
    assert.deepEqual(await drift(), { missing: [], orphans: ['urn:li:tag:other'] }, 'a refused call changes nothing');
  });

  it('orphans: search and the entity index have them, entityExists does not, a restore cannot remove them', async () => {
    await control(sb.url, '/drift/preset', { name: 'demo' });
    const [orphan] = DEMO_ORPHANS;
    const search = await control(sb.url, `/search?urn=${encodeURIComponent(orphan)}`);
    assert.deepEqual(search, { inDatabase: false, inSearch: true, removed: false });
    const restore = await callAction(sb.url, 'restoreIndices', { urn: orphan });
    assert.equal(restore.status, 200);
    assert.ok((await drift()).orphans.includes(orphan));
  });
});

describe('GraphQL on the demo preset', () => {
  it('entityExists in an aliased batch: each alias its own variable, answered under the alias', async () => {
    await control(sb.url, '/drift/preset', { name: 'demo' });
    const urns = [SAMPLE_URNS.ordersDataset, DEMO_ORPHANS[0], DEMO_MISSING[0], 'urn:li:corpuser:nobody'];
    const query = `query q(${urns.map((_, i) => `$u${i}: String!`).join(', ')}) { ${urns.map((_, i) => `e${i}: entityExists(urn: $u${i})`).join(' ')} }`;
    const a = await graphql(sb.url, query, Object.fromEntries(urns.map((u, i) => [`u${i}`, u])));
    assert.deepEqual(a.json, { data: { e0: true, e1: false, e2: true, e3: false }, extensions: {} });
  });

  it('1,000 aliases are answered in a few ms', async () => {
    const n = 1000;
    const query = `query q(${Array.from({ length: n }, (_, i) => `$u${i}: String!`).join(', ')}) { ${Array.from({ length: n }, (_, i) => `e${i}: entityExists(urn: $u${i})`).join(' ')} }`;
    const variables = Object.fromEntries(Array.from({ length: n }, (_, i) => [`u${i}`, i % 2 === 0 ? SAMPLE_URNS.datahubUser : `urn:li:corpuser:ghost${i}`]));
    await graphql(sb.url, query, variables);
    // CPU time of this process (the sandbox runs in it), the least of three: wall time is what a busy
    // machine makes of it, not what the sandbox costs.
    let cpuMs = Infinity;
    let a: Awaited<ReturnType<typeof graphql>> | undefined;
    for (let i = 0; i < 3; i++) {
      const before = process.cpuUsage();
      a = await graphql(sb.url, query, variables);
      const used = process.cpuUsage(before);
      cpuMs = Math.min(cpuMs, (used.user + used.system) / 1000);
    }
    const data = (a?.json as { data: Record<string, boolean> }).data;
    assert.equal(Object.keys(data).length, n);
    assert.deepEqual([data.e0, data.e1, data.e998, data.e999], [true, false, true, false]);
    assert.ok(cpuMs < 200, `${cpuMs.toFixed(1)} ms of CPU over HTTP`);
  });

  it('searchAcrossEntities with a urn filter sees the orphans and not the missing ones', async () => {
    await control(sb.url, '/drift/preset', { name: 'demo' });
    const q = 'query s($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { total searchResults { entity { urn } } } }';
    const values = [...DEMO_ORPHANS, ...DEMO_MISSING, SAMPLE_URNS.ordersDataset];
    const a = await graphql(sb.url, q, { input: { types: [], query: '*', count: 10, orFilters: [{ and: [{ field: 'urn', values }] }] } });
    const found = (a.json as { data: { searchAcrossEntities: { total: number; searchResults: Array<{ entity: { urn: string } }> } } }).data
      .searchAcrossEntities;
    assert.equal(found.total, 4);
    assert.deepEqual(found.searchResults.map((r) => r.entity.urn).sort(), [...DEMO_ORPHANS, SAMPLE_URNS.ordersDataset].sort());
  });

  it('scrollAcrossEntities pages every dataset document in URN order: orphans in, missing and soft-deleted out', async () => {
    await control(sb.url, '/drift/preset', { name: 'demo' });
    const first = await scroll({ types: ['DATASET'], query: '*', count: 400 });
    assert.equal(first.total, 1501);
    assert.equal(first.count, 400);
    const urns = await scrollAll({ types: ['DATASET'], query: '*', count: 400 });
    assert.equal(urns.length, 1501);
    assert.deepEqual(urns, [...urns].sort(), 'URN order');
    assert.ok(DEMO_ORPHANS.slice(0, 2).every((o) => urns.includes(o)));
    assert.ok(DEMO_MISSING.every((m) => !urns.includes(m)));
    assert.ok(!urns.includes(SAMPLE_URNS.ordersLookalikeDataset));
    const charts = await scroll({ types: ['CHART'], count: 1000 });
    assert.deepEqual([charts.total, charts.nextScrollId], [302, null], '301 charts with rows + 1 orphan');
  });

  it('a server older than scrollAcrossEntities refuses it as graphql-java does; searchAcrossEntities pages the types by start/count', async () => {
    await control(sb.url, '/drift/preset', { name: 'demo' });
    await control(sb.url, '/operations', { scroll: false });
    const refused = (await graphql(sb.url, SCROLL, { input: { types: ['DATASET'], query: '*', count: 10 } })).json as {
      errors: Array<{ message: string; extensions: { classification: string } }>;
      data: unknown;
    };
    assert.match(refused.errors[0].message, /^Validation error \(FieldUndefined@\[scrollAcrossEntities\]\)/);
    assert.deepEqual([refused.errors[0].extensions.classification, refused.data], ['ValidationError', null]);
    const page = async (start: number) =>
      (
        (
          await graphql(
            sb.url,
            'query q($input: SearchAcrossEntitiesInput!) { searchAcrossEntities(input: $input) { start count total searchResults { entity { urn } } } }',
            {
              input: { types: ['DATASET'], query: '*', start, count: 1000 },
            },
          )
        ).json as { data: { searchAcrossEntities: { total: number; searchResults: Array<{ entity: { urn: string } }> } } }
      ).data.searchAcrossEntities;
    const [a, b] = [await page(0), await page(1000)];
    assert.deepEqual([a.total, a.searchResults.length, b.searchResults.length], [1501, 1000, 501]);
    assert.ok(a.searchResults[999].entity.urn < b.searchResults[0].entity.urn);
  });
});

describe('restores under MCL consumer lag', () => {
  it('a restored missing entity is searchable once the scripted backlog has drained, never while stalled', async () => {
    const urn = SAMPLE_URNS.ordersUnderscoreDataset;
    // Three seconds of backlog: a busy machine's restore round trip stays well inside it; then polled until it drains.
    await control(sb.url, '/lag', { consumer: 'mcl', events: 3000, drainPerSecond: 1000 });
    await callAction(sb.url, 'restoreIndices', { urn });
    assert.equal(sb.inSearch(urn), false, 'behind 3,000 events');
    for (const deadline = Date.now() + 15_000; !sb.inSearch(urn); await sleep(100)) assert.ok(Date.now() < deadline, 'indexed once drained');
    assert.deepEqual((await drift()).missing, [], 'zero drift once indexed');

    await control(sb.url, '/drift', { missing: [urn] });
    await control(sb.url, '/lag', { consumer: 'mcl', events: 5, drainPerSecond: 0 });
    await callAction(sb.url, 'restoreIndices', { urn });
    await sleep(50);
    assert.equal(sb.inSearch(urn), false, 'stalled');
    await control(sb.url, '/lag', { consumer: 'mcl', events: 0, drainPerSecond: 100 });
    assert.equal(sb.inSearch(urn), true, 'the consumer moves again: the waiting restore is indexed');
  });
});
