// The sandbox's ingestion model over real HTTP (ingestion.ts, ingestionGraphql.ts, ingestionRollback.ts): the
// sources with the SYSTEM GC among them (and the web UI's filter that hides it), a request with no result, a
// cancel the executor honours and one it does not (#11005), input variables checked against DataHub's schema,
// the rollback's dry run (nothing changes), its safe run (soft-deletes what the run created) and the reserved id.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { sandboxControl, useSandbox } from '../../unit/helpers';
import { SEED_RUNS } from '../ingestionSeed';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

interface Req {
  urn: string;
  id: string;
  input: { requestedAt: number };
  result: null | { status: string; report?: string; structuredReport?: { type: string; serializedValue: string } };
}
interface Data {
  listIngestionSources: { total: number; ingestionSources: Array<{ urn: string; executions: { executionRequests: Req[] } }> } | null;
  executionRequest: Req | null;
  cancelIngestionExecutionRequest: string | null;
}
interface Answer {
  data: Data;
  errors?: Array<{ message: string; extensions: { classification?: string } }>;
}
interface RollbackAnswer {
  value: { entitiesAffected: number; entitiesDeleted: number; aspectsReverted: number; unsafeEntitiesCount: number; unsafeEntities: Array<{ urn: string }> };
  message: string;
}

async function gql(query: string, variables: Record<string, unknown> = {}, token: string = SANDBOX_TOKENS.admin): Promise<Answer> {
  const res = await fetch(`${sb.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Answer;
}

async function rollback(body: Record<string, unknown>): Promise<{ status: number; json: RollbackAnswer }> {
  const res = await fetch(`${sb.url}/runs?action=rollback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_TOKENS.admin}`, 'x-restli-protocol-version': '2.0.0' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as RollbackAnswer };
}

const LIST = `query list($input: ListIngestionSourcesInput!) { listIngestionSources(input: $input) { start count total ingestionSources { urn name type schedule { interval timezone } executions(start: 0, count: 10) { total executionRequests { urn id input { requestedAt } result { status startTimeMs durationMs } } } } } }`;
const REQUEST = `query one($urn: String!) { executionRequest(urn: $urn) { urn id input { source { ingestionSource } } result { status report structuredReport { type serializedValue contentType } } } }`;
const CANCEL = `mutation cancel($input: CancelIngestionExecutionRequestInput!) { cancelIngestionExecutionRequest(input: $input) }`;
const urnOf = (id: string) => `urn:li:dataHubExecutionRequest:${id}`;

describe('sandbox: ingestion sources and runs', () => {
  it('lists every source with its runs newest first; the SYSTEM GC only where the filter does not hide it', async () => {
    await control('POST', '/reset');
    const all = await gql(LIST, { input: { start: 0, count: 20 } });
    const sources = all.data.listIngestionSources?.ingestionSources ?? [];
    assert.equal(all.data.listIngestionSources?.total, 4);
    assert.ok(sources.some((s) => s.urn === 'urn:li:dataHubIngestionSource:datahub-gc'));
    for (const s of sources) {
      const times = s.executions.executionRequests.map((r) => r.input.requestedAt);
      assert.deepEqual(
        times,
        [...times].sort((a, b) => b - a),
      );
    }
    const mysql = sources.find((s) => s.urn.endsWith(':mysql-analytics'));
    assert.equal(mysql?.executions.executionRequests[0].result, null, 'the request the executor never picked up has no result');
    const hidden = await gql(LIST, { input: { filters: [{ field: 'sourceType', values: ['SYSTEM'], negated: true }] } });
    assert.equal(hidden.data.listIngestionSources?.total, 3);
    const system = await gql(LIST, { input: { filters: [{ field: 'sourceType', values: ['SYSTEM'] }] } });
    assert.deepEqual(
      system.data.listIngestionSources?.ingestionSources.map((s) => s.urn),
      ['urn:li:dataHubIngestionSource:datahub-gc'],
    );
  });

  it('refuses an input field the schema lacks, and a token without Manage Ingestion', async () => {
    const bad = await gql(LIST, { input: { start: 0, includeSystem: true } });
    assert.equal(bad.data, null);
    assert.match(bad.errors?.[0].message ?? '', /contains a field name 'includeSystem' that is not defined for input object type 'ListIngestionSourcesInput'/);
    assert.equal(bad.errors?.[0].extensions.classification, 'ValidationError');
    const missing = await gql(CANCEL, { input: { executionRequestUrn: urnOf(SEED_RUNS.stuck) } });
    assert.match(missing.errors?.[0].message ?? '', /'ingestionSourceUrn' has coerced Null value for NonNull type 'String!'/);
    const reader = await gql(LIST, { input: {} }, SANDBOX_TOKENS.reader);
    assert.equal(reader.data.listIngestionSources, null);
    assert.match(reader.errors?.[0].message ?? '', /Unauthorized/);
  });

  it('a cancel the executor honours ends CANCELLED; one it ignores leaves the run RUNNING (#11005)', async () => {
    await control('POST', '/reset');
    await control('POST', '/ingestion', { cancelDelayMs: 0 });
    const stuck = urnOf(SEED_RUNS.stuck);
    const sent = await gql(CANCEL, { input: { ingestionSourceUrn: 'urn:li:dataHubIngestionSource:snowflake-prod', executionRequestUrn: stuck } });
    assert.equal(sent.data.cancelIngestionExecutionRequest, stuck);
    assert.equal((await gql(REQUEST, { urn: stuck })).data.executionRequest?.result?.status, 'CANCELLED');
    await control('POST', '/ingestion', {
      runs: [{ sourceUrn: 'urn:li:dataHubIngestionSource:looker', id: 'deaf-run', requestedAgoMs: 3_600_000, status: 'RUNNING', onKill: 'leavesRunning' }],
    });
    await gql(CANCEL, { input: { ingestionSourceUrn: 'urn:li:dataHubIngestionSource:looker', executionRequestUrn: urnOf('deaf-run') } });
    assert.equal((await gql(REQUEST, { urn: urnOf('deaf-run') })).data.executionRequest?.result?.status, 'RUNNING');
    const state = (await control('GET', '/ingestion')) as { requests: Array<{ id: string; signals: number }> };
    assert.equal(state.requests.find((r) => r.id === 'deaf-run')?.signals, 1);
    const unknown = await gql(CANCEL, { input: { ingestionSourceUrn: 'urn:li:dataHubIngestionSource:nope', executionRequestUrn: stuck } });
    assert.match(unknown.errors?.[0].message ?? '', /Failed to submit cancel signal/);
  });

  it('a finished run carries its report and structured report', async () => {
    await control('POST', '/reset');
    const failed = (await gql(REQUEST, { urn: urnOf(SEED_RUNS.failed) })).data.executionRequest?.result;
    assert.equal(failed?.status, 'FAILURE');
    assert.match(failed?.report ?? '', /Could not connect/);
    assert.equal(failed?.structuredReport?.type, 'INGESTION_REPORT');
    const parsed = JSON.parse(failed?.structuredReport?.serializedValue ?? '{}') as { source: { report: { failures: unknown[] } } };
    assert.equal(parsed.source.report.failures.length, 1);
    assert.equal((await gql(REQUEST, { urn: urnOf('nope') })).data.executionRequest, null);
  });
});

describe('sandbox: the rollback of a run (BatchIngestionRunResource, RollbackService)', () => {
  it('the dry run names what it would revert and the unsafe entities, and changes nothing', async () => {
    await control('POST', '/reset');
    const dry = await rollback({ runId: SEED_RUNS.bad, dryRun: true, safe: true });
    assert.equal(dry.status, 200);
    assert.deepEqual(
      [dry.json.value.entitiesAffected, dry.json.value.entitiesDeleted, dry.json.value.aspectsReverted, dry.json.value.unsafeEntitiesCount],
      [6, 6, 18, 2],
    );
    assert.equal(dry.json.value.unsafeEntities.length, 2);
    const state = (await control('GET', '/ingestion')) as { softDeleted: string[]; rows: number };
    assert.deepEqual([state.softDeleted.length, state.rows], [0, 26]);
  });

  it('the safe rollback soft-deletes what the run created, keeps what other runs wrote, and marks the run ROLLED_BACK', async () => {
    await control('POST', '/reset');
    const real = await rollback({ runId: SEED_RUNS.bad, dryRun: false, safe: true });
    assert.equal(real.status, 200);
    assert.equal(real.json.value.aspectsReverted, 18);
    const state = (await control('GET', '/ingestion')) as { softDeleted: string[]; rows: number; rollbacks: unknown[] };
    assert.deepEqual([state.softDeleted.length, state.rows], [6, 2]);
    assert.equal((await gql(REQUEST, { urn: urnOf(SEED_RUNS.bad) })).data.executionRequest?.result?.status, 'ROLLED_BACK');
  });

  it('refuses the reserved run id as DataHub does (400, IllegalArgumentException)', async () => {
    const reserved = await rollback({ runId: 'no-run-id-provided', dryRun: true, safe: true });
    assert.equal(reserved.status, 400);
    assert.match(reserved.json.message, /no-run-id-provided is a default run-id provided for non labeled ingestion runs/);
  });
});
