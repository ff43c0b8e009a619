// The GC's recipe (src/gc/logic/recipe.ts): the bootstrap recipe's stages, DataHub's model defaults for keys a
// recipe leaves out, which stages the GC's dry run covers, and recipes that are not the GC's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { GC_DEFAULT_CONFIG, GC_SOURCE_URN, GC_STAGE_IDS, parseGcRecipe, stagesOf } from '../../../src/gc/logic/recipe';

const recipeOf = (config: unknown) => JSON.stringify({ source: { type: 'datahub-gc', config } });

describe('GC recipe', () => {
  it("the bootstrap recipe: six stages in DataHub's order, the dry run covering only dataprocess and soft-deleted cleanups", () => {
    assert.equal(GC_SOURCE_URN, 'urn:li:dataHubIngestionSource:datahub-gc');
    const parsed = parseGcRecipe(recipeOf(GC_DEFAULT_CONFIG));
    assert.ok(parsed.ok);
    const stages = stagesOf(parsed.config);
    assert.deepEqual(
      stages.map((s) => s.id),
      [...GC_STAGE_IDS],
    );
    const by = Object.fromEntries(stages.map((s) => [s.id, s]));
    assert.deepEqual(
      stages.filter((s) => s.enabled).map((s) => s.id),
      ['truncateIndices', 'softDeletedCleanup', 'executionRequestCleanup'],
    );
    assert.deepEqual(
      stages.filter((s) => s.dryRunCovers).map((s) => s.id),
      ['dataProcessCleanup', 'softDeletedCleanup'],
    );
    assert.equal(by.softDeletedCleanup.settings.limit_entities_delete, 25000);
    assert.equal(by.softDeletedCleanup.settings.runtime_limit_seconds, 7200);
    assert.equal(by.dataProcessCleanup.settings.keep_last_n, 5);
    assert.equal(by.truncateIndices.settings.truncate_index_older_than_days, 30);
    assert.equal(by.executionRequestCleanup.settings.keep_history_max_days, 90);
  });

  it("keys a recipe leaves out take the config model's defaults (not the bootstrap's); the recipe's own keys stay as held", () => {
    const parsed = parseGcRecipe(recipeOf({ dry_run: false, soft_deleted_entities_cleanup: { limit_entities_delete: 5000, extra: 'x' } }));
    assert.ok(parsed.ok);
    const by = Object.fromEntries(stagesOf(parsed.config).map((s) => [s.id, s]));
    // DataHubGcSourceConfig.cleanup_expired_tokens defaults to true; DataProcessCleanupConfig is on by default.
    assert.equal(by.expiredTokens.enabled, true);
    assert.equal(by.dataProcessCleanup.enabled, true);
    assert.equal(by.queryCleanup.enabled, false);
    assert.equal(by.softDeletedCleanup.settings.limit_entities_delete, 5000);
    assert.equal(by.softDeletedCleanup.settings.retention_days, 10);
    assert.equal(by.softDeletedCleanup.settings.extra, 'x');
  });

  it('a recipe that is not JSON, not an object, without a source, of another type or too long is refused with its reason', () => {
    assert.deepEqual(parseGcRecipe('{'), { ok: false, reason: 'the recipe is not JSON' });
    assert.equal(parseGcRecipe('[]').ok, false);
    assert.deepEqual(parseGcRecipe('{}'), { ok: false, reason: 'the recipe has no source' });
    assert.match((parseGcRecipe(JSON.stringify({ source: { type: 'mysql', config: {} } })) as { reason: string }).reason, /not of type "datahub-gc"/);
    assert.match(
      (parseGcRecipe(JSON.stringify({ source: { type: 'datahub-gc', config: 3 } })) as { reason: string }).reason,
      /source\.config is not an object/,
    );
    assert.match((parseGcRecipe(' '.repeat(300_000)) as { reason: string }).reason, /over 200,000 characters/);
    const noConfig = parseGcRecipe(JSON.stringify({ source: { type: 'datahub-gc' } }));
    assert.ok(noConfig.ok);
    assert.deepEqual(noConfig.config, {});
  });
});
