// The client on recorded answers: the reference fixtures served over HTTP, and the
// truncate flags with the force-flag complaint.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { fixtureText, type FixtureName } from '../../fixtures';
import { SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { taskDurationMs: 60_000 });

describe('the reference fixtures, served over HTTP', () => {
  function serve(name: FixtureName, action: string): void {
    sandbox.addFault({ action, times: 1, fault: { kind: 'status', status: 200, body: fixtureText(name) } });
  }

  it('index sizes: newer, legacy and seed string', async () => {
    const client = clientFor(sandbox.url);
    try {
      serve('index-sizes.newer.json', 'getIndexSizes');
      const newer = await client.getIndexSizes();
      assert.equal(newer.indices.length, 7);
      assert.equal(newer.indices[0].sizeMb, 18342.113);
      serve('index-sizes.legacy.json', 'getIndexSizes');
      const legacy = await client.getIndexSizes();
      assert.deepEqual(
        legacy.indices.map((i) => i.sizeMb),
        [1.532771, 0.000208, 0.000208],
      );
      serve('index-sizes.seed-string.json', 'getIndexSizes');
      const seed = await client.getIndexSizes();
      assert.deepEqual(
        seed.indices.map((i) => [i.aspectName, i.sizeSource]),
        [
          ['datasetusagestatistics', 'legacy'],
          ['operation', 'legacy'],
        ],
      );
    } finally {
      await client.close();
    }
  });

  it('restore results: legacy and newer', async () => {
    const client = clientFor(sandbox.url);
    try {
      serve('restore.legacy.json', 'restoreIndices');
      const legacy = await client.restoreIndices({ urnLike: 'urn:li:dataset:%' });
      assert.deepEqual([legacy.rowsMigrated, legacy.ignored, legacy.args.urnLike], [10, 0, 'urn:li:dataset:%']);
      serve('restore.newer.json', 'restoreIndices');
      const newer = await client.restoreIndices({ urn: SAMPLE_URNS.ordersDataset });
      assert.deepEqual([newer.rowsMigrated, newer.ignored, newer.batches[0].lastUrn], [7, 1, SAMPLE_URNS.ordersDataset]);
    } finally {
      await client.close();
    }
  });

  it('403 fixture: the privilege is named and the stack trace is kept for the log only', async () => {
    const client = clientFor(sandbox.url);
    try {
      sandbox.addFault({ action: 'getIndexSizes', times: 1, fault: { kind: 'status', status: 403, body: fixtureText('error.403.json') } });
      const e = await rejectsWith(client.getIndexSizes(), 'forbidden');
      assert.equal(e.serverMessage, 'User is unauthorized to get index sizes.');
      assert.match(e.message, /'Get Timeseries index sizes API' privilege \(GET_TIMESERIES_INDEX_SIZES_PRIVILEGE\)/);
      assert.match(e.body ?? '', /OperationsResource\.java/);
    } finally {
      await client.close();
    }
  });
});

describe('truncate flags and the force-flag complaint', () => {
  it('sends forceReindex alone for reindex and no flag for auto', async () => {
    const client = clientFor(sandbox.url);
    try {
      const endTimeMillis = Date.now() - 100 * DAY;
      const reindex = await client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis, method: 'reindex' });
      assert.ok(reindex.kind === 'dryRun' && reindex.method === 'reindex');
      assert.deepEqual(sandbox.requests.at(-1)?.body, { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis, dryRun: true, forceReindex: true });
      await client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis, method: 'auto' });
      assert.deepEqual(sandbox.requests.at(-1)?.body, { entityType: 'dataset', aspect: 'datasetProfile', endTimeMillis, dryRun: true });
    } finally {
      await client.close();
    }
  });

  it('turns the 200 "please only set forceReindex OR forceDeleteByQuery flags" into badRequest', async () => {
    const client = clientFor(sandbox.url);
    try {
      sandbox.addFault({
        action: 'truncateTimeseriesAspect',
        times: 1,
        fault: { kind: 'status', status: 200, body: '{"value":"please only set forceReindex OR forceDeleteByQuery flags"}' },
      });
      const e = await rejectsWith(
        client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY, dryRun: false }),
        'badRequest',
        'conflictingForceFlags',
      );
      assert.equal(e.status, 200);
    } finally {
      await client.close();
    }
  });
});
