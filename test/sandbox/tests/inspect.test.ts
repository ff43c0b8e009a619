// The sandbox's one-entity reads over real HTTP (inspect.ts): the v3 entity with system metadata
// (v3/controller/EntityController.java, GenericEntityV3.java) and the timeline (TimelineControllerV2.java).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '..';
import { answer, callAction, control } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

const get = async (path: string, token: string = SANDBOX_TOKENS.admin) =>
  answer(await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${token}` } }));
const raw = async (urn: string) => {
  const r = await fetch(`${sb.url}/openapi/operations/elasticSearch/entity/raw`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SANDBOX_TOKENS.admin}`, 'content-type': 'application/json' },
    body: JSON.stringify([urn]),
  });
  return ((await r.json()) as Record<string, Record<string, unknown>>)[urn];
};
const v3 = (urn: string, query = '?systemMetadata=true&includeSoftDelete=true') =>
  get(`/openapi/v3/entity/${/^urn:li:([A-Za-z]+):/.exec(urn)?.[1]}/${encodeURIComponent(urn)}${query}`);

describe('sandbox: one entity', () => {
  it('v3: the urn and each aspect as {value, systemMetadata}; systemMetadata only when asked', async () => {
    const a = await v3(SAMPLE_URNS.lookerChart);
    assert.equal(a.status, 200);
    const body = a.json as Record<string, { value: Record<string, unknown>; systemMetadata?: { runId: string } }>;
    assert.equal(body.urn as unknown, SAMPLE_URNS.lookerChart);
    assert.equal(body.chartInfo.systemMetadata?.runId, 'looker-2026_11_25-01');
    const plain = (await v3(SAMPLE_URNS.lookerChart, '')).json as Record<string, { systemMetadata?: unknown }>;
    assert.equal(plain.chartInfo.systemMetadata, undefined);
  });

  it('v3: no rows is 404 with an empty body; soft-deleted only with includeSoftDelete', async () => {
    const none = await v3('urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)');
    assert.deepEqual([none.status, none.text], [404, '']);
    assert.equal((await v3(SAMPLE_URNS.dailyEtlFlow, '?systemMetadata=true')).status, 404);
    assert.equal((await v3(SAMPLE_URNS.dailyEtlFlow)).status, 200);
  });

  it('timeline: categories required; the seeded change; a token without view rights is 403', async () => {
    const path = `/openapi/v2/timeline/v1/${encodeURIComponent(SAMPLE_URNS.lookerChart)}`;
    assert.equal((await get(path)).status, 400);
    const changes = (await get(`${path}?categories=DOCUMENTATION`)).json as Array<{ changeEvents: unknown[] }>;
    assert.equal(changes[0].changeEvents.length, 2);
    assert.equal((await get(`${path}?categories=DOCUMENTATION`, SANDBOX_TOKENS.none)).status, 403);
  });

  it('a description edited in the UI: editable<Entity>Properties in the database, editedDescription in the document, the ingested description untouched', async () => {
    // EditableDatasetProperties.pdl: description is indexed as editedDescription; DatasetProperties.pdl's as description.
    const edited = (await control(sb.url, '/edit-description', { urn: SAMPLE_URNS.ordersDataset, description: 'Orders, one row per order line' })) as {
      aspect: string;
    };
    assert.equal(edited.aspect, 'editableDatasetProperties');
    const body = (await v3(SAMPLE_URNS.ordersDataset)).json as Record<string, { value: Record<string, unknown> }>;
    assert.equal(body.editableDatasetProperties.value.description, 'Orders, one row per order line');
    assert.equal(body.datasetProperties.value.description, undefined);
    const doc = await raw(SAMPLE_URNS.ordersDataset);
    assert.equal(doc.editedDescription, 'Orders, one row per order line');
    assert.equal(doc.description, '');
    // Only entity types with such an aspect, only URNs with rows; nothing changes otherwise.
    for (const bad of [
      { urn: SAMPLE_URNS.piiTag, description: 'x' },
      { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,nope,PROD)', description: 'x' },
      { urn: SAMPLE_URNS.lookerChart },
    ]) {
      const r = await fetch(`${sb.url}/__sandbox/edit-description`, { method: 'POST', body: JSON.stringify(bad) });
      assert.equal(r.status, 400);
    }
    assert.equal((await raw(SAMPLE_URNS.lookerChart)).editedDescription, undefined);
    await control(sb.url, '/reset', {});
    assert.equal((await raw(SAMPLE_URNS.ordersDataset)).editedDescription, undefined);
  });

  it("the document: a chart's title as title (ChartInfo.pdl), a dataset's as name; a restore writes it again from the database", async () => {
    const before = await raw(SAMPLE_URNS.lookerChart);
    assert.equal(before.title, 'dashboard_elements.42');
    assert.equal(before.name, undefined);
    assert.equal((await raw(SAMPLE_URNS.ordersDataset)).name, 'db.orders');
    assert.deepEqual([before.description, before.owners], ['', []]);
    // The chart's database is newer than its document (the search-stale case) until a restore rewrites it.
    assert.equal((await callAction(sb.url, 'restoreIndices', { urn: SAMPLE_URNS.lookerChart })).status, 200);
    const after = await raw(SAMPLE_URNS.lookerChart);
    const info = ((await v3(SAMPLE_URNS.lookerChart)).json as Record<string, { value: Record<string, unknown> }>).chartInfo.value;
    assert.equal(after.description, info.description);
    assert.deepEqual(after.owners, [SAMPLE_URNS.jdoeUser]);
  });

  it('a Rest.li-only server: the paths are Rest.li 404s with a body', async () => {
    sb.setApi('restli');
    const a = await v3(SAMPLE_URNS.ordersDataset);
    assert.equal(a.status, 404);
    assert.notEqual(a.text, '');
  });
});
