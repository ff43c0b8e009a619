// One ingestion source with its whole config, and a source's runs with their structured reports
// (src/gms/graphql/ingestion.ts: getIngestionSource, sourceRunReports) against the sandbox: the GC as bootstrapped,
// DataHub's NOT_FOUND for a source it does not hold as null, a bad URN refused before any request.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { GC_BOOTSTRAP_CONFIG } from '../../sandbox/gcSeed';
import { parseSourceDetail } from '../../../src/gms/graphql/ingestion';
import { rejectsWith, sandboxControl, useSandbox, withClient } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const GC = 'urn:li:dataHubIngestionSource:datahub-gc';

describe('gms ingestion: one source and its run reports', () => {
  it("reads the GC's whole config: name, schedule, recipe as stored, executor, extra args", async () => {
    await sandboxControl(sb.url, 'POST', '/reset');
    const s = await withClient(sb.url, (c) => c.ingestion.getIngestionSource(GC));
    assert.equal(s?.name, 'datahub-gc');
    assert.equal(s?.type, 'datahub-gc');
    assert.deepEqual(s?.schedule, { interval: '0 1 * * *', timezone: 'UTC' });
    assert.equal(s?.executorId, 'default');
    assert.deepEqual(s?.extraArgs, []);
    assert.deepEqual((JSON.parse(s?.recipe ?? '{}') as { source: { config: unknown } }).source.config, GC_BOOTSTRAP_CONFIG);
    const sent = sb.requests.filter((r) => r.path === '/api/graphql').at(-1)?.body as { variables: Record<string, unknown> };
    assert.deepEqual(sent.variables, { urn: GC });
  });

  it('reads the newest runs with their structured reports, newest first', async () => {
    const page = await withClient(sb.url, (c) => c.ingestion.sourceRunReports(GC, 2));
    assert.equal(page?.total, 3);
    assert.equal(page?.requests.length, 2);
    assert.ok((page?.requests[0].requestedAt ?? 0) > (page?.requests[1].requestedAt ?? 0));
    assert.match(page?.requests[0].result?.structuredReport?.serializedValue ?? '', /num_hard_deleted/);
  });

  it("a source the server does not hold is null (DataHub's NOT_FOUND), for both reads; a bad URN is refused unsent", async () => {
    await sandboxControl(sb.url, 'POST', '/gc', { scenario: 'missing' });
    assert.equal(await withClient(sb.url, (c) => c.ingestion.getIngestionSource(GC)), null);
    assert.equal(await withClient(sb.url, (c) => c.ingestion.sourceRunReports(GC, 10)), null);
    const before = sb.requests.length;
    await rejectsWith(
      withClient(sb.url, (c) => c.ingestion.getIngestionSource('not a urn')),
      'invalidInput',
    );
    assert.equal(sb.requests.length, before);
  });

  it('an answer not in the shape of ingestion.graphql is refused', () => {
    assert.equal(parseSourceDetail({ ingestionSource: { urn: 'u', name: 'n', type: 't', config: {} } }).ok, false);
    assert.deepEqual(parseSourceDetail({ ingestionSource: null }), { ok: true, value: null });
  });
});
