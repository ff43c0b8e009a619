// An entity cleanup handed to DataHub's GC (src/entities/logic/cleanupText.ts gcSettingsOf): the same rule as GC
// settings, accepted by the GC settings' own check (src/gc/logic/settings.ts), and what each changes in the
// bootstrap recipe.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gcSettingsOf } from '../../../src/entities/logic/cleanupText';
import { changesOf, settingsProblem } from '../../../src/gc/logic/settings';
import { GC_DEFAULT_CONFIG } from '../../../src/gc/logic/recipe';

describe('entity cleanup handed to the GC', () => {
  it('soft-deleted entities: the cutoff days become soft_deleted_entities_cleanup.retention_days', () => {
    const settings = gcSettingsOf({ entityType: 'dataset', kind: 'softDeleted', olderThanDays: 30 });
    assert.deepEqual(settings, { softDeletedCleanup: { enabled: true, retentionDays: 30 } });
    assert.equal(settingsProblem(settings), undefined);
    assert.deepEqual(changesOf({ ...GC_DEFAULT_CONFIG }, settings), [{ path: 'soft_deleted_entities_cleanup.retention_days', from: 10, to: 30 }]);
  });

  it("runs: keep last N and the days become dataprocess_cleanup's keep_last_n and retention_days, the stage turned on", () => {
    const settings = gcSettingsOf({ entityType: 'dataProcessInstance', kind: 'runs', keepLastPerJob: 3, olderThanDays: 14 });
    assert.deepEqual(settings, { dataProcessCleanup: { enabled: true, keepLastN: 3, retentionDays: 14 } });
    assert.equal(settingsProblem(settings), undefined);
    assert.deepEqual(
      changesOf({ ...GC_DEFAULT_CONFIG }, settings).map((c) => c.path),
      ['dataprocess_cleanup.enabled', 'dataprocess_cleanup.keep_last_n', 'dataprocess_cleanup.retention_days'],
    );
    assert.deepEqual(gcSettingsOf({ entityType: 'dataProcessInstance', kind: 'runs' }), {
      dataProcessCleanup: { enabled: true, keepLastN: 5, retentionDays: 10 },
    });
  });
});
