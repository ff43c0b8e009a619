// The writes the client reports (onWrite, for the operations journal): each write sent, once,
// with its targets and how it ended; never a read, never a dry run, never a request refused
// before it was sent, and a failing listener never fails the write.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { SentWrite } from '../../../src/gms';
import { SAMPLE_URNS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { searchLagMs: 0 });

function recording(api: 'restli' | 'openapi' = 'restli') {
  const writes: SentWrite[] = [];
  const client = clientFor(sandbox.url, { api, retries: 1, onWrite: (w) => writes.push(w) });
  return { client, writes };
}

describe('onWrite: the writes sent', () => {
  it('a restore (either transport) and a truncation are reported with their targets and status; reads and dry runs are not', async () => {
    for (const api of ['restli', 'openapi'] as const) {
      const { client, writes } = recording(api);
      try {
        await client.getIndexSizes();
        await client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY });
        assert.deepEqual(writes, [], `${api}: a read and a dry run are no writes`);
        await client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
        assert.deepEqual(writes, [{ action: 'restoreIndices', targets: [SAMPLE_URNS.jdoeUser], status: 200 }]);
        await client.truncateTimeseriesAspect({
          entityType: 'dataset',
          aspect: 'operation',
          endTimeMillis: Date.now() - DAY,
          dryRun: false,
          method: 'deleteByQuery',
        });
        assert.equal(writes.length, 2);
        assert.deepEqual(writes[1], { action: 'truncateTimeseriesAspect', targets: ['dataset.operation'], status: 200 });
      } finally {
        await client.close();
      }
    }
  });

  it('a write that fails is reported once with its kind; one refused before sending is not', async () => {
    const { client, writes } = recording();
    try {
      sandbox.addFault({ action: 'restoreIndices', times: 1, fault: { kind: 'status', status: 503 } });
      await rejectsWith(client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }), 'server');
      assert.deepEqual(writes, [{ action: 'restoreIndices', targets: [SAMPLE_URNS.jdoeUser], status: 503, failed: 'server' }]);
      await rejectsWith(client.restoreIndices({ urn: 'not a urn' }), 'invalidInput');
      assert.equal(writes.length, 1);
    } finally {
      await client.close();
    }
  });

  it('a listener that throws does not fail the write', async () => {
    const client = clientFor(sandbox.url, {
      onWrite: () => {
        throw new Error('disk full');
      },
    });
    try {
      const result = await client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser });
      assert.ok(result);
    } finally {
      await client.close();
    }
  });
});
