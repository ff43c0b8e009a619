// The drift check's logic: four groups, capped lists with exact counts, the sample's
// chance, the scope of an argument object, and what a fix may do from its dry run.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { chanceToSee, describeSample, DriftTally, MAX_LISTED } from '../../../src/health/logic/drift';
import { orphanIssues, planIsEmpty, removableFrom, sumFixResults, type FixPlan } from '../../../src/health/logic/fix';
import { describePlan } from '../../../src/health/logic/fixText';
import { scopeOf } from '../../../src/health/logic/scope';
import { likeMatcher, entityTypeOfPattern } from '../../../src/health/logic/like';
import { checkScope, ORPHAN_CHECK } from '../../../src/health/logic/check';
import { GmsError } from '../../../src/gms/errors';
import type { ConsistencyCheckRequest, GmsClient } from '../../../src/gms/types';

const ds = (name: string) => `urn:li:dataset:(urn:li:dataPlatform:hive,${name},PROD)`;

describe('drift groups', () => {
  it('each URN lands in one of four groups; lists stop at the cap, counts do not', () => {
    const t = new DriftTally();
    assert.equal(t.add('a', true, true), 'both');
    assert.equal(t.add('b', true, false), 'databaseOnly');
    assert.equal(t.add('c', false, true), 'searchOnly');
    assert.equal(t.add('d', false, false), 'neither');
    for (let i = 0; i < MAX_LISTED + 5; i++) t.add(`x${i}`, true, false);
    assert.equal(t.counts.databaseOnly, MAX_LISTED + 6);
    assert.equal(t.urns.databaseOnly.length, MAX_LISTED);
    assert.equal(t.drift, MAX_LISTED + 7);
    t.remove('b', 'databaseOnly');
    assert.equal(t.counts.databaseOnly, MAX_LISTED + 5);
  });

  it('a sample says it is one, with the chance a 1% drift would have shown', () => {
    assert.equal(chanceToSee(0), 0);
    assert.ok(Math.abs(chanceToSee(100) - 0.634) < 0.001);
    assert.equal(
      describeSample({ checked: 100, total: 48_120, complete: false }),
      'a sample: 100 of 48,120 documents; a 1% drift would have shown with 63.4% chance',
    );
    assert.equal(describeSample({ checked: 2000, total: 48_120, complete: false }).endsWith('> 99.9% chance'), true);
    assert.equal(describeSample({ checked: 120, total: 120, complete: true }), 'all 120 documents');
  });
});

describe('the scope of a check', () => {
  it('exactly one of entityType, urnLike, urns; bad ones say what and send nothing', () => {
    assert.deepEqual(scopeOf({ entityType: 'dataset' }), { kind: 'entityType', entityType: 'dataset' });
    assert.deepEqual(scopeOf({ urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%' }), {
      kind: 'urnLike',
      urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,%',
      entityType: 'dataset',
    });
    assert.throws(() => scopeOf({}), /give exactly one of "entityType", "urnLike" or "urns"\. Nothing was sent/);
    assert.throws(() => scopeOf({ entityType: 'dataset', urns: [ds('a')] }), /\(got entityType and urns\)/);
    assert.throws(() => scopeOf({ entityType: 'data set' }), /entity type such as dataset/);
    assert.throws(() => scopeOf({ urnLike: '%dataset%' }), /concrete urn:li:<type>:/);
    assert.throws(() => scopeOf({ urns: [] }), /"urns" is empty/);
    assert.throws(() => scopeOf({ urns: [ds('a'), 'not-a-urn'] }), /urns\[1\]/);
  });

  it('LIKE as restoreIndices reads it', () => {
    const m = likeMatcher('urn:li:dataset:(urn:li:dataPlatform:hive,db._rders%');
    assert.equal(m(ds('db.orders')), true);
    assert.equal(m(ds('db.xorders')), false);
    assert.equal(likeMatcher('urn:li:corpuser:a.b')('urn:li:corpuser:aXb'), false);
    assert.equal(entityTypeOfPattern('urn:li:dataJob:%'), 'dataJob');
    assert.equal(entityTypeOfPattern('%'), undefined);
  });
});

describe('the fix follows its dry run', () => {
  const result = (details: Array<{ urn: string; success: boolean; errorMessage?: string }>) => ({
    dryRun: true,
    totalProcessed: details.length,
    entitiesFixed: details.filter((d) => d.success).length,
    entitiesFailed: details.filter((d) => !d.success).length,
    fixDetails: details.map((d) => ({ ...d, action: 'DELETE_INDEX_DOCUMENTS' })),
  });

  it('only URNs the server said it would fix; asked but unanswered ones are left alone', () => {
    const r = removableFrom(
      [ds('a'), ds('b'), ds('c')],
      [
        result([
          { urn: ds('a'), success: true },
          { urn: ds('b'), success: false, errorMessage: 'boom' },
          { urn: ds('z'), success: true },
        ]),
      ],
    );
    assert.deepEqual(r.remove, [ds('a')]);
    assert.deepEqual(r.removeRefused, [
      { urn: ds('b'), reason: 'boom' },
      { urn: ds('c'), reason: 'the server found no issue (the database has it)' },
    ]);
    assert.deepEqual(sumFixResults([result([{ urn: 'x', success: true }]), result([{ urn: 'y', success: false }])]), {
      totalProcessed: 2,
      entitiesFixed: 1,
      entitiesFailed: 1,
    });
  });

  it('issues go by check id only, so the server checks the database again before it deletes', () => {
    assert.deepEqual(orphanIssues([ds('a')]), [{ entityUrn: ds('a'), checkId: ORPHAN_CHECK }]);
  });

  it('the confirmation names each figure', () => {
    const plan: FixPlan = {
      restore: [ds('a'), ds('b')],
      restoreBeyondList: 0,
      remove: [ds('c')],
      removeRefused: [],
      removeUnsupported: 2,
      dryRun: { totalProcessed: 1, entitiesFixed: 1, entitiesFailed: 0 },
    };
    const lines = describePlan(plan);
    assert.match(lines[0], /^Restore the search documents of 2 entities in the database only/);
    assert.match(lines[1], /^Remove 1 search document whose entity is gone .*dry run: 1 would be removed, 0 would fail/);
    assert.match(lines[2], /^2 entities in search only cannot be removed on this server/);
    assert.equal(planIsEmpty({ ...plan, restore: [], remove: [] }), true);
  });
});

/** A client answering from two sets: what the database has and what search holds. */
function fakeClient(db: Set<string>, search: string[], consistency: boolean) {
  const asked: ConsistencyCheckRequest[] = [];
  const client = {
    listConsistencyChecks: () =>
      consistency
        ? Promise.resolve([{ id: ORPHAN_CHECK, name: 'Orphan Index Document', description: '', entityType: '*', onDemandOnly: true }])
        : Promise.reject(new GmsError({ kind: 'notFound', status: 404, message: 'none' })),
    checkConsistency: (req: ConsistencyCheckRequest) => {
      asked.push(req);
      const from = req.scrollId ? Number(req.scrollId) : 0;
      const page = search.slice(from, from + (req.batchSize ?? 100));
      const next = from + page.length;
      return Promise.resolve({
        entitiesScanned: page.length,
        issuesFound: 0,
        issues: page.filter((u) => !db.has(u)).map((entityUrn) => ({ entityUrn, checkId: ORPHAN_CHECK, fixType: 'DELETE_INDEX_DOCUMENTS' })),
        scrollId: next < search.length ? String(next) : undefined,
      });
    },
    search: {
      existInDatabase: (urns: string[]) => Promise.resolve(new Map(urns.map((u) => [u, db.has(u)]))),
      inSearchIndex: (urns: string[]) => Promise.resolve(new Set(urns.filter((u) => search.includes(u)))),
      checkDrift: (urns: string[]) =>
        Promise.resolve({ exists: new Map(urns.map((u) => [u, db.has(u)])), found: new Set(urns.filter((u) => search.includes(u))) }),
      scrollEntities: (_t: string[], scrollId: string | undefined, count: number) => {
        const from = scrollId ? Number(scrollId) : 0;
        const urns = search.slice(from, from + count);
        return Promise.resolve({ urns, total: search.length, nextScrollId: from + count < search.length ? String(from + count) : undefined });
      },
      checkSearchIndex: (urn: string) => Promise.resolve({ urn, inDatabase: db.has(urn), inSearch: search.includes(urn), removed: urn.includes('removed') }),
      findEntities: () => Promise.resolve([]),
    },
  } as unknown as GmsClient;
  return { client, asked };
}

describe('the check over a fake server', () => {
  const db = new Set([ds('a'), ds('b'), ds('only-db'), ds('removed')]);
  const search = [ds('a'), ds('b'), ds('ghost1'), ds('ghost2')];

  it('URNs: each asked both ways; soft-deleted ones set apart', async () => {
    const { client } = fakeClient(db, search, false);
    const r = await checkScope(client, { kind: 'urns', urns: [ds('a'), ds('only-db'), ds('ghost1'), ds('nowhere'), ds('removed'), ds('a')] });
    assert.deepEqual(r.tally.counts, { both: 1, databaseOnly: 1, searchOnly: 1, neither: 1 });
    assert.deepEqual(r.softDeleted, [ds('removed')]);
    assert.equal(r.consistency, false);
  });

  it('an entity type with consistency operations: their pages, the orphan check named, batch 1000', async () => {
    const { client, asked } = fakeClient(db, search, true);
    const r = await checkScope(client, { kind: 'entityType', entityType: 'dataset' });
    assert.equal(r.method, 'consistency');
    assert.deepEqual(r.tally.counts, { both: 2, databaseOnly: 0, searchOnly: 2, neither: 0 });
    assert.equal(r.orphanIssues.length, 2);
    assert.deepEqual(asked[0], { entityType: 'dataset', checkIds: [ORPHAN_CHECK], batchSize: 1000, scrollId: undefined, keyAspectOnly: true });
    assert.equal(r.sample?.complete, true);
  });

  it('without them: a sample of search, the database asked; a limit makes it a sample', async () => {
    const { client } = fakeClient(db, search, false);
    const all = await checkScope(client, { kind: 'entityType', entityType: 'dataset' });
    assert.equal(all.method, 'sample');
    assert.deepEqual(all.tally.counts, { both: 2, databaseOnly: 0, searchOnly: 2, neither: 0 });
    assert.deepEqual(all.sample, { checked: 4, total: 4, complete: true });
    const part = await checkScope(client, { kind: 'entityType', entityType: 'dataset' }, { sampleLimit: 3 });
    assert.deepEqual(part.sample, { checked: 3, total: 4, complete: false });
    const pattern = await checkScope(client, { kind: 'urnLike', urnLike: 'urn:li:dataset:(urn:li:dataPlatform:hive,ghost%', entityType: 'dataset' });
    assert.deepEqual(pattern.tally.counts, { both: 0, databaseOnly: 0, searchOnly: 2, neither: 0 });
  });
});
