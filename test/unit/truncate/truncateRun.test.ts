// Truncation and its errors the way real DataHub servers answer, over real HTTP
// to the sandbox: foreign indices are never targets, a refused reindex falls back
// to delete by query once, older servers' answers (fraction, synchronous
// reindex, 401 for a missing privilege) read right.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { TruncateRequest } from '../../../src/gms/types';
import { arrangeIndices } from '../../../src/indices/logic/indices';
import { fallbackMessage, runTruncateWithFallback } from '../../../src/truncate/logic/truncateRun';
import { closestTargets, findNamedIndex, isTruncatable, noIndexMessage, OTHER_INDICES } from '../../../src/truncate/logic/namedTarget';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
const DASHBOARD = { entityType: 'dashboard', aspect: 'dashboardusagestatistics' };
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s));

const truncates = () => sandbox.requests.filter((r) => r.action === 'truncateTimeseriesAspect').map((r) => r.body as Record<string, unknown>);

describe('which indices can be truncated', () => {
  it("an unprefixed server's listing: another deployment's index is shown under other indices, never a target", async () => {
    const client = clientFor(sandbox.url);
    try {
      const { indices } = await client.getIndexSizes();
      const foreign = indices.find((i) => i.indexName === 't01_dataset_operationaspect_v1');
      assert.ok(foreign && !isTruncatable(foreign));
      const groups = arrangeIndices(indices, '', 'size');
      assert.equal(groups.at(-1)?.entityName, OTHER_INDICES, 'other indices come last');
      assert.deepEqual(
        groups.at(-1)?.indices.map((i) => i.indexName),
        ['t01_dataset_operationaspect_v1'],
      );
      // The pair its name suggests is this server's own index, not the foreign one.
      assert.equal(findNamedIndex(indices, 'dataset', 'operation')?.indexName, 'dataset_operationaspect_v1');
      assert.equal(findNamedIndex(indices, 'DataSet', 'Operation')?.indexName, 'dataset_operationaspect_v1');
    } finally {
      await client.close();
    }
  });

  it('names the closest aspects for a pair without an index', async () => {
    const client = clientFor(sandbox.url);
    try {
      const { indices } = await client.getIndexSizes();
      assert.equal(findNamedIndex(indices, 'dataset', 'datasetprofil'), undefined);
      assert.equal(noIndexMessage(indices, 'dataset', 'datasetprofil').split(' or ')[0], 'no index for dataset/datasetprofil; did you mean datasetprofile');
      assert.deepEqual(closestTargets(indices, 'dashbord', 'dashboardusagestatistics', 1), ['dashboard/dashboardusagestatistics']);
    } finally {
      await client.close();
    }
  });
});

describe('real runs', () => {
  const request = (method: TruncateRequest['method']): TruncateRequest => ({ ...DASHBOARD, endTimeMillis: Date.now() - 180 * DAY, method });

  it('auto: a refused reindex (400 "Async reindex failed") is sent once more as delete by query, and says so', async () => {
    const client = clientFor(sandbox.url);
    try {
      const told: string[] = [];
      const outcome = await runTruncateWithFallback(
        (r) => client.truncateTimeseriesAspect(r),
        request('auto'),
        (reason) => told.push(reason),
      );
      assert.equal(outcome.fallback, 'deleteByQuery');
      assert.equal(outcome.result.kind, 'task');
      assert.deepEqual(told, ['Async reindex failed']);
      const sent = truncates();
      assert.equal(sent.length, 2);
      assert.equal(sent[0].dryRun, false);
      assert.equal('forceDeleteByQuery' in sent[0] || 'forceReindex' in sent[0], false, 'the first request leaves the method to the server');
      assert.equal(sent[1].forceDeleteByQuery, true);
      assert.equal('forceReindex' in sent[1], false);
      assert.match(fallbackMessage('dashboard_dashboardusagestatisticsaspect_v1'), /could not reindex .* deleted by query/);
    } finally {
      await client.close();
    }
  });

  it('forced reindex: rejected with a message that names delete by query, sent once, nothing deleted', async () => {
    const client = clientFor(sandbox.url);
    try {
      const error = await rejectsWith(
        runTruncateWithFallback((r) => client.truncateTimeseriesAspect(r), request('reindex')),
        'badRequest',
        'reindexRefused',
      );
      assert.match(error.message, /could not reindex this index .* nothing was deleted\. Use the method 'delete by query' \(forceDeleteByQuery\)/);
      assert.equal(truncates().length, 1);
      assert.equal(sandbox.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201);
    } finally {
      await client.close();
    }
  });

  it('older servers: the share comes from the counts, and a synchronous reindex is completed (no task)', async () => {
    sandbox.setVersion('legacy');
    const client = clientFor(sandbox.url);
    try {
      const endTimeMillis = Date.now() - 180 * DAY;
      const n = sandbox.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect, endTimeMillis)?.atOrBefore ?? 0;
      const dry = await client.truncateTimeseriesAspect({ ...DASHBOARD, endTimeMillis });
      assert.ok(dry.kind === 'dryRun' && /\(0\.\d\d%\)/.test(dry.summary), 'the server printed the fraction');
      assert.equal(dry.kind === 'dryRun' && dry.percent, Math.round((n / 201) * 10_000) / 100);
      const outcome = await runTruncateWithFallback((r) => client.truncateTimeseriesAspect(r), request('auto'));
      assert.deepEqual(outcome, { result: { kind: 'completed', summary: 'Reindex dashboard dashboardusagestatistics index' } });
      assert.equal(sandbox.timeseriesCounts(DASHBOARD.entityType, DASHBOARD.aspect)?.total, 201 - n);
    } finally {
      await client.close();
    }
  });
});

describe('errors of real servers', () => {
  it("an older server's 401 for a missing privilege names the privilege, exactly as a 403 does", async () => {
    sandbox.setAuth({ enabled: true });
    const reader = clientFor(sandbox.url, { token: SANDBOX_TOKENS.reader });
    try {
      sandbox.setVersion('newer');
      const newer = await rejectsWith(reader.truncateTimeseriesAspect({ ...DASHBOARD, endTimeMillis: 1 }), 'forbidden');
      sandbox.setVersion('legacy');
      const older = await rejectsWith(reader.truncateTimeseriesAspect({ ...DASHBOARD, endTimeMillis: 1 }), 'forbidden');
      assert.equal(older.status, 401);
      assert.equal(older.message.replace(/^401/, '403'), newer.message);
      assert.match(older.message, /needs the 'Truncate timeseries aspect index size API' privilege \(TRUNCATE_TIMESERIES_INDEX_PRIVILEGE\)/);
      assert.doesNotMatch(older.message, /token was refused/);
    } finally {
      await reader.close();
    }
  });

  it("over Rest.li, a 403 for the read actions mentions 'Manage System Operations'; for truncation it does not", async () => {
    sandbox.setAuth({ enabled: true });
    // OpenAPI's task status takes its own privilege only (ElasticsearchController.java): tested in test/unit/gms.
    const none = clientFor(sandbox.url, { token: SANDBOX_TOKENS.none, api: 'restli' });
    try {
      const sizes = await rejectsWith(none.getIndexSizes(), 'forbidden');
      assert.match(sizes.message, /'Get Timeseries index sizes API' privilege .*, or on newer DataHub versions 'Manage System Operations'/);
      const task = await rejectsWith(none.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:54654'), 'forbidden');
      assert.match(task.message, /Manage System Operations/);
      const truncate = await rejectsWith(none.truncateTimeseriesAspect({ ...DASHBOARD, endTimeMillis: 1 }), 'forbidden');
      assert.doesNotMatch(truncate.message, /Manage System Operations/);
    } finally {
      await none.close();
    }
  });

  it('a 500 from a truncation says a misspelt aspect (missing index) is the likely cause', async () => {
    const client = clientFor(sandbox.url);
    try {
      const error = await rejectsWith(client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'datasetprofil', endTimeMillis: 1 }), 'server');
      assert.match(
        error.message,
        /^500 from http:\/\/127\.0\.0\.1:\d+: the truncation failed: there is no index for that entity type and aspect; nothing was deleted\./,
      );
      sandbox.addFault({ action: 'truncateTimeseriesAspect', fault: { kind: 'restliError', status: 500, message: 'java.lang.NullPointerException' } });
      const other = await rejectsWith(client.truncateTimeseriesAspect({ ...DASHBOARD, endTimeMillis: 1 }), 'server');
      assert.match(other.message, /most likely there is no index for that entity type and aspect \(a misspelt aspect/);
    } finally {
      await client.close();
    }
  });

  it('getIndexSizes refused by the search engine on _stats is said in plain words', async () => {
    const message =
      'java.lang.RuntimeException: org.opensearch.client.ResponseException: method [GET], host [https://search:443], URI [/*aspect_v1/_stats], status line [HTTP/1.1 403 Forbidden]';
    for (const status of [400, 500]) {
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'restliError', status, message } });
      const client = clientFor(sandbox.url, { retries: 0, api: 'restli' });
      try {
        const error = await rejectsWith(client.getIndexSizes(), status === 400 ? 'badRequest' : 'server');
        assert.match(error.message, /the search engine refused the index statistics request \(_stats on all timeseries indices\).*managed OpenSearch/);
      } finally {
        await client.close();
      }
    }
  });

  it('a task number 0 is refused before sending', async () => {
    const client = clientFor(sandbox.url);
    try {
      const error = await rejectsWith(client.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:0'), 'invalidInput');
      assert.match(error.message, /task number .* is 0/);
      assert.equal(sandbox.requests.length, 0);
    } finally {
      await client.close();
    }
  });
});
