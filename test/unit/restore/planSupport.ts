// Shared by the restore-plan suites: one sandbox and client per file, the plan
// over a pattern, and the check that every matching row was restored exactly once.
import assert from 'node:assert/strict';
import { after, before, beforeEach } from 'node:test';
import { createGmsClient, type GmsClient } from '../../../src/gms';
import { patternPageRequest, runRestorePlan, type RestorePlanOptions, type RestorePlanResult } from '../../../src/restore/logic/restorePlan';
import { SANDBOX_TOKENS, startSandbox, type Sandbox } from '../../sandbox';

export let sb: Sandbox;
export let client: GmsClient;

/** Starts the sandbox and client for the calling file, resets the sandbox before each test. */
export function usePlanSandbox(): void {
  before(async () => {
    sb = await startSandbox();
    client = createGmsClient({ gmsUrl: sb.url, token: SANDBOX_TOKENS.admin, timeoutMs: 10_000, api: 'restli' });
  });
  after(async () => {
    await client.close();
    await sb.stop();
  });
  beforeEach(() => sb.reset());
}

/** hive datasets: a few hundred rows, some ignored (leftover aspects). */
export const HIVE = 'urn:li:dataset:(urn:li:dataPlatform:hive,%';

export function plan(urnLike: string, options: Partial<RestorePlanOptions> & { batchSize: number }): Promise<RestorePlanResult> {
  return runRestorePlan({
    start: 0,
    all: true,
    restorePage: (start, rows) => client.restoreIndices(patternPageRequest({ urnLike, batchSize: options.batchSize }, start, rows)),
    ...options,
  });
}

/** Restore counts of rows under a prefix: every migrated row once, nothing else touched. */
export function assertEachOnce(prefix: string, expectedMigrated: number): void {
  const counts = sb.restoreCounts();
  const keys = Object.keys(counts);
  const outside = keys.filter((k) => !k.startsWith(prefix));
  assert.deepEqual(outside, [], 'rows outside the pattern were restored');
  const twice = keys.filter((k) => counts[k] !== 1);
  assert.deepEqual(twice, [], 'some rows were restored more than once');
  assert.equal(keys.length, expectedMigrated, 'restored rows');
}

export const prefixOf = (like: string): string => like.slice(0, like.indexOf('%'));
