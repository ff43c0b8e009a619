// The client over real HTTP to the sandbox: every action against every server
// version, the frontend path, the headers on the wire, the reference fixtures.
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import type { RequestLogEntry } from '../../../src/gms';
import { INDEX_SEEDS, SAMPLE_URNS, type Sandbox, type ServerVersion } from '../../sandbox';
import { ADMIN, clientFor, rejectsWith, startRecordingServer, useSandbox } from '../helpers';

const DAY = 86_400_000;
let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { taskDurationMs: 60_000 });

const VERSIONS: ServerVersion[] = ['newer', 'legacy', 'seedString'];

describe('every action against every server version', () => {
  for (const version of VERSIONS) {
    describe(version, () => {
      it('getIndexSizes lists every seeded index with a size source that fits the version', async () => {
        sandbox.setVersion(version);
        const client = clientFor(sandbox.url);
        try {
          const { indices } = await client.getIndexSizes();
          assert.deepEqual(indices.map((i) => i.indexName).sort(), INDEX_SEEDS.map((s) => s.name).sort());
          const profile = indices.find((i) => i.indexName === 'dataset_operationaspect_v1');
          assert.deepEqual(profile && [profile.entityName, profile.aspectName, profile.sizeMb], ['dataset', 'operation', 640.5]);
          // Another deployment's index: shown, derived names for display, but not named by the server.
          const foreign = indices.find((i) => i.indexName === 't01_dataset_operationaspect_v1');
          assert.equal(foreign?.named, false);
          assert.ok(indices.filter((i) => i !== foreign).every((i) => i.named === true));
          if (version === 'newer') {
            assert.ok(indices.every((i) => i.sizeSource === 'current'));
            assert.equal(indices.find((i) => i.indexName === 'dataset_datasetprofileaspect_v1')?.sizeMb, 18342.113);
          } else {
            // 2.7 GB overflowed the old int: a negative number, shown as unknown rather than wrong.
            const usage = indices.find((i) => i.indexName === 'dataset_datasetusagestatisticsaspect_v1');
            assert.deepEqual(usage && [usage.sizeMb, usage.sizeSource], [null, 'unknown']);
            assert.equal(indices.find((i) => i.indexName === 'chart_chartusagestatisticsaspect_v1')?.sizeSource, 'legacy');
          }
        } finally {
          await client.close();
        }
      });

      if (version === 'seedString') {
        it('getIndexSizes reads both string containers (array, then object) alike', async () => {
          sandbox.setVersion('seedString', 'alternate');
          const client = clientFor(sandbox.url);
          try {
            const first = await client.getIndexSizes();
            const second = await client.getIndexSizes();
            assert.deepEqual(second, first);
            assert.ok(first.indices.length > 5);
          } finally {
            await client.close();
          }
        });
      }

      it('restoreIndices restores one URN and reports the rows the server migrated', async () => {
        sandbox.setVersion(version);
        const client = clientFor(sandbox.url);
        try {
          const result = await client.restoreIndices({ urn: SAMPLE_URNS.ordersDataset });
          const restored = Object.entries(sandbox.restoreCounts()).filter(([k, n]) => k.startsWith(`${SAMPLE_URNS.ordersDataset}|`) && n > 0);
          assert.equal(result.rowsMigrated, restored.length);
          assert.equal(result.rowsMigrated, 7);
          assert.equal(result.ignored, 1);
          assert.equal(result.args.urn, SAMPLE_URNS.ordersDataset);
          assert.match(result.raw, version === 'legacy' ? /RestoreIndicesResult\{/ : /RestoreIndicesResult\(/);
          assert.deepEqual(sandbox.requests.at(-1)?.body, { urn: SAMPLE_URNS.ordersDataset });
        } finally {
          await client.close();
        }
      });

      it('restoreIndices by pattern sums the batches', async () => {
        sandbox.setVersion(version);
        const client = clientFor(sandbox.url);
        try {
          const pattern = 'urn:li:dataset:%';
          // limit caps a newer server's read (it reads to the end without one); legacy servers stop at batchSize.
          const result = await client.restoreIndices({ urnLike: pattern, batchSize: 200, limit: 1000 });
          const expected = Math.min(sandbox.countRows(pattern), version === 'legacy' ? 200 : 1000);
          assert.equal(result.rowsMigrated + result.ignored, expected);
          assert.equal(
            result.rowsMigrated,
            result.batches.reduce((s, b) => s + b.rowsMigrated, 0),
          );
          if (version !== 'legacy') assert.ok(result.batches.length > 1, 'newer servers answer one line per internal batch');
        } finally {
          await client.close();
        }
      });

      it('truncateTimeseriesAspect dry-runs by default, then starts a task whose status can be read', async () => {
        sandbox.setVersion(version);
        const client = clientFor(sandbox.url);
        try {
          const endTimeMillis = Date.now() - 300 * DAY;
          const dry = await client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis });
          assert.equal(dry.kind, 'dryRun');
          assert.ok(dry.kind === 'dryRun' && dry.total === 3000 && dry.toDelete > 0 && dry.toDelete < dry.total);
          assert.ok(dry.kind === 'dryRun' && dry.method === 'deleteByQuery' && dry.percent !== null);
          assert.deepEqual(sandbox.requests.at(-1)?.body, { entityType: 'dataset', aspect: 'operation', endTimeMillis, dryRun: true });

          const run = await client.truncateTimeseriesAspect({
            entityType: 'dataset',
            aspect: 'operation',
            endTimeMillis,
            dryRun: false,
            method: 'deleteByQuery',
          });
          assert.equal(run.kind, 'task');
          assert.deepEqual(sandbox.requests.at(-1)?.body, {
            entityType: 'dataset',
            aspect: 'operation',
            endTimeMillis,
            dryRun: false,
            forceDeleteByQuery: true,
          });
          const task = run.kind === 'task' ? run.task : '';
          const status = await client.getEsTaskStatus(task);
          assert.equal(status.task, task);
          assert.equal(status.completed, false);
          assert.equal(typeof status.status.total, 'number');
          assert.deepEqual(sandbox.requests.at(-1)?.body, { task });
        } finally {
          await client.close();
        }
      });

      it('getEsTaskStatus of an unknown task is notFound taskNotFound', async () => {
        sandbox.setVersion(version);
        const client = clientFor(sandbox.url);
        try {
          await rejectsWith(client.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:1'), 'notFound', 'taskNotFound');
        } finally {
          await client.close();
        }
      });
    });
  }

  describe('pre0105', () => {
    it('answers every action with notFound operationsMissing and the /api/gms hint', async () => {
      sandbox.setVersion('pre0105');
      const client = clientFor(sandbox.url);
      try {
        const calls: Array<Promise<unknown>> = [
          client.getIndexSizes(),
          client.restoreIndices({ urn: SAMPLE_URNS.jdoeUser }),
          client.truncateTimeseriesAspect({ entityType: 'dataset', aspect: 'operation', endTimeMillis: Date.now() - DAY }),
          client.getEsTaskStatus('qhxGdzytQS-pQek8CwBCZg:1'),
        ];
        for (const call of calls) {
          const e = await rejectsWith(call, 'notFound', 'operationsMissing');
          assert.equal(e.status, 404);
          assert.ok(e.message.includes(`no operations endpoint at ${sandbox.url}/operations`), e.message);
          assert.ok(e.message.includes('DataHub 0.10.5 or newer is needed'), e.message);
          assert.ok(e.message.includes(`try ${sandbox.url}/api/gms`), e.message);
        }
        assert.deepEqual(sandbox.restoreCounts()[`${SAMPLE_URNS.jdoeUser}|corpUserKey`] ?? 0, 0);
      } finally {
        await client.close();
      }
    });
  });
});

describe('the request on the wire', () => {
  it('posts {base}/operations?action=<name> with the Rest.li headers and the bearer token', async () => {
    const client = clientFor(sandbox.frontendUrl);
    try {
      await client.getIndexSizes();
      const r = sandbox.requests.at(-1);
      assert.ok(r);
      assert.equal(r.method, 'POST');
      assert.equal(r.path, '/api/gms/operations');
      assert.deepEqual(r.query, { action: 'getIndexSizes' });
      assert.equal(r.rawBody, '{}');
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.headers['x-restli-protocol-version'], '2.0.0');
      assert.equal(r.headers['user-agent'], 'datahub-index-ops/0.2.0');
      assert.equal(r.headers.authorization, 'Bearer <redacted>');
      assert.equal(r.tokenName, 'admin');
    } finally {
      await client.close();
    }
  });

  it('sends no Authorization header when no token is set, and a custom User-Agent when given', async () => {
    sandbox.setAuth({ enabled: false });
    for (const token of [undefined, '', '   ']) {
      const client = clientFor(sandbox.url, { token, userAgent: 'my-tool/1.0' });
      try {
        await client.getIndexSizes();
        const r = sandbox.requests.at(-1);
        assert.equal(r?.headers.authorization, undefined);
        assert.equal(r?.tokenName, undefined);
        assert.equal(r?.headers['user-agent'], 'my-tool/1.0');
      } finally {
        await client.close();
      }
    }
  });

  it('reuses one keep-alive connection across calls', async () => {
    const server = await startRecordingServer();
    const client = clientFor(server.url);
    try {
      for (let i = 0; i < 6; i++) await client.getIndexSizes();
      assert.equal(server.requests.length, 6);
      // Without keep-alive this would be 6; the pool may open a second socket
      // while the first is being released.
      assert.ok(server.connections() <= 2, `${server.connections()} connections`);
    } finally {
      await client.close();
      await server.stop();
    }
  });

  it('a closed client refuses further calls as cancelled', async () => {
    const client = clientFor(sandbox.url);
    await client.getIndexSizes();
    await client.close();
    const e = await rejectsWith(client.getIndexSizes(), 'cancelled');
    assert.match(e.message, /was closed/);
  });

  it('reports every attempt to onRequest, without the token', async () => {
    const entries: RequestLogEntry[] = [];
    const client = clientFor(sandbox.url, { onRequest: (e) => entries.push(e) });
    try {
      await client.getIndexSizes();
      await rejectsWith(client.getEsTaskStatus('n:1'), 'notFound');
      assert.equal(entries.length, 2);
      assert.deepEqual(
        entries.map((e) => [e.action, e.url, e.attempt, e.status, e.errorKind]),
        [
          ['getIndexSizes', `${sandbox.url}/operations`, 1, 200, undefined],
          ['getEsTaskStatus', `${sandbox.url}/operations`, 1, 200, 'notFound'],
        ],
      );
      assert.ok(entries[0].responseBytes > 100 && entries[0].durationMs >= 0);
      assert.ok(!JSON.stringify(entries).includes(ADMIN));
    } finally {
      await client.close();
    }
  });
});
