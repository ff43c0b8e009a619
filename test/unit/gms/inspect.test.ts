// Inspect URN's reads over real HTTP against the sandbox: the v3 entity read with system metadata,
// DataHub's consistency check for one URN and the timeline; the answers that mean "no such entity"
// (404 with an empty body) apart from a server without the endpoint (404 with a body).
import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { isNotOffered } from '../../../src/gms';
import { DEMO_ORPHANS, SAMPLE_URNS, SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, useSandbox } from '../helpers';

let sandbox!: Sandbox;
useSandbox((s) => (sandbox = s), { api: 'openapi', searchLagMs: 0 });

async function withClient<T>(run: (client: ReturnType<typeof clientFor>) => Promise<T>, token: string = SANDBOX_TOKENS.admin): Promise<T> {
  const client = clientFor(sandbox.url, { api: 'openapi', token });
  try {
    return await run(client);
  } finally {
    await client.close();
  }
}

describe('Inspect URN reads', () => {
  it('readEntity: every aspect with its system metadata, sorted by name; the v3 path and query on the wire', async () => {
    const entity = await withClient((c) => c.inspect.readEntity(SAMPLE_URNS.lookerChart));
    assert.equal(entity.exists, true);
    assert.deepEqual(
      entity.aspects.map((a) => a.name),
      ['chartInfo', 'chartKey', 'ownership', 'status'],
    );
    const info = entity.aspects.find((a) => a.name === 'chartInfo');
    assert.equal(info?.value.description, 'Weekly orders by region (revenue in EUR since November)');
    assert.equal(info?.systemMetadata?.runId, 'looker-2026_11_25-01');
    assert.equal(typeof info?.systemMetadata?.lastObserved, 'number');
    const r = sandbox.requests.at(-1);
    assert.equal(r?.path, `/openapi/v3/entity/chart/${encodeURIComponent(SAMPLE_URNS.lookerChart)}`);
    assert.deepEqual(r?.query, { systemMetadata: 'true', includeSoftDelete: 'true' });
  });

  it('readEntity: a URN without rows is exists false (404, empty body); a soft-deleted one is read with includeSoftDelete', async () => {
    const none = await withClient((c) => c.inspect.readEntity('urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)'));
    assert.deepEqual(none, { urn: 'urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)', exists: false, aspects: [] });
    const removed = await withClient((c) => c.inspect.readEntity(SAMPLE_URNS.dailyEtlFlow));
    assert.equal(removed.aspects.find((a) => a.name === 'status')?.value.removed, true);
  });

  it('checkEntity: the on-demand orphan check asked by id finds an orphan with DELETE_INDEX_DOCUMENTS; nothing scanned is indexed false', async () => {
    await fetch(`${sandbox.url}/__sandbox/drift`, { method: 'POST', body: JSON.stringify({ orphans: [DEMO_ORPHANS[0]], modifiedAgoMs: 3_600_000 }) });
    const orphan = await withClient((c) => c.inspect.checkEntity(DEMO_ORPHANS[0], { checkIds: ['orphan-index-document'] }));
    assert.equal(sandbox.requests.at(-1)?.query.checkIds, 'orphan-index-document');
    assert.ok(orphan.indexed);
    assert.ok(orphan.indexed && orphan.issues.some((i) => i.fixType === 'DELETE_INDEX_DOCUMENTS'));
    const unknown = await withClient((c) => c.inspect.checkEntity('urn:li:dataset:(urn:li:dataPlatform:hive,no_such_table,PROD)'));
    assert.deepEqual(unknown, { indexed: false });
  });

  it('checkEntity: a token without Manage System Operations is refused (403) and told the privilege', async () => {
    const error = await rejectsWith(
      withClient((c) => c.inspect.checkEntity(SAMPLE_URNS.ordersDataset), SANDBOX_TOKENS.reader),
      'forbidden',
    );
    assert.match(error.message, /MANAGE_SYSTEM_OPERATIONS_PRIVILEGE/);
  });

  it('timeline: the changes since the start time, newest first, with their events; none is an empty list', async () => {
    const changes = await withClient((c) => c.inspect.timeline(SAMPLE_URNS.lookerChart, { days: 30 }));
    assert.equal(changes.length, 1);
    assert.deepEqual(
      changes[0].events.map((e) => e.category),
      ['DOCUMENTATION', 'OWNER'],
    );
    assert.match(sandbox.requests.at(-1)?.query.categories ?? '', /DOCUMENTATION/);
    assert.deepEqual(await withClient((c) => c.inspect.timeline(SAMPLE_URNS.ordersDataset)), []);
  });

  it('a URN that does not parse is refused before anything is sent', async () => {
    const before = sandbox.requests.length;
    await rejectsWith(
      withClient((c) => c.inspect.readEntity('not a urn')),
      'invalidInput',
    );
    assert.equal(sandbox.requests.length, before);
  });

  it('a Rest.li-only server: each read is "not offered" (404 with a body), not "no such entity"', async () => {
    sandbox.setApi('restli');
    const reads: Array<(c: ReturnType<typeof clientFor>) => Promise<unknown>> = [
      (c: ReturnType<typeof clientFor>) => c.inspect.readEntity(SAMPLE_URNS.ordersDataset),
      (c: ReturnType<typeof clientFor>) => c.inspect.checkEntity(SAMPLE_URNS.ordersDataset),
      (c: ReturnType<typeof clientFor>) => c.inspect.timeline(SAMPLE_URNS.ordersDataset),
    ];
    for (const read of reads) {
      const error = await withClient(read).then(
        () => undefined,
        (e: unknown) => e,
      );
      assert.ok(isNotOffered(error), String(error));
    }
  });
});
