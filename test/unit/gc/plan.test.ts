// The GC plan (src/gc/logic/plan.ts, follow.ts) against the sandbox over real HTTP: DataHub's dry run on a temporary
// source that deletes nothing and truncates nothing, its figures, the truncate dry runs at the proposed cutoff, the
// temporary source removed after (also when the executor never picks the run up, and after a cancel).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { planGc } from '../../../src/gc/logic/plan';
import { GC_DEFAULT_CONFIG } from '../../../src/gc/logic/recipe';
import { sandboxControl, useSandbox, withClient as withClientAt } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const withClient = <T>(run: Parameters<typeof withClientAt<T>>[1]) => withClientAt(sb.url, run);
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);
const GC = 'urn:li:dataHubIngestionSource:datahub-gc';

/** The GC with DataHub's bootstrap recipe (ingestion-datahub-gc.yaml), SYSTEM, nightly. */
const bootstrapGc = () =>
  control('POST', '/ingestion', {
    sources: [
      {
        urn: GC,
        name: 'datahub-gc',
        type: 'datahub-gc',
        system: true,
        schedule: { interval: '0 1 * * *', timezone: 'UTC' },
        recipe: JSON.stringify({ source: { type: 'datahub-gc', config: GC_DEFAULT_CONFIG } }),
      },
    ],
  });

const options = (pickupMs = 5000) => ({ pickupMs, waitMs: 20_000, pollMs: 100, now: Date.now, temporaryName: `plan test ${Date.now()}` });
const rows = async (entityType: string, aspect: string) =>
  ((await control('GET', `/timeseries?entityType=${entityType}&aspect=${aspect}`)) as { total: number }).total;
const sources = async () => ((await control('GET', '/ingestion')) as { sources: Array<{ urn: string; recipe: string; system: boolean }> }).sources;

describe('GC plan', () => {
  it("runs DataHub's dry run on a temporary source: figures, nothing deleted or truncated, the source removed", async () => {
    await control('POST', '/reset');
    await bootstrapGc();
    const before = { op: await rows('dataset', 'operation'), usage: await rows('dataset', 'datasetusagestatistics'), sources: await sources() };
    const plan = await withClient((c) =>
      planGc(
        c,
        'sandbox',
        { truncateIndicesOlderThanDays: 7, dataProcessCleanup: { enabled: true, keepLastN: 3 }, softDeletedCleanup: { retentionDays: 20 } },
        options(),
      ),
    );
    assert.equal(plan.dryRun?.status, 'SUCCESS');
    assert.ok((plan.dryRun?.figures.softDeletedFound ?? 0) > 0, JSON.stringify(plan.dryRun));
    assert.equal(plan.dryRun?.figures.hardDeleted ?? 0, 0);
    assert.ok((plan.dryRun?.figures.runRecordsRemoved ?? 0) > 0);
    assert.deepEqual(
      plan.changes.map((c) => c.path),
      ['truncate_index_older_than_days', 'dataprocess_cleanup.enabled', 'dataprocess_cleanup.keep_last_n', 'soft_deleted_entities_cleanup.retention_days'],
    );
    assert.equal(plan.truncation?.length, 4);
    assert.ok((plan.truncation?.[0].rowsToDelete ?? 0) > 0, JSON.stringify(plan.truncation));
    assert.equal(plan.temporaryRemoved, true);
    assert.equal(await rows('dataset', 'operation'), before.op);
    assert.equal(await rows('dataset', 'datasetusagestatistics'), before.usage);
    assert.deepEqual(await sources(), before.sources, 'the GC and every other source as they were; the temporary one gone');
    const soft = (await control('GET', '/cleanup?urn=urn:li:chart:(looker,retired_0000000)')) as { present: Record<string, boolean> };
    assert.equal(Object.values(soft.present)[0], true);
    // The dry run's recipe: dry_run on, every stage the dry run does not cover off.
    const sent = sb.requests
      .filter((r) => r.path === '/api/graphql')
      .map((r) => r.body as { query: string; variables: { input?: { config?: { recipe: string } } } });
    const created = sent.find((b) => /createIngestionSource/.test(b.query));
    const config = (JSON.parse(created?.variables.input?.config?.recipe ?? '{}') as { source: { config: Record<string, unknown> } }).source.config;
    assert.equal(config.dry_run, true);
    assert.equal(config.truncate_indices, false);
    assert.equal(config.cleanup_expired_tokens, false);
    assert.equal((config.execution_request_cleanup as { enabled: boolean }).enabled, false);
    assert.equal((config.query_cleanup as { enabled: boolean }).enabled, false);
    assert.deepEqual(config.soft_deleted_entities_cleanup, { ...(GC_DEFAULT_CONFIG.soft_deleted_entities_cleanup as object), retention_days: 20 });
    assert.equal(sent.filter((b) => /updateIngestionSource/.test(b.query)).length, 0, 'the GC itself is never updated by a plan');
  });

  it('says a run the executor never picks up, and removes the temporary source', async () => {
    await control('POST', '/reset');
    await control('POST', '/ingestion', { executor: { stopped: true } });
    const before = await sources();
    const plan = await withClient((c) => planGc(c, 'sandbox', { dataProcessCleanup: { enabled: true } }, options(600)));
    assert.equal(plan.dryRun?.status, 'notPickedUp');
    assert.equal(plan.temporaryRemoved, true);
    assert.deepEqual(await sources(), before);
    await control('POST', '/ingestion', { executor: { stopped: false } });
  });

  it('a cancel sends the run a KILL and removes the temporary source', async () => {
    await control('POST', '/reset');
    await control('POST', '/ingestion', { executor: { runMs: 60_000 } });
    const before = await sources();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 1500);
    const plan = await withClient((c) => planGc(c, 'sandbox', { dataProcessCleanup: { enabled: true } }, options(), controller.signal));
    assert.equal(plan.dryRun?.status, 'cancelled');
    assert.equal(plan.temporaryRemoved, true);
    assert.deepEqual(await sources(), before);
    const state = (await control('GET', '/ingestion')) as { requests: Array<{ urn: string; signals: number }> };
    assert.equal(state.requests.find((r) => r.urn === plan.dryRun?.runUrn)?.signals, 1);
    await control('POST', '/reset');
  });

  it('refuses a server without the GC source, having sent nothing else', async () => {
    await control('POST', '/reset');
    await withClient((c) => c.ingestion.deleteSource(GC));
    sb.requests.length = 0;
    await assert.rejects(
      withClient((c) => planGc(c, 'sandbox', { dataProcessCleanup: { enabled: true } }, options())),
      /has no garbage collector source/,
    );
    assert.equal(sb.requests.length, 1);
    await control('POST', '/reset');
  });
});
