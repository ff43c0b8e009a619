// The datahub-gc recipe of a plan: the source's field names, one retention (the
// longest of the indices the source truncates), the others listed, and YAML that parses.
import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { coveredByGc, gcRecipe, retentionDays } from '../../../src/retention/logic/recipe';
import type { RetentionRow } from '../../../src/retention/logic/plan';

const yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };
const NOW = new Date('2026-06-15T12:00:00Z');
const DAY = 86_400_000;

const row = (indexName: string, entityType: string, aspect: string, cutoff: { days: number } | { endTimeMillis: number }): RetentionRow => ({
  indexName,
  entityType,
  aspect,
  endTimeMillis: 'days' in cutoff ? NOW.getTime() - cutoff.days * DAY : cutoff.endTimeMillis,
  ...('days' in cutoff ? { days: cutoff.days } : {}),
  toDelete: 1,
  total: 2,
  percent: 50,
  estimatedFreedMb: 1,
  sizeMb: 2,
  method: 'unknown',
});

test('the GC source covers its fixed list, compared case-insensitively', () => {
  assert.equal(coveredByGc({ entityType: 'chart', aspect: 'chartusagestatistics' }), true);
  assert.equal(coveredByGc({ entityType: 'dataset', aspect: 'operation' }), true);
  assert.equal(coveredByGc({ entityType: 'dataset', aspect: 'datasetprofile' }), false);
});

test('retention in days: given days as they are, an instant rounded up (keeps more)', () => {
  assert.equal(retentionDays({ days: 45, endTimeMillis: 0 }, NOW), 45);
  assert.equal(retentionDays({ endTimeMillis: NOW.getTime() - 10.2 * DAY }, NOW), 11);
});

test('the recipe uses the longest covered retention, lists the rest, and parses as YAML with the source keys', () => {
  const recipe = gcRecipe(
    [
      row('dashboard_dashboardusagestatisticsaspect_v1', 'dashboard', 'dashboardusagestatistics', { days: 30 }),
      row('dataset_datasetusagestatisticsaspect_v1', 'dataset', 'datasetusagestatistics', { endTimeMillis: NOW.getTime() - 89.5 * DAY }),
      row('dataset_datasetprofileaspect_v1', 'dataset', 'datasetprofile', { days: 180 }),
    ],
    'prod "eu"\n# injected',
    NOW,
  );
  assert.equal(recipe.days, 90);
  assert.deepEqual(recipe.notCovered, ['dataset_datasetprofileaspect_v1']);
  assert.deepEqual(recipe.keepMore, ['dashboard_dashboardusagestatisticsaspect_v1']);
  const doc = yaml.load(recipe.text) as { source: { type: string; config: Record<string, unknown> } };
  assert.deepEqual(doc, {
    source: {
      type: 'datahub-gc',
      config: { truncate_indices: true, truncate_index_older_than_days: 90, truncation_watch_until: 10_000, truncation_sleep_between_seconds: 30 },
    },
  });
  assert.match(recipe.text, /dataset_datasetprofileaspect_v1 \(dataset\/datasetprofile\): 180 days/);
  assert.match(recipe.text, /keeps 90 days here, more than planned/);
  assert.match(recipe.text, /cannot take a cutoff per index/);
  // A connection name with a newline stays inside its comment line.
  assert.ok(
    recipe.text.split('\n').every((line) => line === '' || line.startsWith('#') || /^(source:| {2})/.test(line)),
    recipe.text,
  );
});

test('a plan with no covered index turns truncation off and says why', () => {
  const recipe = gcRecipe([row('datajob_datajobruneventaspect_v1', 'datajob', 'datajobrunevent', { days: 30 })], 'prod', NOW);
  assert.equal(recipe.days, undefined);
  const doc = yaml.load(recipe.text) as { source: { config: Record<string, unknown> } };
  assert.equal(doc.source.config.truncate_indices, false);
  assert.match(recipe.text, /No index of this plan is one it truncates/);
});
