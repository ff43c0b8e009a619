// The listing's reading loop (src/ingestion/logic/read.ts) against the sandbox: sources page by page to the
// server's total, a source's further runs read only while they are in the window, the SYSTEM source marked, a
// `source` filter, and a cancel signal that stops the loop.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Sandbox } from '../../sandbox';
import { readIngestion, RUNS_WITH_SOURCE, SOURCES_PAGE } from '../../../src/ingestion/logic/read';
import { sandboxControl, useSandbox, withClient as withClientAt } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const withClient = <T>(run: Parameters<typeof withClientAt<T>>[1]) => withClientAt(sb.url, run);
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

describe('ingestion listing: the reading loop', () => {
  it('pages every source and reads a source’s further runs only while they are in the window', async () => {
    await control('POST', '/reset');
    await control('POST', '/ingestion', { bulk: { sources: 2 * SOURCES_PAGE + 3, runsPerSource: 2 } });
    // One source with 60 runs in the last day: past the runs read with it, its further pages are read.
    const runs = Array.from({ length: 60 }, (_, i) => ({
      sourceUrn: 'urn:li:dataHubIngestionSource:looker',
      id: `l-${i}`,
      requestedAgoMs: (i + 1) * 60_000 * 20,
      status: 'SUCCESS',
    }));
    await control('POST', '/ingestion', { runs });
    sb.clearRequests();
    const l = await withClient((c) => readIngestion(c.ingestion, 'sandbox', { hours: 24 }, Date.now()));
    assert.equal(l.sources.length, 4 + 2 * SOURCES_PAGE + 3);
    assert.equal(l.sources.find((s) => s.type === 'datahub-gc')?.system, true);
    assert.equal(l.sources.filter((s) => s.system).length, 1);
    // 60 runs every 20 minutes: the first 20 hours' 60 runs, and the one of 5 days ago left out.
    assert.equal(l.runs.filter((r) => r.sourceName === 'Looker').length, 60);
    assert.ok(RUNS_WITH_SOURCE < 60);
    const bodies = sb.requests.map((r) => (r.body as { operationName: string }).operationName);
    assert.equal(bodies.filter((b) => b === 'ingestionSources').length, 3 + 1, 'three pages of sources and one of SYSTEM ones');
    assert.ok(bodies.filter((b) => b === 'ingestionSourceRuns').length >= 1);
    assert.equal(l.capped, undefined);
  });

  it('one source only, and a cancel that stops the loop', async () => {
    await control('POST', '/reset');
    const one = await withClient((c) =>
      readIngestion(c.ingestion, 'sandbox', { hours: 24, source: 'urn:li:dataHubIngestionSource:mysql-analytics' }, Date.now()),
    );
    assert.deepEqual(
      one.sources.map((s) => s.name),
      ['MySQL analytics'],
    );
    const stop = new AbortController();
    stop.abort(new Error('stopped by the test'));
    await assert.rejects(
      withClient((c) => readIngestion(c.ingestion, 'sandbox', { hours: 24 }, Date.now(), stop.signal)),
      /stopped by the test|cancel/i,
    );
  });
});
