// The sandbox's ingestion mutations and its executor over real HTTP (ingestionMutations.ts, ingestionExecutor.ts,
// gcRun.ts): a source created, updated (built anew from the input: SYSTEM lost), run and deleted; a GC dry run that
// deletes nothing; the dry-run trap (truncate_indices truncates even with dry_run); an unknown recipe key fails the
// run; a stopped executor never picks a request up; inputs checked against DataHub's schema.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SANDBOX_TOKENS, type Sandbox } from '..';
import { sandboxControl, useSandbox } from '../../unit/helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));

const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

interface Answer {
  data: Record<string, unknown> | null;
  errors?: Array<{ message: string; extensions: { classification?: string } }>;
}

async function gql(query: string, variables: Record<string, unknown> = {}): Promise<Answer> {
  const res = await fetch(`${sb.url}/api/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${SANDBOX_TOKENS.admin}` },
    body: JSON.stringify({ query, variables }),
  });
  assert.equal(res.status, 200);
  return (await res.json()) as Answer;
}

const CREATE = `mutation make($input: UpdateIngestionSourceInput!) { createIngestionSource(input: $input) }`;
const UPDATE = `mutation change($urn: String!, $input: UpdateIngestionSourceInput!) { updateIngestionSource(urn: $urn, input: $input) }`;
const DELETE = `mutation drop($urn: String!) { deleteIngestionSource(urn: $urn) }`;
const RUN = `mutation start($input: CreateIngestionExecutionRequestInput!) { createIngestionExecutionRequest(input: $input) }`;
const SOURCE = `query one($urn: String!) { ingestionSource(urn: $urn) { urn name type schedule { interval timezone } config { recipe executorId version debugMode extraArgs { key value } } } }`;
const REQUEST = `query req($urn: String!) { executionRequest(urn: $urn) { urn result { status structuredReport { serializedValue } } } }`;
const GC = 'urn:li:dataHubIngestionSource:datahub-gc';

const gcInput = (config: Record<string, unknown>, name = 'gc dry run') => ({
  name,
  type: 'datahub-gc',
  config: { recipe: JSON.stringify({ source: { type: 'datahub-gc', config } }), executorId: 'default' },
});

async function runToEnd(sourceUrn: string): Promise<{ status: string; report?: Record<string, unknown> }> {
  const started = await gql(RUN, { input: { ingestionSourceUrn: sourceUrn } });
  const urn = started.data?.createIngestionExecutionRequest as string;
  assert.match(urn, /^urn:li:dataHubExecutionRequest:/);
  for (let i = 0; i < 50; i++) {
    const r = (await gql(REQUEST, { urn })).data?.executionRequest as { result: { status: string; structuredReport?: { serializedValue: string } } | null };
    if (r.result && r.result.status !== 'RUNNING') {
      const value = r.result.structuredReport?.serializedValue;
      return { status: r.result.status, ...(value ? { report: (JSON.parse(value) as { source: { report: Record<string, unknown> } }).source.report } : {}) };
    }
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('the run did not end');
}

const rows = async (entityType: string, aspect: string) =>
  ((await control('GET', `/timeseries?entityType=${entityType}&aspect=${aspect}`)) as { total: number }).total;

describe('sandbox: ingestion mutations and the executor', () => {
  it('creates, runs, updates and deletes a source; update rebuilds it from the input (SYSTEM lost)', async () => {
    const created = await gql(CREATE, { input: gcInput({ dry_run: true, truncate_indices: false }) });
    const urn = created.data?.createIngestionSource as string;
    assert.match(urn, /^urn:li:dataHubIngestionSource:[0-9a-f-]{36}$/);
    const before = (await gql(SOURCE, { urn: GC })).data?.ingestionSource as { config: { recipe: string } };
    const updated = await gql(UPDATE, {
      urn: GC,
      input: { ...gcInput({ truncate_indices: false }, 'datahub-gc'), schedule: { interval: '0 2 * * *', timezone: 'UTC' } },
    });
    assert.equal(updated.data?.updateIngestionSource, GC);
    const after = (await gql(SOURCE, { urn: GC })).data?.ingestionSource as { schedule: { interval: string }; config: { recipe: string } };
    assert.equal(after.schedule.interval, '0 2 * * *');
    assert.notEqual(after.config.recipe, before.config.recipe);
    const state = (await control('GET', '/ingestion')) as { sources: Array<{ urn: string; system: boolean }> };
    assert.equal(state.sources.find((s) => s.urn === GC)?.system, false);
    assert.equal((await gql(DELETE, { urn })).data?.deleteIngestionSource, urn);
    assert.equal((await gql(SOURCE, { urn })).data?.ingestionSource, null);
  });

  it('a GC dry run with the uncovered stages off deletes nothing; truncate_indices truncates even with dry_run', async () => {
    const soft = (await control('GET', '/cleanup?urn=urn:li:chart:(looker,retired_0000000)')) as { present: Record<string, boolean> };
    assert.equal(soft.present['urn:li:chart:(looker,retired_0000000)'], true);
    const opBefore = await rows('dataset', 'operation');
    const dry = gcInput({
      dry_run: true,
      truncate_indices: false,
      cleanup_expired_tokens: false,
      execution_request_cleanup: { enabled: false },
      dataprocess_cleanup: { enabled: true },
    });
    const urn = (await gql(CREATE, { input: dry })).data?.createIngestionSource as string;
    const run = await runToEnd(urn);
    assert.equal(run.status, 'SUCCESS');
    assert.ok((run.report?.num_soft_deleted_entity_found as number) > 0);
    assert.equal(run.report?.num_hard_deleted, 0);
    assert.ok((run.report?.num_aspects_removed as number) > 0, 'the dry run counts the runs it would remove');
    assert.equal(await rows('dataset', 'operation'), opBefore);
    const still = (await control('GET', '/cleanup?urn=urn:li:chart:(looker,retired_0000000)')) as { present: Record<string, boolean> };
    assert.equal(still.present['urn:li:chart:(looker,retired_0000000)'], true);

    const trap = (await gql(CREATE, { input: gcInput({ dry_run: true, truncate_indices: true, truncate_index_older_than_days: 1 }) })).data
      ?.createIngestionSource as string;
    await runToEnd(trap);
    assert.ok((await rows('dataset', 'operation')) < opBefore, 'the dry run truncated for real');
  });

  it('an unknown recipe key fails the run; a stopped executor never picks a request up', async () => {
    const bad = (await gql(CREATE, { input: gcInput({ dry_run: true, truncate_indices: false, not_a_key: 1 }) })).data?.createIngestionSource as string;
    assert.equal((await runToEnd(bad)).status, 'FAILURE');
    await control('POST', '/ingestion', { executor: { stopped: true } });
    const urn = (await gql(CREATE, { input: gcInput({ truncate_indices: false }) })).data?.createIngestionSource as string;
    const req = (await gql(RUN, { input: { ingestionSourceUrn: urn } })).data?.createIngestionExecutionRequest as string;
    await new Promise((res) => setTimeout(res, 600));
    assert.equal(((await gql(REQUEST, { urn: req })).data?.executionRequest as { result: unknown }).result, null);
  });

  it('checks inputs against the schema and refuses an unknown source', async () => {
    const extra = await gql(CREATE, { input: { ...gcInput({}), source: { type: 'SYSTEM' } } });
    assert.equal(extra.data, null);
    assert.match(extra.errors?.[0].message ?? '', /field name 'source' that is not defined for input object type 'UpdateIngestionSourceInput'/);
    const missing = await gql(RUN, { input: { ingestionSourceUrn: 'urn:li:dataHubIngestionSource:nope' } });
    assert.match(missing.errors?.[0].message ?? '', /Failed to find ingestion source/);
  });
});
