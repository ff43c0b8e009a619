// datahub.countEntities inside VS Code against the sandbox: the counts endpoint on the newest server, search
// facets on an older one (the same figures), by platform on both, a 403 that names the privilege, a type the
// server does not know, the one-hour cache, and the growth between two readings, in the size chart and the export.
import * as assert from 'node:assert/strict';
import { sandbox, useSandboxConnection } from '../../host/inHost';
import type { CountEntitiesResult } from '../../../src/entities';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { exec, rejection, waitFor } from '../support/core';
import { insights } from '../support/insights';
import { needsOpenapi } from '../support/doctor';
import { Commands } from '../../../src/shared/commandIds';

const count = (arg: Record<string, unknown> = {}) => exec<CountEntitiesResult>(Commands.countEntities, arg);
const row = (r: CountEntitiesResult, type: string, platform?: string) => {
  const found = r.types.find((t) => t.entityType === type && t.platform === platform);
  assert.ok(found, `a row ${type}/${platform ?? '-'} in ${JSON.stringify(r.types)}`);
  return found;
};
const grow = (body: Record<string, unknown>) => sandbox.control<object>('POST', '/entityCounts', body);
const paths = async () => (await sandbox.requests()).map((q) => `${q.method} ${q.path} ${q.status}`);

describe('entities: datahub.countEntities', function () {
  this.timeout(30_000);
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.reset());
  after(() => sandbox.reset());

  it('from the counts endpoint: active and soft-deleted per type, the totals, the source named', async function () {
    needsOpenapi(this);
    await sandbox.clearRequests();
    const r = await count();
    assert.equal(r.source, 'countsApi');
    assert.deepEqual(row(r, 'dataset'), { entityType: 'dataset', active: 238_000, softDeleted: 2_000 });
    assert.deepEqual(row(r, 'dataprocessinstance'), { entityType: 'dataprocessinstance', active: 120_000, softDeleted: 0 });
    assert.deepEqual(r.totals, { active: 362_350, softDeleted: 2_012 });
    assert.match(r.message, /362,350 active and 2,012 soft-deleted .* from the counts endpoint \(GET \/openapi\/v1\/entities\/counts\)/);
    const asked = (await sandbox.requests()).filter((q) => q.path === '/openapi/v1/entities/counts');
    assert.equal(asked.length, 1);
    assert.equal(asked[0].query.includeTotal, 'true');
  });

  it('an older server: the same figures from search facets on _entityType, and the source says so', async () => {
    await sandbox.setVersion('legacy');
    await sandbox.clearRequests();
    const r = await count();
    assert.equal(r.source, 'search');
    assert.deepEqual(row(r, 'dataset'), { entityType: 'dataset', active: 238_000, softDeleted: 2_000 });
    assert.deepEqual(row(r, 'chart'), { entityType: 'chart', active: 4_000, softDeleted: 12 });
    assert.deepEqual(r.totals, { active: 362_350, softDeleted: 2_012 });
    assert.match(r.message, /search facets on _entityType \(this server has no counts endpoint\)/);
    const seen = await paths();
    assert.ok(
      seen.some((p) => p.startsWith('GET /openapi/v1/entities/counts 404')),
      seen.join('\n'),
    );
    assert.equal(seen.filter((p) => p.startsWith('POST /api/graphql 200')).length, 2, 'active and soft-deleted: two searches');
    // Through aggregateAcrossEntities, whose input takes facets (search.graphql); the sandbox, like graphql-java,
    // refuses an input field its type lacks, so none of the two asks was refused.
    const asks = (await sandbox.requests()).filter((q) => q.path === '/api/graphql');
    for (const q of asks) {
      assert.match((q.body as { query: string }).query, /aggregateAcrossEntities\(input: \$input\)/);
      assert.doesNotMatch(q.rawBody, /searchAcrossEntities/);
    }
  });

  it('by platform, from the endpoint and from the facets alike', async () => {
    const check = (r: CountEntitiesResult) => {
      assert.deepEqual(row(r, 'dataset', 'hive'), { entityType: 'dataset', platform: 'hive', active: 150_000, softDeleted: 1_500 });
      assert.deepEqual(row(r, 'dataprocessinstance', 'spark'), { entityType: 'dataprocessinstance', platform: 'spark', active: 30_000, softDeleted: 0 });
      assert.ok(!r.types.some((t) => t.entityType === 'corpuser'), 'a type without a platform is left out');
      assert.match(r.message, /by platform/);
    };
    const older = await (async () => {
      await sandbox.setVersion('legacy');
      return count({ groupBy: 'platform' });
    })();
    assert.equal(older.source, 'search');
    check(older);
    await sandbox.reset();
    const newer = await count({ groupBy: 'platform' });
    if (newer.source === 'countsApi') {
      check(newer);
      const asked = (await sandbox.requests()).filter((q) => q.path === '/openapi/v1/entities/counts');
      assert.equal(asked.at(-1)?.query.groupBy, 'platform');
    } else check(newer); // a Rest.li-only sandbox has no OpenAPI servlet: facets there too
  });

  it('a token without the privilege: the 403 names GET_COUNTS_PRIVILEGE', async function () {
    needsOpenapi(this);
    await useSandboxConnection({ token: 'reader' });
    try {
      const error = await rejection(count());
      assert.match(error.message, /403/);
      assert.match(error.message, /GET_COUNTS_PRIVILEGE/);
      assert.match(error.message, /Get Aspect\/Entity Count APIs/);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
  });

  it('a type the server does not know: said plainly, not a bare 500', async function () {
    needsOpenapi(this);
    const error = await rejection(count({ types: ['dataset', 'nosuchtype'] }));
    assert.match(error.message, /500/);
    assert.match(error.message, /does not know/);
    assert.match(error.message, /"nosuchtype"/);
    const bad = await rejection(count({ types: ['not a type'] }));
    assert.match(bad.message, /types/);
    // An older server counts from search, which cannot tell an unknown type from an empty one: it says so.
    await sandbox.setVersion('legacy');
    const older = await count({ types: ['dataset', 'nosuchtype'] });
    assert.equal(older.source, 'search');
    assert.deepEqual((older as { noneInSearch?: string[] }).noneInSearch, ['nosuchtype']);
    assert.match(older.message, /Search has no document of "nosuchtype": a type this server does not know, or one with nothing indexed .*check the name\.$/);
    assert.deepEqual(row(older, 'dataset'), { entityType: 'dataset', active: 238_000, softDeleted: 2_000 });
  });

  it('the same connection pointed at another GMS URL starts its own history: no growth against the old server', async () => {
    await count({ refresh: true });
    await grow({ entityType: 'dataset', active: 1_000 });
    try {
      await useSandboxConnection({ token: 'admin', viaFrontend: true });
      const elsewhere = await count({ refresh: true });
      assert.equal(elsewhere.growth, undefined, JSON.stringify(elsewhere.growth));
      assert.doesNotMatch(elsewhere.message, /since the last reading/);
    } finally {
      await useSandboxConnection({ token: 'admin' });
    }
    // The history follows the connection's server: back on the first URL it starts again, then grows from there.
    const back = await count({ refresh: true });
    assert.equal(back.growth, undefined);
    await grow({ entityType: 'dataset', active: 500 });
    const next = await count({ refresh: true });
    assert.equal(next.growth?.total.change, 500);
  });

  it('growth between two readings: the change since the last one and per day; the cache until refresh', async function () {
    const first = await count({ refresh: true });
    await grow({ entityType: 'dataprocessinstance', active: 5_000 });
    await grow({ entityType: 'dataset', softDeleted: 300 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (first.source === 'countsApi') {
      const cached = await count();
      assert.equal(cached.cacheHit, true, 'the one-hour cache answers until refresh');
      assert.equal(row(cached, 'dataprocessinstance').active, 120_000);
      assert.match(cached.message, /one-hour cache/);
    }
    const second = await count({ refresh: true });
    assert.equal(row(second, 'dataprocessinstance').active, 125_000);
    assert.ok(second.growth, 'growth since the first reading');
    assert.equal(second.growth.since, first.computedAt);
    assert.equal(second.growth.total.change, 5_300);
    assert.deepEqual(
      second.growth.types.filter((t) => t.change !== 0).map((t) => [t.entityType, t.change]),
      [
        ['dataprocessinstance', 5_000],
        ['dataset', 300],
      ],
    );
    // Seconds apart: the change, but no rate a day (one rule with the chart and the export).
    assert.equal(second.growth.total.perDay, null);
    assert.match(second.message, /\+5,300 documents since the last reading/);
  });

  it('growth in the size chart and the export: per type, since the reading before and per day', async function () {
    await count({ refresh: true });
    await grow({ entityType: 'dataprocessinstance', active: 7_000 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const second = await count({ refresh: true });
    const { chart } = await insights();
    const before = chart.posted.count;
    await exec(Commands.showIndexSizeChart);
    try {
      await waitFor(() => chart.posted.count > before && chart.posted.state?.entities !== undefined, 'the chart with the entity counts', 15_000);
      const entities = chart.posted.state?.entities;
      assert.ok(entities);
      const dpi = entities.types.find((t) => t.entityType === 'dataprocessinstance');
      assert.ok(dpi, JSON.stringify(entities.types.map((t) => t.entityType)));
      assert.equal(dpi.documents, row(second, 'dataprocessinstance').active + row(second, 'dataprocessinstance').softDeleted);
      // Readings moments apart: the change, and no rate a day (seconds times 86,400 says nothing).
      assert.match(dpi.growth[0], /^Since the reading of .*: \+7,000$/);
      assert.equal(dpi.changeLabel, '+7,000');
      assert.ok(dpi.trend.length >= 2, 'the trend has both readings');
      assert.match(entities.growth[0], /: \+7,000$/);
      assert.match(entities.readingLabel, second.source === 'countsApi' ? /from the counts endpoint$/ : /from search facets$/);
      // The export: the same figures, one row per type and one for all types.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'entity-export-'));
      try {
        const file = path.join(dir, 'counts.json');
        const result = await exec<{ rows: number; message: string }>(Commands.exportIndexSizes, { format: 'json', path: file, what: 'entityCounts' });
        assert.match(result.message, /^Exported the entity counts of \d+ types of "[^"]+" to counts\.json\.$/);
        const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
        assert.equal(rows.length, result.rows);
        const exported = rows.find((r) => r.entityType === 'dataprocessinstance');
        assert.equal(exported?.changeSincePrevious, 7_000);
        assert.equal(exported?.active, row(second, 'dataprocessinstance').active);
        assert.equal(rows.at(-1)?.entityType, '(all types)');
        assert.equal(rows.at(-1)?.changeSincePrevious, 7_000);
        const csv = path.join(dir, 'counts.csv');
        await exec(Commands.exportIndexSizes, { format: 'csv', path: csv, what: 'entityCounts' });
        assert.match(
          fs.readFileSync(csv, 'utf8'),
          /^connection,countedAt,source,entityType,active,softDeleted,documents,changeSincePrevious,previousAt,perDay\r\n/,
        );
        const bad = await rejection(exec(Commands.exportIndexSizes, { format: 'csv', path: csv, what: 'entities' }));
        assert.match(bad.message, /"what" must be "indexSizes" or "entityCounts"/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    }
  });
});
