// The ingestion writes over GraphQL (src/gms/graphql/ingestionWrite.ts) against the sandbox: a source created,
// updated as a whole, run and deleted, each marked as a write for the journal (targets); only the fields DataHub's
// UpdateIngestionSourceInput declares are sent; a bad input is refused before any request; a token without Manage
// Ingestion is told so.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { SentWrite } from '../../../src/gms';
import { SANDBOX_TOKENS, type Sandbox } from '../../sandbox';
import { clientFor, rejectsWith, sandboxControl, useSandbox } from '../helpers';

let sb: Sandbox;
useSandbox((s) => (sb = s));
const control = (method: string, route: string, body?: unknown) => sandboxControl(sb.url, method, route, body);

const input = (name: string, config: Record<string, unknown>) => ({
  name,
  type: 'datahub-gc',
  config: {
    recipe: JSON.stringify({ source: { type: 'datahub-gc', config } }),
    executorId: 'default',
    debugMode: false,
    extraArgs: [{ key: 'k', value: 'v' }],
  },
});

describe('gms ingestion writes', () => {
  it('creates, updates, runs and deletes a source; each a write with its target; only declared fields sent', async () => {
    await control('POST', '/reset');
    const writes: SentWrite[] = [];
    const client = clientFor(sb.url, { retries: 0, onWrite: (w) => writes.push(w) });
    try {
      const urn = await client.ingestion.createSource(input('plan', { dry_run: true, truncate_indices: false }));
      assert.match(urn, /^urn:li:dataHubIngestionSource:/);
      await client.ingestion.updateSource(urn, {
        ...input('plan 2', { dry_run: true, truncate_indices: false }),
        schedule: { interval: '0 3 * * *', timezone: 'UTC' },
      });
      const state = (await control('GET', '/ingestion')) as {
        sources: Array<{ urn: string; name: string; schedule?: { interval: string }; extraArgs?: unknown }>;
      };
      const stored = state.sources.find((s) => s.urn === urn);
      assert.equal(stored?.name, 'plan 2');
      assert.equal(stored?.schedule?.interval, '0 3 * * *');
      assert.deepEqual(stored?.extraArgs, [{ key: 'k', value: 'v' }]);
      const run = await client.ingestion.startRun(urn);
      assert.match(run, /^urn:li:dataHubExecutionRequest:/);
      await client.ingestion.deleteSource(urn);
      const after = (await control('GET', '/ingestion')) as { sources: Array<{ urn: string }> };
      assert.equal(
        after.sources.some((s) => s.urn === urn),
        false,
      );
      assert.deepEqual(
        writes.map((w) => w.targets[0]),
        ['new ingestion source "plan"', urn, urn, urn],
      );
      const sent = sb.requests
        .filter((r) => r.path === '/api/graphql')
        .map((r) => (r.body as { variables: { input?: Record<string, unknown> } }).variables.input);
      assert.deepEqual(Object.keys(sent[1] ?? {}).sort(), ['config', 'name', 'schedule', 'type']);
    } finally {
      await client.close();
    }
  });

  it('refuses a bad input before any request; a token without Manage Ingestion is named', async () => {
    const client = clientFor(sb.url, { retries: 0 });
    const reader = clientFor(sb.url, { retries: 0, token: SANDBOX_TOKENS.reader });
    try {
      await control('POST', '/auth', { enabled: true });
      const before = sb.requests.length;
      await rejectsWith(client.ingestion.createSource({ ...input('x', {}), config: { recipe: '{not json', executorId: 'default' } }), 'invalidInput');
      await rejectsWith(client.ingestion.updateSource('not a urn', input('x', {})), 'invalidInput');
      assert.equal(sb.requests.length, before);
      const denied = await rejectsWith(reader.ingestion.startRun('urn:li:dataHubIngestionSource:datahub-gc'), 'forbidden');
      assert.match(denied.message, /Manage Ingestion/);
    } finally {
      await control('POST', '/reset');
      await client.close();
      await reader.close();
    }
  });
});
