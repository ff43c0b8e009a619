// The consistency operations (ConsistencyController.java) over real HTTP on the demo drift preset:
// the registry, scans with and without orphan-index-document, paging, the grace period, fixes.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { DEMO_ORPHANS } from '../drift';
import { callOperations, control, type RawAnswer } from '../testing';
import { useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const [ORPHAN_A, ORPHAN_B, ORPHAN_CHART] = DEMO_ORPHANS;
const ORPHAN = 'orphan-index-document';

interface Page {
  entitiesScanned: number;
  issuesFound: number;
  issues: Array<{ entityUrn: string; entityType: string; checkId: string; fixType: string; description: string }>;
  scrollId?: string;
  totalEstimate?: number;
  fixDetails?: Array<{ urn: string; action: string; success: boolean; details?: string; errorMessage?: string }>;
}

function page(a: RawAnswer): Page {
  assert.equal(a.status, 200, a.text.slice(0, 300));
  return a.json as Page;
}

const demo = () => control(sb.url, '/drift/preset', { name: 'demo' });
const post = (path: string, body: unknown, token?: string) => callOperations(sb.url, `consistency/${path}`, { body, token });

/** Every page of a scan, following scrollId to the empty page that ends it. */
async function scanAll(path: 'check' | 'fix', body: Record<string, unknown>): Promise<Page[]> {
  const pages: Page[] = [];
  let scrollId: string | undefined;
  do {
    const p = page(await post(path, { ...body, ...(scrollId ? { scrollId } : {}) }));
    pages.push(p);
    scrollId = p.scrollId;
  } while (scrollId !== undefined && pages.length < 100);
  return pages;
}

describe('consistency: the check registry', () => {
  it('lists the default checks, the on-demand orphan check only with includeOnDemand, by entity type with the wildcard ones', async () => {
    const ids = async (query: Record<string, string>) =>
      (page(await callOperations(sb.url, 'consistency/checks', { query })) as unknown as { checks: Array<{ id: string }> }).checks.map((c) => c.id);
    assert.deepEqual(await ids({}), ['assertion-entity-not-found', 'assertion-entity-soft-deleted']);
    assert.deepEqual(await ids({ includeOnDemand: 'true' }), ['assertion-entity-not-found', 'assertion-entity-soft-deleted', ORPHAN]);
    assert.deepEqual(await ids({ entityType: 'dataset' }), []);
    assert.deepEqual(await ids({ entityType: 'dataset', includeOnDemand: 'true' }), [ORPHAN]);
    const one = await callOperations(sb.url, `consistency/checks/${ORPHAN}`);
    assert.deepEqual(one.json, {
      id: ORPHAN,
      name: 'Orphan Index Document',
      description: 'Detects entities that exist in ES indices but not in SQL (orphaned index documents)',
      entityType: '*',
      onDemandOnly: true,
      requiredAspects: [],
      requiresAllAspects: false,
      targetAspects: [],
    });
    const unknown = await callOperations(sb.url, 'consistency/checks/no-such-check');
    assert.deepEqual([unknown.status, unknown.text], [404, '']);
  });
});

describe('consistency: checks on the demo preset', () => {
  it('without orphan-index-document named, a dataset scan runs no check: an empty answer', async () => {
    await demo();
    assert.deepEqual(page(await post('check', { entityType: 'dataset' })), { entitiesScanned: 0, issuesFound: 0, issues: [], totalEstimate: 0 });
  });

  it('named, it pages over every dataset document and finds exactly the 2 dataset orphans (and the chart one for charts)', async () => {
    await demo();
    const pages = await scanAll('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000 });
    const last = pages[pages.length - 1];
    assert.deepEqual(last, { entitiesScanned: 0, issuesFound: 0, issues: [] }, 'the page after the last document: no scrollId');
    assert.ok(pages.length > 2);
    const issues = pages.flatMap((p) => p.issues);
    assert.deepEqual(issues.map((i) => i.entityUrn).sort(), [ORPHAN_A, ORPHAN_B]);
    assert.deepEqual(issues[0], {
      entityUrn: issues[0].entityUrn,
      entityType: 'dataset',
      checkId: ORPHAN,
      fixType: 'DELETE_INDEX_DOCUMENTS',
      description: `Entity exists in ES indices but not in SQL (orphaned): ${issues[0].entityUrn}`,
    });
    const docs = pages[0].totalEstimate as number;
    assert.ok(docs > 1500 && pages.slice(0, -1).every((p) => p.entitiesScanned > 0), 'a page of 1000 aspect documents covers fewer entities');
    assert.equal(pages[1].totalEstimate, undefined, 'totalEstimate on the first page only');
    const charts = (await scanAll('check', { entityType: 'chart', checkIds: [ORPHAN] })).flatMap((p) => p.issues);
    assert.deepEqual(
      charts.map((i) => i.entityUrn),
      [ORPHAN_CHART],
    );
  });

  it('keyAspectOnly scans one document per entity: 1,501 datasets (1,503 with rows + 2 orphans - 3 missing - 1 soft-deleted)', async () => {
    await demo();
    const pages = await scanAll('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000, filter: { keyAspectOnly: true } });
    assert.equal(pages[0].totalEstimate, 1501);
    assert.deepEqual(
      pages.map((p) => p.entitiesScanned),
      [1000, 501, 0],
    );
  });

  it('the grace period skips documents written in the last 300 s unless gracePeriodSeconds says 0', async () => {
    await control(sb.url, '/drift', { orphans: ['urn:li:dataset:(urn:li:dataPlatform:hive,fresh,PROD)'], modifiedAgoMs: 1000 });
    const count = async (extra: Record<string, unknown>) =>
      (await scanAll('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000, ...extra })).flatMap((p) => p.issues).length;
    assert.equal(await count({}), 0);
    assert.equal(await count({ gracePeriodSeconds: 0 }), 1);
  });

  it('GET entities/{urn}: issues of one entity, 404 when the index has no document (missing) or no check applies', async () => {
    await demo();
    const one = await callOperations(sb.url, `consistency/entities/${encodeURIComponent(ORPHAN_A)}`, { query: { checkIds: ORPHAN } });
    assert.equal(one.status, 200);
    assert.deepEqual(
      (one.json as Page['issues']).map((i) => i.entityUrn),
      [ORPHAN_A],
    );
    const healthy = await callOperations(sb.url, `consistency/entities/${encodeURIComponent('urn:li:corpuser:datahub')}`, { query: { checkIds: ORPHAN } });
    assert.deepEqual([healthy.status, healthy.json], [200, []]);
    const missing = 'urn:li:dataset:(urn:li:dataPlatform:hive,db_orders,PROD)';
    assert.equal((await callOperations(sb.url, `consistency/entities/${encodeURIComponent(missing)}`, { query: { checkIds: ORPHAN } })).status, 404);
    assert.equal((await callOperations(sb.url, `consistency/entities/${encodeURIComponent(ORPHAN_A)}`)).status, 404, 'no default check for datasets');
    assert.equal((await callOperations(sb.url, 'consistency/entities/not-a-urn', { query: { checkIds: ORPHAN } })).status, 400);
  });

  it('refusals: no entity type (400, no body), unknown check ids (400), batchSize as DataHub takes it (not @Valid)', async () => {
    assert.deepEqual(await post('check', {}).then((a) => [a.status, a.text]), [400, '']);
    assert.equal((await post('check', { checkIds: [ORPHAN] })).status, 400, 'a wildcard check needs an entity type');
    assert.equal((await post('check', { entityType: 'dataset', checkIds: ['nope'] })).status, 400);
    assert.equal((await post('check', { entityType: 'dataset', checkIds: ['assertion-entity-not-found'] })).status, 400, 'type mismatch');
    assert.equal((await post('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: -1 })).status, 400);
    const zero = page(await post('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 0 }));
    assert.deepEqual([zero.entitiesScanned, zero.scrollId], [0, undefined]);
    const big = page(await post('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1001, filter: { keyAspectOnly: true } }));
    assert.equal(big.entitiesScanned, 1001);
    const unreadable = await callOperations(sb.url, 'consistency/check', { raw: '[1]' });
    assert.equal(unreadable.status, 400);
    assert.equal((unreadable.json as { status: number }).status, 400, "Spring's error JSON");
    assert.equal((await post('check', { entityType: 'dataset', checkIds: [ORPHAN], scrollId: 'garbage' })).status, 500);
  });
});

describe('consistency: fixes', () => {
  it('fix dry run (the default) reports the deletions and changes nothing', async () => {
    await demo();
    const pages = await scanAll('fix', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000 });
    const details = pages.flatMap((p) => p.fixDetails ?? []);
    assert.deepEqual(details.map((d) => [d.urn, d.action, d.success, d.details]).sort(), [
      [ORPHAN_A, 'DELETE_INDEX_DOCUMENTS', true, `Deleted index documents for ${ORPHAN_A}`],
      [ORPHAN_B, 'DELETE_INDEX_DOCUMENTS', true, `Deleted index documents for ${ORPHAN_B}`],
    ]);
    assert.ok(pages.every((p) => (p as unknown as { dryRun: boolean }).dryRun === true && !('issues' in p)));
    assert.equal(((await control(sb.url, '/drift')) as { orphans: string[] }).orphans.length, 3);
  });

  it('fix with dryRun false deletes the orphans it finds, page by page: zero dataset orphans after, at once (async or not)', async () => {
    await demo();
    const pages = await scanAll('fix', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000, dryRun: false, async: true });
    const first = pages.find((p) => (p.fixDetails ?? []).length > 0) as unknown as Record<string, unknown>;
    assert.deepEqual(Object.keys(first), [
      'entitiesScanned',
      'issuesFound',
      'scrollId',
      'dryRun',
      'totalProcessed',
      'entitiesFixed',
      'entitiesFailed',
      'fixDetails',
      ...(first.totalEstimate !== undefined ? ['totalEstimate'] : []),
    ]);
    assert.deepEqual(await control(sb.url, '/drift').then((d) => (d as { orphans: string[] }).orphans), [ORPHAN_CHART]);
    const again = (await scanAll('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 1000 })).flatMap((p) => p.issues);
    assert.deepEqual(again, []);
  });

  it('fix-issues fixes exactly the issues given; a fixType applies as given, a checkId alone is checked first', async () => {
    await demo();
    const stored = 'urn:li:corpuser:datahub';
    const answer = page(
      await post('fix-issues', {
        dryRun: false,
        issues: [
          { entityUrn: ORPHAN_CHART, fixType: 'DELETE_INDEX_DOCUMENTS' },
          { entityUrn: ORPHAN_A, checkId: ORPHAN },
          { entityUrn: stored, checkId: ORPHAN },
          { entityUrn: 'urn:li:corpuser:jdoe', fixType: 'SOFT_DELETE' },
        ],
      }),
    ) as unknown as Record<string, unknown>;
    assert.deepEqual(answer, {
      dryRun: false,
      totalProcessed: 3,
      entitiesFixed: 2,
      entitiesFailed: 1,
      fixDetails: [
        { urn: ORPHAN_CHART, action: 'DELETE_INDEX_DOCUMENTS', success: true, details: `Deleted index documents for ${ORPHAN_CHART}` },
        { urn: ORPHAN_A, action: 'DELETE_INDEX_DOCUMENTS', success: true, details: `Deleted index documents for ${ORPHAN_A}` },
        { urn: 'urn:li:corpuser:jdoe', action: 'SOFT_DELETE', success: false, errorMessage: 'No fix implementation for type: SOFT_DELETE' },
      ],
    });
    assert.deepEqual(await control(sb.url, '/drift').then((d) => (d as { orphans: string[] }).orphans), [ORPHAN_B]);
    // DeleteIndexDocumentsFix does not ask whether the entity has rows: given a stored URN, its documents go.
    await post('fix-issues', { dryRun: false, issues: [{ entityUrn: stored, fixType: 'DELETE_INDEX_DOCUMENTS' }] });
    assert.ok(((await control(sb.url, '/drift')) as { missing: string[] }).missing.includes(stored));
    assert.equal((await post('fix-issues', { issues: [{ entityUrn: stored }] })).status, 400, 'neither fixType nor checkId');
    assert.equal((await post('fix-issues', { issues: [{ entityUrn: stored, fixType: 'NOPE' }] })).status, 400);
  });
});

describe('consistency: who may, which server has it, what is recorded', () => {
  it('403 {"error"} for a token without Manage System Operations; 404 when switched off or on an older server', async () => {
    const refused = await post('check', { entityType: 'dataset', checkIds: [ORPHAN] }, SANDBOX_TOKENS.reader);
    assert.deepEqual([refused.status, refused.json], [403, { error: 'urn:li:corpuser:reader is not authorized for consistency operations' }]);
    await control(sb.url, '/operations', { consistency: false });
    const off = await callOperations(sb.url, 'consistency/checks');
    assert.deepEqual([off.status, (off.json as { error: string }).error], [404, 'Not Found']);
    sb.reset();
    sb.setVersion('legacy');
    assert.equal((await callOperations(sb.url, 'consistency/checks')).status, 404);
    sb.reset();
    sb.setApi('restli');
    assert.match((await callOperations(sb.url, 'consistency/checks')).text, /No root resource defined for path '\/openapi'/);
  });

  it('records action, transport and params (body fields, path variables); faults match the action', async () => {
    await post('check', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 10 });
    await callOperations(sb.url, `consistency/entities/${encodeURIComponent(ORPHAN_A)}`, { query: { checkIds: ORPHAN } });
    const [check, entity] = sb.requests.slice(-2);
    assert.deepEqual(
      [check.action, check.transport, check.params],
      ['consistency/check', 'openapi', { entityType: 'dataset', checkIds: [ORPHAN], batchSize: 10 }],
    );
    assert.deepEqual([entity.action, entity.params], ['consistency/entities/{urn}', { checkIds: ORPHAN, urn: ORPHAN_A }]);
    sb.addFault({ fault: { kind: 'status', status: 503, body: 'busy' }, action: 'consistency/fix', times: 1 });
    assert.equal((await post('fix', { entityType: 'dataset', checkIds: [ORPHAN] })).status, 503);
    assert.equal((await post('fix', { entityType: 'dataset', checkIds: [ORPHAN] })).status, 200);
  });
});
