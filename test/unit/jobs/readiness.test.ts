// Upgrade readiness from its readings: DataHub's cost formula, each risky setting named with its next
// step, the restore CronJobs' schedules and bounds, sound settings without a warning, unread readings said.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readinessLines, readinessMessage, type ReadinessInput } from '../../../src/jobs/logic/upgrade/readiness';
import { everyMinute } from '../../../src/jobs/logic/upgrade/readinessCron';

const SOUND = {
  'elasticsearch.buildIndices.incrementalReindexEnabled': true,
  'elasticsearch.index.maxReindexHours': 12,
  'elasticsearch.buildIndices.reindexBatchSize': 5000,
  'elasticsearch.buildIndices.reindexMaxSlices': 256,
  'elasticsearch.buildIndices.allowDocCountMismatch': false,
  'elasticsearch.buildIndices.cloneIndices': true,
  'elasticsearch.index.numShards': 1,
};
const input = (over: Partial<ReadinessInput> = {}): ReadinessInput => ({
  settings: { ok: true, value: SOUND },
  counts: { ok: true, value: [{ entityType: 'dataset', documents: 400_000 }] },
  dataNodes: { ok: true, value: 2 },
  cronJobs: {
    ok: true,
    value: [{ name: 'datahub-datahub-restore-indices-job-template', schedule: '0 0 * * *', suspend: true, args: ['-u', 'RestoreIndices'] }],
  },
  ...over,
});
const byId = (lines: ReturnType<typeof readinessLines>, id: string) => lines.find((l) => l.id === id)!;

describe('upgrade readiness', () => {
  it('has no warning on sound settings', () => {
    const lines = readinessLines(input());
    assert.deepEqual(
      lines.filter((l) => l.verdict !== 'ok').map((l) => l.id),
      [],
    );
    assert.match(readinessMessage('prod', lines), /Ready for the upgrade\.$/);
  });

  it('computes the cost as documents × primary shards ÷ data nodes, heavy from 500,000', () => {
    const shards = (n: number) => input({ settings: { ok: true, value: { ...SOUND, 'elasticsearch.index.numShards': n } } });
    assert.equal(byId(readinessLines(shards(2)), 'index:datasetindex_v2').figures.cost, 400_000);
    const heavy = byId(readinessLines(shards(3)), 'index:datasetindex_v2');
    assert.equal(heavy.figures.cost, 600_000);
    assert.equal(heavy.verdict, 'warning');
    assert.ok(heavy.nextStep);
  });

  it('names each risky setting with its next step', () => {
    const risky = { ...SOUND, 'elasticsearch.index.maxReindexHours': 0, 'elasticsearch.buildIndices.allowDocCountMismatch': true };
    const lines = readinessLines(input({ settings: { ok: true, value: risky } }));
    assert.equal(byId(lines, 'maxReindexHours').verdict, 'warning');
    assert.match(byId(lines, 'maxReindexHours').nextStep ?? '', /ELASTICSEARCH_INDEX_BUILDER_MAX_REINDEX_HOURS/);
    assert.match(byId(lines, 'docCountMismatch').summary, /ignored on the incremental path/);
    const legacy = readinessLines(
      input({
        settings: {
          ok: true,
          value: { ...risky, 'elasticsearch.buildIndices.incrementalReindexEnabled': false, 'elasticsearch.buildIndices.cloneIndices': false },
        },
      }),
    );
    assert.match(byId(legacy, 'docCountMismatch').summary, /honoured only with cloneIndices=true/);
    assert.match(byId(legacy, 'path').summary, /^legacy/);
  });

  it('fails an index whose estimate from the last rate is over maxReindexHours', () => {
    const lines = readinessLines(
      input({ rate: { docsPerSecond: 10, source: 'given' }, settings: { ok: true, value: { ...SOUND, 'elasticsearch.index.maxReindexHours': 1 } } }),
    );
    const hours = byId(lines, 'maxReindexHours');
    assert.equal(hours.verdict, 'failing');
    assert.match(hours.summary, /^datasetindex_v2 would take about 11 h 07 min, longer than maxReindexHours = 1 h/);
    assert.match(hours.nextStep ?? '', /above 12 h/);
  });

  it('fails a restore CronJob every minute or with one time bound', () => {
    assert.ok(everyMinute('* * * * *') && everyMinute('*/1  * * * *') && !everyMinute('*/5 * * * *') && !everyMinute('0 0 * * *'));
    const cron = (c: object) => readinessLines(input({ cronJobs: { ok: true, value: [{ name: 'datahub-datahub-restore-indices-job-template', ...c }] } }));
    assert.equal(byId(cron({ schedule: '* * * * *', suspend: false }), 'cronJob:datahub-datahub-restore-indices-job-template').verdict, 'failing');
    assert.equal(byId(cron({ schedule: '* * * * *', suspend: true }), 'cronJob:datahub-datahub-restore-indices-job-template').verdict, 'ok');
    const one = byId(
      cron({ schedule: '0 0 * * *', args: ['-u', 'RestoreIndices', '-a', 'lePitEpochMs=5'] }),
      'cronJob:datahub-datahub-restore-indices-job-template',
    );
    assert.equal(one.verdict, 'failing');
    assert.match(one.summary, /only lePitEpochMs/);
  });

  it('says what could not be read, and goes on with the rest', () => {
    const lines = readinessLines(
      input({
        settings: { ok: false, why: '403 from GMS: not authorized', notOffered: false },
        cronJobs: { ok: false, why: '404: no Kubernetes operations', notOffered: true },
        dataNodes: { ok: false, why: 'timed out' },
      }),
    );
    assert.equal(byId(lines, 'settings').verdict, 'unreadable');
    assert.equal(byId(lines, 'restoreCronJobs').verdict, 'notOffered');
    assert.equal(byId(lines, 'dataNodes').verdict, 'unreadable');
    assert.equal(byId(lines, 'index:datasetindex_v2').figures.dataNodes, 1);
  });
});
