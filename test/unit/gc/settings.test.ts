// The GC settings (src/gc/logic/settings.ts): checked before anything is sent (whole days >= 1, keep >= 1, limits
// within DataHub's bounds, only known keys), the changes they make with dotted recipe paths (from: what runs now,
// the config model's default for an absent key), applied keeping every other key, and a dry run's config with
// every stage DataHub's dry run does not cover turned off.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applySettings, changesOf, dryRunConfig, settingsProblem, type GcSettings } from '../../../src/gc/logic/settings';

// The bootstrap recipe's source.config (ingestion-datahub-gc.yaml), with one key of the operator's own.
const CONFIG = {
  cleanup_expired_tokens: false,
  truncate_indices: true,
  truncate_index_older_than_days: 30,
  dataprocess_cleanup: { enabled: false, retention_days: 10, keep_last_n: 5, delete_empty_data_jobs: false, batch_size: 500 },
  soft_deleted_entities_cleanup: { enabled: true, retention_days: 10, limit_entities_delete: 25000, runtime_limit_seconds: 7200 },
  query_cleanup: { enabled: false },
  execution_request_cleanup: { enabled: true, keep_history_min_count: 10, keep_history_max_count: 1000, keep_history_max_days: 90 },
};

describe('GC settings', () => {
  it('accepts whole numbers within the bounds and known keys', () => {
    const ok: GcSettings = {
      truncateIndicesOlderThanDays: 14,
      dataProcessCleanup: { enabled: true, keepLastN: 1, retentionDays: 1, hardDeleteEntities: false },
      softDeletedCleanup: { enabled: true, retentionDays: 30, limitEntitiesDelete: 100000, runtimeLimitSeconds: 3600, entityTypes: ['dataset', 'chart'] },
      executionRequestCleanup: { enabled: true, keepHistoryMaxDays: 30 },
      schedule: { interval: '0 2 * * *', timezone: 'Europe/Berlin' },
    };
    assert.equal(settingsProblem(ok), undefined);
  });

  for (const [bad, pattern] of [
    [{ truncateIndicesOlderThanDays: 0 }, /truncateIndicesOlderThanDays" must be a whole number of days from 1 to 3,650 \(got 0\)/],
    [{ truncateIndicesOlderThanDays: 1.5 }, /whole number/],
    [{ dataProcessCleanup: { keepLastN: 0 } }, /dataProcessCleanup.keepLastN" must be a whole number from 1 to 9,000/],
    [{ dataProcessCleanup: { keepLastN: 9001 } }, /from 1 to 9,000/],
    [{ softDeletedCleanup: { limitEntitiesDelete: -1 } }, /limitEntitiesDelete/],
    [{ softDeletedCleanup: { runtimeLimitSeconds: 90000 } }, /seconds from 1 to 86,400/],
    [{ softDeletedCleanup: { entityTypes: ['dataset', 'secret'] } }, /"secret" is not one of the types/],
    [{ softDeletedCleanup: { enabled: 'yes' } }, /must be true or false/],
    [{ softDeletedCleanup: { retention: 3 } }, /"softDeletedCleanup.retention" is not a GC setting/],
    [{ dry_run: false }, /"dry_run" is not a GC setting/],
    [{ schedule: { interval: 'nightly' } }, /cron interval of five fields/],
    [{}, /No setting was named/],
  ] as const) {
    it(`refuses ${JSON.stringify(bad)} with a message that says what to give, nothing sent`, () => {
      const problem = settingsProblem(bad);
      assert.match(problem ?? '', pattern);
      assert.match(problem ?? '', /Nothing was sent\.$/);
    });
  }

  it('lists the changes with dotted recipe paths; an absent key changes from the model default; equal values are no change', () => {
    const changes = changesOf(
      CONFIG,
      {
        truncateIndicesOlderThanDays: 30,
        dataProcessCleanup: { enabled: true, keepLastN: 3, hardDeleteEntities: true },
        softDeletedCleanup: { retentionDays: 20 },
        schedule: { interval: '0 3 * * *' },
      },
      { interval: '0 1 * * *', timezone: 'UTC' },
    );
    assert.deepEqual(changes, [
      { path: 'dataprocess_cleanup.enabled', from: false, to: true },
      { path: 'dataprocess_cleanup.keep_last_n', from: 5, to: 3 },
      { path: 'dataprocess_cleanup.hard_delete_entities', from: false, to: true },
      { path: 'soft_deleted_entities_cleanup.retention_days', from: 10, to: 20 },
      { path: 'schedule', from: '0 1 * * * (UTC)', to: '0 3 * * * (UTC)' },
    ]);
  });

  it('applies the named settings and keeps every other key exactly', () => {
    const applied = applySettings(CONFIG, { dataProcessCleanup: { keepLastN: 3 }, executionRequestCleanup: { keepHistoryMaxDays: 30 } });
    const expected = structuredClone(CONFIG);
    expected.dataprocess_cleanup.keep_last_n = 3;
    expected.execution_request_cleanup.keep_history_max_days = 30;
    assert.deepEqual(applied, expected);
    assert.equal(CONFIG.dataprocess_cleanup.keep_last_n, 5, 'the input is not changed');
    const fromEmpty = applySettings({}, { softDeletedCleanup: { retentionDays: 5 } });
    assert.deepEqual(fromEmpty, { soft_deleted_entities_cleanup: { retention_days: 5 } });
  });

  it('a dry run turns off every stage the dry run does not cover, and keeps the rest', () => {
    const dry = dryRunConfig(applySettings(CONFIG, { dataProcessCleanup: { enabled: true } }));
    assert.equal(dry.dry_run, true);
    assert.equal(dry.truncate_indices, false);
    assert.equal(dry.cleanup_expired_tokens, false);
    assert.deepEqual(dry.execution_request_cleanup, { ...CONFIG.execution_request_cleanup, enabled: false });
    assert.deepEqual(dry.query_cleanup, { enabled: false });
    assert.deepEqual(dry.dataprocess_cleanup, { ...CONFIG.dataprocess_cleanup, enabled: true });
    assert.deepEqual(dry.soft_deleted_entities_cleanup, CONFIG.soft_deleted_entities_cleanup);
    // A recipe without the query cleanup stage gets no such key (older GCs refuse unknown keys).
    const older = dryRunConfig({ truncate_indices: true });
    assert.deepEqual(older, { truncate_indices: false, dry_run: true, cleanup_expired_tokens: false, execution_request_cleanup: { enabled: false } });
  });
});
