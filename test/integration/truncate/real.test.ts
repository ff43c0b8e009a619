// Truncation against what real DataHub servers do, inside a real VS Code: only
// indices the server named are targets ({ indexName } uses the server's names, a
// pair without an index is refused with the closest aspects), a refused reindex
// falls back to delete by query, an older server's synchronous reindex is done,
// and its 401 for a missing privilege names the privilege.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, sandbox, useSandboxConnection } from '../../host/inHost';
import type { IndexSizesSnapshot } from '../../../src/platform/services';
import { rejection } from '../support/core';
import { rows, truncate } from '../support/truncate';
import { Commands } from '../../../src/shared/commandIds';

const DAY = 86_400_000;
const DASHBOARD_INDEX = 'dashboard_dashboardusagestatisticsaspect_v1';

async function dashboardRows(): Promise<number> {
  return (await rows('dashboard', 'dashboardusagestatistics')).total;
}

const sentTruncations = async () => (await sandbox.actionRequests('truncateTimeseriesAspect')).map((r) => r.body as Record<string, unknown>);

describe('truncate on real servers: which index', () => {
  before(async () => {
    await sandbox.reset();
    await useSandboxConnection({ token: 'admin' });
  });
  beforeEach(() => sandbox.clearRequests());

  it('{ indexName } truncates with the names the server gave for that index', async () => {
    const endTimeMillis = Date.now() - 300 * DAY;
    const result = await truncate({ indexName: DASHBOARD_INDEX, endTimeMillis });
    assert.equal(result.kind, 'dryRun');
    const [sent] = await sentTruncations();
    assert.deepEqual(sent, { entityType: 'dashboard', aspect: 'dashboardusagestatistics', endTimeMillis, dryRun: true });
  });

  it("refuses another deployment's index, by name, sending nothing destructive", async () => {
    const error = await rejection(truncate({ indexName: 't01_dataset_operationaspect_v1', endTimeMillis: Date.now() - 90 * DAY, dryRun: false }));
    assert.match(error.message, /t01_dataset_operationaspect_v1 cannot be truncated\. The server listed this index without an entity type and aspect/);
    assert.deepEqual(await sentTruncations(), []);
  });

  it('refuses a pair without an index, naming the closest aspects; only getIndexSizes was asked', async () => {
    const error = await rejection(truncate({ entityType: 'dataset', aspect: 'datasetprofil', endTimeMillis: Date.now() - 90 * DAY, dryRun: false }));
    assert.match(error.message, /no index for dataset\/datasetprofil; did you mean datasetprofile/);
    const requests = await sandbox.requests();
    assert.ok(
      requests.every((r) => r.action === 'getIndexSizes'),
      JSON.stringify(requests.map((r) => r.action)),
    );
  });

  it('refuses an index name the server does not list', async () => {
    const error = await rejection(truncate({ indexName: 'dataset_nosuchaspect_v1', endTimeMillis: Date.now() - 90 * DAY }));
    assert.match(error.message, /lists no index named "dataset_nosuchaspect_v1"/);
    assert.deepEqual(await sentTruncations(), []);
  });

  it('refuses task number 0 before sending', async () => {
    const error = await rejection(vscode.commands.executeCommand(Commands.getTaskStatus, { task: 'qhxGdzytQS-pQek8CwBCZg:0' }));
    assert.match(error.message, /is 0, which no task has/);
    assert.deepEqual(await sandbox.actionRequests('getEsTaskStatus'), []);
  });
});

describe('truncate on real servers: how it completes', function () {
  this.timeout(60_000);
  beforeEach(async () => {
    await sandbox.reset();
    await sandbox.control('POST', '/task-duration', { ms: 500 });
    await useSandboxConnection({ token: 'admin' });
    await sandbox.clearRequests();
  });
  after(async () => {
    await sandbox.control('POST', '/task-duration', { ms: 3000 });
    await sandbox.reset();
  });

  it('auto: a refused reindex falls back to delete by query once, and the result says so', async () => {
    const endTimeMillis = Date.now() - 180 * DAY;
    const result = await truncate({ indexName: DASHBOARD_INDEX, endTimeMillis, dryRun: false });
    assert.equal(result.kind, 'task');
    assert.equal(result.kind === 'task' && result.fallback, 'deleteByQuery');
    const sent = await sentTruncations();
    assert.equal(sent.length, 2);
    assert.equal(sent[1].forceDeleteByQuery, true);
  });

  it('forced reindex: rejected with delete by query as the way out, nothing deleted', async () => {
    const error = await rejection(truncate({ indexName: DASHBOARD_INDEX, endTimeMillis: Date.now() - 180 * DAY, dryRun: false, method: 'reindex' }));
    assert.match(error.message, /could not reindex this index .*nothing was deleted\. Use the method 'delete by query'/);
    assert.equal((await sentTruncations()).length, 1);
    assert.equal(await dashboardRows(), 201);
  });

  it("an older server's synchronous reindex is completed: no task, sizes refreshed", async () => {
    await sandbox.setVersion('legacy');
    const api = await activateExtension();
    const sizeOf = (snapshot?: IndexSizesSnapshot) => snapshot?.indices.find((i) => i.indexName === DASHBOARD_INDEX)?.sizeMb ?? null;
    const before = sizeOf(await vscode.commands.executeCommand<IndexSizesSnapshot>(Commands.refreshIndexSizes, {}));
    assert.ok(before !== null && before > 0);
    const result = await truncate({ indexName: DASHBOARD_INDEX, endTimeMillis: Date.now() - 180 * DAY, dryRun: false });
    assert.deepEqual(result, {
      kind: 'completed',
      summary: 'Reindex dashboard dashboardusagestatistics index',
      message: 'The server deleted the old rows at once: Reindex dashboard dashboardusagestatistics index.',
    });
    assert.ok((await dashboardRows()) < 201);
    const deadline = Date.now() + 10_000;
    while ((sizeOf(api.services.indexSizes.current) ?? before) >= before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    assert.ok((sizeOf(api.services.indexSizes.current) ?? before) < before, 'the sizes were fetched again and the index shrank');
  });

  it("an older server's 401 for a missing privilege names the privilege, not the token", async () => {
    await sandbox.setVersion('legacy');
    await useSandboxConnection({ token: 'reader' });
    const error = await rejection(
      vscode.commands
        .executeCommand<IndexSizesSnapshot>(Commands.refreshIndexSizes, {})
        .then(() => truncate({ indexName: DASHBOARD_INDEX, endTimeMillis: Date.now() - 180 * DAY, dryRun: false })),
    );
    assert.match(error.message, /401 .*needs the 'Truncate timeseries aspect index size API' privilege/);
    assert.doesNotMatch(error.message, /token was refused/);
  });
});
