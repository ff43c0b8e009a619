// The ingestion reads and the cancel over GraphQL (src/gms/graphql/ingestion.ts) against the sandbox: sources with
// their newest runs (a request with no result as null), the SYSTEM ones alone, one source's runs paged, one request
// with its report, the cancel's KILL signal, a token without Manage Ingestion, and an answer not in DataHub's shape.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { SEED_RUNS } from '../../sandbox/ingestionSeed';
import { parseDetail, parseSources, SOURCES_QUERY } from '../../../src/gms/graphql/ingestion';
import { rejectsWith, sandboxControl, useSandbox, withClient as withClientAt } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const withClient = <T>(run: Parameters<typeof withClientAt<T>>[1], token?: string) => withClientAt(sb.url, run, token);
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);
const urnOf = (id: string) => `urn:li:dataHubExecutionRequest:${id}`;

describe('gms ingestion: sources and runs', () => {
  it('reads every source with its newest runs; a request the executor never picked up has result null', async () => {
    await control('POST', '/reset');
    const page = await withClient((c) => c.ingestion.listSources({ start: 0, count: 50, runs: 5 }));
    assert.equal(page.total, 4);
    const mysql = page.sources.find((s) => s.urn.endsWith(':mysql-analytics'));
    assert.equal(mysql?.runs.total, 6);
    assert.equal(mysql?.runs.requests.length, 5);
    assert.equal(mysql?.runs.requests[0].id, SEED_RUNS.neverStarted);
    assert.equal(mysql?.runs.requests[0].result, null);
    assert.equal(mysql?.schedule?.interval, '0 * * * *');
    const snow = page.sources.find((s) => s.urn.endsWith(':snowflake-prod'));
    assert.equal(snow?.runs.requests[0].result?.status, 'RUNNING');
    assert.equal(snow?.runs.requests[0].result?.durationMs, undefined);
    const system = await withClient((c) => c.ingestion.listSources({ start: 0, count: 50, runs: 0, systemOnly: true }));
    assert.deepEqual(
      system.sources.map((s) => s.urn),
      ['urn:li:dataHubIngestionSource:datahub-gc'],
    );
    // Only DataHub's own input fields were sent (the sandbox refuses any other, as graphql-java does).
    const sent = sb.requests.filter((r) => r.path === '/api/graphql').map((r) => (r.body as { variables: { input: Record<string, unknown> } }).variables.input);
    assert.deepEqual(sent.at(-1), { start: 0, count: 50, filters: [{ field: 'sourceType', values: ['SYSTEM'] }] });
    assert.match(SOURCES_QUERY, /executions\(start: 0, count: \$runs\)/);
  });

  it("pages one source's runs, and reads one request with its report", async () => {
    const runs = await withClient((c) => c.ingestion.sourceRuns('urn:li:dataHubIngestionSource:mysql-analytics', 4, 10));
    assert.equal(runs.total, 6);
    assert.equal(runs.requests.length, 2);
    const detail = await withClient((c) => c.ingestion.executionRequest(urnOf(SEED_RUNS.failed)));
    assert.equal(detail?.result?.status, 'FAILURE');
    assert.match(detail?.result?.report ?? '', /Could not connect/);
    assert.equal(detail?.result?.structuredReport?.contentType, 'application/json');
    assert.equal(detail?.sourceUrn, 'urn:li:dataHubIngestionSource:mysql-analytics');
    assert.equal(await withClient((c) => c.ingestion.executionRequest(urnOf('unknown'))), null);
  });

  it('sends the KILL signal once; a bad URN is refused before any request', async () => {
    await control('POST', '/reset');
    const before = sb.requests.length;
    await withClient((c) => c.ingestion.cancel('urn:li:dataHubIngestionSource:snowflake-prod', urnOf(SEED_RUNS.stuck)));
    assert.equal(sb.requests.length, before + 1);
    const state = (await control('GET', '/ingestion')) as { requests: Array<{ id: string; signals: number }> };
    assert.equal(state.requests.find((r) => r.id === SEED_RUNS.stuck)?.signals, 1);
    await rejectsWith(
      withClient((c) => c.ingestion.cancel('not a urn', urnOf(SEED_RUNS.stuck))),
      'invalidInput',
    );
    assert.equal(sb.requests.length, before + 1, 'nothing sent for the bad URN');
  });

  it('a token without Manage Ingestion is told which privilege it lacks', async () => {
    const e = await rejectsWith(
      withClient((c) => c.ingestion.listSources({ start: 0, count: 10, runs: 1 }), SANDBOX_TOKENS.reader),
      'forbidden',
    );
    assert.match(e.message, /Manage Ingestion/);
  });

  it('an answer not in the shape of ingestion.graphql is said so, not guessed', () => {
    assert.equal(parseSources({ listIngestionSources: { total: 1, ingestionSources: [{ urn: 'u' }] } }).ok, false);
    assert.equal(parseDetail({ executionRequest: null }).ok, true);
    assert.equal(parseDetail({ executionRequest: { urn: 'u', id: 'i', input: {}, result: null } }).ok, false);
  });
});
