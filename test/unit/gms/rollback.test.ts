// A run's rollback over Rest.li (src/gms/restli/rollback.ts) against the sandbox: the dry run's figures with
// safe: true (nothing changes), the real call, the reserved run id refused before any request, a server
// without the runs resource, and an answer that is not a RollbackResponse.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { SEED_RUNS } from '../../sandbox/ingestionSeed';
import { parseRollback } from '../../../src/gms/restli/rollback';
import { isGmsError } from '../../../src/gms/errors';
import { rejectsWith, sandboxControl, useSandbox, withClient as withClientAt } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const withClient = <T>(run: Parameters<typeof withClientAt<T>>[1], token?: string) => withClientAt(sb.url, run, token);
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

describe('gms ingestion: rollback', () => {
  it('the dry run answers the figures with safe: true and changes nothing; the real call reverts', async () => {
    await control('POST', '/reset');
    sb.clearRequests();
    const dry = await withClient((c) => c.ingestion.rollback(SEED_RUNS.bad, true));
    assert.deepEqual([dry.entitiesAffected, dry.entitiesDeleted, dry.aspectsReverted, dry.unsafeEntitiesCount], [6, 6, 18, 2]);
    assert.equal(dry.unsafeEntities.length, 2);
    assert.ok(
      dry.rows.every((r) => r.aspectName !== 'datasetKey'),
      'a soft rollback keeps the key aspects',
    );
    const sent = sb.requests.map((r) => ({ path: r.path, query: r.query, body: r.body }));
    assert.deepEqual(sent, [{ path: '/runs', query: { action: 'rollback' }, body: { runId: SEED_RUNS.bad, dryRun: true, safe: true } }]);
    let state = (await control('GET', '/ingestion')) as { softDeleted: string[] };
    assert.equal(state.softDeleted.length, 0);
    const real = await withClient((c) => c.ingestion.rollback(SEED_RUNS.bad, false));
    assert.equal(real.aspectsReverted, 18);
    state = (await control('GET', '/ingestion')) as { softDeleted: string[] };
    assert.equal(state.softDeleted.length, 6);
  });

  it('refuses the reserved run id (and an empty one) before any request', async () => {
    sb.clearRequests();
    const e = await rejectsWith(
      withClient((c) => c.ingestion.rollback('no-run-id-provided', true)),
      'invalidInput',
    );
    assert.match(e.message, /reserved run id/);
    await rejectsWith(
      withClient((c) => c.ingestion.rollback('  ', true)),
      'invalidInput',
    );
    assert.equal(sb.requests.length, 0);
  });

  it('says when the server has no runs resource, so no dry run can be had', async () => {
    sb.addFault({ action: 'rollback', fault: { kind: 'status', status: 404, body: '{"message":"No root resource defined for path \'/runs\'","status":404}' } });
    try {
      const e = await rejectsWith(
        withClient((c) => c.ingestion.rollback(SEED_RUNS.bad, true)),
        'notFound',
      );
      assert.match(e.message, /dry run cannot be had/);
    } finally {
      sb.clearFaults();
    }
  });

  it('an answer that is not a RollbackResponse is refused, not read as zeros', () => {
    assert.throws(
      () => parseRollback({ something: 1 }),
      (e: unknown) => isGmsError(e) && e.kind === 'invalidResponse',
    );
    assert.equal(parseRollback({ entitiesAffected: 0, aspectsReverted: 0 }).unsafeEntitiesCount, 0);
  });
});
