// The sandbox's one-entity reads over real HTTP (inspect.ts): the v3 entity with system metadata
// (v3/controller/EntityController.java, GenericEntityV3.java) and the timeline (TimelineControllerV2.java).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '..';
import { answer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s), { searchLagMs: 0 });

const get = async (path: string, token: string = SANDBOX_TOKENS.admin) =>
  answer(await fetch(`${sb.url}${path}`, { headers: { authorization: `Bearer ${token}` } }));
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

  it('a Rest.li-only server: the paths are Rest.li 404s with a body', async () => {
    sb.setApi('restli');
    const a = await v3(SAMPLE_URNS.ordersDataset);
    assert.equal(a.status, 404);
    assert.notEqual(a.text, '');
  });
});
